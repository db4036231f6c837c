// A machine's events/s over the last hour as a small line (a canvas, no axes) for the queues
// overview: GET /api/queues/{machine}/activity asked at most every 30 s per machine, however often
// the table is redrawn; each redraw paints from the last answer.
import { get, seg } from './api.js';
import { el } from './dom.js';
import { rate } from './charts.js';

const STALE_MS = 30000;
const WIDTH = 120;
const HEIGHT = 24;
const series = new Map(); // machine -> { asked, values }

/** A canvas showing the machine's events/s; painted now if known, else once the answer comes. */
export function sparkline(machine) {
  const canvas = el('canvas', { className: 'sparkline', width: WIDTH, height: HEIGHT,
    dataset: { machine }, 'aria-label': `${machine}: events per second, last hour` });
  const known = series.get(machine);
  if (known?.values) paint(canvas, known.values);
  if (!known || Date.now() - known.asked >= STALE_MS) ask(machine);
  return canvas;
}

async function ask(machine) {
  const entry = series.get(machine) || {};
  entry.asked = Date.now();
  series.set(machine, entry);
  try {
    const answer = await get(`/api/queues/${seg(machine)}/activity?minutes=60`);
    entry.values = answer.points.map(p => p.events_per_second);
    for (const canvas of document.querySelectorAll('canvas.sparkline')) {
      if (canvas.dataset.machine === machine) paint(canvas, entry.values);
    }
  } catch {
    // no figures: the line stays empty, asked again when stale
  }
}

function paint(canvas, values) {
  const peak = Math.max(0, ...values);
  canvas.dataset.peak = String(peak);
  canvas.title = `events/s over the last hour: peak ${rate(peak)}, latest ${rate(values[values.length - 1] ?? 0)}`;
  const ctx = canvas.getContext('2d');
  ctx.clearRect(0, 0, WIDTH, HEIGHT);
  ctx.strokeStyle = '#2f5bd3';
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  values.forEach((v, i) => {
    const x = values.length > 1 ? (i * (WIDTH - 2)) / (values.length - 1) + 1 : WIDTH / 2;
    const y = HEIGHT - 2 - (peak > 0 ? (v / peak) * (HEIGHT - 4) : 0);
    if (i === 0) ctx.moveTo(x, y); else ctx.lineTo(x, y);
  });
  ctx.stroke();
}
