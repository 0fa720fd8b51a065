import createClient from 'openapi-fetch';
import type { paths } from './schema';
import { FORM_CONTENT_TYPE, JSON_CONTENT_TYPE, toFormBody } from './formBody';
import { OPERATIONS, pathParamNames, type OperationId, type OperationSpec } from './operations';
import {
  networkFailure,
  normaliseResponse,
  parseJsonText,
  type ApiFailure,
  type ApiResult,
} from './result';
import type { CallOptions, OperationArgs, OperationData, OperationInput } from './types';

export type { ApiFailure, ApiResult, ApiSuccess } from './result';
export {
  DEFAULT_STATUS_CODE,
  NETWORK_ERROR,
  NETWORK_STATUS_CODE,
  UNKNOWN_ERROR,
  UNKNOWN_ERROR_MESSAGE,
} from './result';
export type * from './types';
export type { NavigationOperationId, OidcProviderId, OperationId } from './operations';
export { oidcStartPath } from './operations';

export interface ApiOptions {
  /** Origin and prefix of the API; '' (the default) is the page's own origin. */
  baseUrl?: string;
  /** Injected fetch (tests); defaults to the global one at call time. */
  fetch?: (request: Request) => Promise<Response>;
  /** The current raw auth token, read before every call that sends one. */
  getToken: () => string | null | undefined | Promise<string | null | undefined>;
  /**
   * Called when a call that sent the auth token gets 401 or 403. Resolves with a new auth token
   * (the call is then retried once with it) or null when the session could not be refreshed
   * (the call resolves with its failure). The token-refresh machine serialises concurrent calls
   * into one refresh. Never called for login, refresh or the other public calls. It is given
   * the token the call was sent with, so a call that failed with a token already replaced by a
   * finished refresh is retried with the new one instead of starting a second refresh.
   */
  onUnauthorized?: (staleToken: string | null) => Promise<string | null>;
  /**
   * The app's current language ('en', 'es', ...), read before every call and sent as
   * `Accept-Language` (the server writes its mails in it). Left out when absent or not a
   * language tag.
   */
  getLanguage?: () => string | null | undefined;
}

const LANGUAGE_TAG = /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/;

type Call<O extends OperationId> = (...args: OperationArgs<O>) => Promise<ApiResult<OperationData<O>>>;

/**
 * The typed API: one method per operationId of openapi.yaml (`api.login({ email, pwd })`,
 * `api.getDashboard()`, `api.setAnnouncementStatus({ id, type, status })`), each resolving to
 * an {@link ApiResult} and never throwing, plus the token helpers.
 */
export type Api = { [O in OperationId]: Call<O> } & {
  /** The same calls by operationId. */
  call<O extends OperationId>(operationId: O, ...args: OperationArgs<O>): Promise<ApiResult<OperationData<O>>>;
  /** tokenType register: the password token for registerUser / resetPasswordFinish; '' on error. */
  tokenizePassword(password: string, options?: CallOptions): Promise<string>;
  /**
   * tokenType changePassword (auth token taken from getToken); '' on error. Use
   * `api.tokenize(...)` instead when the error code (INCORRECT_PASSWORD, WEAK_PASSWORD,
   * PASSWORD_UNCHANGED) is needed.
   */
  tokenizeChangePassword(
    input: { userId: number; password: string; currentPassword?: string },
    options?: CallOptions,
  ): Promise<string>;
  /** tokenType qrParams (auth token taken from getToken); '' on error. */
  tokenizeQrParam(qrParam: string, options?: CallOptions): Promise<string>;
};

