import type { Schema } from '../../../api/types';
import { auditPage } from '../../../db/repositories/operators/audit';
import { communitiesOfOperator } from '../../../db/repositories/operators/roles';
import type { AuthContext } from '../sessions';
import type { OperatorContext } from './context';

const auditView = (rows: Awaited<ReturnType<typeof auditPage>>): Schema<'AdminAuditPage'> => ({
  entries: rows.map((row) => ({
    id: row.id,
    communityId: row.communityId,
    operator: row.operator,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    before: row.before,
    after: row.after,
    at: new Date(row.at).toISOString(),
  })),
});

/** The audit log of operator writes: of one community, or of every one the operator runs. */
export interface AuditOperations {
  audit(auth: AuthContext, communityId: string, page: number, size: number): Promise<Schema<'AdminAuditPage'>>;
  auditAll(auth: AuthContext, communityId: string | undefined, page: number, size: number): Promise<Schema<'AdminAuditPage'>>;
}

export function auditOperations(ctx: OperatorContext): AuditOperations {
  const { db, requireRole } = ctx;
  const operations: AuditOperations = {
    async audit(auth, communityId, page, size) {
      await requireRole(auth, communityId, 'viewer');
      return auditView(await auditPage(db, [communityId], size, (page - 1) * size));
    },

    async auditAll(auth, communityId, page, size) {
      if (communityId !== undefined) return operations.audit(auth, communityId, page, size);
      const ids = (await communitiesOfOperator(db, auth.userId)).map((row) => row.communityId);
      return auditView(await auditPage(db, ids, size, (page - 1) * size));
    },
  };
  return operations;
}
