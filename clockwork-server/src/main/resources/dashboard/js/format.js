// How every page writes durations, rates, instants and state paths for people: "0.51 ms" for
// PT0.000512655S, "0.34/min" for 0.3360836176040599 a minute, an instant in the browser's local
// time with the UTC instant on hover. Pure functions (strings in, strings out) but instant(),
// which builds the hover span.
import { el } from './dom.js';

const UNITS = [[86400, 'd'], [3600, 'h'], [60, 'min']];

/** Seconds in an ISO 8601 duration (PT0.5S, PT1H2M, P1DT2H), a number of seconds, or NaN. */
export function seconds(value) {
  if (typeof value === 'number') return value;
  const parts = /^(-)?P(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(-?\d+(?:\.\d+)?)S)?)?$/
    .exec(String(value ?? '').trim());
  if (!parts || value === 'P' || value === 'PT') return NaN;
  const [, minus, d = 0, h = 0, m = 0, s = 0] = parts;
  const total = Number(d) * 86400 + Number(h) * 3600 + Number(m) * 60 + Number(s);
  return minus ? -total : total;
}

/**
 * A duration for people: "0.51 ms", "12 ms", "1.5 s", "2 min 5 s", "3 h 10 min", "2 d 4 h"; "—" when
 * absent; the text itself when it is no duration.
 */
export function duration(value) {
  if (value === undefined || value === null || value === '') return '—';
  const total = seconds(value);
  if (Number.isNaN(total)) return String(value);
  const abs = Math.abs(total);
  const sign = total < 0 ? '-' : '';
  if (abs === 0) return '0 s';
  if (abs < 1) {
    const ms = abs * 1000;
    return `${sign}${ms < 10 ? round(ms, 2) : ms < 100 ? round(ms, 1) : Math.round(ms)} ms`;
  }
  if (abs < 60) return `${sign}${abs < 10 ? round(abs, 2) : round(abs, 1)} s`;
  for (const [i, [size, unit]] of UNITS.entries()) {
    if (abs >= size) {
      const whole = Math.floor(abs / size);
      const [smaller, smallUnit] = UNITS[i + 1] || [1, 's'];
      const rest = Math.floor((abs - whole * size) / smaller);
      return `${sign}${whole} ${unit}${rest ? ` ${rest} ${smallUnit}` : ''}`;
    }
  }
  return String(value);
}

/** A rate for people: "0.34/min", "12/min", "1,200/min"; "—" when absent. */
export function rate(value, per = 's') {
  if (value === undefined || value === null || value === '') return '—';
  const number = Number(value);
  if (!Number.isFinite(number)) return String(value);
  if (number === 0) return `0/${per}`;
  if (Math.abs(number) < 0.01) return `<0.01/${per}`;
  const shown = Math.abs(number) < 10 ? round(number, 2) : Math.abs(number) < 100 ? round(number, 1)
    : Math.round(number).toLocaleString('en-US');
  return `${shown}/${per}`;
}

/** An instant in the browser's local time: "2026-11-29 07:41:05"; the text itself when no instant. */
export function localTime(iso) {
  const date = new Date(iso);
  if (!iso || Number.isNaN(date.getTime())) return String(iso ?? '—');
  const two = n => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`
    + ` ${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

/** How far an instant is from now: "in 5 min", "4 d ago", "now". */
export function relative(iso, now = Date.now()) {
  const millis = Date.parse(iso) - now;
  if (Number.isNaN(millis)) return '';
  const abs = Math.abs(millis) / 1000;
  if (abs < 1) return 'now';
  const [size, unit] = [[86400, 'd'], [3600, 'h'], [60, 'min'], [1, 's']].find(([s]) => abs >= s);
  const amount = Math.round(abs / size);
  return millis > 0 ? `in ${amount} ${unit}` : `${amount} ${unit} ago`;
}

/** The UTC instant as the hover text: "2026-11-29T06:41:05Z (UTC)". */
export function utcTitle(iso) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? String(iso) : `${date.toISOString().replace('.000Z', 'Z')} (UTC)`;
}

/** An instant as a span: local time and how far from now, the UTC instant on hover; '—' when absent. */
export function instant(iso) {
  if (!iso) return '—';
  if (Number.isNaN(Date.parse(iso))) return String(iso);
  // each part on one line ("2026-11-" must not end a line), a break allowed only between them
  return el('span', { className: 'instant', title: utcTitle(iso), dataset: { instant: iso } },
    el('span', { className: 'unbroken' }, localTime(iso).replace(' ', '\u00a0')), ' ',
    el('span', { className: 'unbroken' }, `(${relative(iso)})`));
}

/** A long value cut to its column's width with an ellipsis; the full value on hover. */
export function clip(value) {
  const full = value === undefined || value === null || value === '' ? '—' : String(value);
  return el('span', { className: 'clip', title: full }, full);
}

/** Active state paths as words: ["checkout.payment", "audit"] → "checkout.payment, audit". */
export function states(value) {
  if (value === undefined || value === null) return '—';
  const list = Array.isArray(value) ? value : [value];
  return list.length ? list.map(String).join(', ') : '(none)';
}

function round(number, digits) {
  return String(Number(number.toFixed(digits)));
}

const ISO_INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/;

/**
 * Any value of an answer as something to read: instants and durations in words, lists joined,
 * objects as "key: value" lines (nested), empty values left out.
 */
export function readable(value) {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'string') {
    if (ISO_INSTANT.test(value)) return instant(value);
    if (/^-?P/.test(value) && !Number.isNaN(seconds(value))) return el('span', { title: value }, duration(value));
    return value;
  }
  if (Array.isArray(value)) {
    if (value.every(v => v === null || typeof v !== 'object')) return value.map(v => readable(v)).flatMap((v, i) => i ? [', ', v] : [v]);
    return el('ol', { className: 'kv' }, value.map(v => el('li', {}, readable(v))));
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== null && v !== undefined && v !== ''
      && !(typeof v === 'object' && Object.keys(v).length === 0));
    if (!entries.length) return '—';
    return el('ul', { className: 'kv' }, entries.map(([k, v]) =>
      el('li', {}, el('span', { className: 'key' }, `${k.replaceAll('_', ' ')}: `), readable(v))));
  }
  return String(value);
}
