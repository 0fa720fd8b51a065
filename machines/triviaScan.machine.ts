import { assign, fromPromise, setup } from 'xstate';
import type { Failure, TriviaContestSummary, TriviaDayStanding } from './trivia.types';

/** SPEC §9: up to 4 contests are checked in parallel (one lane each). */
export const TRIVIA_SCAN_LANES = 4;

export interface TriviaScanInput {
  userId: number;
  language: string;
  /** The connection is known to be down: the stored copy stands in at once. */
  offline: boolean;
  /** The contests answered today and the list they were in: with the same list, not asked again. */
  memory?: { contests: TriviaContestSummary[]; answered: number[] } | null;
}

/** The contest list; `daily`: the question of the day as it stands for the member, when the server tells it. */
export type ListContestsOutput = { ok: true; contests: TriviaContestSummary[]; daily?: TriviaDayStanding } | Failure;
/** Whether the contest's question call said NO_AVAILABLE_QUESTIONS. */
export interface CheckContestOutput {
  answered: boolean;
}
export type StoredScan = { contests: TriviaContestSummary[]; answered: number[] } | null;
/** `dayDoneUntil`: the question of the day has none left until then (ISO); null: it has; absent: not told. */
export type TriviaScanOutput = { ok: true; contests: TriviaContestSummary[]; answered: number[]; dayDoneUntil?: string | null } | Failure;

export interface TriviaScanContext {
  userId: number;
  language: string;
  offline: boolean;
  memory: { contests: TriviaContestSummary[]; answered: number[] } | null;
  contests: TriviaContestSummary[];
  /** Running contests remembered as answered (the same list, today), or that the list says have none left: no call. */
  remembered: number[];
  /** What the list said of the question of the day (undefined: nothing). */
  daily: TriviaDayStanding | undefined;
  /** The running contests' ids, to check in order. */
  running: number[];
  /** The index in `running` of the next contest a free lane takes. */
  next: number;
  /** The contest each lane checks (null: none). */
  lanes: (number | null)[];
  answered: number[];
  /** Why the scan fails (null: it has not). */
  code: string | null;
}

type Lane = { lane: number };

/** A contest runs unless it says it is upcoming or ended. */
const isRunning = (contest: TriviaContestSummary) => contest.status === undefined || contest.status === 'running';

const sameIds = (a: readonly TriviaContestSummary[], b: readonly TriviaContestSummary[]) => a.length === b.length && a.every((c, i) => c.id === b[i].id);

/** One lane of the pool: checks a contest, then takes the next one left, until none is. */
const lane = (index: number) =>
  ({
    initial: 'starting',
    states: {
      starting: {
        always: [
          { guard: { type: 'hasFirstContest', params: { lane: index } }, target: 'checking', actions: { type: 'takeFirst', params: { lane: index } } },
          { target: 'finished' },
        ],
      },
      checking: {
        invoke: {
          id: `lane${index}`,
          src: 'checkContest',
          input: ({ context }: { context: TriviaScanContext }) => ({ contestId: context.lanes[index] ?? 0 }),
          onDone: {
            target: 'waiting',
            actions: { type: 'recordCheck', params: ({ event }: { event: { output: CheckContestOutput } }) => ({ lane: index, answered: event.output.answered }) },
          },
          onError: { target: '#triviaScan.failed', actions: { type: 'assignCode', params: { code: 'UNKNOWN_ERROR' } } },
        },
      },
      waiting: {
        always: [{ guard: 'hasNextContest', target: 'checking', actions: { type: 'takeNext', params: { lane: index } } }, { target: 'finished' }],
      },
      finished: { type: 'final' },
    },
  }) as const;

/**
 * One scan of the trivia contests (SPEC §4 Trivia verification, §9): offline, the copy stored
 * for the member and language stands in; else the contest list, then each running contest's
 * question call, 4 at a time (a lane takes the next contest as soon as its call answers); a
 * contest whose call says NO_AVAILABLE_QUESTIONS counts as answered. A contest whose list entry
 * says how many questions the member has left is not asked (none left: answered), and the list's
 * word on the question of the day is passed on (`dayDoneUntil`). A contest the memory holds
 * as answered (today, in the same list) is not asked again: its call would only say so again
 * (and log a 404 in the browser). A list that cannot be
 * reached (OFFLINE, NETWORK_ERROR) falls back to the stored copy; no copy, or any other
 * failure, ends it with the code. Its output is the verification's `scanContests` answer.
 */
