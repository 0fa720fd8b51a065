import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, isTransientConflict, type ErrorCode } from '../../errors';
import { failure } from '../../envelope';
import { memberErrorMessage } from '../../i18n/errorMessages';

type ValidationIssue = {
  instancePath?: string;
  message?: string;
  keyword?: string;
  params?: Record<string, unknown>;
  /** The failing keyword's value (Ajv's `verbose`), e.g. `{ const: 0 }` of a `not`. */
  schema?: unknown;
};

const PART_NAMES: Record<string, string> = { querystring: 'query', body: 'body', params: 'path', headers: 'header' };

/** How deep into the value an issue is (a missing property counts as its own level). */
const depthOf = (issue: ValidationIssue) =>
  (issue.instancePath ?? '').split('/').filter(Boolean).length + (issue.keyword === 'required' ? 1 : 0);

/**
 * The issue to name. Every branch of a failed `oneOf` reports its first issue before the `oneOf`
 * itself: the branch that got furthest into the value is the one the caller meant (a reward's
 * option at 0 pips, not the earn action's missing `pips`).
 */
function chosenIssue(issues: ValidationIssue[]): ValidationIssue {
  const oneOf = issues.findIndex((issue) => issue.keyword === 'oneOf');
  if (oneOf <= 0) return issues[0] ?? {};
  return issues.slice(0, oneOf).reduce((best, issue) => (depthOf(issue) > depthOf(best) ? issue : best));
}

/** "email (query): must match pattern …" — names the field, never echoes the value. */
export function describeValidation(issues: ValidationIssue[], context: string | undefined): string {
  const issue = chosenIssue(issues);
  const part = PART_NAMES[context ?? ''] ?? context ?? 'request';
  const params = issue.params ?? {};
  let field = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  let message = issue.message ?? 'is invalid';
  const forbidden = issue.keyword === 'not' && typeof issue.schema === 'object' && issue.schema !== null ? (issue.schema as { const?: unknown }).const : undefined;
  if (issue.keyword === 'required' && typeof params.missingProperty === 'string') {
    field = field ? `${field}.${params.missingProperty}` : params.missingProperty;
    message = 'is required';
  } else if (issue.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    field = field ? `${field}.${params.additionalProperty}` : params.additionalProperty;
    message = 'is not an allowed field';
  } else if (issue.keyword === 'pattern') {
    message = 'has an invalid format';
  } else if (issue.keyword === 'minimum' && typeof params.limit === 'number') {
    message = `must be at least ${params.limit}`;
  } else if (issue.keyword === 'maximum' && typeof params.limit === 'number') {
    message = `must be at most ${params.limit}`;
  } else if (forbidden !== undefined && (typeof forbidden === 'number' || typeof forbidden === 'string')) {
    // A constant the contract rules out (an adjustment's delta of 0): say which.
    message = `must not be ${forbidden}`;
  }
  return field ? `${field} (${part}): ${message}` : `${part}: ${message}`;
}

/** Fastify's own 4xx errors, by code. */
const FASTIFY_ERRORS: Record<string, { status: number; code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported Content-Type.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'VALIDATION_ERROR', message: 'Invalid Content-Length.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'VALIDATION_ERROR', message: 'body: the JSON body is empty.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'VALIDATION_ERROR', message: 'body: not valid JSON.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported Content-Type.' },
  FST_ERR_BAD_URL: { status: 400, code: 'VALIDATION_ERROR', message: 'The URL is malformed.' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'VALIDATION_ERROR', message: 'A path parameter is too long.' },
};

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

interface Mapped {
  status: number;
  code: string;
  message: string;
  retryAfterSeconds?: number;
}

/** Network errors and PostgreSQL codes that mean the database cannot be reached right now. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08006']);
const UNREACHABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|database system is (starting up|shutting down)/i;

/** Whether an error means the database is unreachable (a 503 to retry, not a bug). */
export function isDatabaseUnreachable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
  if (Array.isArray((error as { errors?: unknown }).errors)) return (error as { errors: unknown[] }).errors.some(isDatabaseUnreachable);
  return typeof message === 'string' && UNREACHABLE_MESSAGES.test(message);
}

