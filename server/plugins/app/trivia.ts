import fp from 'fastify-plugin';
import type { Kysely, Transaction } from 'kysely';
import type { Schema } from '../../api/types';
import * as repo from '../../db/repositories/trivia';
import type { Database, LocalizedText } from '../../db/schema';
import { AppError } from '../../errors';
import { resolveText, type ContentLanguage } from '../../i18n/localized';
import { payCompletedActions } from '../../earning/completion';
import { competitionRanks, dayIn, initials, leadersFor, nextDayStart, streakOf } from '../../trivia/leaderboard';
import type { LedgerService } from './ledger';
import type { AuthContext } from './sessions';

export type TriviaQuestion = Schema<'TriviaQuestion'>;
export type TriviaAnswerResult = Schema<'TriviaAnswerResult'>;
export type TriviaContestItem = Schema<'TriviaContest'>;
export type TriviaChart = Schema<'TriviaChart'>;
export type TriviaContestAnswerResult = Schema<'TriviaContestAnswerResult'>;
export type TriviaDay = Schema<'TriviaDay'>;
export type TriviaSkipResult = Schema<'TriviaSkipResult'>;

/** Individual trivia gives 1 pip per correct answer. */
export const INDIVIDUAL_PIPS = 1;
/** What Activity shows for a right answer to the question of the day. */
export const INDIVIDUAL_TITLE: LocalizedText = { en: 'Trivia question of the day', es: 'Pregunta de trivia del día' };
/** Ended contests stay listed this long, so members can read the final chart. */
const ENDED_LISTED_MS = 7 * 24 * 3600 * 1000;

const noQuestions = () => new AppError('NO_AVAILABLE_QUESTIONS', 404, 'Please try again tomorrow.');
const contestNotFound = () => new AppError('NOT_FOUND', 404, 'Contest not found.');
const questionNotFound = () => new AppError('NOT_FOUND', 404, 'Question or answer not found.');
const alreadyAnswered = () => new AppError('ALREADY_ANSWERED', 409, 'You already answered this question.');

/**
 * Trivia: the question of the day (served once per member, within the community's daily
 * allowance, in the member's language) and team contests. Right answers pay through the ledger in
 * the answer's transaction; an answer is stored once per member and question, and a replayed
 * idempotency key answers the first result.
 */
export interface TriviaService {
  question(auth: AuthContext, language: ContentLanguage): Promise<TriviaQuestion>;
  answer(auth: AuthContext, questionId: number, answerId: number, idempotencyKey?: string): Promise<TriviaAnswerResult>;
  skip(auth: AuthContext): Promise<TriviaSkipResult>;
  contests(auth: AuthContext, language: ContentLanguage): Promise<{ contests: TriviaContestItem[]; daily: TriviaDay }>;
  join(auth: AuthContext, contestId: number, displayName?: string): Promise<{ status: 'OK'; pipsEarned: number }>;
  contestQuestion(auth: AuthContext, contestId: number, language: ContentLanguage): Promise<TriviaQuestion>;
  contestAnswer(auth: AuthContext, contestId: number, questionId: number, answer: string, idempotencyKey?: string): Promise<TriviaContestAnswerResult>;
  charts(auth: AuthContext, contestId: number, language: ContentLanguage): Promise<TriviaChart>;
}

type Db = Kysely<Database> | Transaction<Database>;

