import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, LocalizedText } from '../schema';

/**
 * Trivia's SQL: the individual pool with its servings (each question served to a member at most
 * once, one pending at a time), team contests with their members and answers, and the operator's
 * authoring. `plugins/app/trivia.ts` is the service in front of it.
 */

type Db = Kysely<Database> | Transaction<Database>;

export const DEFAULT_DAILY_ALLOWANCE = 3;
export const DEFAULT_TIME_ZONE = 'UTC';

export interface TriviaSettings {
  dailyAllowance: number;
  timeZone: string;
}

export async function triviaSettings(db: Db, communityId: string): Promise<TriviaSettings> {
  const row = await db
    .selectFrom('trivia_settings')
    .select(['daily_allowance', 'time_zone'])
    .where('community_id', '=', communityId)
    .executeTakeFirst();
  return { dailyAllowance: row?.daily_allowance ?? DEFAULT_DAILY_ALLOWANCE, timeZone: row?.time_zone ?? DEFAULT_TIME_ZONE };
}

export async function setTriviaSettings(db: Db, communityId: string, settings: Partial<TriviaSettings>): Promise<TriviaSettings> {
  const current = await triviaSettings(db, communityId);
  const next = { ...current, ...Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined)) } as TriviaSettings;
  await db
    .insertInto('trivia_settings')
    .values({ community_id: communityId, daily_allowance: next.dailyAllowance, time_zone: next.timeZone })
    .onConflict((oc) => oc.column('community_id').doUpdateSet({ daily_allowance: next.dailyAllowance, time_zone: next.timeZone }))
    .execute();
  return next;
}

/** The community of a member (undefined when the account is gone). */
export async function communityOfMember(db: Db, userId: number): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('community_id').where('id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
  return row?.community_id;
}

// ---- Questions -----------------------------------------------------------------------------

export interface QuestionInput {
  text: LocalizedText;
  answers: { text: LocalizedText; correct: boolean }[];
}

export interface StoredQuestion {
  id: number;
  text: LocalizedText;
  answers: { id: number; text: LocalizedText; correct: boolean }[];
}

/** Adds questions to the individual pool (contestId null) or to a contest, after those already there. */
export async function createQuestions(db: Db, communityId: string, contestId: number | null, questions: QuestionInput[]): Promise<number[]> {
  const last = await db
    .selectFrom('trivia_questions')
    .select((eb) => eb.fn.max('position').as('max'))
    .where('community_id', '=', communityId)
    .where((eb) => (contestId === null ? eb('contest_id', 'is', null) : eb('contest_id', '=', contestId)))
    .executeTakeFirst();
  let position = Number(last?.max ?? 0);
  const ids: number[] = [];
  for (const question of questions) {
    position += 1;
    const row = await db
      .insertInto('trivia_questions')
      .values({ community_id: communityId, contest_id: contestId, text: JSON.stringify(question.text), position })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('trivia_answers')
      .values(question.answers.map((answer, index) => ({ question_id: row.id, text: JSON.stringify(answer.text), correct: answer.correct, position: index + 1 })))
      .execute();
    ids.push(row.id);
  }
  return ids;
}

