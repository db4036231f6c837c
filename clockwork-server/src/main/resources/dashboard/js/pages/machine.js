// One machine: its deployed versions, a picker drawing each version's diagram (the newest, or
// ?version=N), and the versions this node does not run, with why.
import { get, seg, query } from '../api.js';
import { el, show, table, text, when, badge, notice } from '../dom.js';
import { drawDiagram } from './diagram.js';
import { activitySection } from './activity.js';

export async function render(main, { args: [id], params, me }) {
  const machine = await get(`/api/machines/${seg(id)}`);
  const versions = await get(`/api/machines/${seg(id)}/versions`);
  const diagram = el('div', { className: 'diagram card', id: 'machine-diagram' }, el('span', { className: 'muted' }, 'Drawing…'));
  const about = el('div', { id: 'version-about' });
  const picker = el('select', { id: 'version-picker', name: 'version' },
    versions.map(v => el('option', { value: v.version }, `v${v.version}${v.problem ? ' (not run here)' : ''}`)));
  const wanted = params.get('version');
  if (wanted && versions.some(v => String(v.version) === wanted)) picker.value = wanted;
  show(main,
    el('h1', {}, 'Machine ', el('code', {}, machine.id), ' ',
      badge(machine.runs ? 'runs here' : 'shown only', machine.runs ? 'running' : 'paused')),
    el('p', {}, `newest v${text(machine.version)} · zone ${text(machine.zone)}`),
    (machine.problems || []).map(p => notice(`v${p.version}: ${p.problem}`, 'error')),
    versions.length ? el('p', {}, el('label', { for: 'version-picker' }, 'Version '), picker) : '',
    el('div', { className: 'grid' }, diagram, about),
    activitySection(id, me),
    el('h2', {}, 'Deployed versions'),
    table([
      { title: 'Version', value: v => el('a', { href: `#/machines/${encodeURIComponent(id)}${query({ version: v.version })}` }, `v${v.version}`) },
      { title: 'Deployed', value: v => when(v.deployed_at) },
      { title: 'Digest', value: v => el('code', {}, String(v.digest).slice(0, 12)) },
      { title: 'This node', value: v => v.problem ? text(v.problem) : 'runs it' },
    ], versions, 'No version deployed yet: an engine deploys its machines when it starts.'));

  async function draw() {
    try {
      if (!versions.length) {
        show(about);
        await drawDiagram(diagram, await get(`/api/machines/${seg(id)}/diagram`, { accept: 'text/vnd.mermaid' }));
        return;
      }
      const version = await get(`/api/machines/${seg(id)}/versions/${seg(picker.value)}`);
      show(about,
        el('h2', {}, `Version ${version.version}`),
        el('p', {}, 'deployed ', when(version.deployed_at)),
        el('p', {}, 'digest ', el('code', { id: 'version-digest' }, version.digest)),
        version.problem ? notice(version.problem, 'error') : el('p', {}, 'This node runs it.'));
      await drawDiagram(diagram, version.diagram);
    } catch (error) {
      show(diagram, notice(`No diagram: ${error.message}`, 'error'));
    }
  }
  picker.addEventListener('change', draw);
  await draw();
}
