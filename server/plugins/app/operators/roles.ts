import type { Schema } from '../../../api/types';
import { writeAudit } from '../../../db/repositories/operators/audit';
import { operatorsOf, ownerCount, removeOperatorRole, roleIn } from '../../../db/repositories/operators/roles';
import { AppError } from '../../../errors';
import { forbidden } from '../operatorRoles';
import type { AuthContext } from '../sessions';
import type { OperatorContext } from './context';

/** A community's operators: the list, and an owner taking a role away (roles are given by invitation, operatorInvitations.ts). */
export interface RoleOperations {
  operators(auth: AuthContext, communityId: string): Promise<Schema<'AdminOperatorList'>>;
  removeOperator(auth: AuthContext, communityId: string, userId: number): Promise<Schema<'AdminDeleted'>>;
}

export function roleOperations(ctx: OperatorContext): RoleOperations {
  const { db, requireRole } = ctx;
  return {
    async operators(auth, communityId) {
      await requireRole(auth, communityId, 'viewer');
      return { operators: await operatorsOf(db, communityId) };
    },

    async removeOperator(auth, communityId, userId) {
      await requireRole(auth, communityId, 'owner');
      return db.transaction().execute(async (trx) => {
        if ((await roleIn(trx, auth.userId, communityId)) !== 'owner') throw forbidden();
        const found = (await operatorsOf(trx, communityId)).find((o) => o.userId === userId);
        if (!found) throw new AppError('NOT_FOUND', 404, 'Not an operator of this community.');
        if (found.role === 'owner' && (await ownerCount(trx, communityId)) <= 1) throw new AppError('IN_USE', 409, 'The last owner cannot step down: make another owner first.');
        await removeOperatorRole(trx, userId, communityId);
        await writeAudit(trx, { operatorId: auth.userId, communityId, action: 'operator.remove', entity: 'operator', entityId: userId, before: found, after: null });
        return { deleted: true };
      });
    },
  };
}
