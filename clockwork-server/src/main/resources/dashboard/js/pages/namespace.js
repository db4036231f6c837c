// The schedule namespace a page works in (X-Namespace): from ?ns=, one the token may see.
import { el } from '../dom.js';

/** The namespace of the page and a control to change it (navigates to hashFor(namespace)). */
export function namespaceOf(params, me, hashFor) {
  const seen = me.namespaces || ['default'];
  const namespace = params.get('ns') || (seen.includes('*') || seen.includes('default') ? 'default' : seen[0]);
  const control = seen.includes('*')
    ? el('input', { name: 'ns', value: namespace, size: 12, title: 'namespace' })
    : el('select', { name: 'ns', title: 'namespace' }, seen.map(n => el('option', { value: n, selected: n === namespace }, n)));
  control.addEventListener('change', () => { location.hash = hashFor(control.value); });
  return { namespace, control: el('label', {}, 'Namespace ', control) };
}

/** The first of the named fields that is present. */
export function pick(object, ...names) {
  for (const name of names) {
    if (object && object[name] !== undefined && object[name] !== null) return object[name];
  }
  return undefined;
}
