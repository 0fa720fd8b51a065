import fp from 'fastify-plugin';
import { sql, type Kysely, type Transaction } from 'kysely';
import { AppError } from '../../errors';
import type { Database, LedgerKind, LocalizedText } from '../../db/schema';

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

/** What identifies a replayable write: the same key with another fingerprint is refused. */
export interface Replayable {
  userId: number;
  /** The client's idempotency key; without one the write simply runs. */
  key?: string;
  operation: string;
  /** The request's meaning, e.g. `pid=3` or `qr=12`: a replay must mean the same. */
  fingerprint: string;
}

export interface LedgerService {
  /**
   * Inside the caller's transaction: moves the user's balances with a conditional update (the
   * available balance never goes below zero: INSUFFICIENT_PIPS) and appends the ledger row.
   */
  post(trx: Transaction<Database>, entry: LedgerPost): Promise<Posted>;
  /**
   * Runs `write` in a transaction, once per (user, idempotency key): a replay of the same request
   * returns the first answer without running again; a different request under the key is refused
   * (IDEMPOTENCY_KEY_REUSED). A write that fails leaves the key unused, so it can be retried.
   */
  once<T>(request: Replayable, write: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
}

export const insufficientPips = () =>
  new AppError('INSUFFICIENT_PIPS', 400, 'You do not have enough pips for this.');

export function createLedgerService(deps: { db: Kysely<Database>; now?: () => Date }): LedgerService {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async post(trx, entry) {
      if (!Number.isSafeInteger(entry.delta) || entry.delta === 0) {
        throw new AppError('VALIDATION_ERROR', 400, 'delta: must be a non-zero whole number');
      }
      const earned = Math.max(entry.delta, 0);
      const used = Math.max(-entry.delta, 0);
      const balance = await trx
        .updateTable('users')
        .set({
          available_pips: sql`available_pips + ${entry.delta}`,
          total_earned_pips: sql`total_earned_pips + ${earned}`,
          total_used_pips: sql`total_used_pips + ${used}`,
        })
        .where('id', '=', entry.userId)
        .where('deleted_at', 'is', null)
        .where(sql<boolean>`available_pips + ${entry.delta} >= 0`)
        .returning('available_pips')
        .executeTakeFirst();
      if (!balance) {
        const exists = await trx
          .selectFrom('users')
          .select('id')
          .where('id', '=', entry.userId)
          .where('deleted_at', 'is', null)
          .executeTakeFirst();
        if (!exists) throw new AppError('NOT_FOUND', 404, 'No such member.');
        throw insufficientPips();
      }
      const row = await trx
        .insertInto('ledger_entries')
        .values({
          user_id: entry.userId,
          delta: entry.delta,
          kind: entry.kind,
          source_id: entry.sourceId,
          title: JSON.stringify(entry.title),
          reason: entry.reason ?? null,
          idempotency_key: entry.idempotencyKey ?? null,
          // The app's clock, so Activity dates agree with the daily limits (tests move it).
          created_at: now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { entryId: row.id, availablePips: balance.available_pips };
    },

    async once<T>(request: Replayable, write: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      const { key } = request;
      if (key === undefined) return db.transaction().execute(write);
      return db.transaction().execute(async (trx) => {
        // Claims the key first: a concurrent request with the same key waits here for this
        // transaction, then finds the stored answer.
        const claimed = await trx
          .insertInto('idempotency_keys')
          .values({
            user_id: request.userId,
            key,
            operation: request.operation,
            fingerprint: request.fingerprint,
            response: 'null',
          })
          .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
          .returning('key')
          .executeTakeFirst();
        if (!claimed) {
          const stored = await trx
            .selectFrom('idempotency_keys')
            .select(['operation', 'fingerprint', 'response'])
            .where('user_id', '=', request.userId)
            .where('key', '=', key)
            .executeTakeFirstOrThrow();
          if (stored.operation !== request.operation || stored.fingerprint !== request.fingerprint) {
            throw new AppError('IDEMPOTENCY_KEY_REUSED', 409, 'This idempotency key was already used for another request.');
          }
          return stored.response as T;
        }
        const result = await write(trx);
        await trx
          .updateTable('idempotency_keys')
          .set({ response: JSON.stringify(result ?? null) })
          .where('user_id', '=', request.userId)
          .where('key', '=', key)
          .execute();
        return result;
      });
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    ledger: LedgerService;
  }
}

export default fp(
  async (app) => {
    app.decorate('ledger', createLedgerService({ db: app.db, now: app.now }));
  },
  { name: 'ledger', dependencies: ['db', 'core'] },
);
