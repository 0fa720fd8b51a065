import type { Kysely, Transaction } from 'kysely';
import { deletedMember } from '../../../accountLabels';
import type { Database } from '../../schema';

// The audit log of operator writes.

type Db = Kysely<Database> | Transaction<Database>;

export interface AuditInput {
  operatorId: number;
  communityId: string;
  action: string;
  entity: string;
  entityId: string | number;
  before: unknown;
  after: unknown;
}

/** One audit row, in the write's own transaction. */
export async function writeAudit(trx: Db, entry: AuditInput): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      operator_id: entry.operatorId,
      community_id: entry.communityId,
      action: entry.action,
      entity: entry.entity,
      entity_id: String(entry.entityId),
      before: entry.before === null || entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === null || entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .execute();
}

/** A page of the audit log of the given communities, newest first: who is the operator's e-mail, or "deleted member #id". */
export async function auditPage(db: Db, communityIds: readonly string[], limit: number, offset: number) {
  if (communityIds.length === 0) return [];
  const rows = await db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.operator_id')
    .select(['a.id', 'a.community_id as communityId', 'a.operator_id as operatorId', 'u.email', 'a.action', 'a.entity', 'a.entity_id as entityId', 'a.before', 'a.after', 'a.created_at as at'])
    .where('a.community_id', 'in', communityIds)
    .orderBy('a.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map(({ operatorId, email, ...row }) => ({ ...row, operator: email ?? (operatorId === null ? null : deletedMember(operatorId)) }));
}
