import { sql, type Kysely } from 'kysely';

/**
 * The earn by QR code finds its one-time token by the token's hash, its primary key.
 *
 * `pips_earn_qr` (migration 004) read and spent the token "where token_hash = $1 and type =
 * 'qrParams' and user_id = $2". Two indexes fit that: the primary key and the one on user_id, and
 * with statistics taken while the table was small both look as cheap. The plan kept for the
 * connection used the user_id index and went through every token the member was ever given (a
 * token per scan: 0.15 and 0.24 ms of an earn after 500 scans each, more with every scan). The
 * member is now compared with IS NOT DISTINCT FROM (the same test for a member's id, which is never
 * null here), which no index answers, so the primary key is the one way in.
 */
const BEFORE = `token_hash = p_token_hash and type = 'qrParams' and user_id = p_user`;
const AFTER = `token_hash = p_token_hash and type = 'qrParams' and user_id is not distinct from p_user`;

async function replaceInEarnQr(db: Kysely<unknown>, before: string, after: string) {
  const { rows } = await sql<{ def: string }>`select pg_get_functiondef('pips_earn_qr'::regproc) as def`.execute(db);
  const definition = rows[0].def;
  const count = definition.split(before).length - 1;
  if (count !== 3) throw new Error(`057: pips_earn_qr reads its token ${count} times, not the 3 expected`);
  // pg_get_functiondef gives "CREATE OR REPLACE FUNCTION", so the function keeps its settings (056).
  await sql.raw(definition.replaceAll(before, after)).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await replaceInEarnQr(db, BEFORE, AFTER);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await replaceInEarnQr(db, AFTER, BEFORE);
}
