/**
 * The one result shape every API call resolves to ("Wrapper behaviour"), and the
 * normalisation of whatever came back over the wire into it. Nothing here throws.
 */

export type ApiSuccess<T> = { success: true; data: T };

/**
 * `error` is a stable UPPER_SNAKE code (see `ErrorCode` in openapi.yaml, plus the client-only
 * codes below); `message` is the server's text or {@link UNKNOWN_ERROR_MESSAGE}.
 */
export type ApiFailure = { success: false; error: string; message: string; statusCode: number };

export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

/** Fallback text when the server sent none. */
export const UNKNOWN_ERROR_MESSAGE = 'An unknown error occurred';

/** The request never got an HTTP answer (offline, DNS, CORS, aborted). Its statusCode is 0. */
export const NETWORK_ERROR = 'NETWORK_ERROR';

/** A failure that carried no error code (for example a non-JSON 502 from a proxy). */
export const UNKNOWN_ERROR = 'UNKNOWN_ERROR';

/** statusCode of a failure that carried no usable HTTP status (default 500). */
export const DEFAULT_STATUS_CODE = 500;

/** statusCode of a {@link NETWORK_ERROR}: there was no HTTP status at all. */
export const NETWORK_STATUS_CODE = 0;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const nonEmptyString = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** Parses a response text as JSON; anything else (HTML error page, empty body) is `undefined`. */
export function parseJsonText(text: string | undefined | null): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function networkFailure(): ApiFailure {
  return {
    success: false,
    error: NETWORK_ERROR,
    message: UNKNOWN_ERROR_MESSAGE,
    statusCode: NETWORK_STATUS_CODE,
  };
}

function failureFrom(body: unknown, statusCode: number): ApiFailure {
  const envelope = isObject(body) ? body : {};
  const error = envelope.error;
  const code = isObject(error) ? nonEmptyString(error.code) : nonEmptyString(error);
  const message =
    (isObject(error) ? nonEmptyString(error.message) : undefined) ??
    nonEmptyString(envelope.message) ??
    UNKNOWN_ERROR_MESSAGE;
  return { success: false, error: code ?? UNKNOWN_ERROR, message, statusCode };
}

/**
 * Turns an HTTP status and parsed body into an {@link ApiResult}.
 *
 * - 4xx/5xx: a failure with the envelope's `error.code` and message (or UNKNOWN_ERROR and the
 *   fallback text) and the HTTP status.
 * - 2xx whose envelope says `status: ERR | ERROR` or `success: false`: a failure carrying the
 *   envelope's code and message; statusCode is the envelope's numeric `statusCode`, else 500.
 * - 2xx envelope with `success: true`, `status: OK` or `data.status: OK` (as register answers): the
 *   `data`.
 * - 2xx that is not an envelope (non-JSON, empty): a failure, UNKNOWN_ERROR, 500.
 *
 * `enveloped: false` is for the few calls that answer a bare JSON document (the web manifest):
 * any 2xx JSON object is the data.
 */
export function normaliseResponse<T>(
  httpStatus: number,
  body: unknown,
  { enveloped = true }: { enveloped?: boolean } = {},
): ApiResult<T> {
  const ok = httpStatus >= 200 && httpStatus < 300;
  if (!ok) return failureFrom(body, httpStatus > 0 ? httpStatus : DEFAULT_STATUS_CODE);

  if (!isObject(body)) return failureFrom(undefined, DEFAULT_STATUS_CODE);
  if (!enveloped) return { success: true, data: body as T };

  const statusCodeInBody = typeof body.statusCode === 'number' ? body.statusCode : undefined;
  if (body.status === 'ERR' || body.status === 'ERROR' || body.success === false) {
    return failureFrom(body, statusCodeInBody ?? DEFAULT_STATUS_CODE);
  }
  const data = body.data;
  if (body.success === true || body.status === 'OK' || (isObject(data) && data.status === 'OK')) {
    return { success: true, data: data as T };
  }
  return failureFrom(body, statusCodeInBody ?? DEFAULT_STATUS_CODE);
}
