import { sql, type Kysely } from 'kysely';

const TOKEN_TYPES_001 = ['register', 'changePassword', 'qrParams', 'emailReset'];
/** confirmPassword: account deletion. oidcState / oidcTicket / oidcSignup: Google and Apple sign-in. */
const TOKEN_TYPES_002 = [...TOKEN_TYPES_001, 'confirmPassword', 'oidcState', 'oidcTicket', 'oidcSignup'];

/** Drops the check constraints on one_time_tokens.type, whatever the engine named them. */
async function dropTypeChecks(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ conname: string }>`
    select conname from pg_constraint
    where conrelid = 'one_time_tokens'::regclass and contype = 'c'
      and pg_get_constraintdef(oid) like '%type%'`.execute(db);
  for (const { conname } of rows) {
    await sql`alter table one_time_tokens drop constraint ${sql.id(conname)}`.execute(db);
  }
}

async function checkTypes(db: Kysely<unknown>, types: string[]): Promise<void> {
  await dropTypeChecks(db);
  const list = sql.join(types.map((type) => sql.lit(type)));
  await sql`alter table one_time_tokens add constraint one_time_tokens_type_check check (type in (${list}))`.execute(db);
}

/**
 * Google and Apple sign-in: the identities a provider vouches for (provider + subject), linked
 * to a user; users made through a provider have no password (password_hash null).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('identities')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('identities_pkey', ['provider', 'subject'])
    .execute();
  await db.schema.createIndex('identities_user_id_idx').on('identities').column('user_id').execute();

  await db.schema.alterTable('users').alterColumn('password_hash', (c) => c.dropNotNull()).execute();
  await checkTypes(db, TOKEN_TYPES_002);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from one_time_tokens where type not in (${sql.join(TOKEN_TYPES_001.map((t) => sql.lit(t)))})`.execute(db);
  await checkTypes(db, TOKEN_TYPES_001);
  await sql`update users set password_hash = '' where password_hash is null`.execute(db);
  await db.schema.alterTable('users').alterColumn('password_hash', (c) => c.setNotNull()).execute();
  await db.schema.dropTable('identities').execute();
}
