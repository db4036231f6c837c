// The dashboard: logs in once, then routes #/page/arg?query to a page module.
import { whenUnauthorized } from './api.js';
import { el, show, notice } from './dom.js';
import * as live from './live.js';
import { login, logout, whoami } from './session.js';
import * as queues from './pages/queues.js';
import * as instances from './pages/instances.js';
import * as instance from './pages/instance.js';
import * as deadLetters from './pages/dead-letters.js';
import * as timers from './pages/timers.js';
import * as schedules from './pages/schedules.js';
import * as schedule from './pages/schedule.js';
import * as conversation from './pages/conversation.js';

const main = document.getElementById('main');
const nav = document.getElementById('nav');
const who = document.getElementById('who');
const indicator = document.getElementById('live');
const logoutButton = document.getElementById('logout');
let me = null;
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
  nav.hidden = false;
  logoutButton.hidden = false;
  live.connect(indicator);
  route();
}

function route() {
  if (!me) return;
  if (cleanup) cleanup();
  cleanup = null;
  const hash = location.hash.replace(/^#/, '') || '/queues';
  const [path, search] = hash.split('?');
  const params = new URLSearchParams(search || '');
  for (const link of nav.querySelectorAll('a')) {
    link.classList.toggle('current', path.startsWith(`/${link.dataset.page}`));
  }
  for (const [pattern, page] of routes) {
    const match = pattern.exec(path);
    if (match) {
      const args = match.slice(1).map(decodeURIComponent);
      const context = { args, params, me, operator: me.role !== 'viewer' };
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
  live.disconnect(indicator);
  nav.hidden = true;
  logoutButton.hidden = true;
  who.textContent = '';
  start();
});

logoutButton.addEventListener('click', async () => {
  await logout();
  location.hash = '#/queues';
  location.reload();
});

window.addEventListener('hashchange', route);
start().catch(error => show(main, notice(error.message, 'error')));
