/**
 * Machine path tests: every generated path runs with recording implementations (recording.ts),
 * and an ORACLE, written from the rules (the behaviour the app promises, as the machine's doc
 * comment states it) and not from the machine's configuration, says what each step must do and
 * mean.
 *
 * @example A whole paths test (see redemption.paths.test.ts for a real one):
 * ```ts
 * describeMachinePaths({
 *   name: 'door',
 *   machine: doorMachine,
 *   events: { 'user.open': [{ type: 'user.open' }] } satisfies EventFixtures<DoorEvent>,
 *   outputs: { unlock: [{ ok: true }, { ok: false }] } satisfies ActorOutputFixtures<typeof doorMachine>,
 *   // What a screen reads: the selectors, not the state value.
 *   meaning: (s) => ({ open: selectDoorOpen(s), busy: selectDoorBusy(s) }),
 *   // The rules as a small model: what each event must do, and what the state then means.
 *   oracle: () => {
 *     let open = false;
 *     let busy = false;
 *     return {
 *       started: [],
 *       on(event) {
 *         switch (event.type) {
 *           case 'user.open':
 *             busy = true;
 *             return [actorStarted('unlock', { door: 1 })];
 *           case 'xstate.done.actor.unlock':
 *             busy = false;
 *             open = event.output.ok;
 *             return open ? [action('notifyOpened')] : [action('notifyLocked')];
 *           default:
 *             throw new Error(`the rules have no ${event.type} here`);
 *         }
 *       },
 *       meaning: () => ({ open, busy }),
 *     };
 *   },
 *   // The names of the path tests (pathNames.ts): what happens, and what the member then sees.
 *   words: {
 *     events: {
 *       'user.open': 'the member opens the door',
 *       'xstate.done.actor.unlock': (e) => (e.output.ok ? 'the lock opens' : 'the lock holds'),
 *     },
 *     outcome: (m) => (m.busy ? 'the door shows it is unlocking' : m.open ? 'the door is open' : 'the door is shut'),
 *   },
 * });
 * ```
 * This declares, in a `describe('door paths')`:
 * - one test per generated path (shortest path to every state, plus every edge of the state
 *   graph: every transition the fixtures can trigger), asserting the recorded steps equal the
 *   oracle's: `[{ event, effects, meaning }, ...]`, starting with `(start)`; named by `words`,
 *   e.g. `the member opens the door, the lock holds: the door is shut`;
 * - `names every action, guard, actor and delay` (no inline functions, no numeric delays);
 * - `reaches every state node` and `takes every transition of the definition`: they fail when
 *   the fixtures (or the machine) leave a state unreached or a transition untaken.
 *
 * Effects (recording.ts): `action(name, params?)`, `sendAction(name, to, event, params?)`,
 * `actorStarted(src, input?, id?)`, `actorStopped(id)`, `received(to, event)`.
 *
 * Keep the traversal finite with `serializeState` when the context holds keys, counters or
 * lists; give several `inputs` (by label) when the input changes which transitions are possible
 * (coverage is counted over all of them).
 */
import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyStateMachine, EventFromLogic, InputFrom, SnapshotFrom } from 'xstate';
import {
  actorEvents,
  allStateNodes,
  coveragePaths,
  defaultSerialize,
  describePath,
  describeTransition,
  listTransitions,
  pathEvents,
  unnamedImplementations,
  userEvents,
  type ActorOutputFixtures,
  type CoverageOptions,
  type EventFixtures,
  type MachinePath,
  type SerializeState,
  type SnapshotFixtures,
} from './pathCoverage';
import { namePath, uniqueNames, type PathWords } from './pathNames';
import { runPath, type Effect, type PathRun, type ProvideOption, type StepRun } from './recording';

/** An event of a path: one of the machine's events, or an XState one (done, error, after, snapshot). */
export type PathEvent<E extends AnyEventObject> =
  | E
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  | { type: `xstate.${string}`; output?: any; error?: unknown; snapshot?: any };

/** The rules as a model, for one path (made fresh by `oracle(input)` for every path). */
export interface PathOracle<M, E extends AnyEventObject = AnyEventObject> {
  /** What starting the machine must do. */
  readonly started: readonly Effect[];
  /**
   * What `event` must do, in order; updates the model. Throw when the rules say the event cannot
   * be taken here (the path only sends events the machine takes).
   */
  on(event: PathEvent<E>): readonly Effect[];
  /** What the state means now, by the rules; compared with `meaning(snapshot)` after every step. */
  meaning(): M;
}

export interface MachinePathsSpec<TMachine extends AnyStateMachine, M> {
  /** The describe block's name (the machine's name). */
  name: string;
  machine: TMachine;
  /** At least one of every event (`satisfies EventFixtures<…>`). */
  events: EventFixtures<EventFromLogic<TMachine>>;
  /** At least one output of every actor (`satisfies ActorOutputFixtures<typeof machine>`). */
  outputs: ActorOutputFixtures<TMachine>;
  /** Snapshots of children followed with `onSnapshot`, by `src`. */
  snapshots?: SnapshotFixtures;
  /** Inputs to start the machine with, by label (default: none). */
  inputs?: Record<string, InputFrom<TMachine> | undefined>;
  /** Graph key of a snapshot (default: value and context). */
  serializeState?: SerializeState;
  /** App-wide actors stood in for by recorders (default: session, tokenRefresh, connectivitySync, resources). */
  systemIds?: readonly string[];
  /** Real implementations given after the recorders (rarely: e.g. an assign that reads the simulated clock). */
  provide?: ProvideOption;
  /** What a snapshot means to the app (selectors, the context a screen reads). */
  meaning: (snapshot: SnapshotFrom<TMachine>) => M;
  /** A fresh model of the rules for each path. */
  oracle: (input: InputFrom<TMachine> | undefined) => PathOracle<M, EventFromLogic<TMachine>>;
  /**
   * The words the path tests are named with (pathNames.ts): what happens and what the member then
   * sees. Without them a path is named by its state value and events.
   */
  words?: PathWords<TMachine, M>;
}

