import { vi } from 'vitest';

export interface SentRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** A form body's fields ({} for none or a JSON body). */
  form: Record<string, string>;
  /** A JSON body, parsed (the questionnaire answers); undefined otherwise. */
  json?: unknown;
  headers: Record<string, string>;
}

type Reply = { status?: number; data?: unknown; error?: string };
/** An envelope answer, or a function of the request (a function that throws is a network failure). */
export type Answer = Reply | ((request: SentRequest) => Reply | Promise<Reply>);

/**
 * Stubs fetch (the app's API client reads the global one at call time) with a tiny server:
 * `routes` maps "METHOD /path" to an envelope answer (data, or an error code with its HTTP
 * status). Unknown routes answer 503. Returns what was sent, in order.
 */
export function fakeFetch(routes: Record<string, Answer>) {
  const sent: SentRequest[] = [];
  vi.stubGlobal('fetch', async (input: Request) => {
    const url = new URL(input.url);
    const body = input.method === 'GET' || input.method === 'DELETE' ? '' : await input.text();
    const isJson = input.headers.get('Content-Type')?.includes('json') ?? false;
    const request: SentRequest = {
      method: input.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      form: isJson ? {} : Object.fromEntries(new URLSearchParams(body)),
      json: isJson && body ? JSON.parse(body) : undefined,
      headers: Object.fromEntries([...input.headers].map(([name, value]) => [name.toLowerCase(), value])),
    };
    sent.push(request);
    const route = routes[`${input.method} ${url.pathname}`];
    if (!route) return new Response('', { status: 503 });
    const { status = 200, data = null, error } = typeof route === 'function' ? await route(request) : route;
    return envelope({ status, data, error });
  });
  return sent;
}

/** The server's envelope `{status, success, data, error}` as a Response (an error with status 200 becomes 400). */
export function envelope({ status = 200, data = null, error }: Reply): Response {
  const body = error
    ? { status: 'ERROR', success: false, data: null, error: { code: error, message: error } }
    : { status: 'OK', success: true, data, error: null };
  const httpStatus = error && status === 200 ? 400 : status;
  return new Response(JSON.stringify(body), { status: httpStatus, headers: { 'Content-Type': 'application/json' } });
}

/** A route that never gets an answer (offline, or the server is down): the client's NETWORK_ERROR. */
export const noAnswer = (): never => {
  throw new TypeError('Failed to fetch');
};

/** The requests sent to one route. */
/**
 * Calls the app's engagement actors make on their own once a member is verified (the bell's
 * status records); tests about other calls leave them out.
 */
export const isBackgroundCall = (r: Pick<SentRequest, 'method' | 'path'>) => r.method === 'POST' && r.path === '/mobile/announcements/users';

export const requests = (sent: SentRequest[], method: string, path: string) => sent.filter((r) => r.method === method && r.path === path);

/** The verified member of the screen tests (user 7), as GET /mobile/user/get answers. */
export const user = {
  userId: 7,
  firstName: 'Ada',
  lastName: 'Lovelace',
  fullName: 'Ada Lovelace',
  email: 'ada@example.org',
  phone: '',
  isVerified: true,
  communityId: 'demo',
  communityName: 'Demo Community',
  hasPassword: true,
  dayOfBirth: '1815-12-10',
};
