// "Load more" over a cursor-paginated list: fetch(cursor) resolves {items, next_cursor, has_more}.
import { el } from '../dom.js';

/** Appends pages of rows (drawn by row(item) into container) until there are no more. */
export function pager(container, fetchPage, drawRow, { label = 'Load more' } = {}) {
  const button = el('button', { type: 'button', className: 'secondary load-more' }, label);
  const status = el('span', { className: 'muted pager-status' });
  let cursor = null;
  let count = 0;
  async function more() {
    button.disabled = true;
    const page = await fetchPage(cursor);
    for (const item of page.items) container.append(drawRow(item));
    count += page.items.length;
    cursor = page.next_cursor;
    button.hidden = !page.has_more;
    button.disabled = false;
    status.textContent = `${count} shown${page.has_more ? '' : ' (all)'}`;
  }
  button.addEventListener('click', more);
  return { controls: el('p', { className: 'toolbar' }, button, status), more };
}
