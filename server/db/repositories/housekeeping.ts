import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';

// The housekeeping job's statements (server/plugins/app/housekeeping.ts): pruning and VACUUM.

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
