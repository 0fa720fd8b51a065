import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Whether any account holds a role in any community (then no setup token works). */
export async function anyOperator(db: Db): Promise<boolean> {
  const row = await db.selectFrom('operator_roles').select('user_id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Records a new setup token; the ones not yet used are dropped (only the latest start's works). */
export async function replaceSetupToken(db: Kysely<Database>, input: { tokenHash: string; at: Date; expiresAt: Date }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('setup_tokens').where('used_at', 'is', null).execute();
    await trx.insertInto('setup_tokens').values({ token_hash: input.tokenHash, created_at: input.at, expires_at: input.expiresAt }).execute();
  });
}

/** A setup token by its hash, locked until the transaction ends (two setups with one token: one wins). */
export async function setupTokenForUpdate(trx: Transaction<Database>, tokenHash: string) {
  return trx.selectFrom('setup_tokens').select(['expires_at as expiresAt', 'used_at as usedAt']).where('token_hash', '=', tokenHash).forUpdate().executeTakeFirst();
}

/** Uses up every setup token: the first owner exists. */
export async function useUpSetupTokens(trx: Transaction<Database>, at: Date): Promise<void> {
  await trx.updateTable('setup_tokens').set({ used_at: at }).where('used_at', 'is', null).execute();
}
