// One schedule: its settings, upcoming fires and audit history (100 at a time, Load more).
import { get, query, seg } from '../api.js';
import { el, show, table, text, badge } from '../dom.js';
import { instant, readable } from '../format.js';
import { pick } from './fields.js';

export async function render(main, { args: [id] }) {
  const schedule = await get(`/api/schedules/${seg(id)}?upcoming=5`);
  const upcoming = pick(schedule, 'upcoming_fire_times', 'upcoming', 'upcoming_fires') || [];
  const scalars = Object.entries(schedule).filter(([, v]) => v === null || typeof v !== 'object');
  const nested = Object.entries(schedule).filter(([k, v]) => v !== null && typeof v === 'object'
    && !['upcoming_fire_times', 'upcoming', 'upcoming_fires'].includes(k));
  const history = el('tbody');
  const button = el('button', { type: 'button', className: 'secondary load-more', id: 'history-more' }, 'Load more');
  const status = el('span', { className: 'muted pager-status', id: 'history-status' });
  show(main,
    el('h1', {}, 'Schedule ', el('code', {}, id), ' ', badge(text(pick(schedule, 'status', 'state')))),
    el('div', { className: 'grid' },
      el('div', { className: 'card' }, el('h2', {}, 'Upcoming fires'),
        el('ol', { id: 'upcoming' }, upcoming.map(at => el('li', {}, instant(at))))),
      el('details', { className: 'card', id: 'settings' }, el('summary', {}, 'Settings'),
        table([{ title: 'Field', value: ([k]) => k.replaceAll('_', ' ') }, { title: 'Value', value: ([, v]) => readable(v) }],
          scalars.concat(nested)))),
    el('h2', {}, 'History'),
    el('table', { id: 'schedule-history' },
      el('thead', {}, el('tr', {}, ['#', 'At', 'Event', 'By', 'Details'].map(h => el('th', {}, h)))), history),
    el('p', { className: 'toolbar' }, button, status));

  let after = 0;
  let count = 0;
  async function more() {
    button.disabled = true;
    const page = await get(`/api/schedules/${seg(id)}/history${query({ limit: 100, after_sequence: after })}`);
    const events = page.events || page.items || [];
    for (const event of events) history.append(row(event));
    count += events.length;
    after = page.next_cursor ?? after;
    button.hidden = !page.has_more;
    button.disabled = false;
    status.textContent = `${count} event(s) shown${page.has_more ? '' : ' (all)'}`;
  }
  button.addEventListener('click', more);
  await more();
}

function row(event) {
  const at = pick(event, 'at', 'occurred_at', 'recorded_at', 'created_at');
  const type = pick(event, 'type', 'event_type', 'kind');
  const payload = { ...(event.payload || {}) };
  const context = pick(event, 'command_context') || payload.command_context || {};
  delete payload.command_context;
  const details = {};
  for (const [key, value] of Object.entries({ ...event, ...payload })) {
    const known = ['sequence', 'at', 'occurred_at', 'recorded_at', 'created_at', 'type', 'event_type',
      'kind', 'schedule_id', 'namespace', 'payload', 'command_context'];
    if (!known.includes(key) && value !== null && value !== undefined) details[key] = value;
  }
  const by = [context.principal, context.source, context.request_id].filter(Boolean).join(' · ');
  return el('tr', { dataset: { sequence: event.sequence } },
    el('td', { className: 'num' }, text(event.sequence)), el('td', {}, instant(at)),
    el('td', {}, el('code', {}, text(type))), el('td', {}, text(by)),
    el('td', { className: 'details' }, Object.keys(details).length ? readable(details) : ''));
}
