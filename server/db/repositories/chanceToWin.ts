import { sql, type Kysely, type Transaction } from 'kysely';
import type { CtwContest, Database, LocalizedText } from '../schema';

/** SQL of the Chance to Win contests, their entries and winners (migration 030). */

export interface NewContest {
  communityId: string;
  name: LocalizedText;
  prize: LocalizedText | null;
  thresholdPips: number;
  startsAt: Date;
  drawsAt: Date;
  numberOfWinners: number;
  seed: string;
  commitment: string;
}

export async function insertContest(db: Kysely<Database>, contest: NewContest): Promise<CtwContest> {
  return db
    .insertInto('ctw_contests')
    .values({
      community_id: contest.communityId,
      name: JSON.stringify(contest.name),
      prize: contest.prize === null ? null : JSON.stringify(contest.prize),
      threshold_pips: contest.thresholdPips,
      starts_at: contest.startsAt,
      draws_at: contest.drawsAt,
      number_of_winners: contest.numberOfWinners,
      seed: contest.seed,
      commitment: contest.commitment,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findContest(db: Kysely<Database>, id: number): Promise<CtwContest | undefined> {
  return db.selectFrom('ctw_contests').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every contest, or a community's, newest drawing first. */
export async function listContests(db: Kysely<Database>, communityId?: string): Promise<CtwContest[]> {
  let query = db.selectFrom('ctw_contests').selectAll();
  if (communityId !== undefined) query = query.where('community_id', '=', communityId);
  return query.orderBy('draws_at', 'desc').orderBy('id', 'desc').execute();
}

/** The community's running contest: open and started; the one drawn soonest when several are. */
export async function findCurrentContest(db: Kysely<Database>, communityId: string, now: Date): Promise<CtwContest | undefined> {
  return db
    .selectFrom('ctw_contests')
    .selectAll()
    .where('community_id', '=', communityId)
    .where('status', '=', 'open')
    .where('starts_at', '<=', now)
    .orderBy('draws_at', 'asc')
    .orderBy('id', 'asc')
    .executeTakeFirst();
}

/** The community's drawn contests, newest drawing first. */
export async function listDrawnContests(db: Kysely<Database>, communityId: string, limit: number): Promise<CtwContest[]> {
  return db
    .selectFrom('ctw_contests')
    .selectAll()
    .where('community_id', '=', communityId)
    .where('status', '=', 'drawn')
    .where('active', '=', true)
    .orderBy('draws_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Open contests whose drawing date has come. */
export async function listDueContestIds(db: Kysely<Database>, now: Date): Promise<number[]> {
  const rows = await db
    .selectFrom('ctw_contests')
    .select('id')
    .where('status', '=', 'open')
    .where('draws_at', '<=', now)
    .orderBy('draws_at', 'asc')
    .execute();
  return rows.map((row) => row.id);
}

/** Pips a member earned (credits only) in [from, until). */
export async function earnedInWindow(db: Kysely<Database>, userId: number, from: Date, until: Date): Promise<number> {
  const row = await db
    .selectFrom('ledger_entries')
    .select(sql<string | null>`sum(delta)`.as('earned'))
    .where('user_id', '=', userId)
    .where('delta', '>', 0)
    .where('created_at', '>=', from)
    .where('created_at', '<', until)
    .executeTakeFirst();
  return Number(row?.earned ?? 0);
}

export interface QualifiedMember {
  userId: number;
  earned: number;
  firstName: string;
  lastName: string;
}

/**
 * The community's verified, active members who earned at least `threshold` pips in
 * [from, until), by user id.
 */
export async function qualifiedMembers(
  db: Kysely<Database> | Transaction<Database>,
  communityId: string,
  from: Date,
  until: Date,
  threshold: number,
): Promise<QualifiedMember[]> {
  const rows = await db
    .selectFrom('ledger_entries')
    .innerJoin('users', 'users.id', 'ledger_entries.user_id')
    .select(['users.id as userId', 'users.first_name as firstName', 'users.last_name as lastName'])
    .select(sql<string>`sum(ledger_entries.delta)`.as('earned'))
    .where('users.community_id', '=', communityId)
    .where('users.is_verified', '=', true)
    .where('users.deleted_at', 'is', null)
    .where('ledger_entries.delta', '>', 0)
    .where('ledger_entries.created_at', '>=', from)
    .where('ledger_entries.created_at', '<', until)
    .groupBy(['users.id', 'users.first_name', 'users.last_name'])
    .having(sql`sum(ledger_entries.delta)`, '>=', threshold)
    .orderBy('users.id', 'asc')
    .execute();
  return rows.map((row) => ({ ...row, earned: Number(row.earned) }));
}

/**
 * Claims the draw of a due contest inside `trx`: flips it from open to drawn with a conditional
 * update. Only one transaction can do so (the others wait on the row and then find it drawn);
 * undefined when it was not open, not due, or already drawn.
 */
export async function claimDraw(trx: Transaction<Database>, id: number, now: Date): Promise<CtwContest | undefined> {
  return trx
    .updateTable('ctw_contests')
    .set({ status: 'drawn', drawn_at: now })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .where('draws_at', '<=', now)
    .returningAll()
    .executeTakeFirst();
}

export async function insertEntries(
  trx: Transaction<Database>,
  contestId: number,
  members: readonly QualifiedMember[],
): Promise<{ id: number; userId: number }[]> {
  if (members.length === 0) return [];
  const rows = await trx
    .insertInto('ctw_entries')
    .values(members.map((member) => ({ contest_id: contestId, user_id: member.userId, earned_pips: member.earned })))
    .returning(['id', 'user_id'])
    .execute();
  return rows.map((row) => ({ id: row.id, userId: row.user_id }));
}

/** A winner: no name is kept (migration 063); who they are comes from their account, for operators only. */
export interface WinnerRow {
  contestId: number;
  entryId: number;
  userId: number;
  position: number;
}

export async function insertWinners(trx: Transaction<Database>, winners: readonly WinnerRow[]): Promise<void> {
  if (winners.length === 0) return;
  await trx
    .insertInto('ctw_winners')
    .values(winners.map((w) => ({ contest_id: w.contestId, entry_id: w.entryId, user_id: w.userId, position: w.position })))
    .execute();
}

export async function setEntriesHash(trx: Transaction<Database>, id: number, entriesHash: string): Promise<void> {
  await trx.updateTable('ctw_contests').set({ entries_hash: entriesHash }).where('id', '=', id).execute();
}

/** The entry ids of contests, ascending, by contest. */
export async function entriesOf(db: Kysely<Database>, contestIds: readonly number[]): Promise<Map<number, number[]>> {
  const byContest = new Map<number, number[]>(contestIds.map((id) => [id, []]));
  if (contestIds.length === 0) return byContest;
  const rows = await db
    .selectFrom('ctw_entries')
    .select(['contest_id', 'id'])
    .where('contest_id', 'in', contestIds)
    .orderBy('contest_id')
    .orderBy('id')
    .execute();
  for (const row of rows) byContest.get(row.contest_id)?.push(row.id);
  return byContest;
}

/** The winners of contests in the order drawn, by contest. */
export async function winnersOf(db: Kysely<Database>, contestIds: readonly number[]): Promise<Map<number, WinnerRow[]>> {
  const byContest = new Map<number, WinnerRow[]>(contestIds.map((id) => [id, []]));
  if (contestIds.length === 0) return byContest;
  const rows = await db
    .selectFrom('ctw_winners')
    .select(['contest_id', 'entry_id', 'user_id', 'position'])
    .where('contest_id', 'in', contestIds)
    .orderBy('contest_id')
    .orderBy('position')
    .execute();
  for (const row of rows) {
    byContest.get(row.contest_id)?.push({ contestId: row.contest_id, entryId: row.entry_id, userId: row.user_id, position: row.position });
  }
  return byContest;
}

/** The member's own entry in each of the contests that has one, by contest. */
export async function entriesOfMember(db: Kysely<Database>, contestIds: readonly number[], userId: number): Promise<Map<number, number>> {
  if (contestIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('ctw_entries')
    .select(['contest_id', 'id'])
    .where('contest_id', 'in', contestIds)
    .where('user_id', '=', userId)
    .execute();
  return new Map(rows.map((row) => [row.contest_id, row.id]));
}

/** A drawn contest by id, archived or not (its public proof). */
export async function findDrawnContest(db: Kysely<Database>, id: number): Promise<CtwContest | undefined> {
  return db.selectFrom('ctw_contests').selectAll().where('id', '=', id).where('status', '=', 'drawn').executeTakeFirst();
}

/** Closes an open contest's window now (the operator's early drawing). */
export async function moveDrawingTo(db: Kysely<Database>, id: number, at: Date): Promise<void> {
  await db.updateTable('ctw_contests').set({ draws_at: at }).where('id', '=', id).where('status', '=', 'open').execute();
}

/** Who the winners are, for operators: their names and e-mail, by user id (blank and null once deleted). */
export async function winnerAccounts(
  db: Kysely<Database> | Transaction<Database>,
  userIds: readonly number[],
): Promise<Map<number, { firstName: string; lastName: string; email: string | null; deleted: boolean }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'deleted_at'])
    .where('id', 'in', [...new Set(userIds)])
    .execute();
  return new Map(rows.map((row) => [row.id, { firstName: row.first_name, lastName: row.last_name, email: row.email, deleted: row.deleted_at !== null }]));
}

/** Edits a contest still open (the committed seed stays); undefined when it is drawn or gone. */
export async function updateOpenContest(
  db: Kysely<Database>,
  id: number,
  change: { name?: LocalizedText; prize?: LocalizedText | null; thresholdPips?: number; drawsAt?: Date; numberOfWinners?: number },
): Promise<CtwContest | undefined> {
  return db
    .updateTable('ctw_contests')
    .set({
      ...(change.name !== undefined ? { name: JSON.stringify(change.name) } : {}),
      ...(change.prize !== undefined ? { prize: change.prize === null ? null : JSON.stringify(change.prize) } : {}),
      ...(change.thresholdPips !== undefined ? { threshold_pips: change.thresholdPips } : {}),
      ...(change.drawsAt !== undefined ? { draws_at: change.drawsAt } : {}),
      ...(change.numberOfWinners !== undefined ? { number_of_winners: change.numberOfWinners } : {}),
    })
    .where('id', '=', id)
    .where('status', '!=', 'drawn')
    .returningAll()
    .executeTakeFirst();
}

/** Archives a contest (hidden from members) or restores it. */
export async function setCtwActive(trx: Transaction<Database>, id: number, active: boolean): Promise<void> {
  await trx.updateTable('ctw_contests').set({ active }).where('id', '=', id).execute();
}

/** Deletes a contest not drawn (nobody has entered before the drawing). */
export async function deleteOpenContest(trx: Transaction<Database>, id: number): Promise<void> {
  await trx.deleteFrom('ctw_contests').where('id', '=', id).where('status', '!=', 'drawn').execute();
}
