import type { AcceptCodeOutput } from '../../../machines/qrScanner.types';
import type { ApiResult, OperationData } from '../../api/client';
import { NETWORK_ERROR } from '../../api/client';

/** An earn QR code's own code: url-safe characters (the server hands out 16 or more). */
export const earnCodePattern = /^[A-Za-z0-9_-]{16,128}$/;

/** The path a printed earn QR code links to: `<public url>/earn?qr=<code>`. */
export const earnPath = '/earn';

/**
 * The code of an earn QR text: the bare code, or an http(s) link to `/earn` carrying exactly
 * one well-formed `qr` (any host: the code may be printed for another public URL of the same
 * product). Anything else (community codes, other links, words) is null and never sent.
 */
export function parseEarnCode(text: string): string | null {
  const trimmed = text.trim();
  if (earnCodePattern.test(trimmed)) return trimmed;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.pathname.replace(/\/+$/, '') !== earnPath) return null;
  const codes = url.searchParams.getAll('qr');
  return codes.length === 1 && earnCodePattern.test(codes[0]) ? codes[0] : null;
}

/** What a scanned earn code gave: pips now, or a scan saved for when the app is back online. */
export type EarnQrOutcome = { kind: 'earned'; title: string; pipsEarned: number } | { kind: 'queued' };

type EarnQrData = OperationData<'earnQr'>;

/** The effects `acceptEarnCode` needs, bound by the screen (tests pass fakes). */
export interface EarnCodeDeps {
  isOffline: () => boolean;
  /** POST /api/tokenize tokenType=qrParams: the single-use token for the scanned text. */
  tokenize: (qrParam: string, signal: AbortSignal) => Promise<ApiResult<{ token: string }>>;
  /** POST /mobile/earn/qr/post qrToken, idempotencyKey. */
  earnQr: (input: { qrToken: string; idempotencyKey: string }, signal: AbortSignal) => Promise<ApiResult<EarnQrData>>;
  /** Saves the scan in the offline earn queue (sent once back online). */
  /** Queues the scan; `idempotencyKey` is the key of an attempt whose answer was lost. */
  queueOffline: (qrParam: string, idempotencyKey?: string) => Promise<void>;
  newKey: () => string;
}

/**
 * `acceptCode` of the earn QR scanner: a well-formed earn code is exchanged for a token, then
 * earned under a fresh idempotency key. Offline (known beforehand, or no answer to the token
 * call) the scan is queued instead. Failures come back as their error codes: INVALID_TOKEN for a
 * text that is no earn code, QUEUE_FAILED when the scan could not be saved.
 */
export async function acceptEarnCode(text: string, deps: EarnCodeDeps, signal: AbortSignal): Promise<AcceptCodeOutput> {
  const qrParam = text.trim();
  if (parseEarnCode(qrParam) === null) return { ok: false, code: 'INVALID_TOKEN' };
  if (deps.isOffline()) return queue(qrParam, deps);

  const tokenized = await deps.tokenize(qrParam, signal);
  if (!tokenized.success) {
    // Nothing was credited yet: the scan can wait for the connection.
    return tokenized.error === NETWORK_ERROR && !signal.aborted ? queue(qrParam, deps) : { ok: false, code: tokenized.error };
  }
  if (!tokenized.data.token) return { ok: false, code: 'UNKNOWN_ERROR' };

  const idempotencyKey = deps.newKey();
  const earned = await deps.earnQr({ qrToken: tokenized.data.token, idempotencyKey }, signal);
  if (!earned.success) {
    // The answer was lost: the replay from the queue goes under the same key, so the server
    // answers it with this attempt's result if this attempt did credit.
    return earned.error === NETWORK_ERROR && !signal.aborted ? queue(qrParam, deps, idempotencyKey) : { ok: false, code: earned.error };
  }
  const outcome: EarnQrOutcome = { kind: 'earned', title: earned.data.title, pipsEarned: earned.data.pipsEarned };
  return { ok: true, value: outcome };
}

async function queue(qrParam: string, deps: EarnCodeDeps, idempotencyKey?: string): Promise<AcceptCodeOutput> {
  try {
    await deps.queueOffline(qrParam, idempotencyKey);
  } catch {
    return { ok: false, code: 'QUEUE_FAILED' };
  }
  const outcome: EarnQrOutcome = { kind: 'queued' };
  return { ok: true, value: outcome };
}
