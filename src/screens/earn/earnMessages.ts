import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { commonMessages } from '../../components/errorMessages';

/** Shared by the earn button and the QR scanner. */
export const alreadyEarnedToday = msg({
  id: 'pages.earn.error.alreadyEarnedToday',
  message: 'You already earned these pips today. Come back tomorrow.',
});

/** Why an external earn action was refused (toast text, by code); anything else is 'Please try again.'. */
export const earnErrorMessages: Record<string, MessageDescriptor> = {
  OFFLINE: commonMessages.offline,
  NETWORK_ERROR: commonMessages.offline,
  ALREADY_EARNED: msg({ id: 'pages.earn.error.alreadyEarned', message: 'You already earned the pips of this action.' }),
  ALREADY_EARNED_TODAY: alreadyEarnedToday,
  NOT_FOUND: msg({ id: 'pages.earn.error.notFound', message: 'This action is no longer available.' }),
  ACCOUNT_SUSPENDED: commonMessages.suspended,
};

export const describeEarnError = (code: string | null): MessageDescriptor => (code && earnErrorMessages[code]) || commonMessages.tryAgain;

/** '+5 pips': what an action gives. */
export const pipsToEarnMessage = (pips: number): MessageDescriptor =>
  msg({ id: 'pages.earn.pipsToEarn', message: plural(pips, { one: '+# pip', other: '+# pips' }) });

/** 'You earned 5 pips.': the toast and the scanner's result. */
export const earnedMessage = (pips: number): MessageDescriptor =>
  msg({ id: 'pages.earn.earned', message: plural(pips, { one: 'You earned # pip.', other: 'You earned # pips.' }) });
