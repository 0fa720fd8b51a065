/**
 * Types of the token refresh queue.
 * Codes only; src maps them to the user-facing wording ('Refresh disabled by user preference', ...).
 */

/**
 * REFRESH_DISABLED: rememberMe is not 'true'. MISSING_REFRESH_TOKEN: nothing stored.
 * REFRESH_FAILED: the server said success false, or the call broke. SESSION_RESET: the session
 * ended (logout) while requests were waiting.
 */
export type RefreshErrorCode = 'REFRESH_DISABLED' | 'MISSING_REFRESH_TOKEN' | 'REFRESH_FAILED' | 'SESSION_RESET';

/** What storage says at the moment a refresh is needed. */
export interface RefreshPreconditions {
  /** The raw stored value: refresh only when it is exactly 'true'. */
  rememberMe: string | null;
  hasRefreshToken: boolean;
}

/** POST /mobile/session/refresh: new tokens, or the server's refusal as data. */
export type RefreshSessionOutput =
  | { ok: true; authToken: string; refreshToken: string }
  | { ok: false; serverCode?: string };

export interface TokenRefreshContext {
  /** Ids of the requests waiting for the refresh, in arrival order, without repeats. */
  queue: string[];
  errorCode: RefreshErrorCode | null;
}

export type TokenRefreshEvent =
  /** A call that is neither login nor refresh got 401/403 (the caller filters those two). */
  | { type: 'request.unauthorized'; requestId: string }
  /** The session ended: drop the queue. */
  | { type: 'session.reset' };

export interface StoreRefreshedTokensParams {
  authToken: string;
  refreshToken: string;
}

export interface RetryQueuedParams {
  authToken: string;
  requestIds: string[];
}

export interface RejectQueuedParams {
  requestIds: string[];
  code: RefreshErrorCode;
}

export interface ExpireSessionParams {
  code: RefreshErrorCode;
}
