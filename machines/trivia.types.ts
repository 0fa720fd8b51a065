/**
 * Types of the trivia machines: the contest verification (SPEC §4 "Trivia verification") and a
 * round of questions (the question of the day, or one contest's questions). Structural copies of
 * the openapi.yaml shapes they carry, so machines/ imports nothing from src/.
 */

export interface TriviaContestSummary {
  id: number;
  name: string;
  assigned: boolean;
  status?: 'upcoming' | 'running' | 'ended';
  startsAt?: string;
  endsAt?: string;
  pipsPerCorrectAnswer?: number;
  rules?: string | null;
  teamName?: string | null;
  /** While it runs: the member's questions left in it (0: its question call would say NO_AVAILABLE_QUESTIONS). */
  questionsLeft?: number;
}

/** The question of the day as the contest list tells it: the questions left today, and when the next day starts. */
export interface TriviaDayStanding {
  questionsLeft: number;
  nextDayAt: string;
}

export interface TriviaQuestionData {
  id: number;
  text: string;
  answers: { id: number; text: string }[];
  streakDays?: number;
}

export interface TriviaLeader {
  userId: number;
  correctAnswers: number;
  rank?: number;
  displayName?: string;
}

export interface TriviaChartData {
  userId: number;
  userCorrectAnswers: number;
  userTotalPips: number;
  userRank: number;
  leaders: TriviaLeader[];
  userDisplayName?: string;
  teams?: { id: number; name: string; correctAnswers: number; members: number; mine: boolean }[];
}

export interface TriviaResult {
  correct: boolean;
  pipsEarned: number;
  correctAnswerId: number | null;
  streakDays: number | null;
  /** Pips paid besides, by earn actions the answer completed ("Play trivia"). */
  actionPips: number;
  /** Questions left for the member (today, for the question of the day); null: not said. */
  questionsLeft: number | null;
  /** When the community's next trivia day starts (ISO); null: not said. */
  nextDayAt: string | null;
}

/** A failure as data: the contract's error code (NO_AVAILABLE_QUESTIONS, CONTEST_ENDED, ...) or OFFLINE / NETWORK_ERROR. */
export type Failure = { ok: false; code: string };

// ---- verification ---------------------------------------------------------------------------

export interface TriviaVerificationContext {
  userId: number | null;
  language: string;
  /** The connection is down (told by the app root): a scan takes the stored copy. */
  offline: boolean;
  contests: TriviaContestSummary[];
  /** Contests whose question call said NO_AVAILABLE_QUESTIONS (or whose last answer was answered). */
  answered: number[];
  /** The day (the member's, 'YYYY-MM-DD') the answered list was learned; null: not yet. */
  day: string | null;
  /** The member's day when the remembered copy was read. */
  today: string | null;
  /** Until when (ms) the question of the day has none left for the member; null: it may have. */
  dayDoneUntil: number | null;
  errorCode: string | null;
}

/** What the verification remembers for a member and language (stored in IndexedDB). */
export interface RememberedTrivia {
  contests: TriviaContestSummary[];
  answered: number[];
  day: string | null;
  dayDoneUntil: number | null;
}

/** The remembered copy (null: none), with the member's day and the time it was read. */
export interface RecallOutput {
  stored: RememberedTrivia | null;
  today: string;
  now: number;
}

export type TriviaVerificationEvent =
  /** The verified member or the language changed (sent by the app root). */
  | { type: 'scope.changed'; userId: number | null; language: string }
  /** Check again (after joining or answering). */
  | { type: 'verify.request' }
  /** The member has no question left in this contest (its last answer, or NO_AVAILABLE_QUESTIONS). */
  | { type: 'contest.answered'; contestId: number }
  /** The question of the day has none left for the member until `until` (ISO). */
  | { type: 'day.done'; until: string }
  /** The connection went down or came back (sent by the app root). */
  | { type: 'network.changed'; offline: boolean };

export interface ScanContestsInput {
  userId: number;
  language: string;
  offline: boolean;
  /** The contests answered today, with the list they were answered in: not asked again while the list is the same. */
  memory: { contests: TriviaContestSummary[]; answered: number[] } | null;
}

/** `dayDoneUntil`: the question of the day has none left until then (ISO); null: it has; absent: not told. */
export type ScanContestsOutput = { ok: true; contests: TriviaContestSummary[]; answered: number[]; dayDoneUntil?: string | null } | Failure;

// ---- a round -------------------------------------------------------------------------------

export interface TriviaRoundContext {
  /** null: the question of the day; otherwise the contest's id. */
  contestId: number | null;
  question: TriviaQuestionData | null;
  chosen: number | null;
  result: TriviaResult | null;
  /** The contest's chart: the server's, updated locally when an answer earns pips. */
  chart: TriviaChartData | null;
  /** The connection is down (told by the app root): each call answers OFFLINE at once. */
  offline: boolean;
  /** Opened knowing there is no question left (the trivia verification's memory): none is asked for. */
  knownDone: boolean;
  errorCode: string | null;
}

export type TriviaRoundEvent =
  /** `done`: the trivia verification remembers no question left (the contest answered, the day's done). */
  | { type: 'round.open'; contestId: number | null; done?: boolean }
  | { type: 'round.close' }
  | { type: 'user.answer'; answerId: number }
  | { type: 'user.skip' }
  | { type: 'user.next' }
  | { type: 'user.retry' }
  | { type: 'user.join'; displayName?: string }
  /** The connection went down or came back (sent by the app root). */
  | { type: 'network.changed'; offline: boolean };

export type LoadQuestionOutput = { ok: true; question: TriviaQuestionData } | Failure;
export interface SubmitAnswerInput {
  contestId: number | null;
  questionId: number;
  answerId: number;
  /** The same answer always carries the same key: a replay after a lost response pays once. */
  idempotencyKey: string;
  offline: boolean;
}
export type SubmitAnswerOutput = ({ ok: true } & TriviaResult) | Failure;
/** After a skip, the questions left today and when the next day starts (null: not told). */
export type SkipQuestionOutput = { ok: true; questionsLeft: number | null; nextDayAt: string | null } | Failure;
export type LoadChartOutput = { ok: true; chart: TriviaChartData } | Failure;
export type JoinContestOutput = { ok: true; pipsEarned: number } | Failure;
