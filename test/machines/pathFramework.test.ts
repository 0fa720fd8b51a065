/**
 * The path framework itself: what the recording implementations record, how a path is run, and
 * that the coverage checks fail when a state is unreached or a transition untaken.
 */
import { describe, expect, it } from 'vitest';
import { assign, createMachine, fromCallback, fromPromise, sendTo, setup, type EventObject } from 'xstate';
import { resourcesActor } from '../../machines/system';
import { coverageReport, expectedSteps, type PathOracle } from './describePathCoverage';
import { actorEvents, coveragePaths, describePath, unnamedImplementations } from './pathCoverage';
import { namePath, uniqueNames, type PathWords } from './pathNames';
import { action, actorStarted, actorStopped, received, runPath, sendAction, startRecorded, type Effect } from './recording';

type DoorEvent = { type: 'user.open'; door: number } | { type: 'user.cancel' } | { type: 'user.knock' };

const doorSetup = setup({
  types: { context: {} as { door: number; opened: number }, events: {} as DoorEvent },
  actors: {
    unlock: fromPromise<{ ok: boolean }, { door: number }>(async () => ({ ok: true })),
    watchBell: fromCallback<EventObject>(() => () => {}),
  },
  actions: {
    notifyOpened: (_, _params: { door: number }) => {},
    ring: sendTo('watchBell', { type: 'bell.ring' }),
    tellPipsChanged: sendTo(resourcesActor, { type: 'pips.changed' }),
    countOpened: assign(({ context }) => ({ opened: context.opened + 1 })),
    assignDoor: assign((_, params: { door: number }) => ({ door: params.door })),
  },
  guards: { never: () => false },
  delays: { autoClose: 250 },
});

/** A toy machine with every kind of effect; `unreachable` and `never` are there on purpose. */
const doorMachine = doorSetup
  .extend({
    actions: {
      celebrate: doorSetup.enqueueActions(({ enqueue, context, system }) => {
        enqueue({ type: 'notifyOpened', params: { door: context.door } });
        enqueue.sendTo(resourcesActor({ system }), { type: 'resource.reload', key: 'dashboard' });
      }),
    },
  })
  .createMachine({
    id: 'door',
    initial: 'closed',
    context: { door: 0, opened: 0 },
    invoke: { id: 'watchBell', src: 'watchBell' },
    states: {
      closed: {
        on: {
          'user.open': { target: 'unlocking', actions: { type: 'assignDoor', params: ({ event }) => ({ door: event.door }) } },
          'user.knock': { actions: 'ring' },
        },
      },
      unlocking: {
        invoke: {
          id: 'unlock',
          src: 'unlock',
          input: ({ context }) => ({ door: context.door }),
          onDone: { target: 'open', actions: ['countOpened', 'celebrate', 'tellPipsChanged'] },
          onError: { target: 'closed' },
        },
        on: { 'user.cancel': { target: 'closed' } },
      },
      open: {
        after: { autoClose: { target: 'closed' } },
        on: { 'user.knock': { guard: 'never', target: 'unreachable' } },
      },
      unreachable: {},
    },
  });

describe('recording implementations', () => {
  it('record actions with params, sendTo actions with their target and event, actor starts, deliveries and early stops', () => {
    const door = startRecorded(doorMachine);
    expect(door.log.take()).toEqual([actorStarted('watchBell')]);

    door.actor.send({ type: 'user.knock' });
    expect(door.log.take()).toEqual([sendAction('ring', 'watchBell', { type: 'bell.ring' })]);

    door.actor.send({ type: 'user.open', door: 3 });
    door.actor.send({ type: 'user.cancel' });
    expect(door.log.take()).toEqual([actorStarted('unlock', { door: 3 }), actorStopped('unlock')]);

    door.actor.send({ type: 'user.open', door: 4 });
    door.resolve('unlock', { ok: true });
    expect(door.log.take()).toEqual([
      actorStarted('unlock', { door: 4 }),
      // The composite's named action is recorded when it runs...
      action('notifyOpened', { door: 4 }),
      sendAction('tellPipsChanged', 'resources', { type: 'pips.changed' }),
      // ...and what it sends through system.get(...) lands in the recorder of that systemId.
      received('resources', { type: 'resource.reload', key: 'dashboard' }),
    ]);
    expect(door.actor.getSnapshot().context.opened).toBe(1);
    door.stop();
  });

  it('keep named delays on the simulated clock', () => {
    const door = startRecorded(doorMachine);
    door.actor.send({ type: 'user.open', door: 1 });
    door.resolve('unlock', { ok: true });
    door.advance(249);
    expect(door.actor.getSnapshot().value).toBe('open');
    door.advance(1);
    expect(door.actor.getSnapshot().value).toBe('closed');
    door.stop();
  });

  it('throw what the machine throws', () => {
    const broken = createMachine({ id: 'broken', entry: sendTo('nobody', { type: 'x' }) });
    expect(() => startRecorded(broken, { systemIds: [] })).toThrow(/nobody/);
  });
});

const events = [
  { type: 'user.open', door: 1 },
  { type: 'user.cancel' },
  { type: 'user.knock' },
  ...actorEvents(doorMachine, { unlock: [{ ok: true }], watchBell: [undefined] }),
];

/** The counter is left out of the graph key, or the graph would never end. */
const serializeState = (s: { value: unknown; context: { door: number } }) => JSON.stringify({ value: s.value, door: s.context.door });

