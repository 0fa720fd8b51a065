/**
 * Types of earning an external earn action (SPEC §2 Earn: `POST /mobile/earn` pid, the url of the
 * answer opened in a new tab). The tab is opaque here: the machine names when to open, point and
 * close it, and `src/` keeps the browser window.
 */

/**
 * Why an earn failed. OFFLINE: nothing was sent (the app knew it was offline). The server's codes
 * (ALREADY_EARNED, ALREADY_EARNED_TODAY, NOT_FOUND, IDEMPOTENCY_KEY_REUSED, ...), NETWORK_ERROR
 * when no answer came, and UNKNOWN_ERROR when the adapter threw.
 */
export type EarnErrorCode =
  | 'OFFLINE'
  | 'NETWORK_ERROR'
  | 'ALREADY_EARNED'
  | 'ALREADY_EARNED_TODAY'
  | 'NOT_FOUND'
  | 'UNKNOWN_ERROR'
  | (string & {});

/** Input of `earn`: the promo and the attempt's idempotency key. */
export interface EarnInput {
  pid: number;
  idempotencyKey: string;
  /** The verified member (whose write keys the attempt is kept under); null: nobody. */
  userId: number | null;
}

/** Output of `earn`: the credit, or the failure code as data. `url` is the answer's page, if any. */
export type EarnOutput =
  | { ok: true; pipsEarned: number; availablePips: number; url: string | null }
  | { ok: false; code: EarnErrorCode };

/** What `notifyEarned` tells the screen. */
export interface EarnedNotice {
  pid: number;
  pipsEarned: number;
  availablePips: number;
}

export interface EarnActionContext {
  /** The promo of the current or last attempt. */
  pid: number | null;
  /** The promo's own url (opened when the answer has none). */
  url: string | null;
  /** The key of the current or last attempt. */
  idempotencyKey: string | null;
  pipsEarned: number | null;
  errorCode: EarnErrorCode | null;
  /** The verified member, as the app root last told it. */
  userId: number | null;
}

export type EarnActionEvent =
  /**
   * The member clicked an action's earn button. `online` is the app's connectivity flag;
   * `idempotencyKey` the attempt's key: the screen gives the key of an earlier attempt of the same
   * promo whose answer was lost, so the server credits it at most once.
   */
  | { type: 'user.earn'; pid: number; url: string | null; online: boolean; idempotencyKey: string }
  /** The verified member changed (sent by the app root). */
  | { type: 'member.changed'; userId: number | null };
