// Armed timers due soon (or overdue), soonest first.
import { get, query } from '../api.js';
import { el, show, table, text, badge } from '../dom.js';
import { instant, clip } from '../format.js';

const WINDOWS = [['PT15M', '15 minutes'], ['PT1H', 'an hour'], ['P1D', 'a day'], ['P7D', 'a week']];

export async function render(main, { params }) {
  const filters = {
    machine: params.get('machine') || '',
    due_within: params.get('due_within') || 'PT1H',
    overdue: params.get('overdue') || '',
  };
  const within = el('select', { name: 'due_within' },
    WINDOWS.map(([value, label]) => el('option', { value, selected: value === filters.due_within }, `due within ${label}`)));
  const overdue = el('label', {}, el('input', { type: 'checkbox', name: 'overdue', value: 'true', checked: filters.overdue === 'true' }), ' overdue only');
  const machine = el('input', { name: 'machine', placeholder: 'machine', value: filters.machine });
  const form = el('form', { className: 'toolbar' }, machine, within, overdue, el('button', { type: 'submit' }, 'Show'));
  form.addEventListener('submit', event => {
    event.preventDefault();
    location.hash = `#/timers${query(Object.fromEntries(new FormData(form)))}`;
  });
  const timers = await get(`/api/timers${query({ ...filters, limit: 200 })}`);
  const items = Array.isArray(timers) ? timers : timers.items || [];
  show(main, el('h1', {}, 'Timers due soon'), form,
    table([
      { title: 'Instance', value: t => el('a', { href: `#/instances/${encodeURIComponent(t.instance_id)}` }, clip(t.instance_id)) },
      { title: 'Machine', value: t => text(t.machine) },
      { title: 'Timer', value: t => clip(t.key) },
      { title: 'Event', value: t => text(t.event) },
      { title: 'State', value: t => text(t.state) },
      { title: 'Due', value: t => [instant(t.due_at), t.overdue ? [' ', badge('overdue')] : ''] },
    ], items, 'No timer due in that window.'));
}
