// Instances, filtered by machine, state or conversation, 50 at a time.
import { get, query } from '../api.js';
import { el, show, text, badge } from '../dom.js';
import { clip } from '../format.js';
import { pager } from './pager.js';

export async function render(main, { params }) {
  const machines = await get('/api/machines');
  const filters = {
    machine: params.get('machine') || '', state: params.get('state') || '',
    conversation: params.get('conversation') || '', label: params.get('label') || '',
  };
  const machine = el('select', { name: 'machine' }, el('option', { value: '' }, 'any machine'),
    machines.map(m => el('option', { value: m.id, selected: m.id === filters.machine }, m.id)));
  const inputs = ['state', 'conversation', 'label'].map(name =>
    el('input', { name, placeholder: name === 'label' ? 'label key:value' : name, value: filters[name] }));
  const form = el('form', { className: 'toolbar' }, machine, inputs, el('button', { type: 'submit' }, 'Filter'));
  form.addEventListener('submit', event => {
    event.preventDefault();
    const chosen = Object.fromEntries(new FormData(form));
    location.hash = `#/instances${query(chosen)}`;
  });
  const rows = el('tbody');
  const list = el('table', { id: 'instances' },
    el('thead', {}, el('tr', {}, ['Instance', 'Machine', 'Status', 'Active states', 'Queue', 'Conversation']
      .map(title => el('th', {}, title)))), rows);
  const { controls, more } = pager(rows,
    cursor => get(`/api/instances${query({ ...filters, cursor, limit: 50 })}`), row);
  show(main, el('h1', {}, 'Instances'), form, list, controls);
  await more();
}

export function row(i) {
  return el('tr', {},
    el('td', {}, el('a', { href: `#/instances/${encodeURIComponent(i.id)}` }, clip(i.id))),
    el('td', {}, `${i.machine} v${text(i.version)}`),
    el('td', {}, badge(text(i.status))),
    el('td', {}, (i.active_states || []).join(', ')),
    el('td', {}, text(i.queue)),
    el('td', {}, i.conversation_id
      ? el('a', { href: `#/conversations/${encodeURIComponent(i.conversation_id)}` }, clip(i.conversation_id)) : '—'));
}
