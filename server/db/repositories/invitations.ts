import type { Kysely, Transaction } from 'kysely';
import type { Database, OperatorRole } from '../schema';

type Db = Kysely<Database> | Transaction<Database>;

/** An invitation as the operator API shows it, with the inviter's e-mail. */
export interface InvitationRow {
  id: number;
  email: string;
  role: OperatorRole;
  invitedBy: string | null;
  createdAt: Date | string;
  expiresAt: Date | string;
}

const listed = (db: Db) =>
  db
    .selectFrom('operator_invitations as i')
    .leftJoin('users as u', 'u.id', 'i.invited_by')
    .select(['i.id', 'i.email', 'i.role', 'u.email as invitedBy', 'i.created_at as createdAt', 'i.expires_at as expiresAt']);

/**
 * Withdraws the pending invitations of an address to a community (a newer one replaces them),
 * then records the new one; its id.
 */
export async function replaceInvitation(
  trx: Transaction<Database>,
  input: { communityId: string; email: string; role: OperatorRole; invitedBy: number; tokenHash: string; at: Date; expiresAt: Date },
): Promise<number> {
  await trx
    .updateTable('operator_invitations')
    .set({ revoked_at: input.at, revoked_by: input.invitedBy })
    .where('community_id', '=', input.communityId)
    .where('email', '=', input.email)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
  const row = await trx
    .insertInto('operator_invitations')
    .values({
      community_id: input.communityId,
      email: input.email,
      role: input.role,
      invited_by: input.invitedBy,
      token_hash: input.tokenHash,
      created_at: input.at,
      expires_at: input.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** One invitation as listed. */
export async function findInvitation(db: Db, id: number): Promise<InvitationRow | undefined> {
  return listed(db).where('i.id', '=', id).executeTakeFirst();
}

/** A community's pending invitations at `now` (not accepted, withdrawn or expired), newest first. */
export async function pendingInvitations(db: Db, communityId: string, now: Date): Promise<InvitationRow[]> {
  return listed(db)
    .where('i.community_id', '=', communityId)
    .where('i.accepted_at', 'is', null)
    .where('i.revoked_at', 'is', null)
    .where('i.expires_at', '>', now)
    .orderBy('i.id', 'desc')
    .execute();
}

/** An invitation of the community by id, locked for a withdrawal. */
export async function invitationForUpdate(trx: Transaction<Database>, communityId: string, id: number) {
  return trx
    .selectFrom('operator_invitations')
    .select(['id', 'email', 'role', 'expires_at', 'accepted_at', 'revoked_at'])
    .where('id', '=', id)
    .where('community_id', '=', communityId)
    .forUpdate()
    .executeTakeFirst();
}

/** An invitation by its token's hash, with its community's name, locked for acceptance. */
export async function invitationByTokenForUpdate(trx: Transaction<Database>, tokenHash: string) {
  return trx
    .selectFrom('operator_invitations as i')
    .innerJoin('communities as c', 'c.id', 'i.community_id')
    .select(['i.id', 'i.community_id as communityId', 'c.name', 'i.email', 'i.role', 'i.invited_by as invitedBy', 'i.expires_at as expiresAt', 'i.accepted_at as acceptedAt', 'i.revoked_at as revokedAt'])
    .where('i.token_hash', '=', tokenHash)
    .forUpdate('i')
    .executeTakeFirst();
}

export async function markRevoked(trx: Transaction<Database>, id: number, by: number, at: Date): Promise<void> {
  await trx.updateTable('operator_invitations').set({ revoked_at: at, revoked_by: by }).where('id', '=', id).execute();
}

export async function markAccepted(trx: Transaction<Database>, id: number, by: number, at: Date): Promise<void> {
  await trx.updateTable('operator_invitations').set({ accepted_at: at, accepted_by: by }).where('id', '=', id).execute();
}