export interface LabelledPath {
  label: string;
  input: unknown;
  path: MachinePath;
}

export interface MachinePaths<M> {
  paths: LabelledPath[];
  /** The recorded run of a path (memoized: each path runs once). */
  run(path: LabelledPath): PathRun<M>;
}

/** What the oracle says a path must record, step by step. */
export function expectedSteps<M>(oracle: PathOracle<M>, path: MachinePath): StepRun<M>[] {
  const steps: StepRun<M>[] = [{ event: '(start)', effects: [...oracle.started], meaning: oracle.meaning() }];
  for (const event of pathEvents(path)) {
    const effects = [...oracle.on(event)];
    steps.push({ event: event.type, effects, meaning: oracle.meaning() });
  }
  return steps;
}

/** Declares the path tests of one machine (see the file's comment). */
export function describeMachinePaths<TMachine extends AnyStateMachine, M>(spec: MachinePathsSpec<TMachine, M>): MachinePaths<M> {
  const { machine } = spec;
  const serialize = spec.serializeState ?? defaultSerialize;
  const events = [
    ...userEvents(spec.events as EventFixtures<AnyEventObject>),
    ...actorEvents(machine, spec.outputs as Record<string, readonly unknown[]>, spec.snapshots),
  ];
  const inputs: [string, unknown][] = spec.inputs ? Object.entries(spec.inputs) : [['', undefined]];
  const paths: LabelledPath[] = inputs.flatMap(([label, input]) =>
    coveragePaths(machine, { events, serializeState: serialize, input }).map((path) => ({ label, input, path })),
  );
  const runs = new Map<LabelledPath, PathRun<M>>();
  const run = (p: LabelledPath): PathRun<M> => {
    let result = runs.get(p);
    if (!result) {
      result = runPath(machine, p.path, { input: p.input, systemIds: spec.systemIds, provide: spec.provide, meaning: spec.meaning as (s: unknown) => M });
      runs.set(p, result);
    }
    return result;
  };
  /** What the path ends with by the oracle; by the traversal's last snapshot if the rules take no such path (the test then fails). */
  const meaningByTheRules = (p: LabelledPath): M => {
    try {
      const oracle = spec.oracle(p.input as InputFrom<TMachine> | undefined) as PathOracle<M>;
      for (const event of pathEvents(p.path)) oracle.on(event);
      return oracle.meaning();
    } catch {
      return spec.meaning(p.path.state as SnapshotFrom<TMachine>);
    }
  };
  const transitions = listTransitions(machine);
  const states = allStateNodes(machine).map((n) => n.id);

  describe(`${spec.name} paths`, () => {
    it('names every action, guard, actor and delay', () => {
      expect(unnamedImplementations(machine)).toEqual([]);
    });

    const names = uniqueNames(
      paths.map((p) => {
        const name = spec.words ? namePath(spec.words, p.path, meaningByTheRules(p)) : describePath(p.path);
        return `${p.label ? `[${p.label}] ` : ''}${name}`;
      }),
    );
    it.each(paths.map((p, i) => [names[i], p] as const))('%s', (_, p) => {
      const recorded = run(p);
      const oracle = spec.oracle(p.input as InputFrom<TMachine> | undefined) as PathOracle<M>;
      expect(recorded.steps).toEqual(expectedSteps(oracle, p.path));
      // The recording run followed the path the traversal computed (same state at the end).
      expect(serialize(recorded.snapshot)).toBe(serialize(p.path.state));
    });

    it(`reaches all ${states.length} state nodes`, () => {
      const visited = new Set(paths.flatMap((p) => [...run(p).visited]));
      expect(states.filter((id) => !visited.has(id))).toEqual([]);
    });

    it(`takes all ${transitions.length} transitions of the definition`, () => {
      const taken = new Set(paths.flatMap((p) => run(p).transitions));
      expect(transitions.filter((t) => !taken.has(t.key)).map(describeTransition)).toEqual([]);
    });
  });
  return { paths, run };
}

export interface CoverageReport {
  paths: MachinePath[];
  /** State node ids no path visits. */
  unvisitedStates: string[];
  /** Transitions no path takes, described. */
  untakenTransitions: string[];
}

/** Runs every coverage path of `machine` (recording) and reports what no path reaches. */
export function coverageReport(machine: AnyStateMachine, options: CoverageOptions & { systemIds?: readonly string[] }): CoverageReport {
  const paths = coveragePaths(machine, options);
  const taken = new Set<string>();
  const visited = new Set<string>();
  for (const path of paths) {
    const recorded = runPath(machine, path, { input: options.input, systemIds: options.systemIds });
    recorded.transitions.forEach((k) => taken.add(k));
    recorded.visited.forEach((id) => visited.add(id));
  }
  return {
    paths,
    unvisitedStates: allStateNodes(machine)
      .map((n) => n.id)
      .filter((id) => !visited.has(id)),
    untakenTransitions: listTransitions(machine)
      .filter((t) => !taken.has(t.key))
      .map(describeTransition),
  };
}
