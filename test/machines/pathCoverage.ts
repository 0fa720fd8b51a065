/**
 * The graph half of the machine path tests: typed fixtures, the
 * events a traversal may send, the paths that take every transition, and the definition's
 * transitions and state nodes to check coverage against. `recording.ts` runs each path with
 * recording implementations; `describePathCoverage.ts` puts both together with an oracle.
 *
 * A paths test normally needs only the fixture types from here (`EventFixtures`,
 * `ActorOutputFixtures`, `SnapshotFixtures`) and `describeMachinePaths` from
 * `describePathCoverage.ts`.
 */
import {
  createEmptyActor,
  fromPromise,
  type AnyEventObject,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventObject,
  type OutputFrom,
  type SnapshotFrom,
  type StateMachine,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, getStateNodes, type AdjacencyMap, type AdjacencyValue, type StatePath } from 'xstate/graph';

/** At least one concrete instance of every event type of a union. */
export type EventFixtures<E extends EventObject> = {
  [T in E['type']]: readonly [Extract<E, { type: T }>, ...Extract<E, { type: T }>[]];
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ActorsOf<M> = M extends StateMachine<any, any, any, infer A, any, any, any, any, any, any, any, any, any, any, any> ? A : never;

/** At least one output of every actor the machine names in `setup({ actors })`. */
export type ActorOutputFixtures<M extends AnyStateMachine> = {
  [A in ActorsOf<M> as A extends { src: infer S extends string } ? S : never]: A extends { logic: infer L }
    ? readonly [OutputFrom<L>, ...OutputFrom<L>[]]
    : never;
};

/**
 * For machines that follow a child's snapshots (`invoke.onSnapshot`): the snapshots the path may
 * feed, by the child's `src`. Build them with `childMachine.resolveState({ value, context })`.
 */
export type SnapshotFixtures = Record<string, readonly unknown[]>;

type AnySnapshot = SnapshotFrom<AnyStateMachine>;
export type MachinePath = StatePath<AnySnapshot, AnyEventObject>;
export type SerializeState = (snapshot: AnySnapshot) => string;

/** The error every `xstate.error.actor.<id>` fixture carries. */
export const FIXTURE_ERROR = new Error('fixture: actor failed');

/** An actor that never settles: the traversal feeds its done/error events. */
export const pendingActor = fromPromise<never>(() => new Promise<never>(() => {}));

/** Replaces every actor the machine names with `pendingActor` (for the traversal). */
export function inertActors(machine: AnyStateMachine): Record<string, typeof pendingActor> {
  return Object.fromEntries(Object.keys(machine.implementations.actors).map((name) => [name, pendingActor]));
}

export function allStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  return [machine.root, ...getStateNodes(machine.root)];
}

export interface TransitionInfo {
  /** `<source id> <event descriptor>#<index>`, stable across `.provide()`. */
  key: string;
  source: string;
  event: string;
  guard: string | null;
  targets: string[];
  /** The transition's action names, in order (`(inline)` for a function). */
  actions: string[];
}

function guardName(t: AnyTransitionDefinition): string | null {
  const g = t.guard as unknown;
  if (!g) return null;
  if (typeof g === 'string') return g;
  if (typeof g === 'object' && g !== null && 'type' in g) return String((g as { type: unknown }).type);
  return '(inline)';
}

/** The name of an action as a config refers to it: `'name'`, `{ type: 'name', params }`, or `(inline)`. */
export function actionName(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'object' && action !== null && 'type' in action) return String((action as { type: unknown }).type);
  return '(inline)';
}

/** Every transition of the definition: `on`, invoke onDone/onError/onSnapshot, `after`, `always`. */
export function listTransitions(machine: AnyStateMachine): TransitionInfo[] {
  return [...indexTransitions(machine).entries()].map(([t, key]) => ({
    key,
    source: t.source.id,
    event: t.eventType || 'always',
    guard: guardName(t),
    targets: (t.target ?? []).map((n: AnyStateNode) => n.id),
    actions: (t.actions ?? []).map(actionName),
  }));
}