type LooseRequest = (
  method: string,
  path: string,
  init: Record<string, unknown>,
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

type Input = Record<string, unknown>;

export function createApi(options: ApiOptions): Api {
  const { baseUrl = '', getToken, getLanguage, onUnauthorized = async () => null } = options;
  const client = createClient<paths>({
    baseUrl,
    // Resolved per request so a fetch stubbed after start-up (tests, service worker) is used.
    fetch: options.fetch ?? ((request: Request) => globalThis.fetch(request)),
  });
  // Operations are dispatched from the OPERATIONS table; types are enforced at the Api surface.
  const request = client.request as unknown as LooseRequest;

  async function readToken(): Promise<string | null> {
    try {
      return (await getToken()) || null;
    } catch {
      return null;
    }
  }

  function readLanguage(): string | null {
    try {
      const language = getLanguage?.();
      return typeof language === 'string' && LANGUAGE_TAG.test(language) ? language : null;
    } catch {
      return null;
    }
  }

  async function refreshedToken(staleToken: string | null): Promise<string | null> {
    try {
      return (await onUnauthorized(staleToken)) || null;
    } catch {
      return null;
    }
  }

  async function send(
    spec: OperationSpec,
    input: Input,
    token: string | null,
    signal: AbortSignal | undefined,
  ): Promise<ApiResult<unknown>> {
    const inPath = new Set(pathParamNames(spec.path));
    const path: Input = {};
    const rest: Input = {};
    for (const [key, value] of Object.entries(input)) (inPath.has(key) ? path : rest)[key] = value;

    const headers: Record<string, string> = {};
    if (token) headers.Authorization = token;
    const language = readLanguage();
    if (language) headers['Accept-Language'] = language;
    const init: Record<string, unknown> = {
      params: { path, query: spec.params === 'query' ? rest : undefined },
      headers,
      signal,
      parseAs: 'text',
    };
    if (spec.params === 'form') {
      init.body = rest;
      init.bodySerializer = toFormBody;
      headers['Content-Type'] = FORM_CONTENT_TYPE;
    } else if (spec.params === 'json') {
      init.body = rest;
      headers['Content-Type'] = JSON_CONTENT_TYPE;
    }

    try {
      const { data, error, response } = await request(spec.method, spec.path, init);
      // parseAs 'text': a 2xx body arrives as text; openapi-fetch already tried JSON on others.
      const raw = response.ok ? data : error;
      const body = typeof raw === 'string' ? parseJsonText(raw) : raw;
      return normaliseResponse(response.status, body, { enveloped: spec.enveloped !== false });
    } catch {
      return networkFailure();
    }
  }

  async function call(operationId: OperationId, input?: Input, callOptions?: CallOptions) {
    const spec: OperationSpec = OPERATIONS[operationId];
    const fields = input ?? {};
    const signal = callOptions?.signal;
    const token = spec.auth === 'none' ? null : await readToken();
    const sendsToken = spec.auth === 'required' || (spec.auth === 'optional' && token !== null);

    const result = await send(spec, fields, sendsToken ? token : null, signal);
    if (result.success || !sendsToken || !isAuthFailure(result)) return result;

    const fresh = await refreshedToken(token);
    if (!fresh) return result;
    return send(spec, withFreshToken(spec, fields, token, fresh), fresh, signal);
  }

  async function tokenText(input: OperationInput<'tokenize'>, callOptions?: CallOptions) {
    const result = await call('tokenize', input as Input, callOptions);
    const token = result.success ? (result.data as { token?: unknown } | null)?.token : undefined;
    return typeof token === 'string' ? token : '';
  }

  const api = {
    call: (operationId: OperationId, input?: Input, callOptions?: CallOptions) =>
      call(operationId, input, callOptions),
    tokenizePassword: (password: string, callOptions?: CallOptions) =>
      tokenText({ tokenType: 'register', password }, callOptions),
    tokenizeChangePassword: async (
      input: { userId: number; password: string; currentPassword?: string },
      callOptions?: CallOptions,
    ) =>
      tokenText(
        { tokenType: 'changePassword', ...input, authToken: (await readToken()) ?? undefined },
        callOptions,
      ),
    tokenizeQrParam: async (qrParam: string, callOptions?: CallOptions) =>
      tokenText(
        { tokenType: 'qrParams', qrParam, authToken: (await readToken()) ?? undefined },
        callOptions,
      ),
  } as Record<string, unknown>;
  for (const operationId of Object.keys(OPERATIONS) as OperationId[]) {
    api[operationId] = (input?: Input, callOptions?: CallOptions) =>
      call(operationId, input, callOptions);
  }
  return api as unknown as Api;
}

/**
 * A 401 or 403 starts the one refresh. ACCOUNT_NOT_VERIFIED is a 403 that a new token
 * cannot mend (the account, not the session, is the problem), so it is returned as it is.
 */
const isAuthFailure = (result: ApiFailure) =>
  result.statusCode === 401 || (result.statusCode === 403 && result.error !== 'ACCOUNT_NOT_VERIFIED');

/** On retry, input fields that carried the stale auth token (tokenize's authToken) get the new one. */
function withFreshToken(spec: OperationSpec, input: Input, stale: string | null, fresh: string): Input {
  if (!spec.tokenFields?.length) return input;
  const next = { ...input };
  for (const field of spec.tokenFields) {
    if (stale !== null && next[field] === stale) next[field] = fresh;
  }
  return next;
}
