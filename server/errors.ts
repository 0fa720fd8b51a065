/**
 * Stable error codes of the contract (openapi.yaml, plan "Wire conventions"). Every failure the
 * server sends carries one of these in `error.code`; clients branch on the code, never on text.
 */
export type ErrorCode =
  | 'VALIDATION_ERROR'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'RATE_LIMITED'
  | 'INVALID_CREDENTIALS'
  | 'ACCOUNT_NOT_VERIFIED'
  | 'ACCOUNT_SUSPENDED'
  | 'EMAIL_TAKEN'
  | 'COMMUNITY_NOT_FOUND'
  | 'INVALID_TOKEN'
  | 'INVALID_CODE'
  | 'CODE_EXPIRED'
  | 'CODE_ATTEMPTS_EXCEEDED'
  | 'ALREADY_VERIFIED'
  | 'INVALID_REFRESH_TOKEN'
  | 'REFRESH_TOKEN_REUSED'
  | 'INCORRECT_PASSWORD'
  | 'PASSWORD_UNCHANGED'
  | 'WEAK_PASSWORD'
  | 'INVALID_EMAIL'
  | 'UNDERAGE_WITHOUT_CONSENT'
  | 'INVALID_DAY_OF_BIRTH'
  | 'INVALID_PUSH_SUBSCRIPTION'
  | 'TERMS_NOT_ACCEPTED'
  | 'EMAIL_NOT_FOUND'
  | 'CHALLENGE_NOT_ACTIVE'
  | 'NO_AVAILABLE_QUESTIONS'
  | 'INSUFFICIENT_PIPS'
  | 'OUT_OF_STOCK'
  | 'REDEMPTION_LIMIT_REACHED'
  | 'ALREADY_EARNED'
  | 'ALREADY_EARNED_TODAY'
  | 'ALREADY_ANSWERED'
  | 'QR_CODE_EXPIRED'
  | 'QR_CODE_NOT_YET_VALID'
  | 'QR_CODE_EXHAUSTED'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'IN_USE'
  | 'ALREADY_DRAWN'
  | 'QUESTION_NOT_SERVED'
  | 'CONTEST_NOT_STARTED'
  | 'CONTEST_ENDED'
  | 'PASSWORD_CONFIRMATION_REQUIRED'
  | 'PROVIDER_NOT_CONFIGURED'
  | 'NOT_IMPLEMENTED'
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL_ERROR';

/** A failure the caller is meant to see: the central error handler sends it as the envelope. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  /** Seconds after which a retry may succeed (rate limits); sent as Retry-After. */
  readonly retryAfterSeconds?: number;

  constructor(code: ErrorCode, statusCode: number, message: string, options?: { retryAfterSeconds?: number }) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = statusCode;
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

export const unauthorized = (message = 'Missing, invalid or expired auth token.') =>
  new AppError('UNAUTHORIZED', 401, message);

export const validationError = (field: string, message: string) =>
  new AppError('VALIDATION_ERROR', 400, `${field}: ${message}`);

export const rateLimited = (retryAfterSeconds: number) =>
  new AppError('RATE_LIMITED', 429, 'Too many attempts. Please try again later.', { retryAfterSeconds });

/**
 * A deadlock (40P01) or a serialization failure (40001): PostgreSQL rolled the statement back, so
 * nothing was done and the same request can simply be sent again.
 */
export const isTransientConflict = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && ['40P01', '40001'].includes((error as { code?: unknown }).code as string);
