import type { SnapshotFrom } from 'xstate';
import type { triviaVerificationMachine } from './triviaVerification.machine';

type Snapshot = Pick<SnapshotFrom<typeof triviaVerificationMachine>, 'context' | 'hasTag' | 'matches'>;

export const selectTriviaContests = (s: Snapshot) => s.context.contests;
export const selectAnsweredContests = (s: Snapshot) => s.context.answered;
export const selectTriviaScanning = (s: Snapshot) => s.hasTag('busy');
export const selectTriviaVerificationFailed = (s: Snapshot) => s.matches('failed');
/** Contests running now (neither upcoming nor ended). */
export const selectRunningContests = (s: Snapshot) => s.context.contests.filter((c) => c.status !== 'ended' && c.status !== 'upcoming');
/** Contests that still have questions for the member (running and not answered). */
export const selectOpenContests = (s: Snapshot) =>
  s.context.contests.filter((c) => c.status !== 'ended' && c.status !== 'upcoming' && !s.context.answered.includes(c.id));
/** The question of the day has no question left for the member until the next day. */
export const selectDayDone = (s: Snapshot) => s.context.dayDoneUntil !== null;
