import { vi } from 'vitest';

export interface SentRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  form: Record<string, string>;
  headers: Record<string, string>;
}

type Answer = { status?: number; data?: unknown; error?: string } | ((request: SentRequest) => { status?: number; data?: unknown; error?: string });

/**
 * Stubs fetch with a tiny server: `routes` maps "METHOD /path" to an envelope answer (data, or an
 * error code with its HTTP status). Unknown routes answer 503. Returns what was sent.
 */
export function fakeFetch(routes: Record<string, Answer>) {
  const sent: SentRequest[] = [];
  vi.stubGlobal('fetch', async (input: Request) => {
    const url = new URL(input.url);
    const body = input.method === 'GET' || input.method === 'DELETE' ? '' : await input.text();
    const request: SentRequest = {
      method: input.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      form: Object.fromEntries(new URLSearchParams(body)),
      headers: Object.fromEntries([...input.headers].map(([name, value]) => [name.toLowerCase(), value])),
    };
    sent.push(request);
    const route = routes[`${input.method} ${url.pathname}`];
    if (!route) return new Response('', { status: 503 });
    const { status = 200, data = null, error } = typeof route === 'function' ? route(request) : route;
    const envelope = error
      ? { status: 'ERROR', success: false, data: null, error: { code: error, message: error } }
      : { status: 'OK', success: true, data, error: null };
    const httpStatus = error && status === 200 ? 400 : status;
    return new Response(JSON.stringify(envelope), { status: httpStatus, headers: { 'Content-Type': 'application/json' } });
  });
  return sent;
}

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
