import { sql, type Kysely } from 'kysely';

/**
 * Drops the read functions nothing calls any more: `pips_dashboard` (both overloads; the dashboard
 * is a plain statement since 060) and the first overloads of `pips_promos` and `pips_activity`
 * (059 added the ones in use beside them). The functions in use live in server/db/sql/.
 */
const UNUSED = [
  'pips_dashboard(text, text)',
  'pips_dashboard(text, text, text, bigint)',
  'pips_promos(text, text, text, text)',
  'pips_activity(text, text, bigint, bigint)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const signature of UNUSED) await sql.raw(`drop function if exists ${signature}`).execute(db);
}

/** The dropped functions were never called: going down does not bring them back. */
export async function down(): Promise<void> {}
