// One instance: diagram with its active states, context, timers, children, history and actions.
import { get, post, seg, query, ApiError } from '../api.js';
import { el, show, table, text, json, badge, notice } from '../dom.js';
import { instant, states } from '../format.js';
import { onInstance } from '../live.js';
import { drawDiagram } from './diagram.js';
import { pager } from './pager.js';

export async function render(main, { args: [id], operator }) {
  const details = el('div', { id: 'instance-details' });
  const history = el('ol', { className: 'timeline', id: 'history' });
  const actions = el('div', { id: 'actions' });
  show(main, details, actions, el('h2', {}, 'History'), history);
  let instance = await get(`/api/instances/${seg(id)}`);
  // asked alongside the drawing: an instance another node runs is read from the store and the
  // deployed version's stored definition, and says so
  get(`/api/machines/${seg(instance.machine)}`).catch(() => null).then(machine => {
    if (machine && machine.runs) return;
    details.before(el('div', { id: 'not-run-here' }, notice(`This node does not run ${instance.machine}: `
      + `the diagram is drawn from its stored definition (v${instance.version}); the context and`
      + ' history are read from the database.')));
  });
  await drawDetails(details, instance);
  const form = operator ? sendForm(instance, () => refresh()) : null;
  if (form) actions.append(form.node);
  let paging = historyPager(id, history);
  main.append(paging.controls);
  await paging.more();

  let pending = null;
  async function refresh() {
    instance = await get(`/api/instances/${seg(id)}`);
    await drawDetails(details, instance);
    if (form) form.offer(instance);
    history.replaceChildren();
    const fresh = historyPager(id, history);
    paging.controls.replaceWith(fresh.controls);
    paging = fresh;
    await paging.more();
  }
  return onInstance(changed => {
    if (changed !== id || pending) return;
    pending = setTimeout(() => { pending = null; refresh(); }, 100);
  });
}

async function drawDetails(node, i) {
  const diagram = el('div', { className: 'diagram card', id: 'diagram' }, el('span', { className: 'muted' }, 'Drawing…'));
  show(node,
    el('h1', {}, 'Instance ', el('code', {}, i.id), ' ', badge(text(i.status))),
    el('p', {}, el('a', { id: 'instance-version', href: `#/machines/${encodeURIComponent(i.machine)}?version=${encodeURIComponent(i.version)}` },
      `${i.machine} v${text(i.version)}`), ' (the version it runs; the diagram is drawn from it) · namespace ', el('span', { id: 'instance-namespace' }, text(i.namespace)),
      ` · queue ${text(i.queue)} · ${text(i.pending_events)} pending event(s)`,
      i.conversation_id ? [' · conversation ', el('a', { href: `#/conversations/${encodeURIComponent(i.conversation_id)}` }, i.conversation_id)] : ''),
    el('div', { className: 'grid' },
      diagram,
      el('div', {},
        el('h2', {}, 'Active states'),
        el('p', { id: 'active-states' }, (i.active_states || []).map(s => [badge(s, 'active'), ' '])),
        el('h2', {}, 'Armed timers'),
        Object.assign(table([
          // the key (state#EVENT) repeats the next two columns: shown on hover
          { title: 'Event', value: t => el('span', { title: text(t.key) }, text(t.event)) },
          { title: 'State', value: t => text(t.state) },
          { title: 'Due', value: t => instant(t.due_at) },
          { title: 'Fires', num: true, value: t => text(t.fires) },
        ], i.timers || [], 'No timer armed.'), { id: 'timers-armed' }),
        (i.failed_timers || []).length ? [el('h2', {}, 'Failed timers'), json(i.failed_timers)] : '',
        el('h2', {}, 'Children'),
        table([
          { title: 'Instance', value: c => el('a', { href: `#/instances/${encodeURIComponent(c.id)}` }, c.id) },
          { title: 'Machine', value: c => text(c.machine) },
          { title: 'Status', value: c => badge(text(c.status)) },
          { title: 'Active', value: c => (c.active_states || []).join(', ') },
        ], i.children || [], 'No child instances.'))),
    el('h2', {}, 'Context'), el('div', { id: 'context' }, json(i.context)),
    Object.keys(i.labels || {}).length || Object.keys(i.memo || {}).length
      ? [el('h2', {}, 'Labels and memo'), json({ labels: i.labels, memo: i.memo, search_attributes: i.search_attributes })]
      : '');
  try {
    await drawDiagram(diagram, await get(`/api/instances/${seg(i.id)}/diagram`, { accept: 'text/vnd.mermaid' }));
  } catch (error) {
    show(diagram, notice(`No diagram: ${error.message}`, 'error'));
  }
}

function historyPager(id, list) {
  return pager(list, cursor => get(`/api/instances/${seg(id)}/history${query({ cursor, limit: 100 })}`), entry =>
    entry.type === 'trimmed' ? trimmedRow(entry) : historyRow(entry));
}

