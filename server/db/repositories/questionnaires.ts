import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../schema';

/** Questionnaires (Forms) of a community and the members' answers. */

type Db = Kysely<Database>;

const json = (value: unknown) => JSON.stringify(value);

export interface QuestionnaireInput {
  communityId: string;
  /** A QuestionnairePayload already checked by parsePayload (texts may be LocalizedText). */
  payload: unknown;
  /** Pips awarded once per member for answering. */
  pips: number;
}

/** Creates a questionnaire; returns its id. */
export async function createQuestionnaire(db: Db, input: QuestionnaireInput): Promise<number> {
  const row = await db
    .insertInto('questionnaires')
    .values({ community_id: input.communityId, payload: json(input.payload), pips: input.pips })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface QuestionnaireSummary {
  id: number;
  payload: unknown;
  pips: number;
  active: boolean;
  answers: number;
  /** The live earn actions that lead to it. */
  earnActionIds: number[];
}

/** A questionnaire of the community, or undefined. */
export async function findQuestionnaire(db: Db, communityId: string, id: number): Promise<QuestionnaireSummary | undefined> {
  return (await listQuestionnaires(db, communityId, id))[0];
}

/** The community's questionnaires with their answer counts, oldest first. */
export async function listQuestionnaires(db: Db, communityId: string, onlyId?: number): Promise<QuestionnaireSummary[]> {
  let query = db
    .selectFrom('questionnaires')
    .select(['questionnaires.id', 'questionnaires.payload', 'questionnaires.pips', 'questionnaires.active'])
    .select((eb) =>
      eb
        .selectFrom('questionnaire_answers')
        .whereRef('questionnaire_answers.questionnaire_id', '=', 'questionnaires.id')
        .select(eb.fn.countAll<string>().as('n'))
        .as('answers'),
    )
    // The live earn actions that lead to it, oldest first.
    .select(
      sql<number[]>`coalesce((select array_agg(p.id order by p.id) from promos p
        where p.questionnaire_id = questionnaires.id and p.type = 'EARN' and p.active), '{}')`.as('earnActionIds'),
    )
    .where('questionnaires.community_id', '=', communityId);
  if (onlyId !== undefined) query = query.where('questionnaires.id', '=', onlyId);
  const rows = await query.orderBy('questionnaires.id').execute();
  return rows.map((row) => ({ ...row, answers: Number(row.answers ?? 0), earnActionIds: row.earnActionIds.map(Number) }));
}

// ---- What the operator changes ------------------------------------------------------------

/** A questionnaire and its community, locked for a change. */
export async function findQuestionnaireForUpdate(trx: Transaction<Database>, id: number) {
  return trx.selectFrom('questionnaires').select(['id', 'community_id', 'active', 'payload', 'pips']).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function setQuestionnaireActive(trx: Transaction<Database>, id: number, active: boolean): Promise<void> {
  await trx.updateTable('questionnaires').set({ active }).where('id', '=', id).execute();
}

/** How many times members answered a questionnaire. */
export async function answerCount(db: Db, questionnaireId: number): Promise<number> {
  const row = await db.selectFrom('questionnaire_answers').select((eb) => eb.fn.countAll<string>().as('n')).where('questionnaire_id', '=', questionnaireId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many earn actions offer a questionnaire. */
export async function offerCount(db: Db, questionnaireId: number): Promise<number> {
  const row = await db.selectFrom('promos').select((eb) => eb.fn.countAll<string>().as('n')).where('questionnaire_id', '=', questionnaireId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Changes a questionnaire's questions (its payload) or pips. */
export async function updateQuestionnaire(trx: Transaction<Database>, id: number, change: { payload?: unknown; pips?: number }): Promise<void> {
  await trx
    .updateTable('questionnaires')
    .set({ ...(change.payload !== undefined ? { payload: json(change.payload) } : {}), ...(change.pips !== undefined ? { pips: change.pips } : {}) })
    .where('id', '=', id)
    .execute();
}

/** Deletes a questionnaire nobody answered and no earn action offers. */
export async function deleteQuestionnaire(trx: Transaction<Database>, id: number): Promise<void> {
  await trx.deleteFrom('questionnaires').where('id', '=', id).execute();
}

// ---- What a member sees and answers -------------------------------------------------------

/** A page of the active questionnaires of the member's community, with the member's answer id. */
export async function questionnairesOfMember(db: Db, userId: number, limit: number, offset: number) {
  return db
    .selectFrom('questionnaires as q')
    .innerJoin('users as u', 'u.community_id', 'q.community_id')
    .leftJoin('questionnaire_answers as a', (join) => join.onRef('a.questionnaire_id', '=', 'q.id').on('a.user_id', '=', userId))
    .select(['q.id', 'q.payload', 'q.pips', 'a.id as answerId'])
    .where('u.id', '=', userId)
    .where('q.active', '=', true)
    .orderBy('q.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** An active questionnaire of the member's community, or undefined. */
export async function findQuestionnaireOfMember(trx: Transaction<Database>, userId: number, id: number) {
  return trx
    .selectFrom('questionnaires as q')
    .innerJoin('users as u', 'u.community_id', 'q.community_id')
    .select(['q.payload', 'q.pips'])
    .where('q.id', '=', id)
    .where('q.active', '=', true)
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

/** Whether the member already answered the questionnaire. */
export async function hasAnswered(trx: Transaction<Database>, userId: number, id: number): Promise<boolean> {
  const previous = await trx
    .selectFrom('questionnaire_answers')
    .select('id')
    .where('questionnaire_id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return previous !== undefined;
}

/**
 * Stores the member's answers; false when answers of the member are already stored (a concurrent
 * submission under another key: the unique (questionnaire, user) keeps this one out).
 */
export async function insertAnswers(
  trx: Transaction<Database>,
  row: { questionnaireId: number; userId: number; answers: unknown; ledgerEntryId: number | null; createdAt: Date },
): Promise<boolean> {
  const stored = await trx
    .insertInto('questionnaire_answers')
    .values({
      questionnaire_id: row.questionnaireId,
      user_id: row.userId,
      answers: json(row.answers),
      ledger_entry_id: row.ledgerEntryId,
      created_at: row.createdAt,
    })
    .onConflict((oc) => oc.columns(['questionnaire_id', 'user_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return stored !== undefined;
}
