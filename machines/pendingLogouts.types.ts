/**
 * Types of the pending logouts machine: logouts the server has not heard of yet (made while
 * offline), sent when the app is online again.
 */

/** What one sending round left behind. */
export interface PendingLogoutsOutput {
  /** Logouts still waiting (the network was down again). */
  remaining: number;
}

export type PendingLogoutsEvent =
  /** The session queued a logout (or may have): send what is waiting. */
  | { type: 'pendingLogouts.check' }
  /** The browser is online again. */
  | { type: 'connectivity.online' };
