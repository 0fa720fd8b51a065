import type { EarnPipelineOutput } from './earnPipeline.types';

/**
 * Answers no retry can turn into a success: a replayed scan with one of these is dropped from
 * the queue (and counted as failed).
 */
export const PERMANENT_FAILURES: ReadonlySet<string> = new Set([
  'ALREADY_EARNED',
  'ALREADY_EARNED_TODAY',
  'ALREADY_ANSWERED',
  'QR_CODE_EXPIRED',
  'QR_CODE_EXHAUSTED',
  'INVALID_TOKEN',
  'NOT_FOUND',
  'VALIDATION_ERROR',
  'IDEMPOTENCY_KEY_REUSED',
  // Suspended: what was done meanwhile earns nothing, even once the member is restored.
  'ACCOUNT_SUSPENDED',
]);

/** Nothing answered: the network is down (or the server unreachable). */
export const isNoAnswer = (failure: { code: string; status: number }): boolean => failure.code === 'NETWORK_ERROR' || failure.status === 0;

/**
 * A failed call as the pipeline reports it: refused for good (no retry), or to be tried again,
 * stopping the queue run when nothing answers or the session is ending (401).
 */
export function classifyFailure(failure: { code: string; status: number }): EarnPipelineOutput {
  return {
    ok: false,
    code: failure.code,
    retry: !PERMANENT_FAILURES.has(failure.code),
    stop: isNoAnswer(failure) || failure.status === 401,
  };
}
