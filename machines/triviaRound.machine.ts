import { assign, enqueueActions, fromPromise, sendTo, setup } from 'xstate';
import { resourcesActor, triviaVerificationActor } from './system';
import { applyLocalAnswer } from './triviaChart';
import type {
  JoinContestOutput,
  LoadChartOutput,
  LoadQuestionOutput,
  SkipQuestionOutput,
  SubmitAnswerInput,
  SubmitAnswerOutput,
  TriviaChartData,
  TriviaQuestionData,
  TriviaResult,
  TriviaRoundContext,
  TriviaRoundEvent,
} from './trivia.types';

const notProvided = { ok: false, code: 'NOT_PROVIDED' } as const;

/** The key of one answer: the same question and answer always send the same key. */
export const answerKey = (contestId: number | null, questionId: number, answerId: number) =>
  `trivia-${contestId ?? 'day'}-${questionId}-${answerId}`;

const emptyRound = { question: null, chosen: null, result: null, errorCode: null };

/** The result an answer's output carries. */
const resultOf = (output: SubmitAnswerOutput): TriviaResult =>
  output.ok
    ? {
        correct: output.correct,
        pipsEarned: output.pipsEarned,
        correctAnswerId: output.correctAnswerId,
        streakDays: output.streakDays,
        actionPips: output.actionPips,
        questionsLeft: output.questionsLeft,
        nextDayAt: output.nextDayAt,
      }
    : { correct: false, pipsEarned: 0, correctAnswerId: null, streakDays: null, actionPips: 0, questionsLeft: null, nextDayAt: null };

/**
 * A round of trivia (SPEC §2 Trivia): the question of the day (contestId null) or one contest's
 * questions. question → answer → result, then the next question, until the server says
 * NO_AVAILABLE_QUESTIONS ('Please try again tomorrow.' for the question of the day; the contest
 * counts as answered). An answer that says no question is left ends the round at its result
 * (`finished`: a contest's chart loads again for the leaderboard and team scoreboard) and tells
 * the trivia verification, which remembers it; a round opened with `done` (the verification
 * remembers none left) asks for no question. The question of the day may be skipped; a skip that
 * says none is left today ends the round there (the verification remembers the day done). A contest is joined first; its
 * chart loads when the contest opens and, when an answer earns pips, updates at once
 * (`applyLocalChart`) until the server's replaces it on the next load. Pips earned tell the
 * resources (Home, Activity); joining and running out of contest questions ask the trivia
 * verification to check again. `showQuestion` / `showResult` move between the child routes.
 */