/** PostgreSQL's numeric_value_out_of_range (SQLSTATE 22003), from PostgreSQL or PGlite. */
const isOutOfRange = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '22003';

/** Maps any thrown value to a status, a stable code and a message safe to show. */
export function mapError(error: unknown): Mapped | null {
  if (isDatabaseUnreachable(error)) {
    return { status: 503, code: 'SERVICE_UNAVAILABLE', message: 'The service is briefly unavailable, please try again.', retryAfterSeconds: 5 };
  }
  if (error instanceof AppError) {
    return { status: error.statusCode, code: error.code, message: error.message, retryAfterSeconds: error.retryAfterSeconds };
  }
  if (isTransientConflict(error)) {
    return { status: 503, code: 'SERVICE_UNAVAILABLE', message: 'The server was busy with a conflicting change and did nothing; please try again.', retryAfterSeconds: 1 };
  }
  if (isOutOfRange(error)) {
    // A balance or counter would pass its column's limit (2,147,483,647): the whole write was rolled back.
    return { status: 400, code: 'VALIDATION_ERROR', message: 'A number is out of range: a balance cannot exceed 2,147,483,647 pips.' };
  }
  if (typeof error !== 'object' || error === null) return null;
  const err = error as FastifyError & { errors?: unknown[]; validationContext?: string; status?: number };

  // fastify-openapi-glue wraps security handler failures: surface our own error from inside.
  if (Array.isArray(err.errors) && err.name === 'Unauthorized') {
    const inner = err.errors.find((e): e is AppError => e instanceof AppError);
    return inner ? mapError(inner) : { status: 401, code: 'UNAUTHORIZED', message: 'Missing, invalid or expired auth token.' };
  }
  if (Array.isArray(err.validation)) {
    return { status: 400, code: 'VALIDATION_ERROR', message: describeValidation(err.validation, err.validationContext) };
  }
  if (err.code && FASTIFY_ERRORS[err.code]) {
    const known = FASTIFY_ERRORS[err.code];
    return { status: known.status, code: known.code, message: known.message };
  }
  const status = typeof err.statusCode === 'number' ? err.statusCode : typeof err.status === 'number' ? err.status : 500;
  if (status >= 400 && status < 500) {
    // Other client errors from Fastify or a plugin (bad JSON is a SyntaxError with status 400).
    const code = STATUS_CODES[status] ?? 'VALIDATION_ERROR';
    const message = err instanceof SyntaxError ? 'body: not valid JSON.' : code === 'VALIDATION_ERROR' ? 'The request is malformed.' : err.message;
    return { status, code, message };
  }
  return null;
}

export function sendError(reply: FastifyReply, mapped: Mapped): FastifyReply {
  if (mapped.retryAfterSeconds !== undefined) reply.header('retry-after', String(mapped.retryAfterSeconds));
  return reply.code(mapped.status).type('application/json; charset=utf-8').send(failure(mapped.code, mapped.message));
}

/**
 * The one place failures become responses: every error, whoever threw it, leaves as the
 * envelope with a stable code. Anything unexpected is logged and answered 500 INTERNAL_ERROR
 * without detail.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
      const found = mapError(error);
      // A member whose app asks in Spanish reads the message in Spanish.
      const mapped = found && { ...found, message: memberErrorMessage(found.code, found.message, request) };
      if (mapped && mapped.status < 500) {
        request.log.info({ code: mapped.code, status: mapped.status }, mapped.message);
        return sendError(reply, mapped);
      }
      if (mapped) {
        // 501, 503 (database unreachable: the pool reconnects by itself) and other deliberate 5xx answers.
        if (mapped.status === 503) request.log.warn({ code: mapped.code }, 'database unreachable');
        return sendError(reply, mapped);
      }
      request.log.error({ err: error }, 'unexpected error');
      return sendError(reply, { status: 500, code: 'INTERNAL_ERROR', message: memberErrorMessage('INTERNAL_ERROR', 'An internal error occurred.', request) });
    });
  },
  { name: 'errorHandler' },
);
