import { sql, type Kysely } from 'kysely';

/**
 * Operator roles by invitation (issue 46): an owner's invitation of an e-mail address to a role,
 * pending until the invitee accepts it signed in with that address, the owner withdraws it, a
 * newer one for the same address replaces it, or it expires. The mailed token is kept as its
 * SHA-256 only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('operator_invitations')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('community_id', 'text', (c) => c.notNull().references('communities.id').onDelete('cascade'))
    /** Normalized, as accounts keep theirs. */
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('owner', 'editor', 'viewer')`))
    .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('accepted_at', 'timestamptz')
    .addColumn('accepted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    /** Withdrawn by an owner, or replaced by a newer invitation of the same address. */
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoked_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await sql`create index operator_invitations_open_idx on operator_invitations (community_id, email)
            where accepted_at is null and revoked_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('operator_invitations').execute();
}
