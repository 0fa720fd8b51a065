import type { Kysely } from 'kysely';
import type { Schema } from '../../../api/types';
import { writeAudit } from '../../../db/repositories/operators/audit';
import { deleteTriviaContest, updateTriviaContest } from '../../../db/repositories/operators/trivia';
import * as trivia from '../../../db/repositories/trivia';
import type { Database } from '../../../db/schema';
import { AppError } from '../../../errors';
import { initials, isTimeZone, leadersFor } from '../../../trivia/leaderboard';
import { parseQuestions } from '../../../trivia/questions';
import type { AuthContext } from '../sessions';
import { adminText, editAction, touched, type OperatorContext } from './context';

/** Trivia: the daily settings, question imports, team contests and their charts. */
export interface TriviaOperations {
  trivia(auth: AuthContext, communityId: string): Promise<Schema<'AdminTrivia'>>;
  setTriviaSettings(auth: AuthContext, communityId: string, change: Schema<'AdminTriviaSettingsChange'>): Promise<Schema<'AdminTrivia'>>;
  importTriviaQuestions(auth: AuthContext, communityId: string, input: Schema<'AdminTriviaQuestionImport'>): Promise<Schema<'AdminTriviaQuestionsAdded'>>;
  createTriviaContest(auth: AuthContext, communityId: string, input: Schema<'AdminTriviaContestNew'>): Promise<Schema<'AdminTriviaContest'>>;
  updateTriviaContest(auth: AuthContext, id: number, change: Schema<'AdminTriviaContestChange'>): Promise<Schema<'AdminTriviaContest'>>;
  deleteTriviaContest(auth: AuthContext, id: number): Promise<Schema<'AdminDeleted'>>;
  triviaCharts(auth: AuthContext, contestId: number): Promise<Schema<'AdminTriviaCharts'>>;
}

