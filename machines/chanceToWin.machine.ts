import { assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import type {
  ChanceToWinContext,
  ChanceToWinEvent,
  CurrentContest,
  FetchContestInput,
  FetchContestOutput,
  QualificationMemory,
  StoreMemoryParams,
} from './chanceToWin.types';

/** The memory key of a contest and its threshold: a new threshold can be celebrated again. */
export const qualificationKey = (contest: Pick<CurrentContest, 'id' | 'thresholdInPips'>) => `${contest.id}:${contest.thresholdInPips}`;

/**
 * Whether this answer crosses the threshold from below, by what this device saw last of the
 * same contest and threshold, and was not celebrated yet. A contest seen for the first time
 * sets the baseline (nothing is known of "below").
 */
export const crossesThreshold = (memory: QualificationMemory, contest: CurrentContest): boolean => {
  const key = qualificationKey(contest);
  const before = memory.seen[key];
  return before !== undefined && before < contest.thresholdInPips && contest.earnedPips >= contest.thresholdInPips && !memory.celebrated.includes(key);
};

/** The memory after seeing this answer (and celebrating it when `celebrated`). */
export const rememberContest = (memory: QualificationMemory, contest: CurrentContest, celebrated: boolean): QualificationMemory => {
  const key = qualificationKey(contest);
  return {
    seen: { ...memory.seen, [key]: contest.earnedPips },
    celebrated: celebrated && !memory.celebrated.includes(key) ? [...memory.celebrated, key] : memory.celebrated,
  };
};

const EMPTY_MEMORY: QualificationMemory = { seen: {}, celebrated: [] };

type FetchDone = { event: { output: FetchContestOutput } };
const outputOf = ({ event }: FetchDone) => ({ output: event.output });
const contestOf = ({ event }: FetchDone) => ({ contest: event.output.ok ? event.output.contest : null });
const memoryAfter = (celebrated: boolean) => ({ context, event }: { context: ChanceToWinContext } & FetchDone): StoreMemoryParams => {
  const contest = event.output.ok ? event.output.contest : null;
  return { userId: context.userId ?? 0, memory: contest ? rememberContest(context.memory, contest, celebrated) : context.memory };
};

/**
 * The Chance to Win contest of the verified member: loaded when the member is verified
 * (or the language changes), whenever the page becomes visible, and 500 ms after pips move
 * (again 500 ms after the last of several). CHALLENGE_NOT_ACTIVE or an answer without an id
 * clears it. The qualification fires once per contest and threshold, when the earned pips cross
 * from below to at or above it: the success toast (5 s) and confetti, or the toast alone when the
 * member prefers reduced motion. What was seen and celebrated is kept on the device, so a
 * reload never celebrates twice.
 */
export const chanceToWinMachine = setup({
  types: {
    context: {} as ChanceToWinContext,
    events: {} as ChanceToWinEvent,
    tags: {} as 'loading',
  },
  actors: {
    /** GET /mobile/contest/chancetowin; failures come back as data. */
    fetchContest: fromPromise<FetchContestOutput, FetchContestInput>(async () => ({ ok: false, code: 'NOT_PROVIDED' })),
    /** The member's qualification memory, kept on the device. */
    readMemory: fromPromise<QualificationMemory, { userId: number }>(async () => EMPTY_MEMORY),
    /** Sends `page.visible` when the page is shown again. */
    watchVisibility: fromCallback<EventObject>(() => () => {}),
    /** Sends `motion.preference` at start and when the member's preference changes. */
    watchMotionPreference: fromCallback<EventObject>(() => () => {}),
  },
  actions: {
    assignScope: assign((_, params: { userId: number | null; language: string }) => ({ userId: params.userId, language: params.language })),
    assignMemory: assign((_, params: { memory: QualificationMemory }) => ({ memory: params.memory })),
    forgetMember: assign({ contest: null, memory: EMPTY_MEMORY, errorCode: null }),
    assignContest: assign((_, params: { contest: CurrentContest | null }) => ({ contest: params.contest, errorCode: null })),
    assignFailure: assign((_, params: { output: FetchContestOutput }) => ({ errorCode: params.output.ok ? null : params.output.code })),
    assignUnexpectedFailure: assign({ errorCode: 'UNKNOWN_ERROR' }),
    assignMotion: assign((_, params: { reduced: boolean }) => ({ reducedMotion: params.reduced })),
    /** Keeps the memory in context and on the device. */
    rememberSeen: assign((_, params: StoreMemoryParams) => ({ memory: params.memory })),
    storeMemory: (_, _params: StoreMemoryParams) => {},
    /** 'Congratulations! You've qualified for the Chance to Win contest.' (success toast, 5 s). */
    showQualifiedToast: () => {},
    /** tsParticles confetti: 300 particles, 3000 ms, reset at 3300 ms, z-index 250. */
    launchConfetti: () => {},
  },
  guards: {
    hasMember: (_, params: { userId: number | null }) => params.userId !== null,
    hasNoMember: (_, params: { userId: number | null }) => params.userId === null,
    /** Another verified member, or the same in another language. */
    isOtherMemberOrLanguage: ({ context }, params: { userId: number | null; language: string }) =>
      params.userId !== null && (context.userId !== params.userId || context.language !== params.language),
    isContest: (_, params: { contest: CurrentContest | null }) => params.contest !== null,
    isNoContest: (_, params: { output: FetchContestOutput }) => params.output.ok && params.output.contest === null,
    crossesThreshold: ({ context }, params: { contest: CurrentContest | null }) =>
      params.contest !== null && crossesThreshold(context.memory, params.contest),
    prefersMotion: ({ context }) => !context.reducedMotion,
  },
  delays: {
    /** Chance to Win reloads 500 ms after pips increase. */
    reloadAfterPips: 500,
  },
}).createMachine({
  id: 'chanceToWin',
  initial: 'signedOut',
  context: { userId: null, language: 'en', contest: null, memory: EMPTY_MEMORY, reducedMotion: false, errorCode: null },
  invoke: [
    { id: 'watchVisibility', src: 'watchVisibility' },
    { id: 'watchMotionPreference', src: 'watchMotionPreference' },
  ],
  on: {
    'motion.preference': { actions: { type: 'assignMotion', params: ({ event }) => ({ reduced: event.reduced }) } },
  },
  states: {
    /** Nobody verified: nothing is loaded or held. */
    signedOut: {
      on: {
        'scope.changed': {
          guard: { type: 'hasMember', params: ({ event }) => ({ userId: event.userId }) },
          target: 'signedIn',
          actions: { type: 'assignScope', params: ({ event }) => ({ userId: event.userId, language: event.language }) },
        },
      },
    },
    signedIn: {
      initial: 'recalling',
      on: {
        'scope.changed': [
          {
            guard: { type: 'isOtherMemberOrLanguage', params: ({ event }) => ({ userId: event.userId, language: event.language }) },
            target: 'signedIn',
            reenter: true,
            actions: ['forgetMember', { type: 'assignScope', params: ({ event }) => ({ userId: event.userId, language: event.language }) }],
          },
          {
            guard: { type: 'hasNoMember', params: ({ event }) => ({ userId: event.userId }) },
            target: 'signedOut',
            actions: ['forgetMember', { type: 'assignScope', params: ({ event }) => ({ userId: event.userId, language: event.language }) }],
          },
        ],
      },
      states: {
        /** Reads what this device saw and celebrated for the member. */
        recalling: {
          invoke: {
            id: 'readMemory',
            src: 'readMemory',
            input: ({ context }) => ({ userId: context.userId ?? 0 }),
            onDone: { target: 'loading', actions: { type: 'assignMemory', params: ({ event }) => ({ memory: event.output }) } },
            onError: { target: 'loading' },
          },
        },
        loading: {
          tags: 'loading',
          invoke: {
            id: 'fetchContest',
            src: 'fetchContest',
            input: ({ context }) => ({ userId: context.userId ?? 0, language: context.language }),
            onDone: [
              {
                guard: { type: 'crossesThreshold', params: contestOf },
                target: 'celebrating',
                actions: [
                  { type: 'assignContest', params: contestOf },
                  { type: 'rememberSeen', params: memoryAfter(true) },
                  { type: 'storeMemory', params: memoryAfter(true) },
                ],
              },
              {
                guard: { type: 'isContest', params: contestOf },
                target: 'ready',
                actions: [
                  { type: 'assignContest', params: contestOf },
                  { type: 'rememberSeen', params: memoryAfter(false) },
                  { type: 'storeMemory', params: memoryAfter(false) },
                ],
              },
              { guard: { type: 'isNoContest', params: outputOf }, target: 'ready', actions: { type: 'assignContest', params: { contest: null } } },
              { target: 'ready', actions: { type: 'assignFailure', params: outputOf } },
            ],
            onError: { target: 'ready', actions: 'assignUnexpectedFailure' },
          },
          on: { 'pips.changed': { target: 'waitingToReload' } },
        },
        /** The qualification: the toast, and confetti unless the member prefers reduced motion. */
        celebrating: {
          always: [{ guard: 'prefersMotion', target: 'ready', actions: ['showQualifiedToast', 'launchConfetti'] }, { target: 'ready', actions: 'showQualifiedToast' }],
        },
        ready: {
          on: { 'page.visible': { target: 'loading' }, 'pips.changed': { target: 'waitingToReload' } },
        },
        /** Pips moved: the server is asked again 500 ms after the last move. */
        waitingToReload: {
          after: { reloadAfterPips: { target: 'loading' } },
          on: { 'pips.changed': { target: 'waitingToReload', reenter: true }, 'page.visible': { target: 'loading' } },
        },
      },
    },
  },
});
