import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Schema } from '../../api/types';
import { findCommunity } from '../../db/repositories/communities';
import * as invitations from '../../db/repositories/invitations';
import { writeAudit } from '../../db/repositories/operators/audit';
import { ownerCount, roleIn, setOperatorRole, verifiedAccount } from '../../db/repositories/operators/roles';
import { findUserById } from '../../db/repositories/users';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { MailLanguage } from '../../mail/language';
import type { Mailer } from '../../mail/mailer';
import { operatorInvitationMail } from '../../mail/messages';
import { normalizeEmail } from '../../security/rules';
import { hashToken, newToken } from '../../security/tokens';
import { forbidden, requireRoleIn } from './operatorRoles';
import type { AuthContext } from './sessions';

/** How long an invitation's link works. */
export const INVITATION_DAYS = 7;

/**
 * Where the mailed link opens: the console's client route (`paths.admin` in src/routing/paths.ts),
 * which accepts the `invitation` parameter signed in. Kept here alone so a move of the console's
 * route changes one line of the server.
 */
export const INVITATION_LINK_PATH = '/console';

/** The link of an invitation's mail. */
export const invitationLink = (publicUrl: string, token: string) => `${publicUrl}${INVITATION_LINK_PATH}?invitation=${encodeURIComponent(token)}`;

const lastOwner = () => new AppError('IN_USE', 409, 'The last owner cannot step down: make another owner first.');
const invitationNotFound = () => new AppError('NOT_FOUND', 404, 'No pending invitation with this id in the community.');

const invitationView = (row: invitations.InvitationRow): Schema<'AdminInvitation'> => ({
  id: row.id,
  email: row.email,
  role: row.role,
  invitedBy: row.invitedBy,
  createdAt: new Date(row.createdAt).toISOString(),
  expiresAt: new Date(row.expiresAt).toISOString(),
});

/**
 * Operator roles by invitation (issue 46). An owner invites an e-mail address to a role; the
 * answer and the mail are the same whether or not an account uses the address, so inviting tells
 * the owner nothing about who has an account. The invitee accepts signed in with the invited
 * address, and only then holds the role. Invitations, withdrawals and acceptances are audited in
 * their own transactions.
 */
export interface OperatorInvitationService {
  invite(auth: AuthContext, communityId: string, input: Schema<'AdminOperatorSet'>, language: MailLanguage): Promise<Schema<'AdminInvitation'>>;
  pending(auth: AuthContext, communityId: string): Promise<Schema<'AdminInvitationList'>>;
  revoke(auth: AuthContext, communityId: string, id: number): Promise<Schema<'AdminDeleted'>>;
  accept(auth: AuthContext, token: string): Promise<Schema<'AdminInvitationAccepted'>>;
}

