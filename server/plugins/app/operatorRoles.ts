import type { Kysely, Transaction } from 'kysely';
import { findCommunity } from '../../db/repositories/communities';
import { roleIn } from '../../db/repositories/operators/roles';
import type { Database, OperatorRole } from '../../db/schema';
import { AppError } from '../../errors';

/** How far each role reaches: a role may do what the roles below it may. */
export const RANK: Record<OperatorRole, number> = { viewer: 1, editor: 2, owner: 3 };

export const forbidden = () => new AppError('FORBIDDEN', 403, 'You do not run this community, or your role does not allow this.');

/**
 * The account's role in the community when it is at least `least`: 404 COMMUNITY_NOT_FOUND for
 * an unknown community, 403 FORBIDDEN for one the account does not run or runs with less.
 */
export async function requireRoleIn(db: Kysely<Database> | Transaction<Database>, userId: number, communityId: string, least: OperatorRole): Promise<OperatorRole> {
  const role = await roleIn(db, userId, communityId);
  if (role === undefined) {
    if (!(await findCommunity(db, communityId))) throw new AppError('COMMUNITY_NOT_FOUND', 404, 'Community not found.');
    throw forbidden();
  }
  if (RANK[role] < RANK[least]) throw forbidden();
  return role;
}
