/**
 * Types of redeeming pips for a reward option (SPEC §2 Redeem, §7 POST /mobile/redeem, §8).
 */

/**
 * Why a redemption failed. From the server: INSUFFICIENT_PIPS, OUT_OF_STOCK (nothing was
 * debited), NOT_FOUND, IDEMPOTENCY_KEY_REUSED; from the adapter: OFFLINE (not sent: redeem is
 * never queued), NETWORK_ERROR (no answer: a retry reuses the key), UNKNOWN_ERROR (it threw).
 */
export type RedemptionErrorCode =
  | 'INSUFFICIENT_PIPS'
  | 'OUT_OF_STOCK'
  | 'REDEMPTION_LIMIT_REACHED'
  | 'NOT_FOUND'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'OFFLINE'
  | 'NETWORK_ERROR'
  | 'UNKNOWN_ERROR'
  | (string & {});

/** The reward option being redeemed. */
export interface RedemptionChoice {
  /** The promo id (`pid`). */
  pid: number;
  optId: number;
}

/** Input of `redeemReward`: POST /mobile/redeem pid, optId, amount=1, idempotencyKey. */
export interface RedeemRewardInput extends RedemptionChoice {
  idempotencyKey: string;
  /** The verified member (whose write keys the attempt is kept under); null: nobody. */
  userId: number | null;
  /** The connection is down: nothing is sent (a redemption is never queued). */
  offline: boolean;
}

/** Answer of `redeemReward`; expected failures come back as data. */
export type RedeemRewardOutput = { ok: true; transactionId: number; availablePips: number } | { ok: false; code: RedemptionErrorCode };

export interface RedemptionContext {
  choice: RedemptionChoice | null;
  /**
   * Made once per confirmation (when the confirm dialog opens): every attempt of that
   * confirmation, retries included, sends it, so a retry after a lost answer never debits twice.
   */
  idempotencyKey: string | null;
  transactionId: number | null;
  errorCode: RedemptionErrorCode | null;
  /** The verified member and the connection's state, as the app root last told them. */
  userId: number | null;
  offline: boolean;
}

export type RedemptionEvent =
  /** Opens the confirmation for one option; the screen makes the key (crypto.randomUUID()). */
  | { type: 'user.redeem'; pid: number; optId: number; idempotencyKey: string }
  | { type: 'user.confirm' }
  | { type: 'user.retry' }
  | { type: 'user.cancel' }
  /** The verified member changed (sent by the app root). */
  | { type: 'member.changed'; userId: number | null }
  /** The connection went down or came back (sent by the app root). */
  | { type: 'network.changed'; offline: boolean };
