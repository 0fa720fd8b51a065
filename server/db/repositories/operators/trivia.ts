import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import type { Database, LocalizedText } from '../../schema';

// Trivia questions (and contests) as the operator lists, edits and deletes them.

type Db = Kysely<Database> | Transaction<Database>;

/** How often a question was served (question of the day) or answered in a contest, and answered in all. */
const questionUse = (eb: ExpressionBuilder<Database, 'trivia_questions'>) => [
  sql<number>`((select count(*) from trivia_servings s where s.question_id = trivia_questions.id) + (select count(*) from trivia_contest_answers c where c.question_id = trivia_questions.id))::int`.as('served'),
  sql<number>`((select count(*) from trivia_servings s where s.question_id = trivia_questions.id and s.status = 'answered') + (select count(*) from trivia_contest_answers c where c.question_id = trivia_questions.id))::int`.as('answered'),
  eb.ref('trivia_questions.id').as('qid'),
];

export interface TriviaQuestionRow {
  id: number;
  community_id: string;
  contest_id: number | null;
  text: LocalizedText;
  active: boolean;
  created_at: Date;
  served: number;
  answered: number;
  answers: { id: number; text: LocalizedText; correct: boolean }[];
}

async function withAnswers(db: Db, rows: Omit<TriviaQuestionRow, 'answers'>[]): Promise<TriviaQuestionRow[]> {
  if (rows.length === 0) return [];
  const answers = await db
    .selectFrom('trivia_answers')
    .select(['id', 'question_id', 'text', 'correct'])
    .where(
      'question_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    ...row,
    answers: answers.filter((a) => a.question_id === row.id).map((a) => ({ id: a.id, text: a.text, correct: a.correct })),
  }));
}

const questionColumns = ['id', 'community_id', 'contest_id', 'text', 'active', 'created_at'] as const;

/** A page of the pool's (contestId null) or a contest's questions, newest first. */
export async function triviaQuestionsPage(db: Db, communityId: string, contestId: number | null, archived: boolean, limit: number, offset: number) {
  let query = db
    .selectFrom('trivia_questions')
    .where('community_id', '=', communityId)
    .where('active', '=', !archived)
    .where((eb) => (contestId === null ? eb('contest_id', 'is', null) : eb('contest_id', '=', contestId)));
  const total = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  query = query.orderBy('id', 'desc').limit(limit).offset(offset);
  const rows = await query.select(questionColumns).select(questionUse).execute();
  return { total: Number(total.n), questions: await withAnswers(db, rows) };
}

export async function triviaQuestionForUpdate(trx: Transaction<Database>, id: number): Promise<TriviaQuestionRow | undefined> {
  const row = await trx.selectFrom('trivia_questions').select(questionColumns).select(questionUse).where('id', '=', id).forUpdate().executeTakeFirst();
  return row && (await withAnswers(trx, [row]))[0];
}

export async function updateTriviaQuestion(
  trx: Transaction<Database>,
  id: number,
  change: { text?: LocalizedText; answers?: { text: LocalizedText; correct: boolean }[]; active?: boolean },
): Promise<void> {
  if (change.text !== undefined || change.active !== undefined) {
    await trx
      .updateTable('trivia_questions')
      .set({ ...(change.text !== undefined ? { text: JSON.stringify(change.text) } : {}), ...(change.active !== undefined ? { active: change.active } : {}) })
      .where('id', '=', id)
      .execute();
  }
  if (change.answers !== undefined) {
    await trx.deleteFrom('trivia_answers').where('question_id', '=', id).execute();
    await trx
      .insertInto('trivia_answers')
      .values(change.answers.map((answer, index) => ({ question_id: id, text: JSON.stringify(answer.text), correct: answer.correct, position: index + 1 })))
      .execute();
  }
}

/** Deletes a question never served (its answers go with it). */
export async function deleteTriviaQuestion(trx: Transaction<Database>, id: number): Promise<void> {
  await trx.deleteFrom('trivia_questions').where('id', '=', id).execute();
}

// ---- Contests ---------------------------------------------------------------------------

export interface TriviaContestChange {
  name?: LocalizedText;
  rules?: LocalizedText | null;
  startsAt?: Date;
  endsAt?: Date;
  pipsPerAnswer?: number;
  joinPips?: number;
  active?: boolean;
}

/** Edits a trivia contest: the fields given. */
export async function updateTriviaContest(trx: Transaction<Database>, id: number, change: TriviaContestChange): Promise<void> {
  await trx
    .updateTable('trivia_contests')
    .set({
      ...(change.name !== undefined ? { name: JSON.stringify(change.name) } : {}),
      ...(change.rules !== undefined ? { rules: change.rules === null ? null : JSON.stringify(change.rules) } : {}),
      ...(change.startsAt !== undefined ? { starts_at: change.startsAt } : {}),
      ...(change.endsAt !== undefined ? { ends_at: change.endsAt } : {}),
      ...(change.pipsPerAnswer !== undefined ? { pips_per_answer: change.pipsPerAnswer } : {}),
      ...(change.joinPips !== undefined ? { join_pips: change.joinPips } : {}),
      ...(change.active !== undefined ? { active: change.active } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** Deletes a trivia contest; its teams and questions go with it (ON DELETE CASCADE). */
export async function deleteTriviaContest(trx: Transaction<Database>, id: number): Promise<void> {
  await trx.deleteFrom('trivia_contests').where('id', '=', id).execute();
}
