import { assign, setup } from 'xstate';
import type { ScanContestsOutput, TriviaContestSummary, TriviaVerificationContext, TriviaVerificationEvent } from './trivia.types';
import { TRIVIA_SCAN_LANES, triviaScanMachine } from './triviaScan.machine';

/** SPEC §9: up to 4 contests are checked in parallel. */
export const TRIVIA_VERIFY_CONCURRENCY = TRIVIA_SCAN_LANES;

const sameContests = (a: readonly TriviaContestSummary[], b: readonly TriviaContestSummary[]) =>
  a.length === b.length && a.every((contest, i) => contest.id === b[i].id);

/**
 * Trivia verification (SPEC §4): which trivia contests the member has answered. idle, then
 * scanning (a `triviaScan` machine: the contest list, and each running contest's question call,
 * up to 4 at a time; a contest whose question call says NO_AVAILABLE_QUESTIONS counts as
 * answered; offline, the stored copy), then succeeded or failed. The app root tells it whether
 * the connection is down (`network.changed`).
 * It starts by itself when a verified member arrives while it is idle, and again on request;
 * when the contest list changes the answered list starts over. The result is kept per member
 * and language (`storeResults`).
 */
export const triviaVerificationMachine = setup({
  types: {
    context: {} as TriviaVerificationContext,
    events: {} as TriviaVerificationEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** GET /mobile/contest/trivias, then GET .../{id}/question of each (the stored copy when offline). */
    scanContests: triviaScanMachine,
  },
  actions: {
    /** Keeps the result for this member and language (IndexedDB). */
    storeResults: (_, _params: { userId: number; language: string; contests: TriviaContestSummary[]; answered: number[] }) => {},
    assignScope: assign((_, params: { userId: number | null; language: string }) => ({
      userId: params.userId,
      language: params.language,
      contests: [],
      answered: [],
      errorCode: null,
    })),
    /** A new contest list starts the answered list over; the same list adds to it. */
    assignScan: assign(({ context }, params: { contests: TriviaContestSummary[]; answered: number[] }) => ({
      contests: params.contests,
      answered: sameContests(context.contests, params.contests)
        ? [...new Set([...context.answered, ...params.answered])].filter((id) => params.contests.some((c) => c.id === id))
        : params.answered,
      errorCode: null,
    })),
    assignError: assign((_, params: { code: string }) => ({ errorCode: params.code })),
    assignOffline: assign((_, params: { offline: boolean }) => ({ offline: params.offline })),
  },
  guards: {
    isNewMemberScope: ({ context }, params: { userId: number | null; language: string }) =>
      params.userId !== null && (context.userId !== params.userId || context.language !== params.language),
    isNewScope: ({ context }, params: { userId: number | null; language: string }) =>
      context.userId !== params.userId || context.language !== params.language,
    isScanned: (_, params: { output: ScanContestsOutput }) => params.output.ok,
  },
}).createMachine({
  id: 'triviaVerification',
  initial: 'idle',
  context: { userId: null, language: 'en', offline: false, contests: [], answered: [], errorCode: null },
  on: {
    'network.changed': { actions: { type: 'assignOffline', params: ({ event }) => ({ offline: event.offline }) } },
    // A verified member (or their new language) is checked at once; nobody leaves it idle.
    'scope.changed': [
      {
        guard: { type: 'isNewMemberScope', params: ({ event }) => ({ userId: event.userId, language: event.language }) },
        target: '.scanning',
        reenter: true,
        actions: { type: 'assignScope', params: ({ event }) => ({ userId: event.userId, language: event.language }) },
      },
      {
        guard: { type: 'isNewScope', params: ({ event }) => ({ userId: event.userId, language: event.language }) },
        target: '.idle',
        actions: { type: 'assignScope', params: ({ event }) => ({ userId: event.userId, language: event.language }) },
      },
    ],
  },
  states: {
    /** Nobody verified: nothing to check (a verified member starts a scan at once). */
    idle: {},
    scanning: {
      tags: 'busy',
      invoke: {
        id: 'scanContests',
        src: 'scanContests',
        input: ({ context }) => ({ userId: context.userId ?? 0, language: context.language, offline: context.offline }),
        onDone: [
          {
            guard: { type: 'isScanned', params: ({ event }) => ({ output: event.output }) },
            target: 'succeeded',
            actions: [
              {
                type: 'assignScan',
                params: ({ event }) => (event.output.ok ? { contests: event.output.contests, answered: event.output.answered } : { contests: [], answered: [] }),
              },
              {
                type: 'storeResults',
                params: ({ context }) => ({ userId: context.userId ?? 0, language: context.language, contests: context.contests, answered: context.answered }),
              },
            ],
          },
          { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ code: event.output.ok ? 'UNKNOWN_ERROR' : event.output.code }) } },
        ],
        onError: { target: 'failed', actions: { type: 'assignError', params: { code: 'UNKNOWN_ERROR' } } },
      },
    },
    succeeded: {
      on: { 'verify.request': { target: 'scanning' } },
    },
    failed: {
      on: { 'verify.request': { target: 'scanning' } },
    },
  },
});
