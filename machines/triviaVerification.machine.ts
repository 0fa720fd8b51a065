import { assign, fromPromise, setup } from 'xstate';
import type {
  RecallOutput,
  RememberedTrivia,
  ScanContestsOutput,
  TriviaContestSummary,
  TriviaVerificationContext,
  TriviaVerificationEvent,
} from './trivia.types';
import { TRIVIA_SCAN_LANES, triviaScanMachine } from './triviaScan.machine';

/** SPEC §9: up to 4 contests are checked in parallel. */
export const TRIVIA_VERIFY_CONCURRENCY = TRIVIA_SCAN_LANES;

const sameContests = (a: readonly TriviaContestSummary[], b: readonly TriviaContestSummary[]) =>
  a.length === b.length && a.every((contest, i) => contest.id === b[i].id);

type StoreParams = { userId: number } & RememberedTrivia & { language: string };

/** What is stored for the member and language: the context's results. */
const stored = ({ context }: { context: TriviaVerificationContext }): StoreParams => ({
  userId: context.userId ?? 0,
  language: context.language,
  contests: context.contests,
  answered: context.answered,
  day: context.day,
  dayDoneUntil: context.dayDoneUntil,
});

/**
 * Trivia verification (SPEC §4): which trivia contests the member has answered. For a new
 * member (or language) it first recalls what it stored for them (`recalling`), then scans (a
 * `triviaScan` machine: the contest list, and each running contest's question call, up to 4 at
 * a time; a contest whose question call says NO_AVAILABLE_QUESTIONS counts as answered; offline,
 * the stored copy), then succeeded or failed; the list's word on the question of the day (none left
 * until a time, or some left) replaces what was remembered of it. A contest answered today, in the same list, is not
 * asked again (its call would only say so again); a new day or a changed list asks again. The
 * trivia rounds tell it when a contest has no question left (`contest.answered`) and when the
 * question of the day has none until the next day (`day.done`): both are remembered. The app root
 * tells it whether the connection is down (`network.changed`). It scans again on request; when the
 * contest list changes the answered list starts over. The result is kept per member and language
 * (`storeResults`).
 */
