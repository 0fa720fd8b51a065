import { sql, type Kysely } from 'kysely';

/**
 * The two hot writes plan their lookups as index scans whatever the tables' statistics say.
 *
 * A PL/pgSQL function's statements, and the foreign-key checks its inserts and updates fire, are
 * planned once per connection and the plan is kept for the connection's life. Planned while
 * `idempotency_keys` or `redemptions` held a page or two (a new community, the bench's fresh
 * schema, any database right after its first writes), "where user_id = $1 and key = $2" and the
 * check "redemptions where id = $1" became sequential scans, and stayed so while the tables grew:
 * after 5,000 redemptions those two steps took 0.34 and 0.22 ms of a 1.1 ms redemption, and
 * more with every call. On PostgreSQL an ANALYZE by autovacuum would end it in a while; PGlite
 * has no autovacuum, so the embedded server kept them for good.
 *
 * Every statement of these functions is a lookup by a key with an index, so they run with
 * `enable_seqscan = off`: their plans (and the checks' plans first made inside them) are index
 * scans from the first call. A statement with no usable index would still get its sequential
 * scan; none here has one.
 */
const FUNCTIONS = [
  'pips_redeem(integer, integer, integer, text, timestamptz)',
  'pips_earn_qr(integer, text, text, text, timestamptz, text)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const fn of FUNCTIONS) await sql.raw(`alter function ${fn} set enable_seqscan = off`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const fn of FUNCTIONS) await sql.raw(`alter function ${fn} reset enable_seqscan`).execute(db);
}
