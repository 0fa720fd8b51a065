import ELK, { type ElkExtendedEdge, type ElkLabel, type ElkNode } from 'elkjs/lib/elk.bundled.js';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

/** A machine drawn: its id, the SVG of its statechart, and the same as text (its states and their events). */
export interface MachineDiagram {
  id: string;
  svg: string;
  outline: StateOutline[];
}

/** One state of a machine, as the Documentation screen lists it beside the drawing. */
export interface StateOutline {
  /** The state's path below the machine (`signedIn.loading`); the machine's own id for its root. */
  path: string;
  /** How deep it is nested (0: the machine itself). */
  depth: number;
  /** Its transitions: the event (as the drawing labels it, guard included) and where it leads. */
  on: { event: string; to: string[] }[];
}

const font = 12;
const charWidth = 7;
const lineHeight = 16;
const headerHeight = 26;

const textWidth = (text: string) => Math.ceil(text.length * charWidth) + 20;

const escapeXml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** `xstate.done.actor.login` → `done: login`, `xstate.after.reloadAfterTakeover.…` → `after reloadAfterTakeover`. */
export function eventLabel(eventType: string): string {
  if (!eventType) return 'always';
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done) return `done: ${done[1]}`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (error) return `error: ${error[1]}`;
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) return `after ${after[1]}`;
  const snapshot = /^xstate\.snapshot\.(.+)$/.exec(eventType);
  if (snapshot) return `snapshot: ${snapshot[1]}`;
  return eventType;
}

function guardLabel(transition: AnyTransitionDefinition): string {
  const guard = transition.guard as unknown;
  if (!guard) return '';
  if (typeof guard === 'string') return ` [${guard}]`;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return ` [${String((guard as { type: unknown }).type)}]`;
  return ' [guard]';
}

const children = (node: AnyStateNode): AnyStateNode[] => Object.values(node.states ?? {}) as AnyStateNode[];

const label = (text: string): ElkLabel => ({ text, width: textWidth(text), height: lineHeight });

/** The ELK graph of a machine: states as (nested) nodes, transitions as labelled edges. */
function toElk(machine: AnyStateMachine): ElkNode {
  const edges: ElkExtendedEdge[] = [];
  let edgeCount = 0;

  const visit = (node: AnyStateNode): ElkNode => {
    const kids = children(node);
    const name = node === machine.root ? machine.id : node.key;
    const elkNode: ElkNode = { id: node.id, labels: [label(name)] };
    if (kids.length) {
      elkNode.children = kids.map(visit);
      elkNode.layoutOptions = { 'elk.padding': `[top=${headerHeight + 6},left=12,bottom=12,right=12]` };
      if (node.type !== 'parallel' && node.initial) {
        const initialTargets = (node.initial as unknown as { target?: AnyStateNode[] }).target ?? [];
        const start = `${node.id}·initial`;
        elkNode.children.unshift({ id: start, width: 10, height: 10 });
        for (const target of initialTargets) edges.push({ id: `e${edgeCount++}`, sources: [start], targets: [target.id] });
      }
      elkNode.width = Math.max(textWidth(name), 60);
    } else {
      elkNode.width = Math.max(textWidth(name), 60);
      elkNode.height = 32;
    }
    for (const [, transitions] of node.transitions) {
      for (const transition of transitions as AnyTransitionDefinition[]) {
        for (const target of transition.target ?? []) {
          edges.push({
            id: `e${edgeCount++}`,
            sources: [node.id],
            targets: [target.id],
            labels: [label(`${eventLabel(transition.eventType)}${guardLabel(transition)}`)],
          });
        }
      }
    }
    for (const transition of (node.always ?? []) as AnyTransitionDefinition[]) {
      for (const target of transition.target ?? []) {
        edges.push({ id: `e${edgeCount++}`, sources: [node.id], targets: [target.id], labels: [label(`always${guardLabel(transition)}`)] });
      }
    }
    return elkNode;
  };

  const root = visit(machine.root);
  return {
    id: 'graph',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.layered.spacing.nodeNodeBetweenLayers': '40',
      'elk.spacing.nodeNode': '28',
      'elk.spacing.edgeLabel': '4',
      'elk.edgeLabels.inline': 'false',
      // Every coordinate in the answer is absolute (edges between nested states included).
      'elk.json.edgeCoords': 'ROOT',
      'elk.json.shapeCoords': 'ROOT',
    },
    children: [root],
    edges,
  };
}

