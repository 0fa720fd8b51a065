/**
 * Types of the Chance to Win actor: the current contest of the verified
 * member, reloaded when it may have changed, and the qualification celebration. Pure data: the
 * contest is what GET /mobile/contest/chancetowin answers, reduced to what the machine reads.
 */

/** The current contest as the machine reads it (the screen reads the whole answer in `data`). */
export interface CurrentContest {
  id: number;
  thresholdInPips: number;
  earnedPips: number;
  /** The whole answer, for the screen. */
  data: unknown;
}

/** What `fetchContest` answers: a contest, none (CHALLENGE_NOT_ACTIVE or no id), or a failure code. */
export type FetchContestOutput = { ok: true; contest: CurrentContest } | { ok: true; contest: null } | { ok: false; code: string };

export interface FetchContestInput {
  userId: number;
  language: string;
}

/**
 * What the member's device remembers across reloads, per contest and threshold
 * (`<contestId>:<threshold>`): the earned pips last seen, and whether the qualification was
 * celebrated. A reload compares with it, so it never celebrates twice.
 */
export interface QualificationMemory {
  seen: Record<string, number>;
  celebrated: string[];
}

export interface ChanceToWinContext {
  userId: number | null;
  language: string;
  contest: CurrentContest | null;
  memory: QualificationMemory;
  /** The member asked the system for less motion: no confetti, the toast alone. */
  reducedMotion: boolean;
  /** The last load's failure, cleared by the next answer. */
  errorCode: string | null;
}

export type ChanceToWinEvent =
  /** The verified member or the language changed (sent by the app root). */
  | { type: 'scope.changed'; userId: number | null; language: string }
  /**
   * Pips moved (sent by the resources): this app moved them, or the member's dashboard shows more
   * pips earned than before (another device, the operator).
   */
  | { type: 'pips.changed' }
  /** The page became visible again. */
  | { type: 'page.visible' }
  /** The member's motion preference (prefers-reduced-motion), at start and when it changes. */
  | { type: 'motion.preference'; reduced: boolean };

/** Params of `storeMemory`: the member's memory to keep. */
export interface StoreMemoryParams {
  userId: number;
  memory: QualificationMemory;
}
