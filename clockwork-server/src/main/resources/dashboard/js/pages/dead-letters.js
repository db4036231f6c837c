// Dead letters: each with its per-attempt errors, its conversation, and (operators) a retry.
import { get, post, query } from '../api.js';
import { el, show, text, json, notice } from '../dom.js';
import { instant } from '../format.js';
import { pager } from './pager.js';

export async function render(main, { params, operator }) {
  const machine = params.get('machine') || '';
  const rows = el('tbody');
  const message = el('div', { id: 'dead-letter-message' });
  const headings = ['Id', 'Instance', 'Event', 'Payload', 'Attempts and errors', 'Dead since', 'Conversation']
    .concat(operator ? ['Retry'] : []);
  const { controls, more } = pager(rows,
    cursor => get(`/api/dead-letters${query({ machine, cursor, limit: 50 })}`),
    letter => row(letter, operator, message));
  show(main,
    el('h1', {}, 'Dead letters', machine ? [' of ', el('code', {}, machine)] : ''),
    message,
    el('table', { id: 'dead-letters' }, el('thead', {}, el('tr', {}, headings.map(h => el('th', {}, h)))), rows),
    controls);
  await more();
  if (!rows.children.length) rows.append(el('tr', {}, el('td', { colspan: headings.length, className: 'muted' }, 'No dead letters.')));
}

function row(letter, operator, message) {
  const cells = [
    el('td', {}, String(letter.id)),
    el('td', {}, el('a', { href: `#/instances/${encodeURIComponent(letter.instance_id)}` }, letter.instance_id),
      el('div', { className: 'muted' }, text(letter.machine))),
    el('td', {}, el('code', {}, text(letter.event?.type))),
    el('td', { className: 'payload' }, json(letter.event?.payload)),
    el('td', {}, el('ol', { className: 'errors' }, (letter.errors || []).map(e =>
      el('li', { value: e.attempt }, instant(e.at), ': ', el('span', { className: 'error' }, text(e.error))))),
      el('div', { className: 'muted' }, `${text(letter.attempts)} attempt(s)`)),
    el('td', {}, instant(letter.dead_at)),
    el('td', {}, letter.conversation_id
      ? el('a', { href: `#/conversations/${encodeURIComponent(letter.conversation_id)}` }, letter.conversation_id) : '—'),
  ];
  const tr = el('tr', { dataset: { deadLetter: letter.id } }, cells);
  if (operator) {
    const button = el('button', { type: 'button', className: 'retry' }, 'Retry now');
    button.addEventListener('click', async () => {
      button.disabled = true;
      try {
        const answer = await post(`/api/dead-letters/${encodeURIComponent(letter.id)}/retry`, {});
        show(message, notice(`Dead letter ${letter.id} retried as event ${answer.event_id}, available ${answer.available_at}.`));
        tr.remove();
      } catch (error) {
        button.disabled = false;
        show(message, notice(error.message, 'error'));
      }
    });
    tr.append(el('td', {}, button));
  }
  return tr;
}