/** A question with its answers in order. */
export async function findQuestion(db: Db, questionId: number): Promise<(StoredQuestion & { contestId: number | null; communityId: string }) | undefined> {
  const question = await db
    .selectFrom('trivia_questions')
    .select(['id', 'text', 'contest_id', 'community_id'])
    .where('id', '=', questionId)
    .executeTakeFirst();
  if (!question) return undefined;
  const answers = await db
    .selectFrom('trivia_answers')
    .select(['id', 'text', 'correct'])
    .where('question_id', '=', questionId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return { id: question.id, text: question.text, contestId: question.contest_id, communityId: question.community_id, answers };
}

/** How many questions the pool (contestId null) or a contest holds. */
export async function countQuestions(db: Db, communityId: string, contestId: number | null): Promise<number> {
  const row = await db
    .selectFrom('trivia_questions')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('community_id', '=', communityId)
    .where('active', '=', true)
    .where((eb) => (contestId === null ? eb('contest_id', 'is', null) : eb('contest_id', '=', contestId)))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---- Individual servings -------------------------------------------------------------------

export async function pendingServing(db: Db, userId: number) {
  return db
    .selectFrom('trivia_servings')
    .select(['id', 'question_id', 'day'])
    .where('user_id', '=', userId)
    .where('status', '=', 'served')
    .executeTakeFirst();
}

export async function servingsOnDay(db: Db, userId: number, day: string): Promise<number> {
  const row = await db
    .selectFrom('trivia_servings')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The first active pool question never served to the member. */
export async function nextUnservedQuestion(db: Db, userId: number, communityId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('trivia_questions as q')
    .select('q.id')
    .where('q.community_id', '=', communityId)
    .where('q.contest_id', 'is', null)
    .where('q.active', '=', true)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('trivia_servings as s').select('s.id').whereRef('s.question_id', '=', 'q.id').where('s.user_id', '=', userId))),
    )
    .orderBy('q.position')
    .orderBy('q.id')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

/** Serves a question; false when the member already has one pending or was served it (a concurrent request). */
export async function insertServing(db: Db, userId: number, questionId: number, day: string, at: Date): Promise<boolean> {
  const row = await db
    .insertInto('trivia_servings')
    .values({ user_id: userId, question_id: questionId, day, served_at: at })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function findServing(db: Db, userId: number, questionId: number) {
  return db
    .selectFrom('trivia_servings')
    .select(['id', 'status'])
    .where('user_id', '=', userId)
    .where('question_id', '=', questionId)
    .executeTakeFirst();
}

/** Marks a pending serving answered; false when it was no longer pending (another request won). */
export async function markAnswered(
  db: Db,
  servingId: number,
  values: { answerId: number; correct: boolean; day: string; at: Date },
): Promise<boolean> {
  const row = await db
    .updateTable('trivia_servings')
    .set({ status: 'answered', answer_id: values.answerId, correct: values.correct, answered_day: values.day, answered_at: values.at })
    .where('id', '=', servingId)
    .where('status', '=', 'served')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function setServingLedgerEntry(db: Db, servingId: number, ledgerEntryId: number): Promise<void> {
  await db.updateTable('trivia_servings').set({ ledger_entry_id: ledgerEntryId }).where('id', '=', servingId).execute();
}

/** Skips the member's pending question; false when none was pending. */
export async function skipPending(db: Db, userId: number, at: Date): Promise<boolean> {
  const row = await db
    .updateTable('trivia_servings')
    .set({ status: 'skipped', answered_at: at })
    .where('user_id', '=', userId)
    .where('status', '=', 'served')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The community days on which the member answered, newest first. */
export async function answeredDays(db: Db, userId: number, limit = 400): Promise<string[]> {
  const rows = await db
    .selectFrom('trivia_servings')
    .select('answered_day')
    .distinct()
    .where('user_id', '=', userId)
    .where('status', '=', 'answered')
    .where('answered_day', 'is not', null)
    .orderBy('answered_day', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.answered_day as string);
}

// ---- Contests ------------------------------------------------------------------------------

export interface ContestInput {
  communityId: string;
  name: LocalizedText;
  rules?: LocalizedText | null;
  startsAt: Date;
  endsAt: Date;
  pipsPerAnswer: number;
  joinPips?: number;
  teams: LocalizedText[];
}

export async function createContest(db: Db, input: ContestInput): Promise<{ id: number; teamIds: number[] }> {
  const contest = await db
    .insertInto('trivia_contests')
    .values({
      community_id: input.communityId,
      name: JSON.stringify(input.name),
      rules: input.rules ? JSON.stringify(input.rules) : null,
      starts_at: input.startsAt,
      ends_at: input.endsAt,
      pips_per_answer: input.pipsPerAnswer,
      join_pips: input.joinPips ?? 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const teams = await db
    .insertInto('trivia_teams')
    .values(input.teams.map((name, index) => ({ contest_id: contest.id, name: JSON.stringify(name), position: index + 1 })))
    .returning('id')
    .execute();
  return { id: contest.id, teamIds: teams.map((team) => team.id) };
}

const contestColumns = ['id', 'community_id', 'name', 'rules', 'starts_at', 'ends_at', 'pips_per_answer', 'join_pips', 'active'] as const;

export async function findContest(db: Db, id: number) {
  return db.selectFrom('trivia_contests').select(contestColumns).where('id', '=', id).executeTakeFirst();
}

/** Locks the contest row (joins to one contest run one at a time, so teams stay balanced). */
export async function lockContest(trx: Transaction<Database>, id: number): Promise<void> {
  await trx.selectFrom('trivia_contests').select('id').where('id', '=', id).forUpdate().execute();
}

/** A community's contests that end after `since`, soonest start first; the archived ones only with `withArchived` (the operator's). */
export async function contestsOfCommunity(db: Db, communityId: string, since: Date | null, withArchived = false) {
  let query = db.selectFrom('trivia_contests').select(contestColumns).where('community_id', '=', communityId);
  if (since) query = query.where('ends_at', '>', since);
  if (!withArchived) query = query.where('active', '=', true);
  return query.orderBy('starts_at').orderBy('id').execute();
}

export async function teamsOfContest(db: Db, contestId: number) {
  return db.selectFrom('trivia_teams').select(['id', 'name', 'position']).where('contest_id', '=', contestId).orderBy('position').execute();
}

export async function findMember(db: Db, contestId: number, userId: number, lock = false) {
  let query = db
    .selectFrom('trivia_contest_members')
    .select(['team_id', 'display_name', 'correct_answers', 'total_pips'])
    .where('contest_id', '=', contestId)
    .where('user_id', '=', userId);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The member's team in each of the given contests. */
export async function membershipsOf(db: Db, userId: number, contestIds: number[]) {
  if (contestIds.length === 0) return [];
  return db
    .selectFrom('trivia_contest_members as m')
    .innerJoin('trivia_teams as t', 't.id', 'm.team_id')
    .select(['m.contest_id', 't.name as team_name'])
    .where('m.user_id', '=', userId)
    .where('m.contest_id', 'in', contestIds)
    .execute();
}

/** The team with the fewest members (the first such by position). */
export async function smallestTeam(db: Db, contestId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('trivia_teams as t')
    .leftJoin('trivia_contest_members as m', 'm.team_id', 't.id')
    .select(['t.id'])
    .select((eb) => eb.fn.count<string | number>('m.user_id').as('members'))
    .where('t.contest_id', '=', contestId)
    .groupBy(['t.id', 't.position'])
    .orderBy('members')
    .orderBy('t.position')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

export async function insertMember(db: Db, values: { contestId: number; userId: number; teamId: number; displayName: string | null; at: Date }) {
  await db
    .insertInto('trivia_contest_members')
    .values({ contest_id: values.contestId, user_id: values.userId, team_id: values.teamId, display_name: values.displayName, joined_at: values.at })
    .execute();
}

export async function setDisplayName(db: Db, contestId: number, userId: number, displayName: string): Promise<void> {
  await db
    .updateTable('trivia_contest_members')
    .set({ display_name: displayName })
    .where('contest_id', '=', contestId)
    .where('user_id', '=', userId)
    .execute();
}

/** The first active question of the contest the member has not answered. */
export async function nextContestQuestion(db: Db, contestId: number, userId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('trivia_questions as q')
    .select('q.id')
    .where('q.contest_id', '=', contestId)
    .where('q.active', '=', true)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('trivia_contest_answers as a').select('a.id').whereRef('a.question_id', '=', 'q.id').where('a.user_id', '=', userId))),
    )
    .orderBy('q.position')
    .orderBy('q.id')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

/** How many of the contest's active questions the member has not answered. */
export async function contestQuestionsLeft(db: Db, contestId: number, userId: number): Promise<number> {
  return (await contestQuestionsLeftOf(db, userId, [contestId])).get(contestId) ?? 0;
}

/** For each of the given contests, how many of its active questions the member has not answered. */
export async function contestQuestionsLeftOf(db: Db, userId: number, contestIds: number[]): Promise<Map<number, number>> {
  if (contestIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('trivia_questions as q')
    .select('q.contest_id')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('q.contest_id', 'in', contestIds)
    .where('q.active', '=', true)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('trivia_contest_answers as a').select('a.id').whereRef('a.question_id', '=', 'q.id').where('a.user_id', '=', userId))),
    )
    .groupBy('q.contest_id')
    .execute();
  const left = new Map(contestIds.map((id) => [id, 0]));
  for (const row of rows) if (row.contest_id !== null) left.set(row.contest_id, Number(row.n));
  return left;
}

/** How many active pool questions were never served to the member. */
export async function unservedQuestions(db: Db, userId: number, communityId: string): Promise<number> {
  const row = await db
    .selectFrom('trivia_questions as q')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('q.community_id', '=', communityId)
    .where('q.contest_id', 'is', null)
    .where('q.active', '=', true)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('trivia_servings as s').select('s.id').whereRef('s.question_id', '=', 'q.id').where('s.user_id', '=', userId))),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Stores a contest answer; undefined when the member already answered this question. */
export async function insertContestAnswer(
  db: Db,
  values: { contestId: number; questionId: number; userId: number; answerId: number; correct: boolean; pips: number; at: Date },
): Promise<number | undefined> {
  const row = await db
    .insertInto('trivia_contest_answers')
    .values({
      contest_id: values.contestId,
      question_id: values.questionId,
      user_id: values.userId,
      answer_id: values.answerId,
      correct: values.correct,
      pips: values.pips,
      created_at: values.at,
    })
    .onConflict((oc) => oc.columns(['question_id', 'user_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function setContestAnswerLedgerEntry(db: Db, answerId: number, ledgerEntryId: number): Promise<void> {
  await db.updateTable('trivia_contest_answers').set({ ledger_entry_id: ledgerEntryId }).where('id', '=', answerId).execute();
}

export async function addToMemberScore(db: Db, contestId: number, userId: number, correct: number, pips: number): Promise<void> {
  await db
    .updateTable('trivia_contest_members')
    .set({ correct_answers: sql`correct_answers + ${correct}`, total_pips: sql`total_pips + ${pips}` })
    .where('contest_id', '=', contestId)
    .where('user_id', '=', userId)
    .execute();
}

export interface Standing {
  userId: number;
  teamId: number;
  correctAnswers: number;
  totalPips: number;
  displayName: string | null;
  firstName: string;
  lastName: string;
}

/** Every member of the contest, best first (most correct answers, then who joined first). */
export async function standings(db: Db, contestId: number): Promise<Standing[]> {
  const rows = await db
    .selectFrom('trivia_contest_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.user_id', 'm.team_id', 'm.correct_answers', 'm.total_pips', 'm.display_name', 'u.first_name', 'u.last_name'])
    .where('m.contest_id', '=', contestId)
    .where('u.deleted_at', 'is', null)
    .orderBy('m.correct_answers', 'desc')
    .orderBy('m.joined_at')
    .orderBy('m.user_id')
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    teamId: row.team_id,
    correctAnswers: row.correct_answers,
    totalPips: row.total_pips,
    displayName: row.display_name,
    firstName: row.first_name,
    lastName: row.last_name,
  }));
}

/** For the operator: contests with their member and question counts. */
export async function listContests(db: Db, communityId: string) {
  const contests = await contestsOfCommunity(db, communityId, null, true);
  const result = [];
  for (const contest of contests) {
    const members = await db
      .selectFrom('trivia_contest_members')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('contest_id', '=', contest.id)
      .executeTakeFirstOrThrow();
    result.push({ ...contest, members: Number(members.n), questions: await countQuestions(db, communityId, contest.id) });
  }
  return result;
}
