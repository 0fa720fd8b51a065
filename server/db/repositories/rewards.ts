import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, LocalizedText, RedemptionPeriod } from '../schema';
import { placesOfCodes } from './giftCodes';

/**
 * Rewards (REDEEM promos), their options and gift-card codes: what the operator CLI loads, and
 * what a redemption takes (one free code per redemption) and the member's gift cards read.
 */

type Db = Kysely<Database>;

const json = (value: unknown) => JSON.stringify(value);
const jsonOrNull = (value: LocalizedText | null | undefined) => (value === null || value === undefined ? null : json(value));

/** Runs `work` in the caller's transaction when there is one, else in a new one. */
function inTransaction<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<Database>) : db.transaction().execute(work);
}

/** A per-member redemption limit: `count` redemptions per member in `period` (calendar, in the community's time zone). */
export interface RedemptionLimit {
  count: number;
  period: RedemptionPeriod;
}

export interface RewardOptionInput {
  label: LocalizedText;
  /** The price in pips (> 0). */
  pips: number;
  /** Per-member limit; none when absent or null. */
  limit?: RedemptionLimit | null;
}

/** The columns of an option's limit (both null: none). */
export const limitColumns = (limit: RedemptionLimit | null | undefined) => ({ limit_count: limit?.count ?? null, limit_period: limit?.period ?? null });

