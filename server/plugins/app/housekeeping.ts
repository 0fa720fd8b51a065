import fp from 'fastify-plugin';
import { autovacuumRuns, pruneIdempotencyKeys, vacuumAnalyze } from '../../db/repositories/housekeeping';

/**
 * Housekeeping job: every `IDEMPOTENCY_PRUNE_INTERVAL_SECONDS` (and once at start) idempotency
 * keys older than `IDEMPOTENCY_KEY_MAX_AGE_SECONDS` (default 7 days) are deleted. A delete by
 * age is safe when several instances run it at once. On a database without autovacuum (the
 * embedded PGlite) each interval's run (not the one at start) also does `vacuumAnalyze`. The
 * timer does not keep the process alive and stops when the app closes.
 */
export default fp(
  async (app) => {
    const { idempotencyKeyMaxAgeSeconds, idempotencyPruneIntervalSeconds } = app.config;
    if (idempotencyPruneIntervalSeconds <= 0) return;
    let timer: NodeJS.Timeout | undefined;
    let running = false;
    const run = async (maintain: boolean) => {
      // A run still going when the next is due (a long vacuum) is not joined by another.
      if (running) return;
      running = true;
      try {
        await runOnce(maintain);
      } finally {
        running = false;
      }
    };
    const runOnce = async (maintain: boolean) => {
      try {
        const pruned = await pruneIdempotencyKeys(app.db, new Date(app.now().getTime() - idempotencyKeyMaxAgeSeconds * 1000));
        if (pruned > 0) app.log.info({ pruned }, 'idempotency keys pruned');
      } catch (error) {
        app.log.warn({ err: error }, 'idempotency key pruning failed; will retry');
      }
      if (!maintain) return;
      try {
        if (!(await autovacuumRuns(app.db))) {
          const tables = await vacuumAnalyze(app.db);
          app.log.debug({ tables }, 'tables vacuumed and analyzed');
        }
      } catch (error) {
        app.log.warn({ err: error }, 'vacuum and analyze failed; will retry');
      }
    };
    app.addHook('onReady', async () => {
      void run(false);
      timer = setInterval(() => void run(true), idempotencyPruneIntervalSeconds * 1000);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
    });
  },
  { name: 'housekeeping', dependencies: ['db', 'core'] },
);
