// Every instance of one conversation.
import { get, seg } from '../api.js';
import { el, show } from '../dom.js';
import { row } from './instances.js';

export async function render(main, { args: [id] }) {
  const answer = await get(`/api/conversations/${seg(id)}`);
  const items = Array.isArray(answer) ? answer : answer.items || answer.instances || [];
  show(main, el('h1', {}, 'Conversation ', el('code', {}, id)),
    el('table', { id: 'conversation' },
      el('thead', {}, el('tr', {}, ['Instance', 'Machine', 'Status', 'Active states', 'Queue', 'Conversation']
        .map(title => el('th', {}, title)))),
      el('tbody', {}, items.map(row))));
}
