/**
 * Types of the connectivity sync: the offline flag, and the offline
 * earn and form queues sent when the network is back. Counts and codes only: the toasts' texts
 * live in src/.
 */

/** The two offline queues, processed in this order. */
export type OfflineQueue = 'earn' | 'forms';

/** Input of the queue actors: whose queue. */
export interface QueueInput {
  userId: number;
}

/** Output of `loadEarnQueue` / `loadFormQueue`: how many items wait. */
export interface QueueCount {
  count: number;
}

/** One item the server refused for good (removed from the queue) or that will be tried again. */
export interface QueueItemFailure {
  id: number;
  code: string;
}

/**
 * Output of `processEarnQueue` / `processFormQueue`, after sending the items oldest first.
 * `rejected` items can never succeed (ALREADY_EARNED, QR_CODE_EXPIRED, NOT_FOUND...) and were
 * removed; `kept` items failed for now (network, server error) and stay queued.
 */
export interface QueueRunResult {
  succeeded: number;
  rejected: QueueItemFailure[];
  kept: QueueItemFailure[];
}

/** Params of `notifyPending`: the info toast before a queue is sent. */
export interface NotifyPendingParams {
  queue: OfflineQueue;
  count: number;
}

/**
 * How far the run over a queue has come: `sent` items of `total` are settled (sent, refused or
 * kept), `credited` of them were credited. Read from the queue run's snapshots.
 */
export interface SyncProgress {
  queue: OfflineQueue;
  sent: number;
  total: number;
  credited: number;
}

/** Params of `notifyProgress`: the info toast counting what was sent. */
export interface NotifyProgressParams {
  queue: OfflineQueue;
  sent: number;
  total: number;
}

/** Params of `notifySynced`: the success toast. */
export interface NotifySyncedParams {
  queue: OfflineQueue;
  count: number;
}

/** Params of `notifyFailed`: the warning toast (count = rejected + kept). */
export interface NotifyFailedParams {
  queue: OfflineQueue;
  count: number;
  rejected: QueueItemFailure[];
  kept: QueueItemFailure[];
}

/** One item waiting in an offline queue, as the screens list it. */
export interface PendingItem {
  id: number;
  /** ms since the epoch, when the member acted. */
  timestamp: number;
  /** What to call it while it waits (a questionnaire's title...); null for a plain scan. */
  title: string | null;
  /** The questionnaire it answers (form queue). */
  formId?: number;
  /** The pips it should earn, when known on this device (a questionnaire's, a code earned before). */
  pips?: number;
}

/** What the member has waiting, per queue, oldest first (`watchQueues`). */
export interface PendingQueues {
  earn: PendingItem[];
  forms: PendingItem[];
}

/** Params of `reportRun`: what one run over a queue gave. */
export interface ReportRunParams {
  queue: OfflineQueue;
  run: QueueRunResult;
}

export interface ConnectivitySyncContext {
  /** The verified member whose queues are sent; null while nobody is. */
  userId: number | null;
  /** What that member has waiting (kept current by `watchQueues`, in this tab and others). */
  pending: PendingQueues;
  /** A sync was asked for while one was running: run again when it ends. */
  syncAgain: boolean;
  /** What the last queue run gave (reported by toasts). */
  lastRun: ReportRunParams | null;
  /** The run over a queue under way: how far it has come; null between runs. */
  progress: SyncProgress | null;
  /** Items were credited during the run: the balances reload shortly (`balanceRefresh`). */
  balanceDue: boolean;
}

export type ConnectivitySyncEvent =
  /** Online at start, or the browser's `online` event (sent by `watchNetwork`). */
  | { type: 'network.online' }
  /** Offline at start, or the browser's `offline` event (sent by `watchNetwork`). */
  | { type: 'network.offline' }
  /** The session is verified: queues may be sent on this member's behalf. */
  | { type: 'session.verified'; userId: number }
  /** Logged out or no longer verified: stop sending. */
  | { type: 'session.ended' }
  /** Send the queues now if possible (something was queued, a retry button). */
  | { type: 'sync.request' }
  /** `holdSyncLock`: this tab holds the cross-tab sync lock (after any other tab's run). */
  | { type: 'lock.acquired' }
  /** `watchQueues`: the member's queues changed (an item was added or sent, here or in another tab). */
  | { type: 'queues.changed'; pending: PendingQueues };
