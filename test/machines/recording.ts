/**
 * Runs a machine with RECORDING implementations and reports its effects, step by step.
 *
 * - Every effect action records `{ action, params }`: plain provided actions, and `sendTo`
 *   actions, which also record where the event goes and what it is (`to`, `event`). `assign`
 *   and the other built-ins are kept as they are, and so are composite `enqueueActions`, so the
 *   named actions they enqueue are recorded in turn.
 * - Every actor the machine names is replaced by a recorder that records `{ actor, input }` when
 *   it starts, `{ to, event }` for every event it receives, and `{ stopped }` when it is stopped
 *   before the path settled it (a call aborted, a lock or a camera released). It never answers by
 *   itself: the path feeds its `xstate.done.actor.*` / `xstate.error.actor.*` events.
 * - The machine runs as the child of a small harness that starts recorders under the app-wide
 *   `systemId`s (`session`, `tokenRefresh`, `connectivitySync`, `resources`, `pendingLogouts`), so what the
 *   machine sends through `system.get(...)` (e.g. from an `enqueueActions`) is recorded as
 *   `{ to: 'resources', event }`.
 * - Time is a `SimulatedClock`: an `xstate.after.<delay>.<state>` step advances it by that delay,
 *   so the machine's own timer fires.
 *
 * Within one step the effects come in the order XState runs them: the actions of the macrostep
 * first (exit, transition, entry, `always` transitions), then the actors stopped and started and
 * the events delivered, in the order they were asked for. When the machine starts, its initial
 * entry actions and actors come in the order of the definition.
 */
import {
  SimulatedClock,
  createActor,
  createMachine,
  fromCallback,
  type ActorRefFrom,
  type AnyActorRef,
  type AnyEventObject,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type SnapshotFrom,
} from 'xstate';
import { allStateNodes, indexTransitions, type MachinePath, pathEvents } from './pathCoverage';

/** One effect a machine had, as recorded (build expected ones with the helpers below). */
export type Effect =
  /** A named effect action ran (for a `sendTo` action, with where the event went and the event). */
  | { action: string; params?: unknown; to?: string; event?: AnyEventObject }
  /** An actor started (`id` when it differs from its `src`). */
  | { actor: string; id?: string; input?: unknown }
  /** A running actor was stopped before the path settled it. */
  | { stopped: string }
  /** A recorder actor (an app-wide actor, or a child) received an event. */
  | { to: string; event: AnyEventObject };

/** `{ action: 'notifyPending', params: { queue: 'earn', count: 2 } }` */
export const action = (name: string, params?: unknown): Effect => (params === undefined ? { action: name } : { action: name, params });

/** A `sendTo` action: `sendAction('tellPipsChanged', 'resources', { type: 'pips.changed' })`. */
export const sendAction = (name: string, to: string, event: AnyEventObject, params?: unknown): Effect =>
  params === undefined ? { action: name, to, event } : { action: name, params, to, event };

/** An actor started: `actorStarted('loadEarnQueue', { userId: 7 })`; the call it stands for was made. */
export const actorStarted = (src: string, input?: unknown, id?: string): Effect => ({
  actor: src,
  ...(id !== undefined && id !== src ? { id } : {}),
  ...(input !== undefined ? { input } : {}),
});

/** An actor stopped before it settled (its call aborted, its resource released). */
export const actorStopped = (id: string): Effect => ({ stopped: id });

/** An event an app-wide actor (or a child) received: `received('resources', { type: 'pips.changed' })`. */
export const received = (to: string, event: AnyEventObject): Effect => ({ to, event });

/** The app-wide actors the harness stands in for (machines/system.ts). */
export const APP_SYSTEM_IDS = ['session', 'tokenRefresh', 'connectivitySync', 'resources', 'triviaVerification', 'pendingLogouts'] as const;

type BuiltinAction = { type?: string; to?: unknown; event?: unknown };
type ActionArgs = { context: unknown; event: AnyEventObject; self: AnyActorRef; system: { get(id: string): AnyActorRef | undefined } };

const KEPT_BUILTINS = new Set([
  'xstate.assign',
  'xstate.enqueueActions',
  'xstate.raise',
  'xstate.spawnChild',
  'xstate.stopChild',
  'xstate.cancel',
  'xstate.log',
]);

function targetName(target: unknown): string {
  if (typeof target === 'string') return target;
  if (target && typeof target === 'object') {
    const ref = target as { systemId?: string; id?: string };
    return ref.systemId ?? ref.id ?? '(actor)';
  }
  return '(nobody)';
}

/** Log shared by the recording implementations of one run. */
export class EffectLog {
  readonly effects: Effect[] = [];
  /** Children the path settled with a done/error event: their stop is not an effect. */
  readonly settled = new WeakSet<object>();
  recording = true;

  push(effect: Effect): void {
    if (this.recording) this.effects.push(effect);
  }

  /** The effects since the last call. */
  take(): Effect[] {
    return this.effects.splice(0);
  }
}

