// Every machine this node runs or the database has a deployed version of, and whether it runs it.
import { get } from '../api.js';
import { el, show, table, text, badge } from '../dom.js';

export async function render(main) {
  const machines = await get('/api/machines');
  show(main, el('h1', {}, 'Machines'),
    table([
      { title: 'Machine', value: m => el('a', { href: `#/machines/${encodeURIComponent(m.id)}` }, m.id) },
      { title: 'Newest', value: m => `v${text(m.version)}` },
      { title: 'Deployed versions', value: m => (m.versions || []).map(v => `v${v}`).join(', ') || '—' },
      { title: 'This node', value: m => badge(m.runs ? 'runs' : 'shows only', m.runs ? 'running' : 'paused') },
    ], machines, 'No machine is registered or deployed.'));
}