export const triviaVerificationMachine = setup({
  types: {
    context: {} as TriviaVerificationContext,
    events: {} as TriviaVerificationEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** The copy stored for the member and language (IndexedDB), the member's day and the time. */
    recall: fromPromise<RecallOutput, { userId: number; language: string }>(async () => ({ stored: null, today: '', now: 0 })),
    /** GET /mobile/contest/trivias, then GET .../{id}/question of each (the stored copy when offline). */
    scanContests: triviaScanMachine,
  },
  actions: {
    /** Keeps the result for this member and language (IndexedDB). */
    storeResults: (_, _params: StoreParams) => {},
    assignScope: assign((_, params: { userId: number | null; language: string }) => ({
      userId: params.userId,
      language: params.language,
      contests: [],
      answered: [],
      day: null,
      today: null,
      dayDoneUntil: null,
      errorCode: null,
    })),
    /** What was stored shows at once; a question of the day done until a time now past is forgotten. */
    assignRecalled: assign((_, params: RecallOutput) => ({
      contests: params.stored?.contests ?? [],
      answered: params.stored?.answered ?? [],
      day: params.stored?.day ?? null,
      today: params.today,
      dayDoneUntil: params.stored?.dayDoneUntil != null && params.stored.dayDoneUntil > params.now ? params.stored.dayDoneUntil : null,
    })),
    /**
     * A new contest list starts the answered list over; the same list adds to it. What the list
     * says of the question of the day replaces what was remembered of it.
     */
    assignScan: assign(({ context }, params: { contests: TriviaContestSummary[]; answered: number[]; dayDoneUntil?: string | null }) => {
      const until = params.dayDoneUntil == null ? null : Date.parse(params.dayDoneUntil);
      return {
        contests: params.contests,
        answered: sameContests(context.contests, params.contests)
          ? [...new Set([...context.answered, ...params.answered])].filter((id) => params.contests.some((c) => c.id === id))
          : params.answered,
        day: context.today,
        ...(params.dayDoneUntil === undefined ? {} : { dayDoneUntil: until !== null && Number.isFinite(until) ? until : null }),
        errorCode: null,
      };
    }),
    assignAnswered: assign(({ context }, params: { contestId: number }) => ({
      answered: context.answered.includes(params.contestId) ? context.answered : [...context.answered, params.contestId],
      day: context.day ?? context.today,
    })),
    assignDayDone: assign((_, params: { until: string }) => {
      const until = Date.parse(params.until);
      return { dayDoneUntil: Number.isFinite(until) ? until : null };
    }),
    assignError: assign((_, params: { code: string }) => ({ errorCode: params.code })),
    assignOffline: assign((_, params: { offline: boolean }) => ({ offline: params.offline })),
  },
  guards: {
    isNewMemberScope: ({ context }, params: { userId: number | null; language: string }) =>
      params.userId !== null && (context.userId !== params.userId || context.language !== params.language),
    isNewScope: ({ context }, params: { userId: number | null; language: string }) =>
      context.userId !== params.userId || context.language !== params.language,
    isScanned: (_, params: { output: ScanContestsOutput }) => params.output.ok,
    hasMember: ({ context }) => context.userId !== null,
  },
}).createMachine({
  id: 'triviaVerification',
  initial: 'idle',
  context: { userId: null, language: 'en', offline: false, contests: [], answered: [], day: null, today: null, dayDoneUntil: null, errorCode: null },
  on: {
    'network.changed': { actions: { type: 'assignOffline', params: ({ event }) => ({ offline: event.offline }) } },
    // A verified member (or their new language) is checked at once; nobody leaves it idle.
    'scope.changed': [
      {
        guard: { type: 'isNewMemberScope', params: ({ event }) => ({ userId: event.userId, language: event.language }) },
        target: '.recalling',
        reenter: true,
        actions: { type: 'assignScope', params: ({ event }) => ({ userId: event.userId, language: event.language }) },
      },
      {
        guard: { type: 'isNewScope', params: ({ event }) => ({ userId: event.userId, language: event.language }) },
        target: '.idle',
        actions: { type: 'assignScope', params: ({ event }) => ({ userId: event.userId, language: event.language }) },
      },
    ],
    'contest.answered': {
      guard: 'hasMember',
      actions: [{ type: 'assignAnswered', params: ({ event }) => ({ contestId: event.contestId }) }, { type: 'storeResults', params: stored }],
    },
    'day.done': {
      guard: 'hasMember',
      actions: [{ type: 'assignDayDone', params: ({ event }) => ({ until: event.until }) }, { type: 'storeResults', params: stored }],
    },
  },
  states: {
    /** Nobody verified: nothing to check (a verified member starts a scan at once). */
    idle: {},
    /** What was stored for the member and language: shown at once, and the scan's memory. */
    recalling: {
      tags: 'busy',
      invoke: {
        id: 'recall',
        src: 'recall',
        input: ({ context }) => ({ userId: context.userId ?? 0, language: context.language }),
        onDone: { target: 'scanning', actions: { type: 'assignRecalled', params: ({ event }) => event.output } },
        onError: { target: 'scanning' },
      },
    },
    scanning: {
      tags: 'busy',
      // A request while a scan runs (the member just joined) starts it over: the running one may
      // have listed the contests before the change.
      on: { 'verify.request': { target: 'scanning', reenter: true } },
      invoke: {
        id: 'scanContests',
        src: 'scanContests',
        input: ({ context }) => ({
          userId: context.userId ?? 0,
          language: context.language,
          offline: context.offline,
          // What was answered today is not asked again while the list stays the same.
          memory: context.day !== null && context.day === context.today ? { contests: context.contests, answered: context.answered } : null,
        }),
        onDone: [
          {
            guard: { type: 'isScanned', params: ({ event }) => ({ output: event.output }) },
            target: 'succeeded',
            actions: [
              {
                type: 'assignScan',
                params: ({ event }) =>
                  event.output.ok
                    ? { contests: event.output.contests, answered: event.output.answered, dayDoneUntil: event.output.dayDoneUntil }
                    : { contests: [], answered: [] },
              },
              { type: 'storeResults', params: stored },
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
