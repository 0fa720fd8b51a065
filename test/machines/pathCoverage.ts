/**
 * Shared path-coverage helpers for machine tests (STYLE "Path-coverage tests").
 *
 * A machine test keeps typed fixtures for every event and every actor output, turns them into
 * the events a traversal may send (`actorEvents` adds `xstate.done.actor.<id>` /
 * `xstate.error.actor.<id>` for every invoke, `xstate.after.*` for every delay), computes paths
 * with `coveragePaths`, replays each against a real actor with `replayPath`, and asserts with
 * `coverageReport` that every state node is visited and every transition is taken.
 */
import {
  createActor,
  type Actor,
  fromPromise,
  SimulatedClock,
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

type AnySnapshot = SnapshotFrom<AnyStateMachine>;
export type MachinePath = StatePath<AnySnapshot, AnyEventObject>;
export type SerializeState = (snapshot: AnySnapshot) => string;

/** The error every `xstate.error.actor.<id>` fixture carries. */
export const FIXTURE_ERROR = new Error('fixture: actor failed');

/** An actor that never settles: the traversal and the replay feed its done/error events. */
export const pendingActor = fromPromise<never>(() => new Promise<never>(() => {}));

/** Replaces every actor the machine names with `pendingActor`. */
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
}

function guardName(t: AnyTransitionDefinition): string | null {
  const g = t.guard as unknown;
  if (!g) return null;
  if (typeof g === 'string') return g;
  if (typeof g === 'object' && g !== null && 'type' in g) return String((g as { type: unknown }).type);
  return typeof g === 'function' ? g.name || 'inline' : 'inline';
}

/** Every transition of the definition: `on`, invoke onDone/onError, `after`, `always`. */
export function listTransitions(machine: AnyStateMachine): TransitionInfo[] {
  return [...indexTransitions(machine).entries()].map(([t, key]) => ({
    key,
    source: t.source.id,
    event: t.eventType || 'always',
    guard: guardName(t),
    targets: (t.target ?? []).map((n: AnyStateNode) => n.id),
  }));
}

function indexTransitions(machine: AnyStateMachine): Map<AnyTransitionDefinition, string> {
  const index = new Map<AnyTransitionDefinition, string>();
  for (const node of allStateNodes(machine)) {
    for (const [descriptor, transitions] of node.transitions) {
      transitions.forEach((t: AnyTransitionDefinition, i: number) => index.set(t, `${node.id} ${descriptor}#${i}`));
    }
    (node.always ?? []).forEach((t: AnyTransitionDefinition, i: number) => index.set(t, `${node.id} always#${i}`));
  }
  return index;
}

/**
 * The non-user events of a machine, built from its definition so none can be forgotten: for
 * every invoke, one done event per fixture output of its `src` (when it has onDone) and one error
 * event (when it has onError); for every `after`, its delay event.
 */
export function actorEvents(machine: AnyStateMachine, outputs: Record<string, readonly unknown[]>): AnyEventObject[] {
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

const defaultSerialize: SerializeState = (s) => JSON.stringify({ value: s.value, context: s.context });

/**
 * The shortest path to every distinct state, plus, for every edge of the state graph, the
 * shortest path to its source extended by that edge: together they take every transition the
 * fixtures can trigger. Events a state would ignore are not tried.
 */
export function coveragePaths(machine: AnyStateMachine, options: CoverageOptions): MachinePath[] {
  const serializeState = options.serializeState ?? defaultSerialize;
  const traversal = {
    events: options.events,
    serializeState: (s: AnySnapshot) => serializeState(s),
    filterEvents: (s: AnySnapshot, e: AnyEventObject) => s.can(e),
    input: options.input,
  };
  const shortest = getShortestPaths(machine, traversal) as MachinePath[];
  const toState = new Map(shortest.map((p) => [serializeState(p.state), p]));
  const paths = [...shortest];
  const seen = new Set(shortest.map((p) => pathKey(p)));
  const adjacency = getAdjacencyMap(machine, traversal) as AdjacencyMap<AnySnapshot, AnyEventObject>;
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

function pathKey(path: MachinePath): string {
  return JSON.stringify(path.steps.map((s) => s.event));
}

/** `user.login > xstate.done.actor.login` */
export function describePath(path: MachinePath): string {
  const events = path.steps.map((s) => s.event.type).filter((t) => t !== 'xstate.init');
  return `${JSON.stringify(path.state.value)} via ${events.join(' > ') || '(start)'}`;
}

export interface Replay {
  snapshot: AnySnapshot;
  /** Keys (see `listTransitions`) of every transition taken, eventless ones included. */
  transitions: string[];
  /** Ids of every state node active after any microstep, transient ones included. */
  visited: Set<string>;
}

/**
 * Runs the path's events through a real actor of `machine` (give it inert or fake actors with
 * `.provide()`), on a simulated clock so `after` timers only fire when the path says so.
 */
export function replayPath(machine: AnyStateMachine, path: MachinePath, options: { input?: unknown } = {}): Replay {
  const index = indexTransitions(machine);
  const transitions: string[] = [];
  const visited = new Set<string>();
  const record = (snapshot: AnySnapshot) => {
    for (const node of (snapshot as unknown as { _nodes: AnyStateNode[] })._nodes) visited.add(node.id);
  };
  const actor: Actor<AnyStateMachine> = createActor(machine, {
    input: options.input,
    clock: new SimulatedClock(),
    inspect: (ev) => {
      if (ev.type !== '@xstate.microstep' || ev.actorRef !== actor) return;
      for (const t of ev._transitions) {
        const key = index.get(t);
        if (key) transitions.push(key);
      }
      record(ev.snapshot as AnySnapshot);
    },
  });
  actor.start();
  record(actor.getSnapshot());
  for (const step of path.steps) {
    if (step.event.type === 'xstate.init') continue;
    actor.send(step.event);
  }
  const snapshot = actor.getSnapshot();
  actor.stop();
  return { snapshot, transitions, visited };
}

export interface CoverageReport {
  paths: MachinePath[];
  /** Paths whose replay did not end in the path's state. */
  mismatches: string[];
  /** State node ids no path visits. */
  unvisitedStates: string[];
  /** Transitions no path takes, described. */
  untakenTransitions: string[];
}

/**
 * Computes the coverage paths of `machine` (inert actors), replays each on `machine` (inert
 * actors, or `replayMachine` when given), and reports what did not line up.
 */
export function coverageReport(machine: AnyStateMachine, options: CoverageOptions): CoverageReport {
  const serializeState = options.serializeState ?? defaultSerialize;
  const inert = machine.provide({ actors: inertActors(machine) });
  const paths = coveragePaths(inert, options);
  const taken = new Set<string>();
  const visited = new Set<string>();
  const mismatches: string[] = [];
  for (const path of paths) {
    const replay = replayPath(inert, path, { input: options.input });
    replay.transitions.forEach((k) => taken.add(k));
    replay.visited.forEach((id) => visited.add(id));
    if (serializeState(replay.snapshot) !== serializeState(path.state)) {
      mismatches.push(`${describePath(path)} ended in ${serializeState(replay.snapshot)}`);
    }
  }
  const unvisitedStates = allStateNodes(machine)
    .map((n) => n.id)
    .filter((id) => !visited.has(id));
  const untakenTransitions = listTransitions(inert)
    .filter((t) => !taken.has(t.key))
    .map((t) => `${t.source} --${t.event}${t.guard ? ` [${t.guard}]` : ''}--> ${t.targets.join(', ') || '(self)'}`);
  return { paths, mismatches, unvisitedStates, untakenTransitions };
}
