// The machine page's activity charts: GET /api/queues/{machine}/activity minute by minute over the
// last hour — events/s, processing time p50/p95, backlog, dead letters, timer lateness p95 —
// redrawn every 15 s while the page is open. A machine's activity spans every namespace: a token
// holding fewer is told so in one line, and nothing is asked.
import { get, seg } from '../api.js';
import { el, show, notice } from '../dom.js';
import { holdsAll } from '../namespace.js';
import { chart, rate, millis, count } from '../charts.js';

const REFRESH_MS = 15000;
const MINUTES = 60;

/** The section; it fills itself in and keeps itself current until it leaves the page. */
export function activitySection(machine, me) {
  const section = el('section', { id: 'machine-activity' }, el('h2', {}, 'Activity, last hour'));
  if (!holdsAll(me)) {
    section.append(el('p', { className: 'muted', id: 'activity-need-all' },
      'Activity charts span every namespace: they need a token for every namespace.'));
    return section;
  }
  const body = el('div', { className: 'charts' }, el('span', { className: 'muted' }, 'Loading…'));
  section.append(body);
  const load = async () => {
    try {
      const series = await get(`/api/queues/${seg(machine)}/activity?minutes=${MINUTES}`);
      show(body, ...charts(series.points));
    } catch (error) {
      show(body, notice(`No activity figures: ${error.message}`, 'error'));
    }
  };
  load();
  const timer = setInterval(() => {
    if (!section.isConnected) {
      clearInterval(timer);
      return;
    }
    load();
  }, REFRESH_MS);
  return section;
}

function charts(points) {
  const times = points.map(p => Date.parse(p.minute) / 1000);
  const column = key => points.map(p => p[key] ?? null);
  return [
    chart({ id: 'chart-rate', title: 'Events per second', times, format: rate,
      lines: [{ label: 'applied', values: column('events_per_second') }] }),
    chart({ id: 'chart-processing', title: 'Processing time', times, format: millis,
      lines: [{ label: 'p50', values: column('processing_p50_ms') },
        { label: 'p95', values: column('processing_p95_ms') }] }),
    chart({ id: 'chart-backlog', title: 'Backlog (pending events)', times, format: count,
      lines: [{ label: 'pending', values: column('backlog') }] }),
    chart({ id: 'chart-dead-letters', title: 'Dead letters per minute', times, format: count,
      lines: [{ label: 'dead-lettered', values: column('dead_lettered'), bars: true }] }),
    chart({ id: 'chart-timer-lateness', title: 'Timer lateness', times, format: millis,
      lines: [{ label: 'p95', values: column('timer_lateness_p95_ms') }] }),
  ];
}
