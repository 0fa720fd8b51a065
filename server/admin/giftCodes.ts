import type { Schema } from '../api/types';
import { updateRewardOption } from '../db/repositories/operators/rewardOptions';
import { findRewardOption, type RedemptionLimit } from '../db/repositories/rewards';
import type { LocalizedText, RedemptionPeriod } from '../db/schema';
import { duplicatesReport } from '../plugins/app/giftCodes';
import { englishText, requireCommunity, requiredText, showText, text, wholeNumber } from './args';
import { RefusedError, UsageError, type AdminCommand, type OptionValues } from './context';
import type { RemoteCommand } from './remote/client';

/**
 * The CLI's gift-card commands of issue 46: the codes stored more than once (`giftcards:duplicates`)
 * and an option's per-member limit (`reward:limit`, and `--limit` of reward:create and
 * reward:add-option), on the database and through a server alike.
 */

/** `--limit`: "1" (once per member, ever), "2/week" (per calendar day, week or month), or "none". */
export function parseLimit(raw: string): RedemptionLimit | null {
  const value = raw.trim().toLowerCase();
  if (value === 'none') return null;
  const match = /^(\d{1,4})(?:\/(ever|day|week|month))?$/.exec(value);
  const count = match ? Number(match[1]) : NaN;
  if (!match || count < 1 || count > 1000) {
    throw new UsageError(`--limit is "<n>" (n per member, ever), "<n>/day", "<n>/week", "<n>/month" with n from 1 to 1000, or "none" (got "${raw}")`);
  }
  return { count, period: (match[2] as RedemptionPeriod | undefined) ?? 'ever' };
}

/** The --limit given, parsed: undefined when absent. */
export const limitOption = (values: OptionValues): RedemptionLimit | null | undefined => {
  const raw = text(values, 'limit', 20);
  return raw === undefined ? undefined : parseLimit(raw);
};

/** ", 1 per member" after an option's price, nothing without a limit. */
export const limitSuffix = (limit: RedemptionLimit | null | undefined) => (limit ? `, ${showLimit(limit)}` : '');

/** A limit in words: "1 per member", "2 per member per week", "no limit". */
export const showLimit = (limit: RedemptionLimit | null | undefined) =>
  !limit ? 'no limit' : `${limit.count} per member${limit.period === 'ever' ? '' : ` per ${limit.period}`}`;

const place = (p: { reward: Schema<'AdminText'>; option: Schema<'AdminText'>; promoId: number; optId: number } | null) =>
  p ? `reward #${p.promoId} ${showText(p.reward as LocalizedText)} · option #${p.optId} ${showText(p.option as LocalizedText)}` : 'another community';

/** The duplicates report, printed: one group per code, each copy with its place and state. */
function printDuplicates(report: Schema<'AdminCodeDuplicates'>, community: string, out: (line: string) => void): void {
  if (report.groups.length === 0) {
    out(`No gift-card code is stored more than once in ${community}.`);
    return;
  }
  out(`${report.groups.length} gift-card code${report.groups.length === 1 ? ' is' : 's are'} stored more than once in ${community}.`);
  out('A free copy is never handed out while a twin exists; void the free copies (in the console, or adminVoidCode)');
  out('until one is left: it is then an ordinary code again. Nothing was dropped or reassigned.');
  for (const group of report.groups) {
    out(`  ${group.code}`);
    for (const copy of group.copies) {
      const state = copy.status === 'free' ? 'free' : `handed out ${copy.handedOutAt?.slice(0, 16).replace('T', ' ') ?? ''}${copy.email ? ` to ${copy.email}` : copy.userId ? ` to member #${copy.userId}` : ''}`;
      out(`    ${copy.codeId === null ? '' : `copy #${copy.codeId}: `}${place(copy.place)}: ${state}`);
    }
  }
}

export const giftcardsDuplicates: AdminCommand = {
  name: 'giftcards:duplicates',
  usage: `giftcards:duplicates --community <id>
      The gift-card codes stored more than once (loaded into two options before codes were
      unique): each copy's reward and option, free or handed out (when, to whom). A free copy is
      never handed out while a twin exists; void the free copies until one is left.`,
  options: { community: { type: 'string' } },
  async run(values, ctx) {
    const community = await requireCommunity(ctx.db, values, 'giftcards:duplicates');
    printDuplicates(await duplicatesReport(ctx.db, community.id, 'owner'), `"${community.name}"`, ctx.out);
    return 0;
  },
};

export const giftcardsDuplicatesRemote: RemoteCommand = {
  name: 'giftcards:duplicates',
  async run(values, ctx) {
    const community = requiredText(values, 'community', 'giftcards:duplicates');
    const report = await ctx.call<Schema<'AdminCodeDuplicates'>>('GET', `/admin/communities/${encodeURIComponent(community)}/codes/duplicates`);
    printDuplicates(report, community, ctx.out);
    return 0;
  },
};

function limitArgs(values: OptionValues): { optionId: number; limit: RedemptionLimit | null } {
  const optionId = wholeNumber(values, 'option', 1, 2 ** 31 - 1);
  if (optionId === undefined) throw new UsageError('reward:limit needs --option <optionId> (see reward:list)');
  const limit = limitOption(values);
  if (limit === undefined) throw new UsageError('reward:limit needs --limit "<n>", "<n>/day", "<n>/week", "<n>/month" or "none"');
  return { optionId, limit };
}

export const rewardLimit: AdminCommand = {
  name: 'reward:limit',
  usage: `reward:limit --option <optionId> --limit <n | n/day | n/week | n/month | none>
      Set how many times one member may redeem an option: "1" is once per member, ever; "2/week"
      twice per calendar week (days, weeks from Monday and months in the community's trivia time
      zone, UTC unless set); "none" removes the limit. Members see it on the reward.`,
  options: { option: { type: 'string' }, limit: { type: 'string' } },
  async run(values, ctx) {
    const { optionId, limit } = limitArgs(values);
    const option = await findRewardOption(ctx.db, optionId);
    if (!option || option.promoType !== 'REDEEM') throw new RefusedError(`no reward option has the id ${optionId} (see reward:list)`);
    await ctx.db.transaction().execute((trx) => updateRewardOption(trx, optionId, { limit }));
    ctx.out(`Option #${optionId} "${englishText(option.label)}" of reward #${option.promoId}: ${showLimit(limit)}`);
    return 0;
  },
};

export const rewardLimitRemote: RemoteCommand = {
  name: 'reward:limit',
  async run(values, ctx) {
    const { optionId, limit } = limitArgs(values);
    const option = await ctx.call<Schema<'AdminRewardOption'>>('PUT', `/admin/options/${optionId}`, { limit });
    ctx.out(`Option #${optionId} ${showText(option.label as LocalizedText)}: ${showLimit(option.limit)} (through the server)`);
    return 0;
  },
};
