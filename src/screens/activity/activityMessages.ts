import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { ActivityItem } from '../../api/client';

export type ActivityKind = ActivityItem['kind'];

/** What moved the pips, as the line names it (openapi LedgerKind). */
export const kindLabels: Record<ActivityKind, MessageDescriptor> = {
  promo: msg({ id: 'pages.activity.kind.promo', message: 'Earn action' }),
  qr: msg({ id: 'pages.activity.kind.qr', message: 'QR code' }),
  questionnaire: msg({ id: 'pages.activity.kind.questionnaire', message: 'Questionnaire' }),
  redeem: msg({ id: 'pages.activity.kind.redeem', message: 'Reward' }),
  adjustment: msg({ id: 'pages.activity.kind.adjustment', message: 'Adjustment' }),
  trivia: msg({ id: 'pages.activity.kind.trivia', message: 'Trivia' }),
  contest: msg({ id: 'pages.activity.kind.contest', message: 'Trivia contest' }),
};

export const activityMessages = {
  /** The caption under a positive amount ("+50" / "pips earned"). */
  earned: (pips: number) =>
    msg({ id: 'pages.activity.pipsEarned', message: plural(pips, { one: 'pip earned', other: 'pips earned' }) }),
  /** The caption under a negative amount ("−250" / "pips spent"). */
  spent: (pips: number) => msg({ id: 'pages.activity.pipsSpent', message: plural(pips, { one: 'pip spent', other: 'pips spent' }) }),
  listLabel: msg({ id: 'pages.activity.listLabel', message: 'Your pips, newest first' }),
  pending: msg({ id: 'pages.activity.pending', message: 'Pending — will be sent when you are back online' }),
  pendingQr: msg({ id: 'pages.activity.pendingQr', message: 'Scanned QR code' }),
  pendingForm: msg({ id: 'pages.activity.pendingForm', message: 'Questionnaire answers' }),
  /** Default: the actions could not be loaded and none are stored. */
  loadError: msg({ id: 'pages.activity.loadError', message: 'Failed to fetch dashboard data' }),
  cached: msg({ id: 'pages.activity.cached', message: 'You are offline or the server did not answer: this is your saved activity.' }),
};