export const triviaScanMachine = setup({
  types: {
    context: {} as TriviaScanContext,
    input: {} as TriviaScanInput | undefined,
    output: {} as TriviaScanOutput,
  },
  actors: {
    /** GET /mobile/contest/trivias. */
    listContests: fromPromise<ListContestsOutput>(async () => ({ ok: false, code: 'NOT_PROVIDED' })),
    /** GET /mobile/contest/trivias/{id}/question: answered when it says NO_AVAILABLE_QUESTIONS. */
    checkContest: fromPromise<CheckContestOutput, { contestId: number }>(async () => ({ answered: false })),
    /** The copy stored for the member and language (IndexedDB), or null. */
    readStored: fromPromise<StoredScan, { userId: number; language: string }>(async () => null),
  },
  actions: {
    /**
     * A running contest whose list entry says how many questions are left needs no call (none
     * left: answered); else one the memory holds as answered; the rest are asked.
     */
    assignContests: assign(({ context }, params: { contests: TriviaContestSummary[]; daily: TriviaDayStanding | undefined }) => {
      const memory = context.memory && sameIds(context.memory.contests, params.contests) ? context.memory.answered : [];
      const told = (c: TriviaContestSummary) => c.questionsLeft !== undefined;
      const remembered = params.contests
        .filter((c) => isRunning(c) && (told(c) ? c.questionsLeft === 0 : memory.includes(c.id)))
        .map((c) => c.id);
      const running = params.contests.filter((c) => isRunning(c) && !told(c) && !remembered.includes(c.id)).map((c) => c.id);
      return {
        contests: params.contests,
        remembered,
        running,
        daily: params.daily,
        next: Math.min(TRIVIA_SCAN_LANES, running.length),
        answered: [],
        code: null,
      };
    }),
    takeFirst: assign(({ context }, params: Lane) => ({ lanes: context.lanes.map((id, i) => (i === params.lane ? context.running[params.lane] : id)) })),
    takeNext: assign(({ context }, params: Lane) => ({
      lanes: context.lanes.map((id, i) => (i === params.lane ? context.running[context.next] : id)),
      next: context.next + 1,
    })),
    recordCheck: assign(({ context }, params: Lane & { answered: boolean }) => {
      const contestId = context.lanes[params.lane];
      const answered = params.answered && contestId !== null ? [...context.answered, contestId] : context.answered;
      return { answered, lanes: context.lanes.map((id, i) => (i === params.lane ? null : id)) };
    }),
    assignStored: assign((_, params: { contests: TriviaContestSummary[]; answered: number[] }) => ({
      contests: params.contests,
      answered: params.answered,
      code: null,
    })),
    assignCode: assign((_, params: { code: string }) => ({ code: params.code })),
  },
  guards: {
    isOffline: ({ context }) => context.offline,
    isListed: (_, params: { output: ListContestsOutput }) => params.output.ok,
    /** The list could not be reached: the stored copy may stand in. */
    isUnreachable: (_, params: { output: ListContestsOutput }) => !params.output.ok && (params.output.code === 'OFFLINE' || params.output.code === 'NETWORK_ERROR'),
    hasFirstContest: ({ context }, params: Lane) => params.lane < context.running.length,
    hasNextContest: ({ context }) => context.next < context.running.length,
    isStored: (_, params: { stored: StoredScan }) => params.stored !== null,
  },
}).createMachine({
  id: 'triviaScan',
  initial: 'starting',
  context: ({ input }) => ({
    userId: input?.userId ?? 0,
    language: input?.language ?? 'en',
    offline: input?.offline ?? false,
    memory: input?.memory ?? null,
    contests: [],
    remembered: [],
    daily: undefined,
    running: [],
    next: 0,
    lanes: Array.from({ length: TRIVIA_SCAN_LANES }, () => null),
    answered: [],
    code: null,
  }),
  states: {
    starting: {
      always: [
        { guard: 'isOffline', target: 'readingStored', actions: { type: 'assignCode', params: { code: 'OFFLINE' } } },
        { target: 'listing' },
      ],
    },
    listing: {
      invoke: {
        id: 'listContests',
        src: 'listContests',
        onDone: [
          {
            guard: { type: 'isListed', params: ({ event }) => ({ output: event.output }) },
            target: 'checking',
            actions: {
              type: 'assignContests',
              params: ({ event }) => (event.output.ok ? { contests: event.output.contests, daily: event.output.daily } : { contests: [], daily: undefined }),
            },
          },
          {
            guard: { type: 'isUnreachable', params: ({ event }) => ({ output: event.output }) },
            target: 'readingStored',
            actions: { type: 'assignCode', params: ({ event }) => ({ code: event.output.ok ? 'UNKNOWN_ERROR' : event.output.code }) },
          },
          { target: 'failed', actions: { type: 'assignCode', params: ({ event }) => ({ code: event.output.ok ? 'UNKNOWN_ERROR' : event.output.code }) } },
        ],
        onError: { target: 'failed', actions: { type: 'assignCode', params: { code: 'UNKNOWN_ERROR' } } },
      },
    },
    /** The running contests' question calls, one per lane. */
    checking: {
      type: 'parallel',
      // TRIVIA_SCAN_LANES of them.
      states: { lane0: lane(0), lane1: lane(1), lane2: lane(2), lane3: lane(3) },
      onDone: { target: 'done' },
    },
    /** Offline or unreachable: the stored copy, if any. */
    readingStored: {
      invoke: {
        id: 'readStored',
        src: 'readStored',
        input: ({ context }) => ({ userId: context.userId, language: context.language }),
        onDone: [
          {
            guard: { type: 'isStored', params: ({ event }) => ({ stored: event.output }) },
            target: 'done',
            actions: { type: 'assignStored', params: ({ event }) => event.output ?? { contests: [], answered: [] } },
          },
          // No copy: the code that sent it here stands.
          { target: 'failed' },
        ],
        onError: { target: 'failed' },
      },
    },
    done: { type: 'final' },
    failed: { type: 'final' },
  },
  output: ({ context }) =>
    context.code === null
      ? {
          ok: true,
          contests: context.contests,
          answered:
            context.running.length || context.remembered.length
              ? context.contests.map((c) => c.id).filter((id) => context.remembered.includes(id) || (context.running.includes(id) && context.answered.includes(id)))
              : context.answered,
          ...(context.daily ? { dayDoneUntil: context.daily.questionsLeft === 0 ? context.daily.nextDayAt : null } : {}),
        }
      : { ok: false, code: context.code },
});