/**
 * An actor logic that records its start, the events it receives and an early stop. Its snapshot
 * matches no state and has no tag: a parent that follows it (`onSnapshot`) sees it start as a
 * machine in no particular state; the path feeds the snapshots that matter.
 */
export function recorderActor(src: string, log: EffectLog, options: { recordStart?: boolean } = {}) {
  const logic = fromCallback<AnyEventObject, unknown>(({ input, self, receive }) => {
    if (options.recordStart !== false) log.push(actorStarted(src, input, self.id));
    receive((event) => log.push(received(self.id, event)));
    return () => {
      if (!log.settled.has(self)) log.push(actorStopped(self.id));
    };
  });
  return {
    ...logic,
    getInitialSnapshot: (...args: Parameters<typeof logic.getInitialSnapshot>) => ({
      ...logic.getInitialSnapshot(...args),
      value: {},
      matches: () => false,
      hasTag: () => false,
    }),
  } as typeof logic;
}

/**
 * `machine` with recording implementations (see the file's comment): effect actions and actors
 * record into `log`; assign, enqueueActions and the other built-ins, guards and delays are kept.
 */
export function recordingMachine<M extends AnyStateMachine>(machine: M, log: EffectLog): M {
  const actions: Record<string, unknown> = {};
  for (const [name, impl] of Object.entries(machine.implementations.actions)) {
    const type = (impl as BuiltinAction).type;
    if (type && KEPT_BUILTINS.has(type)) continue;
    if (type === 'xstate.sendTo') {
      const original = impl as BuiltinAction;
      actions[name] = (args: ActionArgs, params: unknown) => {
        const event = (typeof original.event === 'function' ? original.event(args, params) : original.event) as AnyEventObject;
        const to = typeof original.to === 'function' ? original.to(args, params) : original.to;
        log.push(sendAction(name, targetName(to), event, params));
      };
      continue;
    }
    if (type) throw new Error(`recordingMachine: built-in action "${name}" (${type}) has no recorder`);
    actions[name] = (_: unknown, params: unknown) => log.push(action(name, params));
  }
  const actors = Object.fromEntries(Object.keys(machine.implementations.actors).map((src) => [src, recorderActor(src, log)]));
  return machine.provide({ actions, actors } as never) as M;
}

/** The delay in ms of an `xstate.after.<delay>.<state id>` event of `machine`. */
function delayOf(machine: AnyStateMachine, eventType: string): number {
  for (const node of allStateNodes(machine)) {
    for (const delayed of node.after) {
      if (delayed.eventType !== eventType) continue;
      const delay = typeof delayed.delay === 'string' ? machine.implementations.delays[delayed.delay] : delayed.delay;
      if (typeof delay !== 'number') throw new Error(`delay of ${eventType} is not a number`);
      return delay;
    }
  }
  throw new Error(`no delay for ${eventType}`);
}

export interface StepRun<M> {
  /** The event's type (`(start)` for starting the machine). */
  event: string;
  /** What the step did, in order. */
  effects: Effect[];
  /** `meaning` of the snapshot after the step. */
  meaning: M;
}

export interface PathRun<M> {
  steps: StepRun<M>[];
  snapshot: SnapshotFrom<AnyStateMachine>;
  /** Keys (`listTransitions`) of every transition taken, eventless ones included. */
  transitions: string[];
  /** Ids of every state node active after any microstep, transient ones included. */
  visited: Set<string>;
}

/** Implementations given after the recorders: a real one where a test needs it (e.g. bound to the simulated clock). */
export type ProvideOption = Record<string, unknown> | ((run: { clock: SimulatedClock }) => Record<string, unknown>);

export interface RunOptions<M> {
  input?: unknown;
  provide?: ProvideOption;
  /** What each step's snapshot means (a selector projection); default: the state value. */
  meaning?: (snapshot: SnapshotFrom<AnyStateMachine>) => M;
  /** The app-wide actors stood in for by recorders (default `APP_SYSTEM_IDS`). */
  systemIds?: readonly string[];
}

/** A started machine under recording, for driving it by hand (focused tests). */
export interface RecordedActor<TMachine extends AnyStateMachine> {
  actor: ActorRefFrom<TMachine>;
  log: EffectLog;
  clock: SimulatedClock;
  /** Sends an event to the machine (throws what the machine throws). */
  send(event: AnyEventObject): void;
  /** Feeds `xstate.done.actor.<id>` with `output` (the recorder of `id` is settled, not stopped). */
  resolve(id: string, output?: unknown): void;
  /** Feeds `xstate.error.actor.<id>`. */
  reject(id: string, error?: unknown): void;
  /** Advances the simulated clock. */
  advance(ms: number): void;
  stop(): void;
}

/**
 * Starts `machine` with recording implementations inside the harness (see the file's comment).
 * `provide` is applied after the recorders, for a test that wants a real implementation of one
 * actor or action (e.g. one that sends events back, or reads the simulated clock); what it
 * replaces is no longer recorded. Throws when the machine errors.
 */
