import { assign, setup } from 'xstate';

/**
 * The app's clock for relative times ('5 minutes ago'): `now` is read at start and
 * again every 60 s, so every label refreshes together. `readNow` is bound to the real clock by
 * the app (tests give their own).
 */
export const clockMachine = setup({
  types: {
    context: {} as { now: number },
    input: {} as { now?: number } | undefined,
  },
  actions: {
    /** Reads the current time into `now`. */
    readNow: assign(({ context }) => ({ now: context.now })),
  },
  delays: {
    /** Relative time labels are refreshed every 60 s. */
    relativeTimeTick: 60_000,
  },
}).createMachine({
  id: 'clock',
  initial: 'ticking',
  context: ({ input }) => ({ now: input?.now ?? 0 }),
  states: {
    ticking: {
      entry: 'readNow',
      after: { relativeTimeTick: { target: 'ticking', reenter: true } },
    },
  },
});
