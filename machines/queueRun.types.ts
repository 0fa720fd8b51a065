/**
 * Types of one run over an offline queue: every item the member queued, oldest first, sent again
 * by the pipeline that sends such an item live, and removed once it is settled.
 */
import type { QueueRunResult } from './connectivitySync.types';

export type { QueueRunResult };

/** Input of a run: whose queue. */
export interface QueueRunInput {
  userId: number;
}

/**
 * One queued item: its row id in the queue, and what its replay is given (an earn pipeline's
 * input, a questionnaire's answers...). Opaque to the run.
 */
export interface QueuedItem {
  id: number;
  replay: unknown;
}

/**
 * What sending one item gave: success, or a failure that may (`retry`) or may not be tried
 * again, and whether nothing more can be sent now (`stop`: no answer, or the session is ending).
 */
export type ReplayOutput = { ok: true } | { ok: false; code: string; retry: boolean; stop: boolean };

export interface QueueRunContext {
  userId: number;
  items: QueuedItem[];
  /** The item being sent. */
  index: number;
  result: QueueRunResult;
}
