import { requiredText, showText, wholeNumber } from '../args';
import { RefusedError, UsageError } from '../context';
import type { RemoteCommand, RemoteContext } from './client';
import { communityPath, operatorCommunities, type AdminText } from './shared';

/** Members through a server: one member's account, their ledger, and an adjustment of their pips. */

interface AdminMemberView {
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
  verified: boolean;
  availablePips: number;
  totalEarnedPips: number;
  totalUsedPips: number;
  joinedAt: string;
}

/** The member with this e-mail in a community the operator runs (and which one); undefined when none. */
async function findMember(ctx: RemoteContext, email: string): Promise<{ member: AdminMemberView; communityId: string } | undefined> {
  const wanted = email.trim().toLowerCase();
  for (const { communityId } of await operatorCommunities(ctx)) {
    const { members } = await ctx.call<{ members: AdminMemberView[] }>('GET', communityPath(communityId, `/members?q=${encodeURIComponent(wanted)}&page=1&size=50`));
    const member = members.find((m) => m.email.toLowerCase() === wanted);
    if (member) return { member, communityId };
  }
  return undefined;
}

/** The member of `--email`, or refused naming the command. */
async function requireMember(ctx: RemoteContext, email: string, command: string): Promise<{ member: AdminMemberView; communityId: string }> {
  const found = await findMember(ctx, email);
  if (!found) throw new RefusedError(`${command}: no member of a community you run uses ${email}`);
  return found;
}

/** A ledger change with its sign: "+50", "-20". */
const signed = (delta: number) => (delta > 0 ? `+${delta}` : delta);

export const pipsAdjust: RemoteCommand = {
  name: 'pips:adjust',
  async run(values, ctx) {
    const email = requiredText(values, 'email', 'pips:adjust', 320).toLowerCase();
    const delta = wholeNumber(values, 'delta', -10_000_000, 10_000_000);
    if (delta === undefined) throw new UsageError('pips:adjust needs --delta <+n|-n>, e.g. --delta 50 or --delta -20');
    if (delta === 0) throw new UsageError('--delta must not be 0');
    const reason = requiredText(values, 'reason', 'pips:adjust', 500);
    // The member, in the communities this operator runs.
    const found = await findMember(ctx, email);
    if (!found) throw new RefusedError(`no member ${email} in a community you run`);
    const { member } = found;
    const after = await ctx.call<{ availablePips: number; entryId: number }>('POST', `/admin/members/${member.userId}/adjust`, { delta, reason });
    ctx.out(`Adjusted the pips of ${member.email} (user ${member.userId}) by ${signed(delta)}: "${reason}", through the server`);
    ctx.out(`  ledger entry #${after.entryId}`);
    ctx.out(`  available: ${member.availablePips} -> ${after.availablePips}`);
    return 0;
  },
};

export const userShow: RemoteCommand = {
  name: 'user:show',
  async run(values, ctx) {
    const email = requiredText(values, 'email', 'user:show', 320);
    const { member, communityId } = await requireMember(ctx, email, 'user:show');
    ctx.out(`User #${member.userId} ${member.email} (${`${member.firstName} ${member.lastName}`.trim()}), through the server`);
    ctx.out(`  community: ${communityId}`);
    ctx.out(`  verified:  ${member.verified ? 'yes' : 'no'}`);
    ctx.out(`  pips:      ${member.availablePips} available, ${member.totalEarnedPips} earned, ${member.totalUsedPips} used`);
    ctx.out(`  joined:    ${member.joinedAt}`);
    return 0;
  },
};

export const ledgerShow: RemoteCommand = {
  name: 'ledger:show',
  async run(values, ctx) {
    const email = requiredText(values, 'email', 'ledger:show', 320);
    const limit = wholeNumber(values, 'limit', 1, 200) ?? 20;
    const { member } = await requireMember(ctx, email, 'ledger:show');
    const ledger = await ctx.call<{ entries: { id: number; delta: number; kind: string; title: AdminText; reason: string | null; at: string }[]; total: number }>(
      'GET',
      `/admin/members/${member.userId}?page=1&size=${limit}`,
    );
    ctx.out(`Ledger of ${member.email}: ${member.availablePips} pips available, ${ledger.total} entries (newest ${ledger.entries.length}), through the server`);
    for (const e of ledger.entries) {
      ctx.out(`  ${e.at}  ${signed(e.delta)}  ${e.kind}  ${showText(e.title)}${e.reason ? `  (${e.reason})` : ''}`);
    }
    return 0;
  },
};