/** Every node with its position (absolute: the layout asks for root coordinates). */
function absolute(node: ElkNode, out: Map<string, { x: number; y: number; node: ElkNode }>) {
  out.set(node.id, { x: node.x ?? 0, y: node.y ?? 0, node });
  for (const child of node.children ?? []) absolute(child, out);
}

function render(machine: AnyStateMachine, graph: ElkNode): string {
  const positions = new Map<string, { x: number; y: number; node: ElkNode }>();
  absolute(graph, positions);
  const states = new Map<string, AnyStateNode>();
  const index = (node: AnyStateNode) => {
    states.set(node.id, node);
    children(node).forEach(index);
  };
  index(machine.root);

  const width = Math.ceil((graph.width ?? 0) + 2);
  const height = Math.ceil((graph.height ?? 0) + 2);
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${escapeXml(`${machine.id} statechart`)}" font-family="system-ui, sans-serif" font-size="${font}">`,
    '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="#5c5f66"/></marker></defs>',
  );
  // States, outermost first so the children are drawn on top.
  for (const [id, { x, y, node }] of positions) {
    if (id === 'graph') continue;
    const w = node.width ?? 0;
    const h = node.height ?? 0;
    if (id.endsWith('·initial')) {
      out.push(`<circle cx="${x + w / 2}" cy="${y + h / 2}" r="5" fill="#343a40"/>`);
      continue;
    }
    const state = states.get(id);
    const compound = Boolean(node.children?.length);
    const parallelChild = state?.parent?.type === 'parallel';
    const final = state?.type === 'final';
    out.push(
      `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="8" fill="${compound ? '#f8f9fa' : '#ffffff'}" stroke="#4263eb" stroke-width="${final ? 3 : 1.5}"${parallelChild ? ' stroke-dasharray="6 4"' : ''}/>`,
    );
    const text = escapeXml(node.labels?.[0]?.text ?? id);
    if (compound) out.push(`<text x="${x + 10}" y="${y + 18}" font-weight="700" fill="#212529">${text}</text>`);
    else out.push(`<text x="${x + w / 2}" y="${y + h / 2 + 4}" text-anchor="middle" fill="#212529">${text}</text>`);
  }
  for (const edge of graph.edges ?? []) {
    for (const section of edge.sections ?? []) {
      const points = [section.startPoint, ...(section.bendPoints ?? []), section.endPoint];
      out.push(
        `<polyline points="${points.map((p) => `${p.x},${p.y}`).join(' ')}" fill="none" stroke="#5c5f66" stroke-width="1.2" marker-end="url(#arrow)"/>`,
      );
    }
    for (const edgeLabel of edge.labels ?? []) {
      out.push(
        `<text x="${(edgeLabel.x ?? 0) + 4}" y="${(edgeLabel.y ?? 0) + 12}" fill="#1c7ed6" font-size="11">${escapeXml(edgeLabel.text ?? '')}</text>`,
      );
    }
  }
  out.push('</svg>');
  return out.join('\n');
}

/** Every state of a machine in document order, with its transitions, as text. */
export function outlineMachine(machine: AnyStateMachine): StateOutline[] {
  const out: StateOutline[] = [];
  const pathOf = (node: AnyStateNode) => (node.path.length ? node.path.join('.') : machine.id);
  const visit = (node: AnyStateNode) => {
    const on: StateOutline['on'] = [];
    const add = (event: string, transition: AnyTransitionDefinition) => {
      const to = (transition.target ?? []).map(pathOf);
      if (to.length) on.push({ event: `${event}${guardLabel(transition)}`, to });
    };
    for (const [, transitions] of node.transitions) {
      for (const transition of transitions as AnyTransitionDefinition[]) add(eventLabel(transition.eventType), transition);
    }
    for (const transition of (node.always ?? []) as AnyTransitionDefinition[]) add('always', transition);
    out.push({ path: pathOf(node), depth: node.path.length, on });
    children(node).forEach(visit);
  };
  visit(machine.root);
  return out;
}

/** Lays a machine out with ELK (layered, top down, nested states) and draws it as SVG. */
export async function drawMachine(machine: AnyStateMachine): Promise<MachineDiagram> {
  const elk = new ELK();
  const laidOut = await elk.layout(toElk(machine));
  return { id: machine.id, svg: render(machine, laidOut), outline: outlineMachine(machine) };
}
