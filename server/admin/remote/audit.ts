import { text, wholeNumber } from '../args';
import { auditLine } from '../audit';
import type { RemoteCommand } from './client';
import { printRows } from './shared';

/** The audit log through a server: the operators' writes, newest first, in one community or all of them. */
export const auditList: RemoteCommand = {
  name: 'audit:list',
  async run(values, ctx) {
    const limit = wholeNumber(values, 'limit', 1, 200) ?? 50;
    const community = text(values, 'community', 64);
    const query = new URLSearchParams({ page: '1', size: String(limit), ...(community ? { communityId: community } : {}) });
    const { entries } = await ctx.call<{ entries: Parameters<typeof auditLine>[0][] }>('GET', `/admin/audit?${query}`);
    printRows(ctx, entries, 'No operator writes yet.', auditLine);
    return 0;
  },
};
