// The namespace the whole dashboard works in: every instance, event, history, dead letter, timer,
// audit and schedule call sends it (X-Namespace), and the live stream opens in it. It is kept in
// the page's hash (?ns=) whenever it is not the token's home namespace, so a reload keeps it.
import { el } from './dom.js';

/** What a token holding every namespace holds. */
export const ALL = '*';

/** Whether the logged-in token holds every namespace (queue figures, retention). */
export function holdsAll(me) {
  return (me?.namespaces || []).includes(ALL);
}

/** The namespace a token starts in: 'default' when it may see it, else its first one. */
export function home(me) {
  const held = me?.namespaces || [];
  return held.length === 0 || held.includes(ALL) || held.includes('default') ? 'default' : held[0];
}

/**
 * The header's namespace control: a list of the token's namespaces, or a free text input for a
 * token holding every namespace; choosing one calls choose(namespace).
 */
export function selector(me, current, choose) {
  const held = (me?.namespaces || []).filter(n => n !== ALL);
  const control = holdsAll(me)
    ? el('input', { id: 'namespace', name: 'ns', value: current, size: 12, spellcheck: 'false',
        title: 'namespace (type one and press Enter)' })
    : el('select', { id: 'namespace', name: 'ns', title: 'namespace' },
      [...new Set([...held, current])].map(n => el('option', { value: n, selected: n === current }, n)));
  control.addEventListener('change', () => {
    const chosen = control.value.trim();
    if (chosen) choose(chosen);
  });
  return el('label', { className: 'namespace-choice' }, 'Namespace ', control);
}

/** The hash path?query with ns set to namespace (left out when it is the home one). */
export function hashWith(path, params, namespace, homeNamespace) {
  const search = new URLSearchParams(params);
  if (namespace === homeNamespace) search.delete('ns');
  else search.set('ns', namespace);
  const text = search.toString();
  return `#${path}${text ? `?${text}` : ''}`;
}