export function createOperatorInvitationService(deps: { db: Kysely<Database>; mailer: Mailer; now: () => Date; publicUrl: string }): OperatorInvitationService {
  const { db, mailer, now } = deps;

  return {
    async invite(auth, communityId, input, language) {
      await requireRoleIn(db, auth.userId, communityId, 'owner');
      const email = normalizeEmail(input.email);
      const token = newToken();
      const at = now();
      const expiresAt = new Date(at.getTime() + INVITATION_DAYS * 86_400_000);
      const { id, name } = await db.transaction().execute(async (trx) => {
        if ((await roleIn(trx, auth.userId, communityId)) !== 'owner') throw forbidden();
        // The only answer that depends on the address: the community's last owner asked to step
        // down, which the owner sees in the operators' list anyway.
        const account = await verifiedAccount(trx, email);
        if (account && input.role !== 'owner' && (await roleIn(trx, account.id, communityId)) === 'owner' && (await ownerCount(trx, communityId)) <= 1) {
          throw lastOwner();
        }
        const id = await invitations.replaceInvitation(trx, { communityId, email, role: input.role, invitedBy: auth.userId, tokenHash: hashToken(token), at, expiresAt });
        // The address and the role only: nothing in the log says whether an account uses it.
        await writeAudit(trx, { operatorId: auth.userId, communityId, action: 'invitation.create', entity: 'invitation', entityId: id, before: null, after: { email, role: input.role, expiresAt: expiresAt.toISOString() } });
        return { id, name: (await findCommunity(trx, communityId))!.name };
      });
      try {
        await mailer.send(operatorInvitationMail(email, { link: invitationLink(deps.publicUrl, token), community: name, role: input.role, days: INVITATION_DAYS }, language));
      } catch {
        // Unsent, the invitation cannot be accepted: withdraw it, and say to try again.
        await db.transaction().execute((trx) => invitations.markRevoked(trx, id, auth.userId, now()));
        throw new AppError('SERVICE_UNAVAILABLE', 503, 'The invitation mail could not be sent: try again in a moment.');
      }
      return invitationView((await invitations.findInvitation(db, id))!);
    },

    async pending(auth, communityId) {
      await requireRoleIn(db, auth.userId, communityId, 'owner');
      return { invitations: (await invitations.pendingInvitations(db, communityId, now())).map(invitationView) };
    },

    async revoke(auth, communityId, id) {
      await requireRoleIn(db, auth.userId, communityId, 'owner');
      return db.transaction().execute(async (trx) => {
        if ((await roleIn(trx, auth.userId, communityId)) !== 'owner') throw forbidden();
        const row = await invitations.invitationForUpdate(trx, communityId, id);
        const at = now();
        if (!row || row.accepted_at !== null || row.revoked_at !== null || new Date(row.expires_at).getTime() <= at.getTime()) throw invitationNotFound();
        await invitations.markRevoked(trx, id, auth.userId, at);
        await writeAudit(trx, { operatorId: auth.userId, communityId, action: 'invitation.revoke', entity: 'invitation', entityId: id, before: { email: row.email, role: row.role }, after: null });
        return { deleted: true };
      });
    },

    async accept(auth, token) {
      const user = await findUserById(db, auth.userId);
      if (!user) throw new AppError('UNAUTHORIZED', 401, 'Sign in again.');
      return db.transaction().execute(async (trx) => {
        const row = await invitations.invitationByTokenForUpdate(trx, hashToken(token));
        const at = now();
        if (!row) throw new AppError('INVALID_TOKEN', 400, 'No such invitation: check the link of the mail.');
        if (row.acceptedAt !== null) throw new AppError('INVALID_TOKEN', 400, 'This invitation was accepted already.');
        if (row.revokedAt !== null) throw new AppError('INVALID_TOKEN', 400, 'This invitation was withdrawn: ask the owner for a new one.');
        if (new Date(row.expiresAt).getTime() <= at.getTime()) throw new AppError('INVALID_TOKEN', 400, 'This invitation expired: ask the owner for a new one.');
        // Never the invited address in the answer: the caller may not be its owner.
        if (normalizeEmail(user.email ?? '') !== row.email) throw new AppError('FORBIDDEN', 403, 'This invitation is for another e-mail address: sign in with the address it was sent to.');
        const before = (await roleIn(trx, auth.userId, row.communityId)) ?? null;
        if (before === 'owner' && row.role !== 'owner' && (await ownerCount(trx, row.communityId)) <= 1) throw lastOwner();
        await setOperatorRole(trx, auth.userId, row.communityId, row.role);
        await invitations.markAccepted(trx, row.id, auth.userId, at);
        await writeAudit(trx, {
          operatorId: auth.userId,
          communityId: row.communityId,
          action: 'invitation.accept',
          entity: 'operator',
          entityId: auth.userId,
          before: before && { email: row.email, role: before },
          after: { email: row.email, role: row.role, invitationId: row.id },
        });
        return { communityId: row.communityId, name: row.name, role: row.role };
      });
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    operatorInvitations: OperatorInvitationService;
  }
}

export default fp(
  async (app) => {
    app.decorate('operatorInvitations', createOperatorInvitationService({ db: app.db, mailer: app.mailer, now: app.now, publicUrl: app.config.publicUrl }));
  },
  { name: 'operatorInvitations', dependencies: ['db', 'core', 'mailer'] },
);
