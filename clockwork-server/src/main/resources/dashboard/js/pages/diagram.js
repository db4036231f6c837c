// Renders a Mermaid state diagram (from the WebJar) with the active states highlighted.
import { el } from '../dom.js';

const ACTIVE_STYLE = 'classDef active fill:#fde68a,stroke:#b45309,stroke-width:3px,color:#111';
let counter = 0;
let initialized = false;

/** Draws the Mermaid text into node; shows the text itself when Mermaid is not there. */
export async function drawDiagram(node, source) {
  const mermaid = window.mermaid;
  if (!mermaid) {
    node.replaceChildren(el('pre', {}, source));
    return;
  }
  if (!initialized) {
    mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: 'neutral' });
    initialized = true;
  }
  const styled = source.includes('classDef active') ? source
    : source.replace(/^(\s*stateDiagram(?:-v2)?[^\n]*\n)/, `$1    ${ACTIVE_STYLE}\n`);
  const { svg } = await mermaid.render(`diagram-${++counter}`, styled);
  // Mermaid's output (sanitized in strict mode) is parsed in an inert document, then adopted.
  const parsed = new DOMParser().parseFromString(svg, 'text/html').querySelector('svg');
  node.replaceChildren(parsed ? document.importNode(parsed, true) : el('pre', {}, source));
}
