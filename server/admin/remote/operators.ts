import { oneOf, requiredText } from '../args';
import { UsageError } from '../context';
import type { RemoteCommand } from './client';
import { communityPath } from './shared';

/** Operators through a server: a role given by invitation (the role applies once the mailed link is accepted). */
export const operatorAdd: RemoteCommand = {
  name: 'operator:add',
  async run(values, ctx) {
    const email = requiredText(values, 'email', 'operator:add', 320);
    const community = requiredText(values, 'community', 'operator:add');
    if (typeof values.role !== 'string') throw new UsageError('operator:add needs --role owner|editor|viewer');
    const role = oneOf(values, 'role', ['owner', 'editor', 'viewer'] as const, 'viewer');
    // Through a server, an invitation: the answer never says whether an account uses the address.
    const sent = await ctx.call<{ email: string; role: string; expiresAt: string }>('POST', communityPath(community, '/operators'), { email, role });
    ctx.out(`Invited ${sent.email} to be ${sent.role} of ${community}, through the server: the role applies once they accept the mailed link signed in with that address (before ${sent.expiresAt})`);
    return 0;
  },
};
