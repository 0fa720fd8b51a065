import { assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import type { LanguageChoiceEvent } from './languageChoice.types';

/**
 * The member choosing the language with the top bar's switch (SPEC §9: the choice is stored, the
 * catalog loads with its retries, English is the fallback). `activate` stores the choice, loads
 * the chosen catalog and shows it, and tells which language is shown in the end. When that is
 * not the chosen one (offline, before the service worker saved the catalog), English stays, the
 * switch says the chosen language comes once the device is back online, and it does: the choice
 * is loaded again when the browser comes back online (the member may close the notice meanwhile;
 * the choice still waits). Choosing while a language loads puts that
 * load aside for the new choice; choosing the language shown, while one waits, ends the wait.
 */
export const languageChoiceMachine = setup({
  types: {
    context: {} as { wanted: string | null },
    events: {} as LanguageChoiceEvent,
  },
  actors: {
    /** Stores the choice, loads and shows its catalog; the output is the language shown. */
    activate: fromPromise<string, { locale: string }>(async ({ input }) => input.locale),
    /** Sends `connectivity.online` when the browser comes back online. */
    watchOnline: fromCallback<EventObject>(() => () => {}),
  },
  guards: {
    /** The member pressed the other language than the one shown. */
    isAnotherLanguage: (_, params: { locale: string; shown: string }) => params.locale !== params.shown,
    /** The member pressed another language than the one loading. */
    isAnotherChoice: ({ context }, params: { locale: string }) => params.locale !== context.wanted,
    /** The language shown in the end is the one chosen. */
    cameAsChosen: ({ context }, params: { shown: string }) => params.shown === context.wanted,
  },
  actions: {
    /** Keeps the member's choice. */
    assignWanted: assign((_, params: { locale: string }) => ({ wanted: params.locale })),
    /** The choice is shown: nothing waits. */
    clearWanted: assign({ wanted: null }),
  },
}).createMachine({
  id: 'languageChoice',
  initial: 'idle',
  context: { wanted: null },
  states: {
    /** The language shown is the one chosen. */
    idle: {
      on: {
        'user.choose': {
          guard: { type: 'isAnotherLanguage', params: ({ event }) => ({ locale: event.locale, shown: event.shown }) },
          target: 'switching',
          actions: { type: 'assignWanted', params: ({ event }) => ({ locale: event.locale }) },
        },
      },
    },
    /** The chosen catalog loads (with its retries). */
    switching: {
      invoke: {
        id: 'activate',
        src: 'activate',
        input: ({ context }) => ({ locale: context.wanted ?? '' }),
        onDone: [
          {
            guard: { type: 'cameAsChosen', params: ({ event }) => ({ shown: event.output }) },
            target: 'idle',
            actions: 'clearWanted',
          },
          { target: 'unavailable' },
        ],
        onError: { target: 'unavailable' },
      },
      on: {
        'user.choose': {
          guard: { type: 'isAnotherChoice', params: ({ event }) => ({ locale: event.locale }) },
          target: 'switching',
          reenter: true,
          actions: { type: 'assignWanted', params: ({ event }) => ({ locale: event.locale }) },
        },
      },
    },
    /** The chosen language could not load: another language shows until the device is back online. */
    unavailable: {
      invoke: { id: 'watchOnline', src: 'watchOnline' },
      initial: 'told',
      states: {
        /** The switch says so. */
        told: { on: { 'user.dismiss': { target: 'quiet' } } },
        /** The member closed the notice. */
        quiet: {},
      },
      on: {
        'connectivity.online': { target: 'switching' },
        'user.choose': {
          target: 'switching',
          actions: { type: 'assignWanted', params: ({ event }) => ({ locale: event.locale }) },
        },
      },
    },
  },
});
