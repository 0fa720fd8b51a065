import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Promo } from '../../api/client';

type Option = NonNullable<Promo['options']>[number];

/** An option's per-member limit ("1 per member", "2 per member per week"), or null for none. */
export type RedemptionLimit = NonNullable<Option['limit']>;

/** How many more times the member may redeem the option now (the list's `limitsLeft`); undefined: no limit. */
export const limitLeft = (option: Option): number | undefined =>
  option.limit ? ((option as Option & { left?: number }).left ?? option.limit.count) : undefined;

/** Whether the member has used up the option's limit for now. */
export const limitUsedUp = (option: Option): boolean => limitLeft(option) === 0;

/** The limit in words, e.g. "1 per member", "2 per member per week". */
export function limitText(limit: RedemptionLimit): MessageDescriptor {
  const count = limit.count;
  switch (limit.period) {
    case 'day':
      return msg({ id: 'pages.redeem.limit.day', message: `${count} per member per day` });
    case 'week':
      return msg({ id: 'pages.redeem.limit.week', message: `${count} per member per week` });
    case 'month':
      return msg({ id: 'pages.redeem.limit.month', message: `${count} per member per month` });
    default:
      return msg({ id: 'pages.redeem.limit.ever', message: `${count} per member` });
  }
}

/** Why a used-up option cannot be redeemed: the member has it (a limit for ever), or this period's limit is reached. */
export function usedUpText(limit: RedemptionLimit): MessageDescriptor {
  switch (limit.period) {
    case 'day':
      return msg({ id: 'pages.redeem.usedUp.day', message: 'You reached the limit for today' });
    case 'week':
      return msg({ id: 'pages.redeem.usedUp.week', message: 'You reached the limit for this week' });
    case 'month':
      return msg({ id: 'pages.redeem.usedUp.month', message: 'You reached the limit for this month' });
    default:
      return limit.count === 1
        ? msg({ id: 'pages.redeem.usedUp.one', message: 'You already have this one' })
        : msg({ id: 'pages.redeem.usedUp.ever', message: 'You already have as many as a member can' });
  }
}

/** The limit a reward's card shows: the options' one when they share it (most rewards have one option). */
export function rewardLimit(promo: Promo): RedemptionLimit | null {
  const limits = (promo.options ?? []).map((option) => option.limit ?? null);
  if (limits.length === 0 || limits.some((limit) => !limit)) return null;
  const [first] = limits as RedemptionLimit[];
  return limits.every((limit) => limit!.count === first.count && limit!.period === first.period) ? first : null;
}

/** Whether every option of the reward is used up for the member (the card says so instead of a price hint). */
export const rewardUsedUp = (promo: Promo): boolean => (promo.options ?? []).length > 0 && (promo.options ?? []).every(limitUsedUp);
