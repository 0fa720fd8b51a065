import fp from 'fastify-plugin';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Drops idempotency keys (and their stored answers) created before `before`; returns how many. */
export async function pruneIdempotencyKeys(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Whether the database runs autovacuum (PostgreSQL's launcher is among its processes). PGlite,
 * one process with no background workers, never does; nor does a PostgreSQL with it turned off.
 */
export async function autovacuumRuns(db: Kysely<Database>): Promise<boolean> {
  const { rows } = await sql<{ runs: boolean }>`
    select exists (select 1 from pg_stat_activity where backend_type = 'autovacuum launcher') as runs`.execute(db);
  return rows[0].runs;
}

/**
 * VACUUM (ANALYZE) of the app's own tables (those of the current schema, so a shared database's
 * other schemas are left alone): dead rows are reclaimed and the planner's statistics brought up
 * to date. New statistics also make each connection plan its kept statements again (the
 * foreign-key checks among them): a plan made while a table was nearly empty reads it whole.
 * Returns how many tables it went through.
 */
export async function vacuumAnalyze(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ name: string }>`
    select quote_ident(tablename) as name from pg_tables where schemaname = current_schema() order by tablename`.execute(db);
  if (rows.length === 0) return 0;
  await sql.raw(`vacuum (analyze) ${rows.map((r) => r.name).join(', ')}`).execute(db);
  return rows.length;
}

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