/** An option's limit from its columns. */
export const limitOf = (row: { limit_count: number | null; limit_period: RedemptionPeriod | null }): RedemptionLimit | null =>
  row.limit_count === null || row.limit_period === null ? null : { count: row.limit_count, period: row.limit_period };

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
        .values({ promo_id: promo.id, label: json(option.label), pips: option.pips, ...limitColumns(option.limit) })
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
  limit: RedemptionLimit | null;
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
    .select(['promo_options.id', 'promo_options.promo_id', 'promo_options.label', 'promo_options.pips', 'promo_options.limit_count', 'promo_options.limit_period'])
    .select((eb) => [
      eb.fn.count<string>('gift_card_codes.id').as('total'),
      sql<string>`count(gift_card_codes.id) filter (where gift_card_codes.redemption_id is null and not gift_card_codes.duplicate)`.as('left'),
    ])
    .where(
      'promo_options.promo_id',
      'in',
      promos.map((p) => p.id),
    )
    .groupBy(['promo_options.id', 'promo_options.promo_id', 'promo_options.label', 'promo_options.pips', 'promo_options.limit_count', 'promo_options.limit_period'])
    .orderBy('promo_options.pips')
    .orderBy('promo_options.id')
    .execute();
  return promos.map((promo) => ({
    ...promo,
    options: options
      .filter((o) => o.promo_id === promo.id)
      .map((o) => ({ id: o.id, label: o.label, pips: o.pips, limit: limitOf(o), codesTotal: Number(o.total), codesLeft: Number(o.left) })),
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
  /** Codes given twice in the input, or already loaded anywhere. */
  skipped: number;
  /** The codes refused because they are loaded already (in any option of any community). */
  alreadyLoaded: string[];
}

/**
 * Loads gift-card codes into an option's inventory: trims them, ignores blanks, and skips repeats
 * within `codes` and codes already loaded anywhere (a code is a real card: unique across the whole
 * database, flagged twins included, migration 061). A code another transaction loads at the same
 * time is decided by the unique index: the loser skips it (ON CONFLICT DO NOTHING) and names it.
 */
export async function importGiftCardCodes(db: Db, optionId: number, codes: readonly string[]): Promise<ImportResult> {
  const given = codes.map((code) => code.trim()).filter((code) => code !== '');
  const unique = [...new Set(given)];
  let imported = 0;
  const alreadyLoaded: string[] = [];
  await inTransaction(db, async (trx) => {
    const stored = await placesOfCodes(trx, unique);
    const fresh = unique.filter((code) => !stored.has(code));
    alreadyLoaded.push(...unique.filter((code) => stored.has(code)));
    for (let start = 0; start < fresh.length; start += 1000) {
      const chunk = fresh.slice(start, start + 1000);
      const rows = await trx
        .insertInto('gift_card_codes')
        .values(chunk.map((code) => ({ option_id: optionId, code })))
        .onConflict((oc) => oc.doNothing())
        .returning('code')
        .execute();
      imported += rows.length;
      const taken = new Set(rows.map((row) => row.code));
      alreadyLoaded.push(...chunk.filter((code) => !taken.has(code)));
    }
  });
  return { imported, skipped: given.length - imported, alreadyLoaded };
}

/** How many codes of an option are still free. */
export async function freeCodeCount(db: Db, optionId: number): Promise<number> {
  const row = await db
    .selectFrom('gift_card_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('option_id', '=', optionId)
    .where('redemption_id', 'is', null)
    .where('duplicate', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---- Redemptions ---------------------------------------------------------------------------

/** An option of an active reward of the member's community, with what the ledger row names. */
export async function findRedeemableOption(trx: Transaction<Database>, userId: number, promoId: number, optionId: number) {
  return trx
    .selectFrom('promo_options as o')
    .innerJoin('promos as p', 'p.id', 'o.promo_id')
    .innerJoin('users as u', 'u.community_id', 'p.community_id')
    .select(['o.pips', 'o.label', 'p.title'])
    .where('o.id', '=', optionId)
    .where('p.id', '=', promoId)
    .where('p.type', '=', 'REDEEM')
    .where('p.active', '=', true)
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

/** Takes the next redemption id (the ledger row names its redemption before it exists). */
export async function nextRedemptionId(trx: Transaction<Database>): Promise<number> {
  const result = await sql<{ id: number }>`select nextval(pg_get_serial_sequence('redemptions', 'id'))::integer as id`.execute(trx);
  return result.rows[0].id;
}

/**
 * Locks one free code of the option; codes other transactions hold are skipped, never waited for.
 * FOR NO KEY UPDATE, as `pips_redeem` (server/db/sql/pips_redeem.sql): the stock trigger's KEY SHARE probe never makes it skip a code.
 */
export async function lockFreeCode(trx: Transaction<Database>, optionId: number): Promise<number | undefined> {
  const code = await trx
    .selectFrom('gift_card_codes')
    .select('id')
    .where('option_id', '=', optionId)
    .where('redemption_id', 'is', null)
    .where('duplicate', '=', false)
    .orderBy('id')
    .limit(1)
    .forNoKeyUpdate()
    .skipLocked()
    .executeTakeFirst();
  return code?.id;
}

export interface NewRedemption {
  id: number;
  userId: number;
  promoId: number;
  optionId: number;
  pips: number;
  ledgerEntryId: number;
  codeId: number;
  createdAt: Date;
}

/** Stores the redemption under its taken id and gives it the locked code. */
export async function insertRedemption(trx: Transaction<Database>, row: NewRedemption): Promise<void> {
  await sql`
    insert into redemptions (id, user_id, promo_id, option_id, pips, ledger_entry_id, created_at)
    overriding system value
    values (${row.id}, ${row.userId}, ${row.promoId}, ${row.optionId}, ${row.pips}, ${row.ledgerEntryId}, ${row.createdAt})
  `.execute(trx);
  await trx.updateTable('gift_card_codes').set({ redemption_id: row.id }).where('id', '=', row.codeId).execute();
}

/** The member's redemptions with their reward and option. */
const redemptionsOf = (db: Db, userId: number) =>
  db
    .selectFrom('redemptions as r')
    .innerJoin('promos as p', 'p.id', 'r.promo_id')
    .innerJoin('promo_options as o', 'o.id', 'r.option_id')
    .where('r.user_id', '=', userId);

/** A page of the member's redemptions, newest first. */
export async function redemptionPage(db: Db, userId: number, limit: number, offset: number) {
  return redemptionsOf(db, userId)
    .select(['r.id', 'r.pips', 'r.created_at', 'p.title', 'p.description', 'p.image_url', 'o.label'])
    .orderBy('r.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** How many redemptions the member has. */
export async function redemptionCount(db: Db, userId: number): Promise<number> {
  const { total } = await db
    .selectFrom('redemptions')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(total);
}

/** One of the member's redemptions with its reward, option and code, or undefined. */
export async function findRedemptionOfMember(db: Db, userId: number, id: number) {
  return redemptionsOf(db, userId)
    .leftJoin('gift_card_codes as c', 'c.redemption_id', 'r.id')
    .select(['r.id', 'r.pips', 'r.created_at', 'p.title', 'p.description', 'p.image_url', 'p.url', 'p.terms', 'o.label', 'c.code'])
    .where('r.id', '=', id)
    .executeTakeFirst();
}

/**
 * For each limited option of the active rewards of the member's community, how many more times
 * the member may redeem it in the period holding `at` (as `pips_redeem` counts: calendar periods in
 * the community's trivia time zone, UTC unless set). Read per member beside the shared catalog.
 */
export async function limitsLeftOf(db: Db, userId: number, at: Date): Promise<{ optId: number; left: number }[]> {
  const { rows } = await sql<{ optId: number; left: number }>`
    select o.id as "optId",
           greatest(o.limit_count - (select count(*) from redemptions r
                                      where r.user_id = u.id and r.option_id = o.id
                                        and r.created_at >= pips_period_start(o.limit_period, coalesce(s.time_zone, 'UTC'), ${at})), 0)::int as "left"
      from users u
      join promos p on p.community_id = u.community_id and p.type = 'REDEEM' and p.active
      join promo_options o on o.promo_id = p.id and o.limit_count is not null
      left join trivia_settings s on s.community_id = u.community_id
     where u.id = ${userId}
     order by o.id`.execute(db);
  return rows;
}