export function startRecorded<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: {
    input?: unknown;
    systemIds?: readonly string[];
    provide?: Parameters<TMachine['provide']>[0] | ProvideOption;
    onMicrostep?: (ev: MicrostepInfo) => void;
  } = {},
): RecordedActor<TMachine> {
  const log = new EffectLog();
  const clock = new SimulatedClock();
  let recording: AnyStateMachine = recordingMachine(machine, log);
  if (options.provide) {
    const provided = typeof options.provide === 'function' ? options.provide({ clock }) : options.provide;
    recording = recording.provide(provided as never);
  }
  const systemIds = options.systemIds ?? APP_SYSTEM_IDS;
  const errors: unknown[] = [];
  const harness = createMachine({
    id: 'harness',
    invoke: [
      ...systemIds.map((id) => ({ id, systemId: id, src: recorderActor(id, log, { recordStart: false }) })),
      {
        id: 'subject',
        src: recording,
        ...(options.input !== undefined ? { input: options.input } : {}),
        onError: { actions: ({ event }: { event: { error: unknown } }) => void errors.push(event.error) },
      },
    ],
  });
  const root = createActor(harness, {
    clock,
    inspect: (ev) => {
      if (ev.type !== '@xstate.microstep' || (ev.actorRef as unknown as { logic: unknown }).logic !== recording) return;
      options.onMicrostep?.({ transitions: ev._transitions, nodes: (ev.snapshot as unknown as { _nodes: AnyStateNode[] })._nodes });
    },
  });
  root.start();
  const subject = root.getSnapshot().children.subject as AnyActorRef | undefined;
  const check = () => {
    if (errors.length) {
      root.stop();
      throw errors[0];
    }
  };
  check();
  if (!subject) throw new Error('startRecorded: the machine did not start');
  const settle = (id: string) => {
    const child = (subject.getSnapshot() as { children: Record<string, AnyActorRef | undefined> }).children[id];
    if (child) log.settled.add(child);
  };
  return {
    actor: subject as RecordedActor<TMachine>['actor'],
    log,
    clock,
    send(event) {
      subject.send(event);
      check();
    },
    resolve(id, output) {
      settle(id);
      subject.send({ type: `xstate.done.actor.${id}`, output, actorId: id });
      check();
    },
    reject(id, error = new Error(`${id} failed`)) {
      settle(id);
      subject.send({ type: `xstate.error.actor.${id}`, error, actorId: id });
      check();
    },
    advance(ms) {
      clock.increment(ms);
      check();
    },
    stop() {
      log.recording = false;
      root.stop();
    },
  };
}

export interface MicrostepInfo {
  transitions: readonly unknown[];
  nodes: readonly AnyStateNode[];
}

/**
 * Runs one path: starts the machine (step `(start)`), then sends each event of the path, feeding
 * done/error events to the actors they name and advancing the clock for delay events. Returns
 * each step's effects and meaning, and the transitions taken and states visited (for coverage).
 */
export function runPath<M = unknown>(machine: AnyStateMachine, path: MachinePath, options: RunOptions<M> = {}): PathRun<M> {
  const transitions: string[] = [];
  const visited = new Set<string>();
  const meaning = options.meaning ?? ((s) => s.value as M);
  const run = startRecorded(machine, {
    input: options.input,
    systemIds: options.systemIds,
    provide: options.provide,
    onMicrostep: ({ transitions: taken, nodes }) => {
      for (const t of taken) {
        const key = transitionKey(t);
        if (key) transitions.push(key);
        // A transient state (left by an `always` in the same microstep) shows only as a source.
        for (let node: AnyStateNode | undefined = (t as AnyTransitionDefinition).source; node; node = node.parent) visited.add(node.id);
      }
      for (const node of nodes) visited.add(node.id);
    },
  });
  const snapshotNow = () => run.actor.getSnapshot() as SnapshotFrom<AnyStateMachine>;
  for (const node of (snapshotNow() as unknown as { _nodes: AnyStateNode[] })._nodes) visited.add(node.id);
  const steps: StepRun<M>[] = [{ event: '(start)', effects: run.log.take(), meaning: meaning(snapshotNow()) }];
  try {
    for (const event of pathEvents(path)) {
      const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
      const failed = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
      if (event.type.startsWith('xstate.after.')) run.advance(delayOf(machine, event.type));
      else if (done) run.resolve(done[1], (event as { output?: unknown }).output);
      else if (failed) run.reject(failed[1], (event as { error?: unknown }).error);
      else run.send(event);
      steps.push({ event: event.type, effects: run.log.take(), meaning: meaning(snapshotNow()) });
    }
    return { steps, snapshot: snapshotNow(), transitions, visited };
  } finally {
    run.stop();
  }
}

const indexes = new WeakMap<AnyStateMachine, Map<AnyTransitionDefinition, string>>();

/** The `listTransitions` key of a transition object of any machine (`.provide()` rebuilds them). */
function transitionKey(t: unknown): string | undefined {
  const machine = (t as AnyTransitionDefinition).source?.machine as AnyStateMachine | undefined;
  if (!machine) return undefined;
  let index = indexes.get(machine);
  if (!index) indexes.set(machine, (index = indexTransitions(machine)));
  return index.get(t as AnyTransitionDefinition);
}
