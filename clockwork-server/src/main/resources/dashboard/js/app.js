// The dashboard: logs in once, then routes #/page/arg?query to a page module, every page in the
// namespace chosen in the header (?ns= in the hash when it is not the token's home namespace).
import { useNamespace, whenUnauthorized } from './api.js';
import { el, show, notice } from './dom.js';
import * as live from './live.js';
import { hashWith, holdsAll, home, selector } from './namespace.js';
import { login, logout, whoami } from './session.js';
import * as queues from './pages/queues.js';
import * as instances from './pages/instances.js';
import * as instance from './pages/instance.js';
import * as deadLetters from './pages/dead-letters.js';
import * as timers from './pages/timers.js';
import * as schedules from './pages/schedules.js';
import * as schedule from './pages/schedule.js';
import * as conversation from './pages/conversation.js';
import * as machines from './pages/machines.js';
import * as machine from './pages/machine.js';

const main = document.getElementById('main');
const nav = document.getElementById('nav');
const who = document.getElementById('who');
const indicator = document.getElementById('live');
const logoutButton = document.getElementById('logout');
const choice = document.getElementById('namespace-choice');
const queuesLink = nav.querySelector('[data-page="queues"]');
let me = null;
let namespace = null;
let cleanup = null;
let loggingIn = false;

const routes = [
  [/^\/queues$/, queues],
  [/^\/instances$/, instances],
  [/^\/instances\/([^/]+)$/, instance],
  [/^\/dead-letters$/, deadLetters],
  [/^\/timers$/, timers],
  [/^\/schedules$/, schedules],
  [/^\/schedules\/([^/]+)$/, schedule],
  [/^\/conversations\/([^/]+)$/, conversation],
  [/^\/machines$/, machines],
  [/^\/machines\/([^/]+)$/, machine],
];

async function start() {
  if (loggingIn) return;
  loggingIn = true;
  try {
    me = await whoami();
    if (!me) me = await login(main);
  } finally {
    loggingIn = false;
  }
  who.textContent = `${me.principal} (${me.role})`;
  document.body.dataset.role = me.role;
  // queue figures span every namespace: only a token holding them all is offered them
  queuesLink.hidden = !holdsAll(me);
  nav.hidden = false;
  indicator.hidden = false;
  logoutButton.hidden = false;
  namespace = null;
  route();
}

// Works in namespace from now on: the API calls, the stream and the header's control.
function enter(chosen) {
  if (chosen === namespace) return;
  namespace = chosen;
  useNamespace(chosen);
  live.connect(indicator, chosen);
  show(choice, selector(me, chosen, picked => {
    const [path, search] = currentHash().split('?');
    enter(picked);
    location.hash = hashWith(path, new URLSearchParams(search || ''), picked, home(me));
  }));
}

function currentHash() {
  return location.hash.replace(/^#/, '') || (holdsAll(me) ? '/queues' : '/instances');
}

function route() {
  if (!me) return;
  if (cleanup) cleanup();
  cleanup = null;
  const hash = currentHash();
  const [path, search] = hash.split('?');
  const params = new URLSearchParams(search || '');
  // a link without ?ns= stays in the namespace the dashboard is in
  const chosen = params.get('ns') || namespace || home(me);
  if (!params.get('ns') && chosen !== home(me)) {
    history.replaceState(null, '', hashWith(path, params, chosen, home(me)));
    params.set('ns', chosen);
  }
  enter(chosen);
  for (const link of nav.querySelectorAll('a')) {
    link.classList.toggle('current', path.startsWith(`/${link.dataset.page}`));
  }
  for (const [pattern, page] of routes) {
    const match = pattern.exec(path);
    if (match) {
      const args = match.slice(1).map(decodeURIComponent);
      const context = { args, params, me, namespace, operator: me.role !== 'viewer' };
      Promise.resolve(page.render(main, context))
        .then(done => { cleanup = typeof done === 'function' ? done : null; })
        .catch(error => show(main, notice(error.message, 'error')));
      return;
    }
  }
  show(main, el('h1', {}, 'Not found'), el('p', {}, 'No page at ', el('code', {}, hash)));
}

whenUnauthorized(() => {
  me = null;
  namespace = null;
  live.disconnect(indicator);
  nav.hidden = true;
  indicator.hidden = true;
  logoutButton.hidden = true;
  who.textContent = '';
  choice.replaceChildren();
  start();
});

logoutButton.addEventListener('click', async () => {
  await logout();
  location.hash = '#/queues';
  location.reload();
});

window.addEventListener('hashchange', route);
start().catch(error => show(main, notice(error.message, 'error')));
