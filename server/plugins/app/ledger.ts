import fp from 'fastify-plugin';
import type { Kysely, Transaction } from 'kysely';
import {
  claimIdempotencyKey,
  findIdempotencyKey,
  postLedgerEntry,
  storeIdempotentResponse,
  type LedgerPost,
  type Posted,
} from '../../db/repositories/ledger';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';

export type { LedgerPost, Posted } from '../../db/repositories/ledger';

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

export function createLedgerService(deps: { db: Kysely<Database>; now?: () => Date }): LedgerService {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    // The app's clock, so Activity dates agree with the daily limits (tests move it).
    post: (trx, entry) => postLedgerEntry(trx, entry, now()),

    async once<T>(request: Replayable, write: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      const { key } = request;
      if (key === undefined) return db.transaction().execute(write);
      return db.transaction().execute(async (trx) => {
        // Claims the key first: a concurrent request with the same key waits here for this
        // transaction, then finds the stored answer.
        const claim = { userId: request.userId, key, operation: request.operation, fingerprint: request.fingerprint };
        if (!(await claimIdempotencyKey(trx, claim))) {
          const stored = await findIdempotencyKey(trx, request.userId, key);
          if (stored.operation !== request.operation || stored.fingerprint !== request.fingerprint) {
            throw new AppError('IDEMPOTENCY_KEY_REUSED', 409, 'This idempotency key was already used for another request.');
          }
          return stored.response as T;
        }
        const result = await write(trx);
        await storeIdempotentResponse(trx, request.userId, key, result);
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
