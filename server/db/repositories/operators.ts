import { sql, type Kysely, type Transaction } from 'kysely';
import { deletedMember } from '../../accountLabels';
import type { Database, LocalizedText, OperatorRole } from '../schema';
import { limitColumns, limitOf, type RedemptionLimit } from './rewards';

type Db = Kysely<Database> | Transaction<Database>;

/** Sets (or changes) an operator's role in a community. */
export async function setOperatorRole(db: Db, userId: number, communityId: string, role: OperatorRole): Promise<void> {
  await db
    .insertInto('operator_roles')
    .values({ user_id: userId, community_id: communityId, role })
    .onConflict((oc) => oc.columns(['user_id', 'community_id']).doUpdateSet({ role }))
    .execute();
}

/** The communities an account runs, with its role in each (none for a plain member). */
export async function communitiesOfOperator(db: Db, userId: number) {
  return db
    .selectFrom('operator_roles as r')
    .innerJoin('communities as c', 'c.id', 'r.community_id')
    .select(['c.id as communityId', 'c.name', 'r.role', 'c.active'])
    .where('r.user_id', '=', userId)
    .orderBy('c.name')
    .execute();
}

/** Whether an account has a role in any community (the app then links to the console). */
export async function runsCommunity(db: Db, userId: number): Promise<boolean> {
  const row = await db.selectFrom('operator_roles').select('user_id').where('user_id', '=', userId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The caller's role in one community, or undefined. */
export async function roleIn(db: Db, userId: number, communityId: string): Promise<OperatorRole | undefined> {
  const row = await db
    .selectFrom('operator_roles')
    .select('role')
    .where('user_id', '=', userId)
    .where('community_id', '=', communityId)
    .executeTakeFirst();
  return row?.role;
}

export interface AuditInput {
  operatorId: number;
  communityId: string;
  action: string;
  entity: string;
  entityId: string | number;
  before: unknown;
  after: unknown;
}

/** One audit row, in the write's own transaction. */
export async function writeAudit(trx: Db, entry: AuditInput): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      operator_id: entry.operatorId,
      community_id: entry.communityId,
      action: entry.action,
      entity: entry.entity,
      entity_id: String(entry.entityId),
      before: entry.before === null || entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === null || entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .execute();
}

/** A page of the audit log of the given communities, newest first: who is the operator's e-mail, or "deleted member #id". */
export async function auditPage(db: Db, communityIds: readonly string[], limit: number, offset: number) {
  if (communityIds.length === 0) return [];
  const rows = await db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.operator_id')
    .select(['a.id', 'a.community_id as communityId', 'a.operator_id as operatorId', 'u.email', 'a.action', 'a.entity', 'a.entity_id as entityId', 'a.before', 'a.after', 'a.created_at as at'])
    .where('a.community_id', 'in', communityIds)
    .orderBy('a.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map(({ operatorId, email, ...row }) => ({ ...row, operator: email ?? (operatorId === null ? null : deletedMember(operatorId)) }));
}

/** A community with its member count, locked when `trx` writes it next. */
export async function communityForUpdate(trx: Transaction<Database>, communityId: string) {
  const row = await trx.selectFrom('communities').select(['id', 'name', 'active']).where('id', '=', communityId).forUpdate().executeTakeFirst();
  if (!row) return undefined;
  return { ...row, members: await memberCount(trx, communityId) };
}

export async function memberCount(db: Db, communityId: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('community_id', '=', communityId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function updateCommunity(trx: Transaction<Database>, communityId: string, change: { name?: string; active?: boolean }): Promise<void> {
  if (change.name === undefined && change.active === undefined) return;
  await trx
    .updateTable('communities')
    .set({ ...(change.name !== undefined ? { name: change.name } : {}), ...(change.active !== undefined ? { active: change.active } : {}) })
    .where('id', '=', communityId)
    .execute();
}

/** How many options a reward has. */
export async function optionCount(db: Db, promoId: number): Promise<number> {
  const row = await db.selectFrom('promo_options').select((eb) => eb.fn.countAll<string>().as('n')).where('promo_id', '=', promoId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertRewardOption(trx: Transaction<Database>, promoId: number, option: { label: LocalizedText; pips: number; limit?: RedemptionLimit | null }): Promise<number> {
  const row = await trx
    .insertInto('promo_options')
    .values({ promo_id: promoId, label: JSON.stringify(option.label), pips: option.pips, ...limitColumns(option.limit) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Hides an announcement from members (or shows it again); archiving also drops its pushes not yet sent. */
export async function setAnnouncementActive(trx: Transaction<Database>, id: number, active: boolean): Promise<void> {
  await trx.updateTable('announcements').set({ active }).where('id', '=', id).execute();
  if (!active) await trx.deleteFrom('push_deliveries').where('announcement_id', '=', id).where('state', '=', 'pending').execute();
}

export async function setCtwActive(trx: Transaction<Database>, id: number, active: boolean): Promise<void> {
  await trx.updateTable('ctw_contests').set({ active }).where('id', '=', id).execute();
}

// ---- Trivia questions ------------------------------------------------------------------------

/** How often a question was served (question of the day) or answered in a contest, and answered in all. */
const questionUse = (eb: import('kysely').ExpressionBuilder<Database, 'trivia_questions'>) => [
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

/** The columns of a promo the operator API shows and edits. */
const promoColumns = ['id', 'community_id', 'type', 'title', 'description', 'url', 'pips', 'earn_limit', 'active', 'created_at', 'image_url', 'image_width', 'image_height'] as const;

export async function promosOfCommunity(db: Db, communityId: string, type: 'EARN' | 'REDEEM', archived: boolean) {
  return db
    .selectFrom('promos')
    .select(promoColumns)
    .where('community_id', '=', communityId)
    .where('type', '=', type)
    .where('active', '=', !archived)
    .orderBy('id', 'desc')
    .execute();
}

export async function findPromoForUpdate(trx: Transaction<Database>, id: number) {
  return trx.selectFrom('promos').select(promoColumns).where('id', '=', id).forUpdate().executeTakeFirst();
}

export type PromoRow = NonNullable<Awaited<ReturnType<typeof findPromoForUpdate>>>;

export interface PromoChange {
  title?: LocalizedText;
  description?: LocalizedText | null;
  url?: string | null;
  pips?: number;
  active?: boolean;
}

export async function updatePromo(trx: Transaction<Database>, id: number, change: PromoChange) {
  return trx
    .updateTable('promos')
    .set({
      ...(change.title !== undefined ? { title: JSON.stringify(change.title) } : {}),
      ...(change.description !== undefined ? { description: change.description === null ? null : JSON.stringify(change.description) } : {}),
      ...(change.url !== undefined ? { url: change.url } : {}),
      ...(change.pips !== undefined ? { pips: change.pips } : {}),
      ...(change.active !== undefined ? { active: change.active } : {}),
    })
    .where('id', '=', id)
    .returning(promoColumns)
    .executeTakeFirstOrThrow();
}

/** A community's members whose e-mail or name contains `q` (any case), newest first, and how many match. */
export async function searchMembers(db: Db, communityId: string, q: string | undefined, limit: number, offset: number) {
  let query = db.selectFrom('users').where('community_id', '=', communityId).where('deleted_at', 'is', null);
  const needle = q?.trim();
  if (needle) {
    const pattern = `%${needle.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb('email', 'like', pattern),
        eb(sql<string>`lower(first_name)`, 'like', pattern),
        eb(sql<string>`lower(last_name)`, 'like', pattern),
        eb(sql<string>`lower(first_name || ' ' || last_name)`, 'like', pattern),
      ]),
    );
  }
  const [members, count] = await Promise.all([
    query
      .select(['id', 'email', 'first_name', 'last_name', 'is_verified', 'available_pips', 'total_earned_pips', 'total_used_pips', 'created_at'])
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { members, total: Number(count.n) };
}

/** A live member's community and balance, or undefined. */
export async function findMember(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'community_id', 'email', 'available_pips'])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** A reward's options with their prices and gift-card stock (codes loaded, codes still free), cheapest first. */
export async function optionsOfReward(db: Db, promoId: number) {
  const rows = await db
    .selectFrom('promo_options as o')
    .leftJoin('gift_card_codes as g', 'g.option_id', 'o.id')
    .select(['o.id', 'o.label', 'o.pips', 'o.limit_count', 'o.limit_period'])
    .select((eb) => [
      eb.fn.count<string>('g.id').as('total'),
      // A code stored twice (migration 061) is not stock: it is never handed out while its twin exists.
      sql<string>`count(g.id) filter (where g.redemption_id is null and not g.duplicate)`.as('left'),
    ])
    .where('o.promo_id', '=', promoId)
    .groupBy(['o.id', 'o.label', 'o.pips', 'o.limit_count', 'o.limit_period'])
    .orderBy('o.pips')
    .orderBy('o.id')
    .execute();
  return rows.map((row) => ({ id: row.id, label: row.label, pips: row.pips, limit: limitOf(row), codesTotal: Number(row.total), codesLeft: Number(row.left) }));
}

export type RewardOptionRow = Awaited<ReturnType<typeof optionsOfReward>>[number];

/** A reward option and the community of its reward, locked for a change (codes loaded into it). */
export async function findOptionForUpdate(trx: Transaction<Database>, optionId: number) {
  return trx
    .selectFrom('promo_options as o')
    .innerJoin('promos as p', 'p.id', 'o.promo_id')
    .select(['o.id', 'o.promo_id as promoId', 'p.community_id as communityId'])
    .where('o.id', '=', optionId)
    .where('p.type', '=', 'REDEEM')
    .forUpdate('o')
    .executeTakeFirst();
}

/** The members of a community with these e-mails (lower-case), with their balances. */
export async function membersByEmail(db: Db, communityId: string, emails: readonly string[]) {
  if (emails.length === 0) return [];
  const rows: { id: number; email: string | null; available_pips: number }[] = [];
  for (let start = 0; start < emails.length; start += 1000) {
    rows.push(
      ...(await db
        .selectFrom('users')
        .select(['id', 'email', 'available_pips'])
        .where('community_id', '=', communityId)
        .where('deleted_at', 'is', null)
        .where('email', 'in', emails.slice(start, start + 1000))
        .execute()),
    );
  }
  return rows;
}

/** What the operator's report reads (issue 14): a community over a period ending now. */
export async function communityReport(db: Db, communityId: string, from: Date) {
  const members = await db
    .selectFrom('users')
    .select((eb) => [eb.fn.countAll<string>().as('total'), sql<string>`count(*) filter (where created_at >= ${from})`.as('joined')])
    .where('community_id', '=', communityId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  const pips = await db
    .selectFrom('ledger_entries as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select([
      sql<string>`coalesce(sum(l.delta) filter (where l.delta > 0 and l.kind <> 'adjustment'), 0)`.as('earned'),
      sql<string>`coalesce(-sum(l.delta) filter (where l.kind = 'redeem'), 0)`.as('redeemed'),
      sql<string>`coalesce(sum(l.delta) filter (where l.kind = 'adjustment'), 0)`.as('adjusted'),
    ])
    .where('u.community_id', '=', communityId)
    .where('l.created_at', '>=', from)
    .executeTakeFirstOrThrow();
  const earnings = await db
    .selectFrom('ledger_entries as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select([
      sql<string>`to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD')`.as('day'),
      'l.kind',
      'l.source_id',
      sql<LocalizedText>`(array_agg(l.title order by l.id desc))[1]`.as('title'),
      sql<string>`count(*)`.as('count'),
      sql<string>`sum(l.delta)`.as('pips'),
    ])
    .where('u.community_id', '=', communityId)
    .where('l.created_at', '>=', from)
    .where('l.delta', '>', 0)
    .where('l.kind', '<>', 'adjustment')
    .groupBy([sql`1`, 'l.kind', 'l.source_id'])
    .orderBy(sql`1`)
    .orderBy('l.kind')
    .orderBy('l.source_id')
    .execute();
  const redemptions = await db
    .selectFrom('redemptions as r')
    .innerJoin('promos as p', 'p.id', 'r.promo_id')
    .innerJoin('promo_options as o', 'o.id', 'r.option_id')
    .select(['r.promo_id', 'r.option_id', 'p.title', 'o.label', sql<string>`count(*)`.as('count'), sql<string>`sum(r.pips)`.as('pips')])
    .where('p.community_id', '=', communityId)
    .where('r.created_at', '>=', from)
    .groupBy(['r.promo_id', 'r.option_id', 'p.title', 'o.label'])
    .orderBy('r.promo_id')
    .orderBy('r.option_id')
    .execute();
  const stock = await db
    .selectFrom('promo_options as o')
    .innerJoin('promos as p', 'p.id', 'o.promo_id')
    .leftJoin('gift_card_codes as g', 'g.option_id', 'o.id')
    .select([
      'p.id as promo_id',
      'o.id as option_id',
      'p.title',
      'o.label',
      sql<string>`count(g.id) filter (where g.redemption_id is null and not g.duplicate)`.as('left'),
      sql<string>`count(g.id)`.as('total'),
    ])
    .where('p.community_id', '=', communityId)
    .where('p.type', '=', 'REDEEM')
    .where('p.active', '=', true)
    .groupBy(['p.id', 'o.id', 'p.title', 'o.label'])
    .orderBy(sql`count(g.id) filter (where g.redemption_id is null and not g.duplicate)`)
    .orderBy('p.id')
    .orderBy('o.id')
    .execute();
  return { members, pips, earnings, redemptions, stock };
}

/** The columns of an earn QR code the operator API shows. */
const qrColumns = ['id', 'community_id', 'title', 'pips', 'earn_limit', 'valid_from', 'valid_until', 'total_cap', 'claims_count', 'code'] as const;

/** A community's earn QR codes, newest first. */
export async function qrCodesOfCommunity(db: Db, communityId: string) {
  return db.selectFrom('earn_qr_codes').select(qrColumns).where('community_id', '=', communityId).orderBy('id', 'desc').execute();
}

export async function findQrCodeForUpdate(trx: Transaction<Database>, id: number) {
  return trx.selectFrom('earn_qr_codes').select(qrColumns).where('id', '=', id).forUpdate().executeTakeFirst();
}

export type QrCodeRow = NonNullable<Awaited<ReturnType<typeof findQrCodeForUpdate>>>;

/** Ends a code's validity at `at` (scans answer QR_CODE_EXPIRED from then on). */
export async function endQrCode(trx: Transaction<Database>, id: number, at: Date) {
  return trx.updateTable('earn_qr_codes').set({ valid_until: at }).where('id', '=', id).returning(qrColumns).executeTakeFirstOrThrow();
}

/** One live member as the operator API shows them, or undefined. */
export async function memberCard(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'community_id', 'email', 'first_name', 'last_name', 'is_verified', 'available_pips', 'total_earned_pips', 'total_used_pips', 'created_at'])
    // Kept by pips_post (server/db/sql/pips_post.sql): the ledger's length without a count(*).
    .select(sql<number>`ledger_rows`.as('ledger_rows'))
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** A page of a member's ledger, newest first. */
export async function ledgerPage(db: Db, userId: number, limit: number, offset: number) {
  return db
    .selectFrom('ledger_entries')
    .select(['id', 'delta', 'kind', 'title', 'reason', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** What still refers to a promo: ledger rows and claims of its earn action, redemptions and gift-card codes of its reward. */
export async function promoReferences(db: Db, promo: { id: number; type: 'EARN' | 'REDEEM' }) {
  if (promo.type === 'EARN') {
    const row = await db
      .selectFrom('ledger_entries')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('kind', '=', 'promo')
      .where('source_id', '=', promo.id)
      .executeTakeFirstOrThrow();
    return { earned: row.n, redemptions: 0, codes: 0 };
  }
  const redemptions = await db.selectFrom('redemptions').select(sql<number>`count(*)::int`.as('n')).where('promo_id', '=', promo.id).executeTakeFirstOrThrow();
  const codes = await db
    .selectFrom('gift_card_codes as g')
    .innerJoin('promo_options as o', 'o.id', 'g.option_id')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('o.promo_id', '=', promo.id)
    .executeTakeFirstOrThrow();
  return { earned: 0, redemptions: redemptions.n, codes: codes.n };
}

/** Deletes a promo (its options go with it). */
export async function deletePromo(trx: Transaction<Database>, id: number): Promise<void> {
  await trx.deleteFrom('earn_claims').where('kind', '=', 'promo').where('source_id', '=', id).execute();
  await trx.deleteFrom('promos').where('id', '=', id).execute();
}

/** Ledger rows a QR code credited. */
export async function qrCodeCredits(db: Db, id: number): Promise<number> {
  const row = await db.selectFrom('ledger_entries').select(sql<number>`count(*)::int`.as('n')).where('kind', '=', 'qr').where('source_id', '=', id).executeTakeFirstOrThrow();
  return row.n;
}

export async function deleteQrCode(trx: Transaction<Database>, id: number): Promise<void> {
  await trx.deleteFrom('earn_claims').where('kind', '=', 'qr').where('source_id', '=', id).execute();
  await trx.deleteFrom('earn_qr_codes').where('id', '=', id).execute();
}

/** A questionnaire and its community, locked for a change. */
export async function findQuestionnaireForUpdate(trx: Transaction<Database>, id: number) {
  return trx.selectFrom('questionnaires').select(['id', 'community_id', 'active']).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function setQuestionnaireActive(trx: Transaction<Database>, id: number, active: boolean): Promise<void> {
  await trx.updateTable('questionnaires').set({ active }).where('id', '=', id).execute();
}

/** A reward option's community (undefined for no such option of a reward). */
export async function optionCommunity(db: Db, optionId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('promo_options as o')
    .innerJoin('promos as p', 'p.id', 'o.promo_id')
    .select('p.community_id as communityId')
    .where('o.id', '=', optionId)
    .where('p.type', '=', 'REDEEM')
    .executeTakeFirst();
  return row?.communityId;
}

export interface CodeRow {
  id: number;
  code: string;
  redemptionId: number | null;
  handedOutAt: Date | string | null;
  userId: number | null;
  email: string | null;
}

/** A page of an option's gift-card codes, newest first, with who got each one handed out. */
export async function codesOfOption(db: Db, optionId: number, status: 'free' | 'handedOut' | undefined, limit: number, offset: number) {
  let base = db.selectFrom('gift_card_codes as g').where('g.option_id', '=', optionId);
  if (status === 'free') base = base.where('g.redemption_id', 'is', null);
  if (status === 'handedOut') base = base.where('g.redemption_id', 'is not', null);
  const [rows, total] = await Promise.all([
    base
      .leftJoin('redemptions as r', 'r.id', 'g.redemption_id')
      .leftJoin('users as u', 'u.id', 'r.user_id')
      .select(['g.id', 'g.code', 'g.redemption_id as redemptionId', 'r.created_at as handedOutAt', 'r.user_id as userId', 'u.email as email'])
      .orderBy('g.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as CodeRow[], total: Number(total.n) };
}

/** One gift-card code with its option's community, locked for a void. */
export async function findCodeForUpdate(trx: Transaction<Database>, codeId: number) {
  return trx
    .selectFrom('gift_card_codes as g')
    .innerJoin('promo_options as o', 'o.id', 'g.option_id')
    .innerJoin('promos as p', 'p.id', 'o.promo_id')
    .select(['g.id', 'g.code', 'g.duplicate', 'g.option_id as optionId', 'g.redemption_id as redemptionId', 'p.community_id as communityId'])
    .where('g.id', '=', codeId)
    .forUpdate('g')
    .executeTakeFirst();
}

export async function deleteCode(trx: Transaction<Database>, codeId: number): Promise<void> {
  await trx.deleteFrom('gift_card_codes').where('id', '=', codeId).where('redemption_id', 'is', null).execute();
}

export interface QrCodeChange {
  title?: LocalizedText;
  pips?: number;
  earnLimit?: 'once' | 'daily';
  validUntil?: Date | null;
  cap?: number | null;
}

/** Edits an earn QR code (its code, and so its printed link, stays). */
export async function updateQrCode(trx: Transaction<Database>, id: number, change: QrCodeChange) {
  return trx
    .updateTable('earn_qr_codes')
    .set({
      ...(change.title !== undefined ? { title: JSON.stringify(change.title) } : {}),
      ...(change.pips !== undefined ? { pips: change.pips } : {}),
      ...(change.earnLimit !== undefined ? { earn_limit: change.earnLimit } : {}),
      ...(change.validUntil !== undefined ? { valid_until: change.validUntil } : {}),
      ...(change.cap !== undefined ? { total_cap: change.cap } : {}),
    })
    .where('id', '=', id)
    .returning(qrColumns)
    .executeTakeFirstOrThrow();
}

/** Edits a reward option's label, price or per-member limit (null: none). */
export async function updateRewardOption(trx: Transaction<Database>, id: number, change: { label?: LocalizedText; pips?: number; limit?: RedemptionLimit | null }) {
  await trx
    .updateTable('promo_options')
    .set({
      ...(change.label !== undefined ? { label: JSON.stringify(change.label) } : {}),
      ...(change.pips !== undefined ? { pips: change.pips } : {}),
      ...(change.limit !== undefined ? limitColumns(change.limit) : {}),
    })
    .where('id', '=', id)
    .execute();
}

// ---- Operators and images -----------------------------------------------------------------

export async function operatorsOf(db: Db, communityId: string) {
  const rows = await db
    .selectFrom('operator_roles as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['u.id as userId', 'u.email', 'r.role'])
    .where('r.community_id', '=', communityId)
    .orderBy('u.email')
    .execute();
  return rows.map((row) => ({ userId: row.userId, email: row.email ?? deletedMember(row.userId), role: row.role }));
}

export async function ownerCount(db: Db, communityId: string): Promise<number> {
  const row = await db.selectFrom('operator_roles').select((eb) => eb.fn.countAll<string>().as('n')).where('community_id', '=', communityId).where('role', '=', 'owner').executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function removeOperatorRole(db: Db, userId: number, communityId: string): Promise<void> {
  await db.deleteFrom('operator_roles').where('user_id', '=', userId).where('community_id', '=', communityId).execute();
}

/** A verified, not deleted account by its (normalized) e-mail. */
export async function verifiedAccount(db: Db, email: string) {
  const row = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email', '=', email)
    .where('is_verified', '=', true)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row && { id: row.id, email: row.email ?? email };
}

/** A promo's image as the audit log keeps it. */
export async function promoImage(db: Db, promoId: number) {
  const row = await db.selectFrom('promos').select(['image_url', 'image_width', 'image_height']).where('id', '=', promoId).executeTakeFirstOrThrow();
  return { url: row.image_url, width: row.image_width, height: row.image_height };
}

export async function optionRedemptions(db: Db, optionId: number): Promise<number> {
  const row = await db.selectFrom('redemptions').select((eb) => eb.fn.countAll<string>().as('n')).where('option_id', '=', optionId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteRewardOption(trx: Transaction<Database>, optionId: number): Promise<void> {
  await trx.deleteFrom('promo_options').where('id', '=', optionId).execute();
}
