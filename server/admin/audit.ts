import { listCommunities } from '../db/repositories/communities';
import { auditPage } from '../db/repositories/operators/audit';
import { requireCommunity, wholeNumber } from './args';
import type { AdminCommand } from './context';

/** One audit row as the CLI prints it (database and server alike). */
export function auditLine(entry: { at: Date | string; communityId: string; operator: string | null; action: string; entity: string; entityId: string; before: unknown; after: unknown }): string {
  const at = new Date(entry.at).toISOString().replace('.000Z', 'Z');
  const change = entry.after === null ? `was ${JSON.stringify(entry.before)}` : `${entry.before === null ? '' : `${JSON.stringify(entry.before)} -> `}${JSON.stringify(entry.after)}`;
  return `${at}  ${entry.communityId}  ${entry.operator ?? '(deleted account)'}  ${entry.action} ${entry.entity} #${entry.entityId}  ${change}`;
}

export const auditList: AdminCommand = {
  name: 'audit:list',
  usage: `audit:list [--community <id>] [--limit <n>]
      The operators' writes, newest first (who, what, before, after, when), in one community or
      in all of them; --limit 1-200, default 50.`,
  options: { community: { type: 'string' }, limit: { type: 'string' } },
  async run(values, ctx) {
    const limit = wholeNumber(values, 'limit', 1, 200) ?? 50;
    const ids = values.community === undefined ? (await listCommunities(ctx.db)).map((c) => c.id) : [(await requireCommunity(ctx.db, values, 'audit:list')).id];
    const rows = await auditPage(ctx.db, ids, limit, 0);
    if (rows.length === 0) ctx.out('No operator writes yet.');
    for (const row of rows) ctx.out(auditLine(row));
    return 0;
  },
};
