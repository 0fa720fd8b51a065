import { sql, type Kysely, type Transaction } from 'kysely';
import { AppError } from '../../errors';
import type { Database, LedgerKind, LocalizedText } from '../schema';
import { postEntry } from './hot';

/**
 * The pip ledger's SQL: the conditional balance update with its append-only row, the
 * idempotency keys of replayable writes, operator adjustments and a member's ledger view.
 * `plugins/app/ledger.ts` is the service in front of it (the only code that moves a balance
 * for a request); the operator CLI adjusts through `adjustPips` below.
 */

type Db = Kysely<Database>;

/** One movement of pips. */
export interface LedgerPost {
  userId: number;
  /** Pips credited (positive) or debited (negative); never 0. */
  delta: number;
  kind: LedgerKind;
  sourceId: number | null;
  title: LocalizedText;
  reason?: string | null;
  idempotencyKey?: string | null;
}

export interface Posted {
  entryId: number;
  /** The balance right after this row. */
  availablePips: number;
}

export { insufficientPips, noSuchMember } from './hot';

/**
 * Inside the caller's transaction: moves the member's balances with a conditional update (the
 * available balance never goes below zero: INSUFFICIENT_PIPS) and appends the ledger row at
 * `createdAt`. A delta that is zero or not a whole number is refused (VALIDATION_ERROR).
 */
export async function postLedgerEntry(trx: Transaction<Database>, entry: LedgerPost, createdAt: Date): Promise<Posted> {
  if (!Number.isSafeInteger(entry.delta) || entry.delta === 0) {
    throw new AppError('VALIDATION_ERROR', 400, 'delta: must be a non-zero whole number');
  }
  // One statement: the conditional update and the append-only row (server/db/sql/pips_post.sql).
  return postEntry(
    trx,
    {
      userId: entry.userId,
      delta: entry.delta,
      kind: entry.kind,
      sourceId: entry.sourceId,
      title: entry.title,
      reason: entry.reason ?? null,
      idempotencyKey: entry.idempotencyKey ?? null,
    },
    createdAt,
  );
}

/** The member's available balance (0 when the member is gone). */
export async function availablePips(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('users').select('available_pips').where('id', '=', userId).executeTakeFirst();
  return row?.available_pips ?? 0;
}

// ---- Idempotency keys ----------------------------------------------------------------------

export interface IdempotencyClaim {
  userId: number;
  key: string;
  operation: string;
  fingerprint: string;
}

/**
 * Claims an idempotency key in the caller's transaction: true when this request is the first.
 * A concurrent request with the same key waits on the row until this transaction ends.
 */
export async function claimIdempotencyKey(trx: Transaction<Database>, claim: IdempotencyClaim): Promise<boolean> {
  const claimed = await trx
    .insertInto('idempotency_keys')
    .values({ user_id: claim.userId, key: claim.key, operation: claim.operation, fingerprint: claim.fingerprint, response: 'null' })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** What a used key stored: the request's meaning and its first answer. */
export async function findIdempotencyKey(trx: Transaction<Database>, userId: number, key: string) {
  return trx
    .selectFrom('idempotency_keys')
    .select(['operation', 'fingerprint', 'response'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
}

/** The stored first answer of a key when it was used for exactly this request, else undefined. */
export async function findStoredAnswer(
  db: Kysely<Database>,
  userId: number,
  key: string,
  operation: string,
  fingerprint: string,
): Promise<unknown> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select('response')
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('operation', '=', operation)
    .where('fingerprint', '=', fingerprint)
    .executeTakeFirst();
  return row?.response ?? undefined;
}

/** Keeps the first answer of a key, returned again on a replay. */
export async function storeIdempotentResponse(trx: Transaction<Database>, userId: number, key: string, response: unknown): Promise<void> {
  await trx
    .updateTable('idempotency_keys')
    .set({ response: JSON.stringify(response ?? null) })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .execute();
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
 * transaction. A debit below zero throws INSUFFICIENT_PIPS and changes nothing.
 */
export async function adjustPips(db: Db, input: AdjustmentInput, now: Date = new Date()): Promise<Posted> {
  return db.transaction().execute((trx) =>
    postLedgerEntry(
      trx,
      { userId: input.userId, delta: input.delta, kind: 'adjustment', sourceId: null, title: input.title ?? ADJUSTMENT_TITLE, reason: input.reason },
      now,
    ),
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

/** The member's ledger rows, newest first, for Activity. */
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

/** How many ledger rows the member has. */
export async function ledgerCount(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
