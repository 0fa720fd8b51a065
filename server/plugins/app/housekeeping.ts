import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Drops idempotency keys (and their stored answers) created before `before`; returns how many. */
export async function pruneIdempotencyKeys(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Housekeeping job: every `IDEMPOTENCY_PRUNE_INTERVAL_SECONDS` (and once at start) idempotency
 * keys older than `IDEMPOTENCY_KEY_MAX_AGE_SECONDS` (default 7 days) are deleted. A delete by
 * age is safe when several instances run it at once. The timer does not keep the process alive
 * and stops when the app closes.
 */
export default fp(
  async (app) => {
    const { idempotencyKeyMaxAgeSeconds, idempotencyPruneIntervalSeconds } = app.config;
    if (idempotencyPruneIntervalSeconds <= 0) return;
    let timer: NodeJS.Timeout | undefined;
    const run = async () => {
      try {
        const pruned = await pruneIdempotencyKeys(app.db, new Date(app.now().getTime() - idempotencyKeyMaxAgeSeconds * 1000));
        if (pruned > 0) app.log.info({ pruned }, 'idempotency keys pruned');
      } catch (error) {
        app.log.warn({ err: error }, 'idempotency key pruning failed; will retry');
      }
    };
    app.addHook('onReady', async () => {
      void run();
      timer = setInterval(() => void run(), idempotencyPruneIntervalSeconds * 1000);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
    });
  },
  { name: 'housekeeping', dependencies: ['db', 'core'] },
);
