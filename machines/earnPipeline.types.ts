/**
 * Types of the earn pipeline: one scanned earn QR code, from the scanned text to pips in the
 * ledger (tokenize, earn under an idempotency key) or to the offline queue. The same pipeline
 * runs for a scan now (`live`) and for a queued scan sent again by the connectivity sync
 * (`replay`).
 */

/**
 * `live`: the member scanned now; without an answer from the server the scan is queued.
 * `replay`: a queued scan sent again; it is never queued twice, a failure says whether to keep it.
 */
export type EarnPipelineMode = 'live' | 'replay';

export interface EarnPipelineInput {
  /** The scanned text: the printed link, or the bare code. */
  text: string;
  /** Defaults to `live` (the scanner gives only the text). */
  mode?: EarnPipelineMode;
  /** replay: the queued scan's key, so the server credits it at most once. */
  idempotencyKey?: string;
  /** live: the verified member whose offline earn queue keeps the scan; null (default): nobody. */
  userId?: number | null;
  /** live: the app knows it is offline (the scan is queued at once); false by default. */
  offline?: boolean;
}

/** live: a fresh key for this scan. */
export interface PrepareScanOutput {
  idempotencyKey: string;
}

/**
 * A failed call as data: its code, and the HTTP status (0 when nothing answered, e.g.
 * NETWORK_ERROR). The pipeline decides from both whether the scan may be retried.
 */
export interface CallFailure {
  ok: false;
  code: string;
  status: number;
}

/** POST /api/tokenize tokenType=qrParams: the single-use token of the scanned text. */
export type TokenizeScanOutput = { ok: true; token: string } | CallFailure;

export interface EarnScanInput {
  token: string;
  idempotencyKey: string;
}

/** POST /mobile/earn/qr/post qrToken, idempotencyKey: the credit. */
export type EarnScanOutput = { ok: true; title: string; pipsEarned: number } | CallFailure;

export interface QueueScanInput {
  text: string;
  idempotencyKey: string;
  /** The member whose offline earn queue keeps the scan. */
  userId: number | null;
}

/** The scan saved in the member's offline earn queue, or why it could not be. */
export type QueueScanOutput = { ok: true } | { ok: false; code: string };

/** What a live scan gave the member: pips now, or a scan saved for when the app is back online. */
export type EarnQrOutcome = { kind: 'earned'; title: string; pipsEarned: number } | { kind: 'queued' };

/**
 * The pipeline's output. Failures carry `retry` (false: refused for good, e.g. ALREADY_EARNED,
 * QR_CODE_EXPIRED) and `stop` (nothing more can be sent now: no answer, or the session is
 * ending). The qrScanner reads `ok`, `value` and `code`; the offline queue run reads all.
 */
export type EarnPipelineOutput = { ok: true; value: EarnQrOutcome } | { ok: false; code: string; retry: boolean; stop: boolean };

export interface EarnPipelineContext {
  text: string;
  mode: EarnPipelineMode;
  idempotencyKey: string | null;
  /** From the input (live): whose queue, and whether the app knows it is offline. */
  userId: number | null;
  offline: boolean;
  token: string | null;
  output: EarnPipelineOutput | null;
}