// One row as a line of the timeline: what happened, from which states to which (as words), the
// message and ids when there are any, and the payload folded away.
function historyRow(entry) {
  const detail = entry.detail || {};
  const moved = entry.to && states(entry.from) !== states(entry.to);
  const ids = [detail.event_id ? `event ${detail.event_id}` : '', detail.attempt ? `attempt ${detail.attempt}` : '']
    .filter(Boolean).join(' · ');
  const payload = detail.payload && Object.keys(detail.payload).length ? detail.payload : null;
  return el('li', { dataset: { sequence: entry.sequence, type: entry.type } },
    el('div', { className: 'at' }, `#${entry.sequence} · `, instant(entry.at), ids ? ` · ${ids}` : ''),
    el('div', {}, el('strong', {}, words(entry.type)),
      entry.event ? [' ', el('code', {}, entry.event)] : '',
      moved ? el('span', { className: 'move' }, entry.from ? ` ${states(entry.from)} → ` : ' → ', el('b', {}, states(entry.to)))
        : entry.to ? el('span', { className: 'move muted' }, ` stays in ${states(entry.to)}`) : '',
      (entry.entered || []).length ? el('span', { className: 'muted' }, ` (entered ${entry.entered.join(', ')})`) : ''),
    typeof detail.message === 'string' && detail.message.trim()
      ? el('div', { className: 'message' }, detail.message) : '',
    payload ? el('details', { className: 'payload' },
      el('summary', {}, `payload (${Object.keys(payload).join(', ')})`), json(payload)) : '');
}

// "timer_fired" → "timer fired".
function words(type) {
  return text(type).replaceAll('_', ' ');
}

// Retention's marker where older rows were removed: "1,204 older rows removed on 2026-11-28 10:14
// (through #1,210)" (UTC), from its payload, instead of a raw row.
function trimmedRow(entry) {
  const payload = entry.detail?.payload || {};
  const removed = Number(payload.removed || 0);
  const through = Number(payload.through || entry.sequence);
  const at = String(entry.at || '').slice(0, 16).replace('T', ' ');
  return el('li', { className: 'trimmed', dataset: { sequence: entry.sequence } },
    `${removed.toLocaleString('en-US')} older ${removed === 1 ? 'row' : 'rows'} removed on ${at}`
      + ` (through #${through.toLocaleString('en-US')})`);
}

// The send form offers only what the instance's active states accept now (accepted_events: no
// timer event, nothing once it is finished); offer(instance) redraws the choice after a change.
function sendForm(instance, refresh) {
  const type = el('select', { name: 'type', id: 'event-type' });
  const payload = el('textarea', { name: 'payload', id: 'event-payload', placeholder: 'payload JSON, e.g. {"amount": 10}' });
  const mode = el('select', { name: 'mode', id: 'event-mode' }, el('option', { value: 'sync' }, 'now (sync)'), el('option', { value: 'queued' }, 'queued'));
  const result = el('div', { id: 'send-result' });
  const form = el('form', { className: 'inline', id: 'send-event' }, type, payload, mode, el('button', { type: 'submit' }, 'Send event'));
  const none = el('p', { className: 'muted', id: 'send-none' });
  function offer(current) {
    const accepted = current.accepted_events || [];
    const chosen = type.value;
    show(type, accepted.map(e => el('option', { value: e, selected: e === chosen }, e)));
    form.hidden = !accepted.length;
    none.hidden = accepted.length > 0;
    none.textContent = current.status !== 'active'
      ? `The instance is ${current.status}: it takes no more events.`
      : `No event is accepted in ${(current.active_states || []).join(', ')} but by its timers.`;
  }
  offer(instance);
  form.addEventListener('submit', async event => {
    event.preventDefault();
    let body;
    try {
      body = { type: type.value, payload: payload.value.trim() ? JSON.parse(payload.value) : {} };
    } catch (error) {
      show(result, notice(`The payload is not JSON: ${error.message}`, 'error'));
      return;
    }
    try {
      const answer = await post(`/api/instances/${seg(instance.id)}/events${query({ mode: mode.value })}`, body);
      show(result, notice(answer.status === 'pending'
        ? `Queued as event ${answer.event_id}.`
        : `${answer.handled ? 'Handled' : 'Not handled'}; now in ${(answer.state?.active_states || []).join(', ')}.`));
      await refresh();
    } catch (error) {
      show(result, notice(error.message, 'error'),
        error instanceof ApiError && error.errors.length ? el('ul', { className: 'errors' }, error.errors.map(e => el('li', {}, text(e)))) : '');
    }
  });
  return { node: el('div', {}, el('h2', {}, 'Send an event'), none, form, result), offer };
}
