// Queues overview: the numbers of GET /api/queues, kept live by the stream, and retention's progress
// (GET /api/retention, as of this node's last pass). Both span every namespace: a token holding
// fewer is told so in one line, and nothing is asked.
import { get, post, seg } from '../api.js';
import { el, show, table, text, badge, notice } from '../dom.js';
import { instant, duration, rate } from '../format.js';
import { onQueues } from '../live.js';
import { holdsAll } from '../namespace.js';
import { sparkline } from '../sparkline.js';

export async function render(main, { operator, me }) {
  if (!holdsAll(me)) {
    show(main, el('h1', {}, 'Queues'), el('p', { className: 'muted', id: 'queues-need-all' },
      'Queue figures span every namespace: they need a token for every namespace.'));
    return;
  }
  const body = el('div', { id: 'queues' });
  const message = el('div');
  const store = el('div', { id: 'store-health' });
  const retention = el('div', { id: 'retention' });
  show(main, el('h1', {}, 'Queues'), store, message, body,
    el('p', { className: 'muted' }, 'Live: updated as events are enqueued and processed.'),
    el('h2', {}, 'Retention'), retention);
  get('/api/retention').then(status => show(retention, retentionPanel(status)),
    error => show(retention, notice(`No retention figures: ${error.message}`, 'error')));
  const checkStore = storeHealth(store);
  const draw = rows => {
    checkStore();
    show(body, queueTable(rows, operator, async (machine, action) => {
      try {
        await post(`/api/queues/${seg(machine)}/${action}`);
        draw(await get('/api/queues'));
      } catch (error) {
        show(message, notice(error.message, 'error'));
      }
    }));
  };
  draw(await get('/api/queues'));
  return onQueues(draw);
}

// The store line of GET /api/health/queues, shown while the store refuses the workers (a read-only
// or full database): asked at most every 5 s, however often the queues change.
function storeHealth(node) {
  let asked = 0;
  return () => {
    if (Date.now() - asked >= 5000) {
      asked = Date.now();
      get('/api/health/queues').then(health => {
        const check = (health.checks || []).find(c => c.subject === 'store');
        show(node, check && check.level !== 'healthy' ? notice(`Store: ${check.detail}`, 'error') : '');
      }).catch(() => {}); // a health report that cannot be read leaves the page as it was
    }
  };
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
    { title: 'Avg time', num: true, value: q => el('span', { dataset: { field: 'avg-time' }, title: text(q.avg_processing_time) },
        duration(q.avg_processing_time)) },
    { title: 'Completed (1h)', num: true, value: q => text(q.completed_last_hour) },
    { title: 'Throughput', num: true, value: q => el('span', { dataset: { field: 'throughput' } },
        rate(q.throughput_per_minute, 'min')) },
    { title: 'Events/s (1h)', value: q => el('a', { href: `#/machines/${encodeURIComponent(q.machine)}` }, sparkline(q.machine)) },
    { title: 'Oldest pending', value: q => instant(q.oldest_pending) },
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

// Rows removed since the server started, and per machine and table what the last pass left to do
// and the rows every node's passes removed so far.
function retentionPanel(status) {
  const removed = Object.entries(status.removed_since_start || {});
  const total = removed.reduce((sum, [, rows]) => sum + rows, 0);
  const count = rows => Number(rows).toLocaleString('en-US');
  const summary = el('p', { id: 'retention-removed' }, status.last_pass_removed
    ? `${count(total)} rows removed since the server started`
      + (removed.length ? ` (${removed.map(([table, rows]) => `${table} ${count(rows)}`).join(', ')})` : '')
      + `; last pass took ${duration(status.last_pass_took)}.`
    : 'No retention pass on this node yet (passes run on one node at a time).');
  const rows = withTotals(status.tables || [], status.removed || []);
  const columns = [
    { title: 'Machine', value: r => r.machine === '*' ? 'every other' : r.machine },
    { title: 'Table', value: r => r.table },
    { title: 'Oldest row', value: r => instant(r.oldest) },
    { title: 'Backlog', num: true, value: r => el('span', { dataset: { field: 'backlog' } },
      r.backlog === undefined ? '—' : `${r.backlog_at_least ? '≥ ' : ''}${count(r.backlog)}`) },
    { title: 'Removed (all nodes)', num: true, value: r => el('span', { dataset: { field: 'removed' } },
      count(r.removed ?? 0)) },
  ];
  const view = table(columns, rows, 'No figures yet.');
  for (const [i, row] of rows.entries()) {
    view.querySelectorAll?.('tbody tr')[i]?.setAttribute('data-table', `${row.machine}/${row.table}`);
  }
  return el('div', {}, summary, view);
}

// The last pass's rows joined with the store's running totals (GET /api/retention `removed`) by
// machine and table; a total with no row of its own (a table with nothing left) gets one.
function withTotals(tables, totals) {
  const key = r => `${r.machine}/${r.table}`;
  const rows = tables.map(r => ({ ...r }));
  const byKey = new Map(rows.map(r => [key(r), r]));
  for (const total of totals) {
    const row = byKey.get(key(total));
    if (row) row.removed = total.rows;
    else rows.push({ machine: total.machine, table: total.table, removed: total.rows });
  }
  return rows;
}