export function createTriviaService(deps: { db: Kysely<Database>; ledger: LedgerService; now: () => Date }): TriviaService {
  const { db, ledger, now } = deps;

  const communityOf = async (trx: Db, auth: AuthContext) => {
    const communityId = await repo.communityOfMember(trx, auth.userId);
    if (!communityId) throw new AppError('UNAUTHORIZED', 401, 'Missing, invalid or expired auth token.');
    return communityId;
  };

  const present = (question: repo.StoredQuestion, language: ContentLanguage): TriviaQuestion => ({
    id: question.id,
    text: resolveText(question.text, language),
    answers: question.answers.map((answer) => ({ id: answer.id, text: resolveText(answer.text, language) })),
  });

  const streak = async (trx: Db, userId: number, timeZone: string) => streakOf(await repo.answeredDays(trx, userId), dayIn(timeZone, now()));

  /**
   * The question of the day as it stands for the member at `at`: how many more questions the
   * question call would give today (a pending one counts; 0 exactly when it would answer
   * NO_AVAILABLE_QUESTIONS), and when the next day starts.
   */
  const dayStanding = async (trx: Db, userId: number, communityId: string, at: Date, known?: repo.TriviaSettings): Promise<TriviaDay> => {
    const settings = known ?? (await repo.triviaSettings(trx, communityId));
    const pending = (await repo.pendingServing(trx, userId)) ? 1 : 0;
    const allowanceLeft = Math.max(0, settings.dailyAllowance - (await repo.servingsOnDay(trx, userId, dayIn(settings.timeZone, at))));
    const more = allowanceLeft === 0 ? 0 : Math.min(allowanceLeft, await repo.unservedQuestions(trx, userId, communityId));
    return { questionsLeft: pending + more, nextDayAt: nextDayStart(settings.timeZone, at).toISOString() };
  };

  /** A contest of the member's community (another community's is NOT_FOUND, like a missing one). */
  const contestOf = async (trx: Db, auth: AuthContext, contestId: number) => {
    const contest = await repo.findContest(trx, contestId);
    if (!contest || !contest.active || contest.community_id !== (await communityOf(trx, auth))) throw contestNotFound();
    return contest;
  };

  const requireRunning = (contest: { starts_at: Date; ends_at: Date }) => {
    const at = now().getTime();
    if (at < new Date(contest.starts_at).getTime()) throw new AppError('CONTEST_NOT_STARTED', 409, 'This contest has not started yet.');
    if (at >= new Date(contest.ends_at).getTime()) throw new AppError('CONTEST_ENDED', 409, 'This contest has ended.');
  };

  const statusOf = (contest: { starts_at: Date; ends_at: Date }): TriviaContestItem['status'] => {
    const at = now().getTime();
    if (at < new Date(contest.starts_at).getTime()) return 'upcoming';
    return at < new Date(contest.ends_at).getTime() ? 'running' : 'ended';
  };

  return {
    async question(auth, language) {
      return db.transaction().execute(async (trx) => {
        const communityId = await communityOf(trx, auth);
        const settings = await repo.triviaSettings(trx, communityId);
        const today = dayIn(settings.timeZone, now());
        let pending = await repo.pendingServing(trx, auth.userId);
        if (!pending) {
          if ((await repo.servingsOnDay(trx, auth.userId, today)) >= settings.dailyAllowance) throw noQuestions();
          const next = await repo.nextUnservedQuestion(trx, auth.userId, communityId);
          if (next === undefined) throw noQuestions();
          // A concurrent request may have served one first: the unique pending index keeps one.
          await repo.insertServing(trx, auth.userId, next, today, now());
          pending = await repo.pendingServing(trx, auth.userId);
          if (!pending) throw noQuestions();
        }
        const question = await repo.findQuestion(trx, pending.question_id);
        if (!question) throw noQuestions();
        return { ...present(question, language), streakDays: await streak(trx, auth.userId, settings.timeZone) };
      });
    },

    async answer(auth, questionId, answerId, idempotencyKey) {
      return ledger.once(
        { userId: auth.userId, key: idempotencyKey, operation: 'answerIndividualTrivia', fingerprint: `q=${questionId};a=${answerId}` },
        async (trx) => {
          const serving = await repo.findServing(trx, auth.userId, questionId);
          if (!serving || serving.status === 'skipped') {
            throw new AppError('QUESTION_NOT_SERVED', 409, 'This question was not served to you.');
          }
          if (serving.status === 'answered') throw alreadyAnswered();
          const question = await repo.findQuestion(trx, questionId);
          const chosen = question?.answers.find((answer) => answer.id === answerId);
          if (!question || !chosen) throw questionNotFound();
          const settings = await repo.triviaSettings(trx, question.communityId);
          const at = now();
          // Conditional: of concurrent answers (other keys, or none) only one finds it pending.
          if (!(await repo.markAnswered(trx, serving.id, { answerId, correct: chosen.correct, day: dayIn(settings.timeZone, at), at }))) {
            throw alreadyAnswered();
          }
          if (chosen.correct) {
            const posted = await ledger.post(trx, {
              userId: auth.userId,
              delta: INDIVIDUAL_PIPS,
              kind: 'trivia',
              sourceId: questionId,
              title: INDIVIDUAL_TITLE,
              idempotencyKey: idempotencyKey ?? null,
            });
            await repo.setServingLedgerEntry(trx, serving.id, posted.entryId);
          }
          // Earn actions completed by answering (right, for some) pay in the same transaction.
          const actionPips = await payCompletedActions(trx, ledger, {
            userId: auth.userId,
            events: chosen.correct ? ['triviaAnswer', 'triviaRightAnswer'] : ['triviaAnswer'],
            at,
          });
          const right = question.answers.find((answer) => answer.correct);
          return {
            correct: chosen.correct,
            pipsEarned: chosen.correct ? INDIVIDUAL_PIPS : 0,
            ...(right ? { correctAnswerId: right.id } : {}),
            streakDays: await streak(trx, auth.userId, settings.timeZone),
            actionPips,
            ...(await dayStanding(trx, auth.userId, question.communityId, at, settings)),
          };
        },
      );
    },

    async skip(auth) {
      return db.transaction().execute(async (trx) => {
        const at = now();
        if (!(await repo.skipPending(trx, auth.userId, at))) throw noQuestions();
        return { status: 'OK' as const, ...(await dayStanding(trx, auth.userId, await communityOf(trx, auth), at)) };
      });
    },

    async contests(auth, language) {
      const communityId = await communityOf(db, auth);
      const contests = await repo.contestsOfCommunity(db, communityId, new Date(now().getTime() - ENDED_LISTED_MS));
      const memberships = new Map(
        (await repo.membershipsOf(db, auth.userId, contests.map((contest) => contest.id))).map((m) => [m.contest_id, m.team_name]),
      );
      const running = contests.filter((contest) => statusOf(contest) === 'running').map((contest) => contest.id);
      const left = await repo.contestQuestionsLeftOf(db, auth.userId, running);
      return {
        daily: await dayStanding(db, auth.userId, communityId, now()),
        contests: contests.map((contest) => {
          const team = memberships.get(contest.id);
          const questionsLeft = left.get(contest.id);
          return {
            id: contest.id,
            name: resolveText(contest.name, language),
            assigned: team !== undefined,
            status: statusOf(contest),
            startsAt: new Date(contest.starts_at).toISOString(),
            endsAt: new Date(contest.ends_at).toISOString(),
            pipsPerCorrectAnswer: contest.pips_per_answer,
            rules: resolveText(contest.rules, language),
            teamName: team === undefined ? null : resolveText(team, language),
            ...(questionsLeft === undefined ? {} : { questionsLeft }),
          };
        }),
      };
    },

    async join(auth, contestId, displayName) {
      const name = displayName?.trim();
      if (displayName !== undefined && !name) throw new AppError('VALIDATION_ERROR', 400, 'displayName: must not be blank');
      // The leaderboard never shows an e-mail address, not even one the member typed as a name.
      if (name?.includes('@')) throw new AppError('VALIDATION_ERROR', 400, 'displayName: must not be an e-mail address');
      return db.transaction().execute(async (trx) => {
        const contest = await contestOf(trx, auth, contestId);
        if (now().getTime() >= new Date(contest.ends_at).getTime()) throw new AppError('CONTEST_ENDED', 409, 'This contest has ended.');
        // One join at a time per contest: the smallest team is counted and joined atomically.
        await repo.lockContest(trx, contestId);
        const member = await repo.findMember(trx, contestId, auth.userId);
        if (member) {
          if (name) await repo.setDisplayName(trx, contestId, auth.userId, name);
          return { status: 'OK' as const, pipsEarned: 0 };
        }
        const teamId = await repo.smallestTeam(trx, contestId);
        if (teamId === undefined) throw contestNotFound();
        await repo.insertMember(trx, { contestId, userId: auth.userId, teamId, displayName: name ?? null, at: now() });
        if (contest.join_pips > 0) {
          await ledger.post(trx, { userId: auth.userId, delta: contest.join_pips, kind: 'contest', sourceId: contestId, title: contest.name });
        }
        return { status: 'OK' as const, pipsEarned: contest.join_pips };
      });
    },

    async contestQuestion(auth, contestId, language) {
      const contest = await contestOf(db, auth, contestId);
      requireRunning(contest);
      const next = await repo.nextContestQuestion(db, contestId, auth.userId);
      const question = next === undefined ? undefined : await repo.findQuestion(db, next);
      if (!question) throw new AppError('NO_AVAILABLE_QUESTIONS', 404, 'No available questions.');
      return present(question, language);
    },

    async contestAnswer(auth, contestId, questionId, answer, idempotencyKey) {
      if (!/^\d{1,9}$/.test(answer)) throw new AppError('VALIDATION_ERROR', 400, 'answer: must be the id of an answer');
      const answerId = Number(answer);
      return ledger.once(
        { userId: auth.userId, key: idempotencyKey, operation: 'answerTriviaContest', fingerprint: `c=${contestId};q=${questionId};a=${answerId}` },
        async (trx) => {
          const contest = await contestOf(trx, auth, contestId);
          requireRunning(contest);
          // Locks the member's row: one answer of this member at a time.
          const member = await repo.findMember(trx, contestId, auth.userId, true);
          if (!member) throw new AppError('FORBIDDEN', 403, 'Join the contest first.');
          const question = await repo.findQuestion(trx, questionId);
          const chosen = question?.contestId === contestId ? question.answers.find((a) => a.id === answerId) : undefined;
          if (!question || !chosen) throw questionNotFound();
          const pips = chosen.correct ? contest.pips_per_answer : 0;
          const stored = await repo.insertContestAnswer(trx, {
            contestId,
            questionId,
            userId: auth.userId,
            answerId,
            correct: chosen.correct,
            pips,
            at: now(),
          });
          if (stored === undefined) throw alreadyAnswered();
          if (pips > 0) {
            const posted = await ledger.post(trx, {
              userId: auth.userId,
              delta: pips,
              kind: 'contest',
              sourceId: contestId,
              title: contest.name,
              idempotencyKey: idempotencyKey ?? null,
            });
            await repo.setContestAnswerLedgerEntry(trx, stored, posted.entryId);
          }
          await repo.addToMemberScore(trx, contestId, auth.userId, chosen.correct ? 1 : 0, pips);
          const right = question.answers.find((a) => a.correct);
          return {
            pipsEarned: pips,
            correct: chosen.correct,
            ...(right ? { correctAnswerId: right.id } : {}),
            questionsLeft: await repo.contestQuestionsLeft(trx, contestId, auth.userId),
          };
        },
      );
    },

    async charts(auth, contestId, language) {
      await contestOf(db, auth, contestId);
      const teams = await repo.teamsOfContest(db, contestId);
      const all = await repo.standings(db, contestId);
      const nameOf = (s: repo.Standing) => s.displayName ?? initials(s.firstName, s.lastName);
      const me = all.find((s) => s.userId === auth.userId);
      // A member who has not joined is placed after everyone with a right answer.
      const sorted = me ? all : [...all, { userId: auth.userId, teamId: 0, correctAnswers: 0, totalPips: 0, displayName: null, firstName: '', lastName: '' }];
      const leaders = leadersFor(sorted, auth.userId);
      const myRank = competitionRanks(sorted)[sorted.findIndex((s) => s.userId === auth.userId)];
      const scoreboard = teams
        .map((team) => {
          const members = all.filter((s) => s.teamId === team.id);
          return {
            id: team.id,
            name: resolveText(team.name, language),
            correctAnswers: members.reduce((sum, s) => sum + s.correctAnswers, 0),
            members: members.length,
            mine: me?.teamId === team.id,
          };
        })
        .sort((a, b) => b.correctAnswers - a.correctAnswers);
      return {
        userId: auth.userId,
        userCorrectAnswers: me?.correctAnswers ?? 0,
        userTotalPips: me?.totalPips ?? 0,
        userRank: myRank,
        userDisplayName: me ? nameOf(me) : '',
        leaders: leaders
          .filter((l) => me || l.userId !== auth.userId)
          .map((l) => ({ userId: l.userId, correctAnswers: l.correctAnswers, rank: l.rank, displayName: nameOf(l) })),
        teams: scoreboard,
      };
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    trivia: TriviaService;
  }
}

export default fp(
  async (app) => {
    app.decorate('trivia', createTriviaService({ db: app.db, ledger: app.ledger, now: app.now }));
  },
  { name: 'trivia', dependencies: ['db', 'core', 'ledger'] },
);
