// Schedules of the dashboard's namespace, with their next fire.
import { get } from '../api.js';
import { el, show, table, text, badge } from '../dom.js';
import { instant, readable } from '../format.js';
import { pick } from './fields.js';

export async function render(main, { namespace }) {
  const answer = await get('/api/schedules');
  const items = Array.isArray(answer) ? answer : answer.items || answer.schedules || [];
  show(main, el('h1', {}, 'Schedules'),
    table([
      { title: 'Schedule', value: s => {
        const id = pick(s, 'schedule_id', 'id');
        return el('a', { href: `#/schedules/${encodeURIComponent(id)}` }, text(id));
      } },
      { title: 'Status', value: s => badge(text(pick(s, 'status', 'state'))) },
      { title: 'Spec', value: s => el('div', { className: 'spec' }, readable(pick(s, 'spec'))) },
      { title: 'Next fire', value: s => instant(pick(s, 'next_fire_time', 'next_fire', 'next_fire_at')
          ?? (pick(s, 'upcoming_fire_times', 'upcoming', 'upcoming_fires') || [])[0]) },
      { title: 'Fires', num: true, value: s => text(pick(s, 'fires_count', 'fires')) },
    ], items, `No schedules in namespace ${namespace}.`));
}
