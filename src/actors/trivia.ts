import { fromPromise } from 'xstate';
import type {
  RecallOutput,
  JoinContestOutput,
  LoadChartOutput,
  LoadQuestionOutput,
  SkipQuestionOutput,
  SubmitAnswerInput,
  SubmitAnswerOutput,
  TriviaContestSummary,
} from '../../machines/trivia.types';
import { triviaRoundMachine } from '../../machines/triviaRound.machine';
import { triviaVerificationMachine } from '../../machines/triviaVerification.machine';
import { triviaScanMachine, type CheckContestOutput, type ListContestsOutput, type StoredScan } from '../../machines/triviaScan.machine';
import type { ApiResult } from '../api/client';
import type { SystemApi } from './api';
import type { Navigate } from './navigation';
import { afterDatabaseHold } from '../data/lazyDatabases';

const offline = { ok: false, code: 'OFFLINE' } as const;
const failure = (result: ApiResult<unknown>) => ({ ok: false as const, code: result.success ? 'UNKNOWN_ERROR' : result.error });

/** The member's calendar day, 'YYYY-MM-DD' (when the remembered answered contests are asked again). */
export const localDay = (at: Date) =>
  `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;

/** SPEC §8: a contest counts as answered when its question call says there is none left. */
export const isNoAvailableQuestions = (result: ApiResult<unknown>) =>
  !result.success && (result.error === 'NO_AVAILABLE_QUESTIONS' || /no available questions/i.test(result.message ?? ''));

// The cache lives in Dexie, loaded with the first trivia check, not with the login screen.
const cache = () => afterDatabaseHold(() => import('../data/triviaCache'));

/**
 * The trivia verification bound to the browser: its scan (machines/triviaScan.machine.ts) gets the
 * contest list, each contest's question call and the copy stored for the member and language.
 */
export function triviaVerificationLogic({ systemApi: { apiOf } }: { systemApi: SystemApi }) {
  const scan = triviaScanMachine.provide({
    actors: {
      listContests: fromPromise<ListContestsOutput>(async ({ signal, system }) => {
        const list = await apiOf(system).getTriviaContests(undefined, { signal });
        if (!list.success) return failure(list);
        return { ok: true, contests: list.data.contests satisfies TriviaContestSummary[], ...(list.data.daily ? { daily: list.data.daily } : {}) };
      }),
      checkContest: fromPromise<CheckContestOutput, { contestId: number }>(async ({ input, signal, system }) => ({
        answered: isNoAvailableQuestions(await apiOf(system).getTriviaContestQuestion({ id: input.contestId }, { signal })),
      })),
      // No IndexedDB (some private modes): nothing was stored.
      readStored: fromPromise<StoredScan, { userId: number; language: string }>(async ({ input }) => {
        const row = await (await cache()).readTriviaVerification(input.userId, input.language).catch(() => undefined);
        return row ? { contests: row.contests, answered: row.answered } : null;
      }),
    },
  });
  return triviaVerificationMachine.provide({
    actors: {
      scanContests: scan,
      // No IndexedDB (some private modes): nothing was stored.
      recall: fromPromise<RecallOutput, { userId: number; language: string }>(async ({ input }) => {
        const row = await (await cache()).readTriviaVerification(input.userId, input.language).catch(() => undefined);
        return {
          stored: row ? { contests: row.contests, answered: row.answered, day: row.day ?? null, dayDoneUntil: row.dayDoneUntil ?? null } : null,
          today: localDay(new Date()),
          now: Date.now(),
        };
      }),
    },
    actions: {
      storeResults: (_, params) => {
        // A copy that cannot be stored (no IndexedDB, the database closing) only costs the offline copy.
        void cache()
          .then(({ writeTriviaVerification }) => writeTriviaVerification(params))
          .catch(() => {});
      },
    },
  });
}

/** The route of a round: the question of the day, or the contest's. */
export const roundPath = (contestId: number | null, page: 'question' | 'answer') =>
  contestId === null ? `/trivia/individual/${page}` : `/trivia/contest/${contestId}/${page}`;

/** A round of trivia bound to the browser: the API calls and the child routes. */
export function triviaRoundLogic({ systemApi: { apiOf }, navigate }: { systemApi: SystemApi; navigate: Navigate }) {
  return triviaRoundMachine.provide({
    actors: {
      loadQuestion: fromPromise<LoadQuestionOutput, { contestId: number | null; offline: boolean }>(async ({ input, signal, system }) => {
        if (input.offline) return offline;
        const api = apiOf(system);
        const result =
          input.contestId === null
            ? await api.getIndividualTriviaQuestion(undefined, { signal })
            : await api.getTriviaContestQuestion({ id: input.contestId }, { signal });
        if (result.success) return { ok: true, question: result.data };
        return isNoAvailableQuestions(result) ? { ok: false, code: 'NO_AVAILABLE_QUESTIONS' } : failure(result);
      }),
      submitAnswer: fromPromise<SubmitAnswerOutput, SubmitAnswerInput>(async ({ input, signal, system }) => {
        if (input.offline) return offline;
        const api = apiOf(system);
        if (input.contestId === null) {
          const result = await api.answerIndividualTrivia(
            { questionId: input.questionId, answerId: input.answerId, idempotencyKey: input.idempotencyKey },
            { signal },
          );
          if (!result.success) return failure(result);
          return {
            ok: true,
            correct: result.data.correct,
            pipsEarned: result.data.pipsEarned,
            correctAnswerId: result.data.correctAnswerId ?? null,
            streakDays: result.data.streakDays ?? null,
            actionPips: result.data.actionPips ?? 0,
            questionsLeft: result.data.questionsLeft ?? null,
            nextDayAt: result.data.nextDayAt ?? null,
          };
        }
        const result = await api.answerTriviaContest(
          { id: input.contestId, questionId: input.questionId, answer: String(input.answerId), idempotencyKey: input.idempotencyKey },
          { signal },
        );
        if (!result.success) return failure(result);
        return {
          ok: true,
          correct: result.data.correct ?? result.data.pipsEarned > 0,
          pipsEarned: result.data.pipsEarned,
          correctAnswerId: result.data.correctAnswerId ?? null,
          streakDays: null,
          actionPips: 0,
          questionsLeft: result.data.questionsLeft ?? null,
          nextDayAt: null,
        };
      }),
      skipQuestion: fromPromise<SkipQuestionOutput, { offline: boolean }>(async ({ input, signal, system }) => {
        if (input.offline) return offline;
        const result = await apiOf(system).skipIndividualTrivia(undefined, { signal });
        if (!result.success) return failure(result);
        return { ok: true, questionsLeft: result.data.questionsLeft ?? null, nextDayAt: result.data.nextDayAt ?? null };
      }),
      loadChart: fromPromise<LoadChartOutput, { contestId: number; offline: boolean }>(async ({ input, signal, system }) => {
        if (input.offline) return offline;
        const result = await apiOf(system).getTriviaCharts({ id: input.contestId }, { signal });
        return result.success ? { ok: true, chart: result.data } : failure(result);
      }),
      joinContest: fromPromise<JoinContestOutput, { contestId: number; displayName?: string; offline: boolean }>(async ({ input, signal, system }) => {
        if (input.offline) return offline;
        const result = await apiOf(system).joinTriviaContest(
          { id: input.contestId, ...(input.displayName ? { displayName: input.displayName } : {}) },
          { signal },
        );
        return result.success ? { ok: true, pipsEarned: result.data.pipsEarned } : failure(result);
      }),
    },
    actions: {
      showQuestion: (_, { contestId }) => navigate(roundPath(contestId, 'question')),
      showResult: (_, { contestId }) => navigate(roundPath(contestId, 'answer')),
    },
  });
}
