import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { createLedgerService, type Posted } from '../../plugins/app/ledger';
import type { Database, EarnLimit, LedgerKind, LocalizedText } from '../schema';

/**
 * What the operator puts on offer: earn promos, rewards with their options and gift-card codes,
 * earn QR codes and questionnaires; plus operator pip adjustments and a member's ledger. Used by
 * the operator CLI (server/admin/) and the demo content (server/db/demoContent.ts). Texts are
 * LocalizedText and stored as jsonb (written as JSON text).
 */

type Db = Kysely<Database>;

const json = (value: unknown) => JSON.stringify(value);
const jsonOrNull = (value: LocalizedText | null | undefined) => (value === null || value === undefined ? null : json(value));

/** Runs `work` in the caller's transaction when there is one, else in a new one. */
function inTransaction<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);
}

/** The app path of a questionnaire (Promo.questionnaireUrl). */
export const questionnairePath = (id: number) => `/forms/${id}`;

/** What a printed earn QR code encodes. */
export const earnQrLink = (publicUrl: string, code: string) => `${publicUrl}/earn?qr=${encodeURIComponent(code)}`;

/** A fresh earn QR code: 16 random bytes as base64url (22 url-safe characters). */
export const newEarnQrCode = () => randomBytes(16).toString('base64url');

// ---- Earn promos ---------------------------------------------------------------------------

export interface EarnPromoInput {
  communityId: string;
  title: LocalizedText;
  description?: LocalizedText | null;
  imageUrl?: string | null;
  /** Opened in a new tab when the member earns. */
  url?: string | null;
  pips: number;
  limit?: EarnLimit;
  questionnaireId?: number | null;
  /** An app path such as '/trivia/individual'. */
  redirectToInternalScreen?: string | null;
}

/** Creates an EARN promo; returns its id (the `pid` of the earn call). */
export async function createEarnPromo(db: Db, input: EarnPromoInput): Promise<number> {
  const row = await db
    .insertInto('promos')
    .values({
      community_id: input.communityId,
      type: 'EARN',
      title: json(input.title),
      description: jsonOrNull(input.description),
      image_url: input.imageUrl ?? null,
      url: input.url ?? null,
      pips: input.pips,
      earn_limit: input.limit ?? 'once',
      questionnaire_id: input.questionnaireId ?? null,
      redirect_to_internal_screen: input.redirectToInternalScreen ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface PromoSummary {
  id: number;
  type: 'EARN' | 'REDEEM';
  title: LocalizedText;
  description: LocalizedText | null;
  url: string | null;
  pips: number;
  limit: EarnLimit;
  questionnaireId: number | null;
  redirectToInternalScreen: string | null;
  active: boolean;
  /** REDEEM: how many options, and the cheapest price (null without options). */
  options: number;
  cheapest: number | null;
  /** EARN: how many times members earned it. */
  earned: number;
}

/** The community's promos, oldest first. */
export async function listPromos(db: Db, communityId: string, type?: 'EARN' | 'REDEEM'): Promise<PromoSummary[]> {
  let query = db
    .selectFrom('promos')
    .select([
      'promos.id',
      'promos.type',
      'promos.title',
      'promos.description',
      'promos.url',
      'promos.pips',
      'promos.earn_limit',
      'promos.questionnaire_id',
      'promos.redirect_to_internal_screen',
      'promos.active',
    ])
    .select((eb) => [
      eb.selectFrom('promo_options').whereRef('promo_options.promo_id', '=', 'promos.id').select(eb.fn.countAll<string>().as('n')).as('options'),
      eb.selectFrom('promo_options').whereRef('promo_options.promo_id', '=', 'promos.id').select(eb.fn.min<number>('pips').as('m')).as('cheapest'),
      eb
        .selectFrom('earn_claims')
        .whereRef('earn_claims.source_id', '=', 'promos.id')
        .where('earn_claims.kind', '=', 'promo')
        .select(eb.fn.countAll<string>().as('n'))
        .as('earned'),
    ])
    .where('promos.community_id', '=', communityId);
  if (type) query = query.where('promos.type', '=', type);
  const rows = await query.orderBy('promos.id').execute();
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    title: row.title,
    description: row.description,
    url: row.url,
    pips: row.pips,
    limit: row.earn_limit,
    questionnaireId: row.questionnaire_id,
    redirectToInternalScreen: row.redirect_to_internal_screen,
    active: row.active,
    options: Number(row.options ?? 0),
    cheapest: row.cheapest === null || row.cheapest === undefined ? null : Number(row.cheapest),
    earned: Number(row.earned ?? 0),
  }));
}

