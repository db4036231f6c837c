// Time-series charts drawn with uPlot (from its WebJar, loaded by index.html as window.uPlot):
// human axis and legend formats (rates "12.3/s", durations "4.2 ms", counts), local time on the
// time axis, and a size that follows the card the chart sits in.
import { el, notice } from './dom.js';

/** A number with about three significant digits: 0.05, 1.25, 12.3, 456, 12,345. */
export function number(value) {
  if (value === null || value === undefined || Number.isNaN(value)) return '—';
  const abs = Math.abs(value);
  if (abs === 0) return '0';
  if (abs >= 1000) return Math.round(value).toLocaleString();
  if (abs >= 100) return value.toFixed(0);
  if (abs >= 10) return trim(value.toFixed(1));
  if (abs >= 1) return trim(value.toFixed(2));
  return trim(value.toPrecision(2));
}

function trim(text) {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/** Per-second rates: "12.3/s". */
export function rate(value) {
  return value === null || value === undefined ? '—' : `${number(value)}/s`;
}

/** Durations given in milliseconds: "850 µs", "4.2 ms", "1.5 s", "2.3 min". */
export function millis(value) {
  if (value === null || value === undefined) return '—';
  if (value === 0) return '0';
  if (value < 1) return `${number(value * 1000)} µs`;
  if (value < 1000) return `${number(value)} ms`;
  if (value < 60000) return `${number(value / 1000)} s`;
  if (value < 3600000) return `${number(value / 60000)} min`;
  return `${number(value / 3600000)} h`;
}

/** Whole counts: "7", "1,250"; fractional ticks are not drawn. */
export function count(value) {
  if (value === null || value === undefined) return '—';
  return Number.isInteger(value) ? value.toLocaleString() : '';
}

/** A time of day in the browser's locale and time zone: "14:05". */
export function clock(seconds) {
  return new Date(seconds * 1000).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

const WHOLE = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1e3, 2e3, 5e3, 1e4, 2e4, 5e4, 1e5, 2e5, 5e5, 1e6];
const COLORS = ['#2f5bd3', '#d97706', '#b42318', '#067647'];

/**
 * A card holding one chart: title, and lines ({label, values, format, bars}) over times (epoch
 * seconds). Returns the card; the chart is drawn once the card is in the page.
 */
export function chart({ id, title, times, lines, format }) {
  const card = el('div', { className: 'card chart', id }, el('h3', {}, title));
  const plot = el('div', { className: 'plot' });
  card.append(plot);
  const uPlot = window.uPlot;
  if (!uPlot) {
    card.append(notice('Charts need uPlot, which did not load.', 'error'));
    return card;
  }
  const options = {
    width: 400,
    height: 170,
    padding: [8, 28, 0, 4],
    legend: { show: true },
    cursor: { drag: { x: false, y: false } },
    scales: { x: { time: true }, y: { range: (u, min, max) => [0, headroom(max)] } },
    axes: [
      { values: (u, ticks) => ticks.map(clock), space: 60 },
      { values: (u, ticks) => ticks.map(format), size: 64, incrs: format === count ? WHOLE : undefined },
    ],
    series: [
      { value: (u, seconds) => (seconds === null ? 'latest' : clock(seconds)) },
      ...lines.map((line, i) => ({
        label: line.label,
        stroke: COLORS[i % COLORS.length],
        fill: line.bars ? `${COLORS[i % COLORS.length]}55` : undefined,
        width: 1.5,
        paths: line.bars && uPlot.paths.bars ? uPlot.paths.bars({ size: [0.7, 40] }) : undefined,
        // a minute between two without figures has no line to be part of: drawn as a dot
        points: { show: false, size: 7, fill: COLORS[i % COLORS.length], filter: () => (line.bars ? null : lonely(line.values)) },
        // hovered: that minute's figure; otherwise the latest one
        value: (u, v, series, idx) => format(idx === null || idx === undefined ? latest(line.values) : v),
      })),
    ],
  };
  const data = [times, ...lines.map(line => line.values)];
  const draw = () => {
    const width = Math.max(240, plot.clientWidth);
    if (card.chart) {
      card.chart.setSize({ width, height: options.height });
      return;
    }
    card.chart = new uPlot({ ...options, width }, data, plot);
  };
  // drawn when the card has its width; redrawn to fit when the page's width changes
  requestAnimationFrame(() => {
    if (!card.isConnected) return;
    draw();
    if (window.ResizeObserver) new ResizeObserver(() => card.chart && draw()).observe(plot);
  });
  return card;
}

// The indexes of values with no value on either side (null when there is none).
function lonely(values) {
  const found = values.flatMap((v, i) =>
    v !== null && (i === 0 || values[i - 1] === null) && (i === values.length - 1 || values[i + 1] === null) ? [i] : []);
  return found.length ? found : null;
}

function latest(values) {
  for (let i = values.length - 1; i >= 0; i--) if (values[i] !== null) return values[i];
  return null;
}

// The top of the y axis: a bit above the largest value, 1 when everything is 0 or missing.
function headroom(max) {
  if (!(max > 0)) return 1;
  return max * 1.15;
}
