import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../schema';

// A community's members, their balances and ledgers, as the operator reads them.

type Db = Kysely<Database> | Transaction<Database>;

/** A community's members whose e-mail or name contains `q` (any case), newest first, and how many match. */
/** The columns of a member as the operator API shows one (AdminMember). */
const memberColumns = [
  'id', 'email', 'first_name', 'last_name', 'is_verified', 'available_pips', 'total_earned_pips', 'total_used_pips', 'created_at',
  'suspended_at', 'suspension_reason',
] as const;

export type MemberColumns = Pick<Awaited<ReturnType<typeof memberCard>> & object, (typeof memberColumns)[number]>;

/** Suspends a live member (or changes the reason), or restores them (`reason` null). */
export async function setSuspension(db: Db, userId: number, suspension: { at: Date; reason: string } | null): Promise<void> {
  await db
    .updateTable('users')
    .set(suspension ? { suspended_at: suspension.at, suspension_reason: suspension.reason } : { suspended_at: null, suspension_reason: null })
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .execute();
}

export async function searchMembers(db: Db, communityId: string, q: string | undefined, limit: number, offset: number) {
  let query = db.selectFrom('users').where('community_id', '=', communityId).where('deleted_at', 'is', null);
  const needle = q?.trim();
  if (needle) {
    const pattern = `%${needle.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // `42` or `#42`: the member with that id as well (ids are 32-bit).
    const id = /^#?(\d{1,10})$/.exec(needle)?.[1];
    const byId = id !== undefined && Number(id) >= 1 && Number(id) <= 2 ** 31 - 1 ? Number(id) : undefined;
    query = query.where((eb) =>
      eb.or([
        ...(byId !== undefined ? [eb('id', '=', byId)] : []),
        eb('email', 'like', pattern),
        eb(sql<string>`lower(first_name)`, 'like', pattern),
        eb(sql<string>`lower(last_name)`, 'like', pattern),
        eb(sql<string>`lower(first_name || ' ' || last_name)`, 'like', pattern),
      ]),
    );
  }
  const [members, count] = await Promise.all([
    query
      .select(memberColumns)
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { members, total: Number(count.n) };
}

/** A live member's community and balance, or undefined. */
export async function findMember(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'community_id', 'email', 'available_pips'])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The members of a community with these e-mails (lower-case), with their balances. */
export async function membersByEmail(db: Db, communityId: string, emails: readonly string[]) {
  if (emails.length === 0) return [];
  const rows: { id: number; email: string | null; available_pips: number }[] = [];
  for (let start = 0; start < emails.length; start += 1000) {
    rows.push(
      ...(await db
        .selectFrom('users')
        .select(['id', 'email', 'available_pips'])
        .where('community_id', '=', communityId)
        .where('deleted_at', 'is', null)
        .where('email', 'in', emails.slice(start, start + 1000))
        .execute()),
    );
  }
  return rows;
}

/** One live member as the operator API shows them, or undefined. */
export async function memberCard(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select([...memberColumns, 'community_id'])
    // Kept by pips_post (server/db/sql/pips_post.sql): the ledger's length without a count(*).
    .select(sql<number>`ledger_rows`.as('ledger_rows'))
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}