describe('runPath', () => {
  const paths = coveragePaths(doorMachine, { events, serializeState });
  const toClosedByTimer = paths.find((p) => describePath(p) === '"closed" via user.open {"door":1} > unlock → {"ok":true} > after autoClose');

  it('feeds done events to the named actor and advances the clock for delays', () => {
    expect(toClosedByTimer).toBeDefined();
    const run = runPath(doorMachine, toClosedByTimer!, { meaning: (s) => s.value });
    expect(run.steps).toEqual([
      { event: '(start)', effects: [actorStarted('watchBell')], meaning: 'closed' },
      { event: 'user.open', effects: [actorStarted('unlock', { door: 1 })], meaning: 'unlocking' },
      {
        event: 'xstate.done.actor.unlock',
        effects: [
          action('notifyOpened', { door: 1 }),
          sendAction('tellPipsChanged', 'resources', { type: 'pips.changed' }),
          received('resources', { type: 'resource.reload', key: 'dashboard' }),
        ],
        meaning: 'open',
      },
      { event: 'xstate.after.autoClose.door.open', effects: [], meaning: 'closed' },
    ]);
  });

  it('is compared with an oracle step by step, so a missing effect fails', () => {
    const forgetful: PathOracle<unknown> = {
      started: [actorStarted('watchBell')],
      on: (event): Effect[] => (event.type === 'user.open' ? [actorStarted('unlock', { door: 1 })] : []),
      meaning: () => 'closed',
    };
    const run = runPath(doorMachine, toClosedByTimer!, { meaning: (s) => s.value });
    expect(run.steps).not.toEqual(expectedSteps(forgetful, toClosedByTimer!));
  });
});

describe('coverage checks', () => {
  it('report the state never reached and the transition never taken', () => {
    const report = coverageReport(doorMachine, { events, serializeState });
    expect(report.unvisitedStates).toEqual(['door.unreachable']);
    expect(report.untakenTransitions).toEqual(['door.open --user.knock [never]--> door.unreachable']);
  });

  it('report inline actions and guards, inline actor logic and unnamed delays', () => {
    const sloppy = createMachine({
      id: 'sloppy',
      initial: 'a',
      states: {
        a: {
          entry: () => {},
          invoke: { src: fromPromise(async () => 1) },
          after: { 100: 'b' },
          on: { go: { guard: () => true, target: 'b', actions: [() => {}] } },
        },
        b: {},
      },
    });
    expect(unnamedImplementations(sloppy)).toEqual([
      '#sloppy.a entry: inline action',
      '#sloppy.a invoke 0.sloppy.a: inline actor logic',
      '#sloppy.a after 100: unnamed delay',
      'sloppy.a --go [(inline)]--> sloppy.b: inline action',
      'sloppy.a --go [(inline)]--> sloppy.b: inline guard',
    ]);
    expect(unnamedImplementations(doorMachine)).toEqual([]);
  });
});

describe('path names', () => {
  const paths = coveragePaths(doorMachine, { events, serializeState });
  const toClosedByTimer = paths.find((p) => describePath(p) === '"closed" via user.open {"door":1} > unlock → {"ok":true} > after autoClose')!;
  const words: PathWords<typeof doorMachine, string> = {
    events: {
      'user.open': (e) => `the visitor opens door ${e.door}`,
      'user.cancel': 'gives up',
      'user.knock': '',
      'xstate.done.actor.unlock': (e) => ((e.output as { ok: boolean }).ok ? 'the lock opens' : 'the lock holds'),
      'xstate.error.actor.unlock': 'the lock breaks',
      'xstate.after.autoClose': 'a while passes',
    },
    outcome: (value) => `the door is ${value}`,
  };
  const closed = 'closed';

  it('say what happens, in order, and what the path ends with (a delay by its name, whatever the state)', () => {
    expect(namePath(words, toClosedByTimer, closed)).toBe('the visitor opens door 1, the lock opens, a while passes: the door is closed');
  });

  it('leave out a step whose phrase is empty, and name the path that sends nothing', () => {
    const knocked = paths.find((p) => describePath(p) === '"closed" via user.knock')!;
    expect(namePath(words, knocked, closed)).toBe('at start: the door is closed');
  });

  it('begin with the start when it is given', () => {
    const withStart: typeof words = { ...words, start: 'the bell starts listening' };
    expect(namePath(withStart, paths[0], closed)).toBe('the bell starts listening: the door is closed');
    expect(namePath(withStart, toClosedByTimer, closed)).toBe(
      'the bell starts listening, the visitor opens door 1, the lock opens, a while passes: the door is closed',
    );
  });

  it('fail on an event without words', () => {
    const { 'xstate.after.autoClose': _, ...tooFew } = words.events;
    const incomplete: typeof words = { ...words, events: tooFew as typeof words.events };
    expect(() => namePath(incomplete, toClosedByTimer, closed)).toThrow(
      'no words for the event xstate.after.autoClose.door.open (nor xstate.after.autoClose)',
    );
  });

  it('say a step repeated in a row once, counted', () => {
    const waitedThrice = { ...paths[0], steps: [...paths[0].steps, ...[1, 2, 3].map(() => ({ event: { type: 'xstate.after.autoClose.door.open' }, state: paths[0].state }))] };
    expect(namePath(words, waitedThrice, closed)).toBe('a while passes (3 times): the door is closed');
  });

  it('number the paths that share a name', () => {
    expect(uniqueNames(['a', 'b', 'a', 'a'])).toEqual(['a', 'b', 'a (variant 2)', 'a (variant 3)']);
  });
});
