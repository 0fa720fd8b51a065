import type { SnapshotFrom } from 'xstate';
import type { triviaRoundMachine } from './triviaRound.machine';

type Snapshot = Pick<SnapshotFrom<typeof triviaRoundMachine>, 'context' | 'hasTag' | 'matches'>;

export const selectRoundContest = (s: Snapshot) => s.context.contestId;
export const selectRoundBusy = (s: Snapshot) => s.hasTag('busy');
/** The question to answer (while it is shown or being answered). */
export const selectRoundQuestion = (s: Snapshot) => (s.matches('question') || s.matches('answering') ? s.context.question : null);
export const selectRoundAnswering = (s: Snapshot) => s.matches('answering');
export const selectRoundChosen = (s: Snapshot) => s.context.chosen;
/** The result with the question it answers (the last one's too). */
export const selectRoundResult = (s: Snapshot) =>
  s.matches('result') || s.matches('finished') ? { result: s.context.result, question: s.context.question } : null;
/** The last answer's result: no question is left (no Next; a contest shows its leaderboard). */
export const selectRoundFinished = (s: Snapshot) => s.matches('finished');
export const selectRoundExhausted = (s: Snapshot) => s.matches('exhausted');
export const selectRoundError = (s: Snapshot) => (s.matches('failed') ? s.context.errorCode : null);
export const selectRoundChart = (s: Snapshot) => s.context.chart;
export const selectRoundCanSkip = (s: Snapshot) => s.matches('question') && s.context.contestId === null;
