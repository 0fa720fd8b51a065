import type { TriviaContestSummary } from '../../../machines/trivia.types';

/**
 * Where the member stands in each contest, read from what the actors already hold (the question of
 * the day's round, the trivia verification, the Chance to Win contest): no call of its own.
 */

/** The question of the day: not answered yet in this visit, answered (its result shown), or none left today. */
export type DailyState = 'new' | 'answered' | 'doneToday';

/** The round actor's state names this reads (machines/triviaRound.machine.ts). */
export function dailyStateOf(round: { matches: (state: 'result' | 'exhausted') => boolean }): DailyState {
  if (round.matches('exhausted')) return 'doneToday';
  if (round.matches('result')) return 'answered';
  return 'new';
}

/** A team contest: before its start, after its end, every question answered, or questions waiting (joined or not). */
export type TeamContestState =
  | { kind: 'upcoming'; startsAt: string | null }
  | { kind: 'ended' }
  | { kind: 'answered' }
  | { kind: 'open'; joined: boolean };

export function teamContestStateOf(contest: TriviaContestSummary, answered: readonly number[]): TeamContestState {
  if (contest.status === 'upcoming') return { kind: 'upcoming', startsAt: contest.startsAt ?? null };
  if (contest.status === 'ended') return { kind: 'ended' };
  if (answered.includes(contest.id)) return { kind: 'answered' };
  return { kind: 'open', joined: contest.assigned };
}

/** What the Chance to Win screen needs of the current contest. */
export interface DrawFigures {
  earnedPips: number;
  thresholdInPips: number;
  drawingDate: string;
}

/** Chance to Win: no contest, qualified or still earning (with the pips missing), each before its drawing; or being drawn. */
export type DrawState =
  | { kind: 'none' }
  | { kind: 'drawing' }
  | { kind: 'qualified'; drawingDate: string }
  | { kind: 'earning'; missing: number; drawingDate: string };

export function drawStateOf(contest: DrawFigures | null, now: number): DrawState {
  if (!contest) return { kind: 'none' };
  if (Date.parse(contest.drawingDate) <= now) return { kind: 'drawing' };
  const missing = contest.thresholdInPips - contest.earnedPips;
  return missing > 0 ? { kind: 'earning', missing, drawingDate: contest.drawingDate } : { kind: 'qualified', drawingDate: contest.drawingDate };
}
