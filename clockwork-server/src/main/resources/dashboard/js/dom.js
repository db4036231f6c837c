// Builds DOM nodes from data without ever parsing data as HTML: every string becomes a text node.
import { instant } from './format.js';

/** el('a', {href: '#/x', className: 'y', onclick: fn}, 'text', child, ...) */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') {
      node.addEventListener(key.slice(2), value);
    } else if (key === 'className') {
      node.className = value;
    } else if (key === 'dataset') {
      Object.assign(node.dataset, value);
    } else if (key === 'href') {
      node.setAttribute('href', safeHref(value));
    } else {
      node.setAttribute(key, value === true ? '' : String(value));
    }
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

// Only in-page links: a data value can never become a javascript: URL.
function safeHref(value) {
  const text = String(value);
  return text.startsWith('#') || text.startsWith('/') ? text : '#';
}

/** Replaces the children of node. */
export function show(node, ...children) {
  node.replaceChildren();
  append(node, children);
  return node;
}

/** A table: columns [{title, value: row => node|string, num}] over rows. */
export function table(columns, rows, empty = 'Nothing here.') {
  if (!rows.length) return el('p', { className: 'muted' }, empty);
  return el('table', {},
    el('thead', {}, el('tr', {}, columns.map(c => el('th', { className: c.num ? 'num' : null }, c.title)))),
    el('tbody', {}, rows.map(row =>
      el('tr', {}, columns.map(c => el('td', { className: c.num ? 'num' : null }, c.value(row)))))));
}

/** A value as text: '—' when absent. */
export function text(value) {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** JSON pretty-printed in a <pre> (as text). */
export function json(value) {
  return el('pre', { className: 'json' }, JSON.stringify(value ?? null, null, 2));
}

/** An ISO instant in local time, the UTC instant on hover (format.js's instant). */
export function when(iso) {
  return instant(iso);
}

/** A badge: a short status word. */
export function badge(word, kind = word) {
  return el('span', { className: `badge ${String(kind).toLowerCase()}` }, word);
}

/** A notice (an error when kind is 'error'). */
export function notice(message, kind = '') {
  return el('div', { className: `notice ${kind}`, role: kind === 'error' ? 'alert' : 'status' }, message);
}
