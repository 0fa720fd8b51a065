import { assign } from 'xstate';
import { clockMachine } from '../../machines/clock.machine';
import { describeMachinePaths, type PathEvent } from './describePathCoverage';
import type { ActorOutputFixtures, EventFixtures } from './pathCoverage';

/**
 * The rules: relative time labels ('5 minutes ago') refresh every 60 s: `now` is read at start and again
 * every 60 s, nothing else. `readNow` reads the simulated clock here, as the app binds it to the
 * real one; each step's meaning is the `now` the labels are computed from.
 */
function clockRules() {
  let now = 0;
  return {
    started: [],
    on(event: PathEvent<never>) {
      if (!event.type.startsWith('xstate.after.relativeTimeTick.')) throw new Error(`the clock takes no ${event.type}`);
      now += 60_000;
      return [];
    },
    meaning: () => ({ now }),
  };
}

describeMachinePaths({
  name: 'clock',
  machine: clockMachine,
  events: {} satisfies EventFixtures<never>,
  outputs: {} satisfies ActorOutputFixtures<typeof clockMachine>,
  // `now` comes from the clock here; the traversal (placeholder readNow) keeps it at 0.
  serializeState: (s) => JSON.stringify(s.value),
  provide: ({ clock }) => ({ actions: { readNow: assign({ now: () => clock.now() }) } }),
  meaning: (s) => ({ now: s.context.now }),
  oracle: clockRules,
  words: {
    events: { 'xstate.after.relativeTimeTick': 'a minute passes and the time is read again' },
    start: 'the app starts and reads the time',
    outcome: (m) => `the labels count from ${m.now / 60_000} min after start`,
  },
});
