import { RefusedError, UsageError, type OptionValues } from '../context';
import { readSession, saveSession, serverBase, type SavedSession } from '../session';

/**
 * The operator CLI's connection to a running server: signing in (or the session `login` saved),
 * and one call of the operator API (`/admin/...` in openapi.yaml) with its envelope read. A
 * failed answer becomes the CLI's exit codes: bad input 2 (UsageError), a refusal 1 (RefusedError).
 */
export interface RemoteContext {
  call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T>;
  out: (line: string) => void;
}

export interface RemoteCommand {
  name: string;
  run(values: OptionValues, ctx: RemoteContext): Promise<number>;
}

interface Envelope<T> {
  status: 'OK' | 'ERROR';
  data?: T;
  error?: { code: string; message: string };
}

/** Who the CLI is on the server: an e-mail and password (from the environment), or the session `login` saved. */
export interface RemoteAuth {
  email?: string;
  password?: string;
  /** Where `login` keeps the session (used when no password is given). */
  sessionFile?: string;
}

type Answer<T> = { ok: true; data: T } | { ok: false; code: string; message: string };

/** One call of the server's API, its envelope read; a server that does not answer is refused. */
async function send<T>(fetchImpl: typeof fetch, base: string, method: string, path: string, init: { body?: string; headers?: Record<string, string> }): Promise<Answer<T>> {
  let response: Response;
  try {
    response = await fetchImpl(`${base}${path}`, { method, ...init });
  } catch (error) {
    throw new RefusedError(`the server at ${base} does not answer (${error instanceof Error ? error.message : String(error)})`);
  }
  const envelope = (await response.json().catch(() => null)) as Envelope<T> | null;
  if (response.ok && envelope?.status === 'OK') return { ok: true, data: envelope.data as T };
  return { ok: false, code: envelope?.error?.code ?? `HTTP_${response.status}`, message: envelope?.error?.message ?? response.statusText };
}

/** A failed answer as the CLI's exit codes see it: bad input 2, anything else refused 1. */
function fail(answer: { code: string; message: string }): never {
  const message = `${answer.message} (${answer.code})`;
  throw answer.code === 'VALIDATION_ERROR' ? new UsageError(message) : new RefusedError(message, answer.code);
}

const form = (fields: Record<string, string>) => ({
  body: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

/** Signs in to the server like the app does; the session's tokens. */
export async function signIn(serverUrl: string, email: string, password: string, fetchImpl: typeof fetch = fetch): Promise<{ authToken: string; refreshToken: string }> {
  const answer = await send<{ authToken: string; refreshToken: string }>(fetchImpl, serverBase(serverUrl), 'POST', '/mobile/login', form({ email, pwd: password }));
  if (!answer.ok) fail(answer);
  return { authToken: answer.data.authToken, refreshToken: answer.data.refreshToken };
}

/** The server's one call without a session: the first community and its owner, with the setup token it printed. */
export async function setUpServer(
  serverUrl: string,
  input: { token: string; community: string; email: string; password: string },
  fetchImpl: typeof fetch = fetch,
): Promise<{ communityId: string; name: string; joinLink: string; email: string; accountCreated: boolean }> {
  const answer = await send<{ communityId: string; name: string; joinLink: string; email: string; accountCreated: boolean }>(
    fetchImpl,
    serverBase(serverUrl),
    'POST',
    '/admin/setup',
    { body: JSON.stringify(input), headers: { 'content-type': 'application/json' } },
  );
  if (!answer.ok) fail(answer);
  return answer.data;
}

/** Ends a session on the server (its tokens stop working at once). */
export async function signOut(serverUrl: string, tokens: { authToken: string; refreshToken: string }, fetchImpl: typeof fetch = fetch): Promise<void> {
  const answer = await send(fetchImpl, serverBase(serverUrl), 'POST', '/mobile/session/logout', form({ authToken: tokens.authToken, refreshToken: tokens.refreshToken }));
  if (!answer.ok) fail(answer);
}

/**
 * A context whose calls carry the operator's session: signed in with the e-mail and password
 * given, or the session `login` saved for this server (refreshed, and saved again, when its auth
 * token has expired).
 */
export async function connectRemote(serverUrl: string, auth: RemoteAuth, out: (line: string) => void, fetchImpl: typeof fetch = fetch): Promise<RemoteContext> {
  const base = serverBase(serverUrl);
  let tokens: { authToken: string; refreshToken: string };
  let saved: SavedSession | undefined;
  if (auth.email && auth.password) {
    tokens = await signIn(base, auth.email, auth.password, fetchImpl);
  } else if (auth.email || auth.password) {
    throw new UsageError('give both PIPS_OPERATOR_EMAIL and PIPS_OPERATOR_PASSWORD, or sign in once with: npm run admin -- login --email <you>');
  } else {
    saved = auth.sessionFile ? readSession(auth.sessionFile) : undefined;
    if (!saved || serverBase(saved.server) !== base) {
      throw new RefusedError(`not signed in to ${base}: run npm run admin -- login --email <you> (or set PIPS_OPERATOR_EMAIL and PIPS_OPERATOR_PASSWORD)`);
    }
    tokens = saved;
  }
  const call = <T>(method: string, path: string, body: unknown) =>
    send<T>(fetchImpl, base, method, path, {
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      headers: { authorization: `Bearer ${tokens.authToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    });
  return {
    out,
    async call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
      let answer = await call<T>(method, path, body);
      if (!answer.ok && answer.code === 'UNAUTHORIZED' && saved && auth.sessionFile) {
        const renewed = await send<{ authToken: string; refreshToken: string }>(fetchImpl, base, 'POST', '/mobile/session/refresh', form({ refreshToken: tokens.refreshToken }));
        if (!renewed.ok) throw new RefusedError(`your saved session on ${base} has ended: sign in again with npm run admin -- login --email ${saved.email}`);
        tokens = { authToken: renewed.data.authToken, refreshToken: renewed.data.refreshToken };
        saved = { ...saved, ...tokens };
        saveSession(auth.sessionFile, saved);
        answer = await call<T>(method, path, body);
      }
      if (!answer.ok) fail(answer);
      return answer.data;
    },
  };
}
