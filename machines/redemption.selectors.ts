import type { SnapshotFrom } from 'xstate';
import { isRetryableRedemptionError, type redemptionMachine } from './redemption.machine';

export type RedemptionSnapshot = SnapshotFrom<typeof redemptionMachine>;

/** The confirm dialog is open (confirming, redeeming or showing a failure). */
export const selectRedemptionDialogOpen = (s: RedemptionSnapshot) => s.hasTag('dialog');
export const selectIsRedeeming = (s: RedemptionSnapshot) => s.hasTag('busy');
export const selectRedemptionChoice = (s: RedemptionSnapshot) => s.context.choice;
export const selectRedemptionError = (s: RedemptionSnapshot) => (s.matches('failed') ? s.context.errorCode : null);
export const selectCanRetryRedemption = (s: RedemptionSnapshot) => s.matches('failed') && isRetryableRedemptionError(s.context.errorCode);
export const selectRedeemedTransaction = (s: RedemptionSnapshot) => (s.matches('succeeded') ? s.context.transactionId : null);
