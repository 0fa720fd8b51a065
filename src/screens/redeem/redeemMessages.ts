import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { commonMessages } from '../../components/errorMessages';
import type { RedemptionErrorCode } from '../../../machines/redemption.types';

/** The texts the redeem list, the reward detail and the confirm dialog share. */
export const redeemMessages = {
  balance: (pips: number) => msg({ id: 'pages.redeem.balance', message: `You have ${plural(pips, { one: '# pip', other: '# pips' })}` }),
  price: (pips: number) => msg({ id: 'pages.redeem.price', message: `Price: ${plural(pips, { one: '# pip', other: '# pips' })}` }),
  priceFrom: (pips: number) => msg({ id: 'pages.redeem.priceFrom', message: `From ${plural(pips, { one: '# pip', other: '# pips' })}` }),
  needMore: (pips: number) =>
    msg({ id: 'pages.redeem.needMore', message: `You need ${plural(pips, { one: '# more pip', other: '# more pips' })}` }),
  notEnough: msg({ id: 'pages.redeem.notEnoughPips', message: 'You do not have enough pips for this reward.' }),
  outOfStock: msg({ id: 'pages.redeem.outOfStock', message: 'Out of stock' }),
  noCode: msg({ id: 'pages.redeem.noCode', message: 'No code found, contact support.' }),
  limitReached: msg({ id: 'pages.redeem.limitReached', message: 'You have redeemed this reward as many times as its limit allows for now.' }),
  failure: msg({ id: 'pages.redeem.failure', message: 'Error: failed to redeem reward' }),
  loadError: msg({ id: 'pages.redeem.loadError', message: 'Failed to fetch rewards' }),
};

/**
 * What the confirm dialog says about a failed redemption: no code left, more pips
 * needed (`short` pips when the balance tells how many), offline, or the generic failure.
 */
export function redemptionFailureMessage(code: RedemptionErrorCode, short: number): MessageDescriptor {
  switch (code) {
    case 'OUT_OF_STOCK':
      return redeemMessages.noCode;
    case 'REDEMPTION_LIMIT_REACHED':
      return redeemMessages.limitReached;
    case 'ACCOUNT_SUSPENDED':
      return commonMessages.suspended;
    case 'INSUFFICIENT_PIPS':
      return short > 0 ? redeemMessages.needMore(short) : redeemMessages.notEnough;
    case 'OFFLINE':
    case 'NETWORK_ERROR':
      return commonMessages.offline;
    default:
      return redeemMessages.failure;
  }
}
