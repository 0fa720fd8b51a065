import type { Kysely } from 'kysely';
import type { Schema } from '../../../api/types';
import { createCommunity, findCommunity, joinLink } from '../../../db/repositories/communities';
import { writeAudit } from '../../../db/repositories/operators/audit';
import { communityForUpdate, memberCount, updateCommunity } from '../../../db/repositories/operators/communities';
import { communitiesOfOperator, roleIn, setOperatorRole } from '../../../db/repositories/operators/roles';
import { clearSupportContact, findSupportContact, setSupportContact, type SupportContactInput } from '../../../db/repositories/support';
import type { Database, OperatorRole } from '../../../db/schema';
import { AppError } from '../../../errors';
import { cleanPhone, normalizeEmail } from '../../../security/rules';
import { forbidden, RANK } from '../operatorRoles';
import type { AuthContext } from '../sessions';
import { editAction, touched, type OperatorContext } from './context';

/** What the audit log keeps of a support contact (all of it: the operator's own published details). */
type SupportInput = Schema<'AdminSupportContact'>;

/** A support contact as it is stored: the e-mail normalized, the phone cleaned, the texts trimmed. */
function supportInput(input: SupportInput): SupportContactInput {
  const phone = input.phone ? cleanPhone(input.phone) : null;
  if (input.phone && !phone) throw new AppError('VALIDATION_ERROR', 400, 'support.phone: up to 32 of 0-9 + ( ) . - and spaces');
  const en = input.text?.en?.trim();
  const es = input.text?.es?.trim();
  return {
    email: normalizeEmail(input.email),
    url: input.url ?? null,
    phone: phone || null,
    text: en || es ? { ...(en && { en }), ...(es && { es }) } : null,
  };
}

async function communityView(db: Kysely<Database>, communityId: string, role: OperatorRole, publicUrl: string): Promise<Schema<'AdminCommunityDetail'>> {
  const row = (await findCommunity(db, communityId))!;
  const contact = await findSupportContact(db, communityId);
  return {
    communityId: row.id,
    name: row.name,
    role,
    archived: !row.active,
    members: await memberCount(db, communityId),
    support: contact ? { email: contact.email, url: contact.url, phone: contact.phone, text: contact.text } : null,
    joinLink: joinLink(publicUrl, row.id),
  };
}

/** The communities an operator runs: the list, one community's details and its edit (owners), a new community. */
export interface CommunityOperations {
  communities(auth: AuthContext): Promise<Schema<'AdminCommunityList'>>;
  community(auth: AuthContext, communityId: string): Promise<Schema<'AdminCommunityDetail'>>;
  updateCommunity(auth: AuthContext, communityId: string, change: Schema<'AdminCommunityChange'>): Promise<Schema<'AdminCommunityDetail'>>;
  createCommunity(auth: AuthContext, name: string): Promise<Schema<'AdminCommunityCreated'>>;
}

export function communityOperations(ctx: OperatorContext): CommunityOperations {
  const { db, requireRole } = ctx;
  return {
    async communities(auth) {
      const rows = await communitiesOfOperator(db, auth.userId);
      return { communities: rows.map((row) => ({ communityId: row.communityId, name: row.name, role: row.role, archived: !row.active })) };
    },

    async community(auth, communityId) {
      const role = await requireRole(auth, communityId, 'viewer');
      return communityView(db, communityId, role, ctx.publicUrl);
    },

    async updateCommunity(auth, communityId, change) {
      const role = await requireRole(auth, communityId, 'owner');
      return db.transaction().execute(async (trx) => {
        const row = await communityForUpdate(trx, communityId);
        if (!row) throw new AppError('COMMUNITY_NOT_FOUND', 404, 'Community not found.');
        if (RANK[(await roleIn(trx, auth.userId, communityId)) ?? 'viewer'] < RANK.owner) throw forbidden();
        const before = await communityView(trx, communityId, role, ctx.publicUrl);
        await updateCommunity(trx, communityId, { name: change.name?.trim(), active: change.archived === undefined ? undefined : !change.archived });
        if (change.support === null) await clearSupportContact(trx, communityId);
        else if (change.support !== undefined) await setSupportContact(trx, communityId, supportInput(change.support));
        const after = await communityView(trx, communityId, role, ctx.publicUrl);
        const keys = Object.keys(change);
        await writeAudit(trx, {
          operatorId: auth.userId,
          communityId,
          action: editAction('community', change),
          entity: 'community',
          entityId: communityId,
          before: touched(before, keys),
          after: touched(after, keys),
        });
        return after;
      });
    },

    async createCommunity(auth, name) {
      const owns = (await communitiesOfOperator(db, auth.userId)).some((c) => c.role === 'owner');
      if (!owns) throw new AppError('FORBIDDEN', 403, 'Only an owner of a community creates another (the first one comes from the CLI, community:create).');
      return db.transaction().execute(async (trx) => {
        const community = await createCommunity(trx, name.trim());
        await setOperatorRole(trx, auth.userId, community.id, 'owner');
        await writeAudit(trx, { operatorId: auth.userId, communityId: community.id, action: 'community.create', entity: 'community', entityId: community.id, before: null, after: { name: community.name } });
        return { communityId: community.id, name: community.name, joinLink: joinLink(ctx.publicUrl, community.id) };
      });
    },
  };
}
