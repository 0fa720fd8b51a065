import type { SnapshotFrom } from 'xstate';
import type { chanceToWinMachine } from './chanceToWin.machine';

export type ChanceToWinSnapshot = SnapshotFrom<typeof chanceToWinMachine>;

/** The current contest's answer (for the screen), or null when there is none. */
export const selectContestData = (s: ChanceToWinSnapshot): unknown => s.context.contest?.data ?? null;
/** Loading shows only while nothing is held. */
export const selectContestLoading = (s: ChanceToWinSnapshot) => s.context.contest === null && (s.hasTag('loading') || s.matches({ signedIn: 'recalling' }));
/** The last load's failure code, or null. */
export const selectContestError = (s: ChanceToWinSnapshot) => s.context.errorCode;
/** Whether the member is at or above the threshold of the current contest. */
export const selectQualified = (s: ChanceToWinSnapshot) =>
  s.context.contest !== null && s.context.contest.earnedPips >= s.context.contest.thresholdInPips;
