import type { SnapshotFrom } from 'xstate';
import type { earnActionMachine } from './earnAction.machine';

export type EarnActionSnapshot = SnapshotFrom<typeof earnActionMachine>;

/** The promo being earned right now, or null. */
export const selectEarningPid = (s: EarnActionSnapshot) => (s.matches('earning') ? s.context.pid : null);
export const selectIsEarning = (s: EarnActionSnapshot) => s.hasTag('busy');
export const selectEarnError = (s: EarnActionSnapshot) => (s.matches('failed') ? s.context.errorCode : null);
/** The promo last credited and its pips, or null. */
export const selectLastEarned = (s: EarnActionSnapshot) =>
  s.matches('succeeded') && s.context.pid !== null ? { pid: s.context.pid, pipsEarned: s.context.pipsEarned ?? 0 } : null;