export const triviaRoundMachine = setup({
  types: {
    context: {} as TriviaRoundContext,
    events: {} as TriviaRoundEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** GET .../individual/question or .../{id}/question. */
    loadQuestion: fromPromise<LoadQuestionOutput, { contestId: number | null; offline: boolean }>(async () => notProvided),
    /** POST .../individual/answer or .../{id}/answer, with the answer's idempotency key. */
    submitAnswer: fromPromise<SubmitAnswerOutput, SubmitAnswerInput>(async () => notProvided),
    /** PUT .../individual/skip. */
    skipQuestion: fromPromise<SkipQuestionOutput, { offline: boolean }>(async () => notProvided),
    /** GET .../{id}/charts. */
    loadChart: fromPromise<LoadChartOutput, { contestId: number; offline: boolean }>(async () => notProvided),
    /** PUT .../{id}/join. */
    joinContest: fromPromise<JoinContestOutput, { contestId: number; displayName?: string; offline: boolean }>(async () => notProvided),
  },
  actions: {
    assignOffline: assign((_, params: { offline: boolean }) => ({ offline: params.offline })),
    /** Go to the question route of this round. */
    showQuestion: (_, _params: { contestId: number | null }) => {},
    /** Go to the answer route of this round. */
    showResult: (_, _params: { contestId: number | null }) => {},
    tellPipsChanged: sendTo(resourcesActor, { type: 'pips.changed' }),
    /** The trivia verification checks the contests again (joined, or answered them all). */
    tellVerification: sendTo(triviaVerificationActor, { type: 'verify.request' }),
    /** After a result: pips earned move the balance and, in a contest, the local chart. */
    afterResult: enqueueActions(({ context, enqueue, system }) => {
      const pips = context.result?.pipsEarned ?? 0;
      if (pips + (context.result?.actionPips ?? 0) > 0) enqueue.sendTo(resourcesActor({ system }), { type: 'pips.changed' });
      if (pips > 0 && context.chart) enqueue.assign({ chart: applyLocalAnswer(context.chart, pips) });
    }),
    /**
     * No question left: the verification remembers it (the contest answered; the question of the
     * day done until the next day starts, when the last result said when).
     */
    tellDone: enqueueActions(({ context, enqueue, system }) => {
      if (context.contestId !== null) enqueue.sendTo(triviaVerificationActor({ system }), { type: 'contest.answered', contestId: context.contestId });
      else if (context.result?.nextDayAt) enqueue.sendTo(triviaVerificationActor({ system }), { type: 'day.done', until: context.result.nextDayAt });
    }),
    /** The day's last question was skipped: the verification remembers the day done until the next starts. */
    tellDayDone: enqueueActions(({ enqueue, system }, params: { until: string | null }) => {
      if (params.until) enqueue.sendTo(triviaVerificationActor({ system }), { type: 'day.done', until: params.until });
    }),
    clearError: assign({ errorCode: null }),
    assignContest: assign((_, params: { contestId: number | null; done: boolean }) => ({
      contestId: params.contestId,
      knownDone: params.done,
      chart: null,
      ...emptyRound,
    })),
    assignQuestion: assign((_, params: { question: TriviaQuestionData }) => ({ question: params.question, chosen: null, result: null, errorCode: null })),
    assignChosen: assign((_, params: { answerId: number }) => ({ chosen: params.answerId })),
    assignResult: assign((_, params: { result: TriviaResult }) => ({ result: params.result })),
    assignChart: assign((_, params: { chart: TriviaChartData }) => ({ chart: params.chart })),
    assignError: assign((_, params: { code: string }) => ({ errorCode: params.code })),
    reset: assign({ contestId: null, chart: null, knownDone: false, ...emptyRound }),
  },
  guards: {
    isContest: (_, params: { contestId: number | null }) => params.contestId !== null,
    isIndividual: ({ context }) => context.contestId === null,
    inContest: ({ context }) => context.contestId !== null,
    isKnownDone: ({ context }) => context.knownDone,
    isDone: (_, params: { done: boolean }) => params.done,
    /** The result says no question is left (the contest's last, or the day's). */
    isLastAnswer: (_, params: { output: SubmitAnswerOutput }) => params.output.ok && params.output.questionsLeft === 0,
    isOk: (_, params: { output: { ok: boolean } }) => params.output.ok,
    isNoQuestions: (_, params: { output: { ok: boolean; code?: string } }) => !params.output.ok && params.output.code === 'NO_AVAILABLE_QUESTIONS',
    /** The skip says no question is left today. */
    isLastSkip: (_, params: { output: SkipQuestionOutput }) => params.output.ok && params.output.questionsLeft === 0,
  },
}).createMachine({
  id: 'triviaRound',
  initial: 'idle',
  context: { contestId: null, chart: null, offline: false, knownDone: false, ...emptyRound },
  on: {
    'network.changed': { actions: { type: 'assignOffline', params: ({ event }) => ({ offline: event.offline }) } },
    'round.open': [
      {
        guard: { type: 'isContest', params: ({ event }) => ({ contestId: event.contestId }) },
        target: '.loadingChart',
        reenter: true,
        actions: { type: 'assignContest', params: ({ event }) => ({ contestId: event.contestId, done: event.done ?? false }) },
      },
      {
        guard: { type: 'isDone', params: ({ event }) => ({ done: event.done ?? false }) },
        target: '.exhausted',
        reenter: true,
        actions: { type: 'assignContest', params: ({ event }) => ({ contestId: event.contestId, done: true }) },
      },
      { target: '.loading', reenter: true, actions: { type: 'assignContest', params: ({ event }) => ({ contestId: event.contestId, done: false }) } },
    ],
    'round.close': { target: '.idle', actions: 'reset' },
    'user.join': { guard: 'inContest', target: '.joining' },
  },
  states: {
    idle: {},
    /** A contest's chart: the server's copy replaces any local one. */
    loadingChart: {
      tags: 'busy',
      invoke: {
        id: 'loadChart',
        src: 'loadChart',
        input: ({ context }) => ({ contestId: context.contestId ?? 0, offline: context.offline }),
        onDone: [
          {
            guard: { type: 'isOk', params: ({ event }) => ({ output: event.output }) },
            target: 'afterChart',
            actions: { type: 'assignChart', params: ({ event }) => ({ chart: (event.output as { chart: TriviaChartData }).chart }) },
          },
          { target: 'afterChart' },
        ],
        onError: { target: 'afterChart' },
      },
    },
    /** A contest remembered as answered asks for no question. */
    afterChart: {
      always: [{ guard: 'isKnownDone', target: 'exhausted' }, { target: 'loading' }],
    },
    loading: {
      tags: 'busy',
      invoke: {
        id: 'loadQuestion',
        src: 'loadQuestion',
        input: ({ context }) => ({ contestId: context.contestId, offline: context.offline }),
        onDone: [
          {
            guard: { type: 'isOk', params: ({ event }) => ({ output: event.output }) },
            target: 'question',
            actions: { type: 'assignQuestion', params: ({ event }) => ({ question: (event.output as { question: TriviaQuestionData }).question }) },
          },
          { guard: { type: 'isNoQuestions', params: ({ event }) => ({ output: event.output }) }, target: 'exhausted', actions: 'tellDone' },
          { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ code: event.output.ok ? 'UNKNOWN_ERROR' : event.output.code }) } },
        ],
        onError: { target: 'failed', actions: { type: 'assignError', params: { code: 'UNKNOWN_ERROR' } } },
      },
    },
    /** The question with its answers as large buttons. */
    question: {
      on: {
        'user.answer': { target: 'answering', actions: { type: 'assignChosen', params: ({ event }) => ({ answerId: event.answerId }) } },
        'user.skip': { guard: 'isIndividual', target: 'skipping' },
      },
    },
    answering: {
      tags: 'busy',
      invoke: {
        id: 'submitAnswer',
        src: 'submitAnswer',
        input: ({ context }) => {
          if (!context.question || context.chosen === null) throw new Error('triviaRound: nothing to answer');
          return {
            contestId: context.contestId,
            questionId: context.question.id,
            answerId: context.chosen,
            idempotencyKey: answerKey(context.contestId, context.question.id, context.chosen),
            offline: context.offline,
          };
        },
        onDone: [
          {
            guard: { type: 'isLastAnswer', params: ({ event }) => ({ output: event.output }) },
            target: 'finished',
            actions: { type: 'assignResult', params: ({ event }) => ({ result: resultOf(event.output) }) },
          },
          {
            guard: { type: 'isOk', params: ({ event }) => ({ output: event.output }) },
            target: 'result',
            actions: { type: 'assignResult', params: ({ event }) => ({ result: resultOf(event.output) }) },
          },
          { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ code: event.output.ok ? 'UNKNOWN_ERROR' : event.output.code }) } },
        ],
        onError: { target: 'failed', actions: { type: 'assignError', params: { code: 'UNKNOWN_ERROR' } } },
      },
    },
    skipping: {
      tags: 'busy',
      invoke: {
        id: 'skipQuestion',
        src: 'skipQuestion',
        input: ({ context }) => ({ offline: context.offline }),
        onDone: [
          {
            guard: { type: 'isLastSkip', params: ({ event }) => ({ output: event.output }) },
            target: 'exhausted',
            actions: { type: 'tellDayDone', params: ({ event }) => ({ until: event.output.ok ? event.output.nextDayAt : null }) },
          },
          { guard: { type: 'isOk', params: ({ event }) => ({ output: event.output }) }, target: 'loading' },
          { guard: { type: 'isNoQuestions', params: ({ event }) => ({ output: event.output }) }, target: 'exhausted' },
          { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ code: event.output.ok ? 'UNKNOWN_ERROR' : event.output.code }) } },
        ],
        onError: { target: 'failed', actions: { type: 'assignError', params: { code: 'UNKNOWN_ERROR' } } },
      },
    },
    /** Right or wrong, the pips earned, the right answer (and the streak of days played). */
    result: {
      entry: [{ type: 'showResult', params: ({ context }) => ({ contestId: context.contestId }) }, 'afterResult'],
      on: {
        'user.next': { target: 'loading', actions: { type: 'showQuestion', params: ({ context }) => ({ contestId: context.contestId }) } },
      },
    },
    /**
     * The last answer's result, with no Next: the verification remembers the end; a contest's
     * chart loads again (the leaderboard and team scoreboard as they are now).
     */
    finished: {
      entry: [{ type: 'showResult', params: ({ context }) => ({ contestId: context.contestId }) }, 'afterResult', 'tellDone'],
      initial: 'choosing',
      states: {
        choosing: { always: [{ guard: 'inContest', target: 'reloadingChart' }, { target: 'shown' }] },
        reloadingChart: {
          invoke: {
            id: 'reloadChart',
            src: 'loadChart',
            input: ({ context }) => ({ contestId: context.contestId ?? 0, offline: context.offline }),
            onDone: [
              {
                guard: { type: 'isOk', params: ({ event }) => ({ output: event.output }) },
                target: 'shown',
                actions: { type: 'assignChart', params: ({ event }) => ({ chart: (event.output as { chart: TriviaChartData }).chart }) },
              },
              { target: 'shown' },
            ],
            onError: { target: 'shown' },
          },
        },
        shown: {},
      },
    },
    /** No question left: 'Please try again tomorrow.', or every contest question answered. */
    exhausted: {},
    /** One join at a time: another tap while joining changes nothing. */
    joining: {
      tags: 'busy',
      on: { 'user.join': {} },
      invoke: {
        id: 'joinContest',
        src: 'joinContest',
        input: ({ context, event }) => ({
          contestId: context.contestId ?? 0,
          offline: context.offline,
          ...(event.type === 'user.join' && event.displayName ? { displayName: event.displayName } : {}),
        }),
        onDone: [
          { guard: { type: 'isOk', params: ({ event }) => ({ output: event.output }) }, target: 'loadingChart', actions: ['tellVerification', 'tellPipsChanged'] },
          { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ code: event.output.ok ? 'UNKNOWN_ERROR' : event.output.code }) } },
        ],
        onError: { target: 'failed', actions: { type: 'assignError', params: { code: 'UNKNOWN_ERROR' } } },
      },
    },
    failed: {
      on: { 'user.retry': { target: 'loading', actions: 'clearError' } },
    },
  },
});