// ---- Rewards (REDEEM promos), options and gift-card codes ---------------------------------

export interface RewardOptionInput {
  label: LocalizedText;
  /** The price in pips (> 0). */
  pips: number;
}

export interface RewardInput {
  communityId: string;
  title: LocalizedText;
  description?: LocalizedText | null;
  terms?: LocalizedText | null;
  /** Where the reward is claimed. */
  url?: string | null;
  imageUrl?: string | null;
  options: RewardOptionInput[];
}

export interface CreatedReward {
  id: number;
  /** The option ids (`optId`), in the order given. */
  optionIds: number[];
}

/** Creates a REDEEM promo with its options, in one transaction. */
export async function createReward(db: Db, input: RewardInput): Promise<CreatedReward> {
  return inTransaction(db, async (trx) => {
    const promo = await trx
      .insertInto('promos')
      .values({
        community_id: input.communityId,
        type: 'REDEEM',
        title: json(input.title),
        description: jsonOrNull(input.description),
        terms: jsonOrNull(input.terms),
        image_url: input.imageUrl ?? null,
        url: input.url ?? null,
        pips: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const optionIds: number[] = [];
    for (const option of input.options) {
      const row = await trx
        .insertInto('promo_options')
        .values({ promo_id: promo.id, label: json(option.label), pips: option.pips })
        .returning('id')
        .executeTakeFirstOrThrow();
      optionIds.push(row.id);
    }
    return { id: promo.id, optionIds };
  });
}

export interface RewardOptionSummary {
  id: number;
  label: LocalizedText;
  pips: number;
  codesTotal: number;
  codesLeft: number;
}

export interface RewardSummary {
  id: number;
  title: LocalizedText;
  url: string | null;
  active: boolean;
  /** Cheapest first. */
  options: RewardOptionSummary[];
}

/** The community's rewards with their options, prices and gift-card stock. */
export async function listRewards(db: Db, communityId: string): Promise<RewardSummary[]> {
  const promos = await db
    .selectFrom('promos')
    .select(['id', 'title', 'url', 'active'])
    .where('community_id', '=', communityId)
    .where('type', '=', 'REDEEM')
    .orderBy('id')
    .execute();
  if (promos.length === 0) return [];
  const options = await db
    .selectFrom('promo_options')
    .leftJoin('gift_card_codes', 'gift_card_codes.option_id', 'promo_options.id')
    .select(['promo_options.id', 'promo_options.promo_id', 'promo_options.label', 'promo_options.pips'])
    .select((eb) => [
      eb.fn.count<string>('gift_card_codes.id').as('total'),
      sql<string>`count(gift_card_codes.id) filter (where gift_card_codes.redemption_id is null)`.as('left'),
    ])
    .where(
      'promo_options.promo_id',
      'in',
      promos.map((p) => p.id),
    )
    .groupBy(['promo_options.id', 'promo_options.promo_id', 'promo_options.label', 'promo_options.pips'])
    .orderBy('promo_options.pips')
    .orderBy('promo_options.id')
    .execute();
  return promos.map((promo) => ({
    ...promo,
    options: options
      .filter((o) => o.promo_id === promo.id)
      .map((o) => ({ id: o.id, label: o.label, pips: o.pips, codesTotal: Number(o.total), codesLeft: Number(o.left) })),
  }));
}

export interface OptionWithReward {
  id: number;
  label: LocalizedText;
  pips: number;
  promoId: number;
  promoType: 'EARN' | 'REDEEM';
  rewardTitle: LocalizedText;
  communityId: string;
}

/** A reward option with its reward, or undefined. */
export async function findRewardOption(db: Db, optionId: number): Promise<OptionWithReward | undefined> {
  const row = await db
    .selectFrom('promo_options')
    .innerJoin('promos', 'promos.id', 'promo_options.promo_id')
    .select([
      'promo_options.id',
      'promo_options.label',
      'promo_options.pips',
      'promos.id as promoId',
      'promos.type as promoType',
      'promos.title as rewardTitle',
      'promos.community_id as communityId',
    ])
    .where('promo_options.id', '=', optionId)
    .executeTakeFirst();
  return row;
}

export interface ImportResult {
  /** Codes added to the inventory. */
  imported: number;
  /** Codes given twice in the input, or already loaded for this option. */
  skipped: number;
}

/**
 * Loads gift-card codes into an option's inventory: trims them, ignores blanks, and skips
 * duplicates (within `codes` and against the codes already loaded for the option).
 */
export async function importGiftCardCodes(db: Db, optionId: number, codes: readonly string[]): Promise<ImportResult> {
  const given = codes.map((code) => code.trim()).filter((code) => code !== '');
  const unique = [...new Set(given)];
  let imported = 0;
  await inTransaction(db, async (trx) => {
    for (let start = 0; start < unique.length; start += 1000) {
      const rows = await trx
        .insertInto('gift_card_codes')
        .values(unique.slice(start, start + 1000).map((code) => ({ option_id: optionId, code })))
        .onConflict((oc) => oc.columns(['option_id', 'code']).doNothing())
        .returning('id')
        .execute();
      imported += rows.length;
    }
  });
  return { imported, skipped: given.length - imported };
}

/** How many codes of an option are still free. */
export async function freeCodeCount(db: Db, optionId: number): Promise<number> {
  const row = await db
    .selectFrom('gift_card_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('option_id', '=', optionId)
    .where('redemption_id', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---- Earn QR codes -------------------------------------------------------------------------

export interface EarnQrCodeInput {
  communityId: string;
  title: LocalizedText;
  pips: number;
  limit?: 'once' | 'daily';
  validFrom?: Date | null;
  validUntil?: Date | null;
  /** How many scans may credit in all; null or undefined: no cap. */
  totalCap?: number | null;
  /** Default: a fresh random code (newEarnQrCode). */
  code?: string;
}

export interface CreatedEarnQrCode {
  id: number;
  /** What the printed QR encodes after `?qr=`. */
  code: string;
}

export async function createEarnQrCode(db: Db, input: EarnQrCodeInput): Promise<CreatedEarnQrCode> {
  const code = input.code ?? newEarnQrCode();
  const row = await db
    .insertInto('earn_qr_codes')
    .values({
      community_id: input.communityId,
      code,
      title: json(input.title),
      pips: input.pips,
      earn_limit: input.limit ?? 'once',
      valid_from: input.validFrom ?? null,
      valid_until: input.validUntil ?? null,
      total_cap: input.totalCap ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, code };
}

export interface EarnQrCodeSummary {
  id: number;
  code: string;
  title: LocalizedText;
  pips: number;
  limit: 'once' | 'daily';
  validFrom: Date | null;
  validUntil: Date | null;
  totalCap: number | null;
  claims: number;
}

/** The community's earn QR codes, oldest first. */
export async function listEarnQrCodes(db: Db, communityId: string): Promise<EarnQrCodeSummary[]> {
  const rows = await db
    .selectFrom('earn_qr_codes')
    .selectAll()
    .where('community_id', '=', communityId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    title: row.title,
    pips: row.pips,
    limit: row.earn_limit,
    validFrom: row.valid_from,
    validUntil: row.valid_until,
    totalCap: row.total_cap,
    claims: row.claims_count,
  }));
}

// ---- Questionnaires ------------------------------------------------------------------------

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
    .where('questionnaires.community_id', '=', communityId);
  if (onlyId !== undefined) query = query.where('questionnaires.id', '=', onlyId);
  const rows = await query.orderBy('questionnaires.id').execute();
  return rows.map((row) => ({ ...row, answers: Number(row.answers ?? 0) }));
}

// ---- Operator adjustments and the ledger ---------------------------------------------------

/** What members see in Activity for an operator adjustment unless the operator gives a title. */
export const ADJUSTMENT_TITLE: LocalizedText = { en: 'Pips adjustment', es: 'Ajuste de pips' };

export interface AdjustmentInput {
  userId: number;
  /** Pips credited (positive) or debited (negative); never 0. */
  delta: number;
  /** The operator's reason (kept on the ledger row). */
  reason: string;
  /** What the member sees in Activity; default ADJUSTMENT_TITLE. */
  title?: LocalizedText;
}

/**
 * Credits or debits a member through the ledger (a row of kind 'adjustment'), in its own
 * transaction. A debit below zero throws the ledger's INSUFFICIENT_PIPS and changes nothing.
 */
export async function adjustPips(db: Db, input: AdjustmentInput): Promise<Posted> {
  const ledger = createLedgerService({ db });
  return db.transaction().execute((trx) =>
    ledger.post(trx, {
      userId: input.userId,
      delta: input.delta,
      kind: 'adjustment',
      sourceId: null,
      title: input.title ?? ADJUSTMENT_TITLE,
      reason: input.reason,
    }),
  );
}

export interface LedgerLine {
  id: number;
  delta: number;
  kind: LedgerKind;
  sourceId: number | null;
  title: LocalizedText;
  reason: string | null;
  createdAt: Date;
  /** The member's available balance right after this row. */
  balanceAfter: number;
}

export interface LedgerView {
  availablePips: number;
  totalEarnedPips: number;
  totalUsedPips: number;
  /** How many rows the member's ledger holds in all, and their sums (the balances must agree). */
  entries: number;
  sum: number;
  earnedSum: number;
  usedSum: number;
  /** The newest rows first, at most `limit`. */
  lines: LedgerLine[];
}

/** A member's balances and newest ledger rows, read in one snapshot; undefined for no user. */
export async function showLedger(db: Db, userId: number, limit: number): Promise<LedgerView | undefined> {
  const read = async (trx: Transaction<Database>): Promise<LedgerView | undefined> => {
    const user = await trx
      .selectFrom('users')
      .select(['available_pips', 'total_earned_pips', 'total_used_pips'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) return undefined;
    const totals = await trx
      .selectFrom('ledger_entries')
      .select((eb) => [
        eb.fn.countAll<string>().as('entries'),
        sql<string>`coalesce(sum(delta), 0)`.as('sum'),
        sql<string>`coalesce(sum(delta) filter (where delta > 0), 0)`.as('earned'),
        sql<string>`coalesce(-sum(delta) filter (where delta < 0), 0)`.as('used'),
      ])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const rows = await trx
      .selectFrom('ledger_entries')
      .select(['id', 'delta', 'kind', 'source_id', 'title', 'reason', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    let balance = user.available_pips;
    const lines = rows.map((row) => {
      const line: LedgerLine = {
        id: row.id,
        delta: row.delta,
        kind: row.kind,
        sourceId: row.source_id,
        title: row.title,
        reason: row.reason,
        createdAt: row.created_at,
        balanceAfter: balance,
      };
      balance -= row.delta;
      return line;
    });
    return {
      availablePips: user.available_pips,
      totalEarnedPips: user.total_earned_pips,
      totalUsedPips: user.total_used_pips,
      entries: Number(totals.entries),
      sum: Number(totals.sum),
      earnedSum: Number(totals.earned),
      usedSum: Number(totals.used),
      lines,
    };
  };
  if (db.isTransaction) return read(db as Transaction<Database>);
  return db.transaction().setIsolationLevel('repeatable read').execute(read);
}