export function triviaOperations(ctx: OperatorContext): TriviaOperations {
  const { db, requireRole, mayWrite } = ctx;

  /** A community's trivia as the operator API shows it (read inside `trx` after a write). */
  async function triviaView(communityId: string, trx: Kysely<Database> = db): Promise<Schema<'AdminTrivia'>> {
    const settings = await trivia.triviaSettings(trx, communityId);
    const contests = await trivia.listContests(trx, communityId);
    return {
      ...settings,
      questions: await trivia.countQuestions(trx, communityId, null),
      contests: await Promise.all(contests.map((c) => triviaContestView(c, trx))),
    };
  }

  async function triviaContestView(
    c: Awaited<ReturnType<typeof trivia.listContests>>[number],
    trx: Kysely<Database> = db,
  ): Promise<Schema<'AdminTriviaContest'>> {
    return {
      id: c.id,
      name: adminText(c.name),
      rules: c.rules === null ? null : adminText(c.rules),
      startsAt: new Date(c.starts_at).toISOString(),
      endsAt: new Date(c.ends_at).toISOString(),
      pipsPerAnswer: c.pips_per_answer,
      joinPips: c.join_pips,
      teams: (await trivia.teamsOfContest(trx, c.id)).map((team) => adminText(team.name)),
      members: c.members,
      questions: c.questions,
      archived: !c.active,
    };
  }

  return {
    async trivia(auth, communityId) {
      await requireRole(auth, communityId, 'viewer');
      return triviaView(communityId);
    },

    async setTriviaSettings(auth, communityId, change) {
      await requireRole(auth, communityId, 'editor');
      if (change.timeZone !== undefined && !isTimeZone(change.timeZone)) {
        throw new AppError('VALIDATION_ERROR', 400, `timeZone: not an IANA time zone such as Europe/Madrid (got "${change.timeZone}")`);
      }
      return db.transaction().execute(async (trx) => {
        await mayWrite(auth, communityId, trx);
        const before = await trivia.triviaSettings(trx, communityId);
        const after = await trivia.setTriviaSettings(trx, communityId, { dailyAllowance: change.dailyAllowance, timeZone: change.timeZone });
        await writeAudit(trx, { operatorId: auth.userId, communityId, action: 'trivia.settings', entity: 'trivia', entityId: communityId, before, after });
        return triviaView(communityId, trx);
      });
    },

    async importTriviaQuestions(auth, communityId, input) {
      await requireRole(auth, communityId, 'editor');
      const parsed = parseQuestions(input.questions);
      if (!parsed.ok) throw new AppError('VALIDATION_ERROR', 400, parsed.errors.join('; '));
      return db.transaction().execute(async (trx) => {
        await mayWrite(auth, communityId, trx);
        const contestId = input.contestId ?? null;
        if (contestId !== null) {
          const contest = await trivia.findContest(trx, contestId);
          if (!contest || contest.community_id !== communityId) throw new AppError('NOT_FOUND', 404, 'No such trivia contest in this community.');
        }
        const ids = await trivia.createQuestions(trx, communityId, contestId, parsed.questions);
        const total = await trivia.countQuestions(trx, communityId, contestId);
        await writeAudit(trx, {
          operatorId: auth.userId,
          communityId,
          action: 'trivia.questions',
          entity: contestId === null ? 'trivia' : 'triviaContest',
          entityId: contestId === null ? communityId : contestId,
          before: null,
          after: { added: ids.length, total },
        });
        return { added: ids.length, total };
      });
    },

    async createTriviaContest(auth, communityId, input) {
      await requireRole(auth, communityId, 'editor');
      const startsAt = new Date(input.startsAt);
      const endsAt = new Date(input.endsAt);
      if (endsAt <= startsAt) throw new AppError('VALIDATION_ERROR', 400, 'endsAt: must be after startsAt');
      // The questions are checked whole before anything is written: every bad entry is named.
      const parsed = input.questions === undefined ? undefined : parseQuestions(input.questions);
      if (parsed && !parsed.ok) throw new AppError('VALIDATION_ERROR', 400, `questions: ${parsed.errors.join('; ')}`);
      return db.transaction().execute(async (trx) => {
        await mayWrite(auth, communityId, trx);
        const { id } = await trivia.createContest(trx, {
          communityId,
          name: input.name,
          rules: input.rules ?? null,
          startsAt,
          endsAt,
          pipsPerAnswer: input.pipsPerAnswer,
          joinPips: input.joinPips ?? 0,
          teams: input.teams,
        });
        if (parsed?.ok) await trivia.createQuestions(trx, communityId, id, parsed.questions);
        const view = await triviaContestView((await trivia.listContests(trx, communityId)).find((c) => c.id === id)!, trx);
        await writeAudit(trx, { operatorId: auth.userId, communityId, action: 'trivia.contest.create', entity: 'triviaContest', entityId: id, before: null, after: view });
        return view;
      });
    },

    async updateTriviaContest(auth, id, change) {
      const notFound = () => new AppError('NOT_FOUND', 404, 'No such trivia contest in a community you run.');
      return db.transaction().execute(async (trx) => {
        const found = await trivia.findContest(trx, id);
        if (!found) throw notFound();
        await mayWrite(auth, found.community_id, trx, notFound);
        const startsAt = change.startsAt === undefined ? new Date(found.starts_at) : new Date(change.startsAt);
        const endsAt = change.endsAt === undefined ? new Date(found.ends_at) : new Date(change.endsAt);
        if (endsAt <= startsAt) throw new AppError('VALIDATION_ERROR', 400, 'endsAt: must be after startsAt');
        const view = async () => triviaContestView((await trivia.listContests(trx, found.community_id)).find((c) => c.id === id)!, trx);
        const before = await view();
        await updateTriviaContest(trx, id, {
          name: change.name,
          rules: change.rules,
          startsAt: change.startsAt === undefined ? undefined : startsAt,
          endsAt: change.endsAt === undefined ? undefined : endsAt,
          pipsPerAnswer: change.pipsPerAnswer,
          joinPips: change.joinPips,
          active: change.archived === undefined ? undefined : !change.archived,
        });
        const after = await view();
        const keys = Object.keys(change);
        await writeAudit(trx, {
          operatorId: auth.userId,
          communityId: found.community_id,
          action: editAction('trivia.contest', change),
          entity: 'triviaContest',
          entityId: id,
          before: touched(before, keys),
          after: touched(after, keys),
        });
        return after;
      });
    },

    async deleteTriviaContest(auth, id) {
      const notFound = () => new AppError('NOT_FOUND', 404, 'No such trivia contest in a community you run.');
      return db.transaction().execute(async (trx) => {
        const found = await trivia.findContest(trx, id);
        if (!found) throw notFound();
        await mayWrite(auth, found.community_id, trx, notFound);
        const before = await triviaContestView((await trivia.listContests(trx, found.community_id)).find((c) => c.id === id)!, trx);
        if (before.members > 0) throw new AppError('IN_USE', 409, `${before.members} member(s) joined the contest: it stays.`);
        // Its teams and questions go with it (ON DELETE CASCADE).
        await deleteTriviaContest(trx, id);
        await writeAudit(trx, { operatorId: auth.userId, communityId: found.community_id, action: 'trivia.contest.delete', entity: 'triviaContest', entityId: id, before, after: null });
        return { deleted: true };
      });
    },

    async triviaCharts(auth, contestId) {
      const notFound = () => new AppError('NOT_FOUND', 404, 'No such trivia contest in a community you run.');
      const contest = await trivia.findContest(db, contestId);
      if (!contest) throw notFound();
      await requireRole(auth, contest.community_id, 'viewer').catch(() => {
        throw notFound();
      });
      const [teams, all] = await Promise.all([trivia.teamsOfContest(db, contestId), trivia.standings(db, contestId)]);
      return {
        teams: teams.map((team) => {
          const members = all.filter((s) => s.teamId === team.id);
          return { name: adminText(team.name), rightAnswers: members.reduce((n, s) => n + s.correctAnswers, 0), members: members.length };
        }),
        leaders: leadersFor(all, -1)
          .slice(0, 10)
          .map((l) => ({ rank: l.rank, name: l.displayName ?? initials(l.firstName, l.lastName), correctAnswers: l.correctAnswers, totalPips: l.totalPips })),
      };
    },
  };
}
