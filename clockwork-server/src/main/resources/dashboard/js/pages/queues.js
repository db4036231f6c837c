// Queues overview: the numbers of GET /api/queues, kept live by the stream.
import { get, post, seg } from '../api.js';
import { el, show, table, text, when, badge, notice } from '../dom.js';
import { onQueues } from '../live.js';

export async function render(main, { operator }) {
  const body = el('div', { id: 'queues' });
  const message = el('div');
  show(main, el('h1', {}, 'Queues'), message, body,
    el('p', { className: 'muted' }, 'Live: updated as events are enqueued and processed.'));
  const draw = rows => show(body, queueTable(rows, operator, async (machine, action) => {
    try {
      await post(`/api/queues/${seg(machine)}/${action}`);
      draw(await get('/api/queues'));
    } catch (error) {
      show(message, notice(error.message, 'error'));
    }
  }));
  draw(await get('/api/queues'));
  return onQueues(draw);
}

function queueTable(rows, operator, act) {
  const columns = [
    { title: 'Machine', value: q => el('a', { href: `#/instances?machine=${encodeURIComponent(q.machine)}` }, q.machine) },
    { title: 'Pending', num: true, value: q => el('span', { dataset: { field: 'pending' } }, text(q.pending)) },
    { title: 'Processing', num: true, value: q => text(q.processing) },
    { title: 'n/N active', num: true, value: q => q.concurrency ? `${text(q.active)}/${q.concurrency}` : text(q.active) },
    { title: 'Failed', num: true, value: q => q.failed > 0
        ? el('a', { href: `#/dead-letters?machine=${encodeURIComponent(q.machine)}` }, String(q.failed))
        : text(q.failed ?? q.dead_letters) },
    { title: 'Avg time', num: true, value: q => text(q.avg_processing_time) },
    { title: 'Completed (1h)', num: true, value: q => text(q.completed_last_hour) },
    { title: 'Throughput/min', num: true, value: q => text(q.throughput_per_minute) },
    { title: 'Oldest pending', value: q => when(q.oldest_pending) },
    { title: 'Status', value: q => q.paused ? badge('PAUSED', 'paused') : badge('running') },
  ];
  if (operator) {
    columns.push({ title: '', value: q => el('button', {
      type: 'button', className: 'secondary',
      onclick: () => act(q.machine, q.paused ? 'resume' : 'pause'),
    }, q.paused ? 'Resume' : 'Pause') });
  }
  const sorted = [...rows].sort((a, b) => a.machine.localeCompare(b.machine));
  const view = table(columns, sorted, 'No machines registered.');
  for (const [i, row] of sorted.entries()) {
    view.querySelectorAll('tbody tr')[i]?.setAttribute('data-machine', row.machine);
  }
  return view;
}