/** `key` of every transition object of the machine (see `TransitionInfo.key`). */
export function indexTransitions(machine: AnyStateMachine): Map<AnyTransitionDefinition, string> {
  const index = new Map<AnyTransitionDefinition, string>();
  for (const node of allStateNodes(machine)) {
    for (const [descriptor, transitions] of node.transitions) {
      transitions.forEach((t: AnyTransitionDefinition, i: number) => index.set(t, `${node.id} ${descriptor}#${i}`));
    }
    (node.always ?? []).forEach((t: AnyTransitionDefinition, i: number) => index.set(t, `${node.id} always#${i}`));
  }
  return index;
}

/** `source --event [guard]--> targets`, for reports. */
export function describeTransition(t: TransitionInfo): string {
  return `${t.source} --${t.event}${t.guard ? ` [${t.guard}]` : ''}--> ${t.targets.join(', ') || '(self)'}`;
}

/** Built-ins XState adds itself to a state's entry/exit (an `after`'s timer). */
const GENERATED_ACTIONS = new Set(['xstate.raise', 'xstate.cancel', 'xstate.spawnChild', 'xstate.stopChild']);

function isInlineAction(a: unknown): boolean {
  return typeof a === 'function' && !GENERATED_ACTIONS.has((a as { type?: string }).type ?? '');
}

/**
 * What the architecture forbids in a machine definition (brief: every action, guard, actor and
 * delay is named in `setup`): inline functions as actions or guards, inline actor logic as an
 * invoke's `src`, and delays given as numbers. Each entry says where.
 */
export function unnamedImplementations(machine: AnyStateMachine): string[] {
  const found: string[] = [];
  for (const node of allStateNodes(machine)) {
    const where = `#${node.id}`;
    for (const a of node.entry) if (isInlineAction(a)) found.push(`${where} entry: inline action`);
    for (const a of node.exit) if (isInlineAction(a)) found.push(`${where} exit: inline action`);
    for (const invoke of node.invoke) {
      if (typeof invoke.src !== 'string' || !(invoke.src in machine.implementations.actors)) found.push(`${where} invoke ${invoke.id}: inline actor logic`);
    }
    for (const delayed of node.after) if (typeof delayed.delay !== 'string') found.push(`${where} after ${String(delayed.delay)}: unnamed delay`);
  }
  for (const t of listTransitions(machine)) {
    if (t.actions.includes('(inline)')) found.push(`${describeTransition(t)}: inline action`);
    if (t.guard === '(inline)') found.push(`${describeTransition(t)}: inline guard`);
  }
  return found;
}

/**
 * The non-user events of a machine, built from its definition so none can be forgotten: for
 * every invoke, one done event per fixture output of its `src` (when it has onDone), one error
 * event (when it has onError) and one snapshot event per snapshot fixture (when it has
 * onSnapshot); for every `after`, its delay event.
 */
export function actorEvents(
  machine: AnyStateMachine,
  outputs: Record<string, readonly unknown[]>,
  snapshots: SnapshotFixtures = {},
): AnyEventObject[] {
  const events: AnyEventObject[] = [];
  for (const node of allStateNodes(machine)) {
    for (const invoke of node.invoke) {
      const src = typeof invoke.src === 'string' ? invoke.src : invoke.id;
      if (node.transitions.has(`xstate.done.actor.${invoke.id}`)) {
        const outs = outputs[src];
        if (!outs?.length) throw new Error(`no output fixture for actor "${src}" (invoke "${invoke.id}")`);
        for (const output of outs) events.push({ type: `xstate.done.actor.${invoke.id}`, output, actorId: invoke.id });
      }
      if (node.transitions.has(`xstate.error.actor.${invoke.id}`)) {
        events.push({ type: `xstate.error.actor.${invoke.id}`, error: FIXTURE_ERROR, actorId: invoke.id });
      }
      if (node.transitions.has(`xstate.snapshot.${invoke.id}`)) {
        const snaps = snapshots[src];
        if (!snaps?.length) throw new Error(`no snapshot fixture for actor "${src}" (invoke "${invoke.id}" has onSnapshot)`);
        for (const snapshot of snaps) events.push({ type: `xstate.snapshot.${invoke.id}`, snapshot });
      }
    }
    for (const delayed of node.after) events.push({ type: delayed.eventType });
  }
  return events;
}

/** Flattens event fixtures (`EventFixtures<E>`) into one list. */
export function userEvents<E extends EventObject>(fixtures: EventFixtures<E>): E[] {
  return Object.values(fixtures).flat() as E[];
}

