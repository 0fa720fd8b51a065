import { assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import type { LanguageActivation, LanguageChoiceEvent, LanguageChoiceInput } from './languageChoice.types';

/**
 * The member choosing the language with the top bar's switch (the choice is stored, the
 * catalog loads with its retries, English is the fallback). `activate` stores the choice, loads
 * the chosen catalog and shows it, and tells which language is shown in the end and whether the
 * browser was offline.
 * - Pressing the language shown does nothing; pressing another loads it. While one loads,
 *   pressing another puts that load aside for the new choice; pressing the same does nothing.
 * - When the language shown in the end is not the chosen one, the previous language stays and
 *   the switch says why. Offline (before the service worker saved the catalog), the choice waits:
 *   the notice says it shows once the device is back online, and it loads again when the browser
 *   comes back online (the member may close the notice; the choice still waits). Online (the
 *   server failed), the notice says it could not load, until the member closes it.
 * - While a choice waits or failed, any press loads what was pressed (the waiting language again
 *   at once, or the one shown, which ends the wait).
 * - A choice the app started without (its catalog could not load at start: `input.notShown`)
 *   waits or failed likewise.
 */
export const languageChoiceMachine = setup({
  types: {
    context: {} as { wanted: string | null; startedOffline: boolean },
    input: {} as LanguageChoiceInput | undefined,
    events: {} as LanguageChoiceEvent,
  },
  actors: {
    /** Stores the choice, loads and shows its catalog. */
    activate: fromPromise<LanguageActivation, { locale: string }>(async ({ input }) => ({ shown: input.locale, offline: false })),
    /** Sends `connectivity.online` when the browser comes back online. */
    watchOnline: fromCallback<EventObject>(() => () => {}),
  },
  guards: {
    /** The app started without a choice, offline. */
    startedWithoutChoiceOffline: ({ context }) => context.wanted !== null && context.startedOffline,
    /** The app started without a choice, online. */
    startedWithoutChoice: ({ context }) => context.wanted !== null,
    /** The member pressed the other language than the one shown. */
    isAnotherLanguage: (_, params: { locale: string; shown: string }) => params.locale !== params.shown,
    /** The member pressed another language than the one loading. */
    isAnotherChoice: ({ context }, params: { locale: string }) => params.locale !== context.wanted,
    /** The language shown in the end is the one chosen. */
    cameAsChosen: ({ context }, params: { shown: string }) => params.shown === context.wanted,
    /** The load failed while the browser was offline. */
    wasOffline: (_, params: { offline: boolean }) => params.offline,
  },
  actions: {
    /** Keeps the member's choice. */
    assignWanted: assign((_, params: { locale: string }) => ({ wanted: params.locale })),
    /** Nothing waits. */
    clearWanted: assign({ wanted: null }),
  },
}).createMachine({
  id: 'languageChoice',
  initial: 'starting',
  context: ({ input }) => ({ wanted: input?.notShown?.locale ?? null, startedOffline: input?.notShown?.offline ?? false }),
  states: {
    /** Whether the app started with its choice shown. */
    starting: {
      always: [
        { guard: 'startedWithoutChoiceOffline', target: 'waiting' },
        { guard: 'startedWithoutChoice', target: 'failed' },
        { target: 'idle' },
      ],
    },
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
            guard: { type: 'cameAsChosen', params: ({ event }) => ({ shown: event.output.shown }) },
            target: 'idle',
            actions: 'clearWanted',
          },
          { guard: { type: 'wasOffline', params: ({ event }) => ({ offline: event.output.offline }) }, target: 'waiting' },
          { target: 'failed' },
        ],
        onError: { target: 'failed' },
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
    /** The chosen language could not load offline: the previous one shows until the device is back online. */
    waiting: {
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
    /** The chosen language could not load while online: the switch says so until the member closes it. */
    failed: {
      on: {
        'user.dismiss': { target: 'idle', actions: 'clearWanted' },
        'user.choose': {
          target: 'switching',
          actions: { type: 'assignWanted', params: ({ event }) => ({ locale: event.locale }) },
        },
      },
    },
  },
});