export interface CoverageOptions {
  events: readonly AnyEventObject[];
  serializeState?: SerializeState;
  input?: unknown;
}

export const defaultSerialize: SerializeState = (s) => JSON.stringify({ value: s.value, context: s.context });

/**
 * The shortest path to every distinct state, plus, for every edge of the state graph, the
 * shortest path to its source extended by that edge: together they take every transition the
 * fixtures can trigger. Events no transition takes are not tried (a transition that takes an
 * event to do nothing is one). Computed on the machine with inert actors (nothing runs during
 * the traversal).
 */
export function coveragePaths(machine: AnyStateMachine, options: CoverageOptions): MachinePath[] {
  const inert = traversable(machine.provide({ actors: inertActors(machine) }));
  const serializeState = options.serializeState ?? defaultSerialize;
  const traversal = {
    events: options.events,
    serializeState: (s: AnySnapshot) => serializeState(s),
    // Events some transition takes, including one that deliberately does nothing (a guarded
    // transition without target or actions, which `snapshot.can` does not count).
    filterEvents: (s: AnySnapshot, e: AnyEventObject) => s.machine.getTransitionData(s as never, e).length > 0,
    input: options.input,
  };
  const shortest = getShortestPaths(inert, traversal) as MachinePath[];
  const toState = new Map(shortest.map((p) => [serializeState(p.state), p]));
  const paths = [...shortest];
  const seen = new Set(shortest.map((p) => pathKey(p)));
  const adjacency = getAdjacencyMap(inert, traversal) as AdjacencyMap<AnySnapshot, AnyEventObject>;
  for (const source of Object.values(adjacency) as AdjacencyValue<AnySnapshot, AnyEventObject>[]) {
    const head = toState.get(serializeState(source.state));
    if (!head) continue;
    for (const { event, state } of Object.values(source.transitions)) {
      const path: MachinePath = { state, steps: [...head.steps, { event, state }], weight: head.weight + 1 };
      const id = pathKey(path);
      if (!seen.has(id)) {
        seen.add(id);
        paths.push(path);
      }
    }
  }
  return paths;
}

/**
 * The machine as the traversal may use it: each step in an actor system of its own. The
 * traversal's one mock system never unregisters a stopped child, so a state that invokes an actor
 * with a `systemId` could not be entered a second time ("Actor with system ID … already exists").
 */
function traversable(machine: AnyStateMachine): AnyStateMachine {
  const logic = Object.create(machine) as AnyStateMachine;
  logic.transition = (snapshot, event, scope) => {
    const fresh = createEmptyActor();
    return machine.transition(snapshot, event, { ...scope, self: fresh, system: fresh.system } as typeof scope);
  };
  return logic;
}

function pathKey(path: MachinePath): string {
  return JSON.stringify(path.steps.map((s) => s.event));
}

/** The events a path sends, without the traversal's `xstate.init`. */
export function pathEvents(path: MachinePath): AnyEventObject[] {
  return path.steps.map((s) => s.event).filter((e) => e.type !== 'xstate.init');
}

function short(value: unknown, max = 48): string {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** One event, briefly: `user.redeem {"pid":3,…}`, `redeemReward → {"ok":false,…}`, `redeemReward ✗`, `after autoClose`. */
export function describeEvent(event: AnyEventObject): string {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
  if (done) return `${done[1]} → ${short(event.output)}`;
  const failed = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
  if (failed) return `${failed[1]} ✗`;
  const after = /^xstate\.after\.([^.]+)\./.exec(event.type);
  if (after) return `after ${after[1]}`;
  const snapshot = /^xstate\.snapshot\.(.+)$/.exec(event.type);
  if (snapshot) return `${snapshot[1]} snapshot ${short((event.snapshot as { value?: unknown } | undefined)?.value)}`;
  const { type, ...rest } = event;
  return Object.keys(rest).length ? `${type} ${short(rest)}` : type;
}

/** `"failed" via user.redeem {…} > user.confirm > redeemReward → {"ok":false,"code":"OUT_OF_STOCK"}` */
export function describePath(path: MachinePath): string {
  const events = pathEvents(path).map(describeEvent);
  return `${JSON.stringify(path.state.value)} via ${events.join(' > ') || '(start)'}`;
}
