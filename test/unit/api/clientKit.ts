import { vi } from 'vitest';
import { createApi, type ApiOptions } from '../../../src/api/client';

/* The API client's tests share these: envelopes as the server sends them, and a scripted fetch. */

export type Reply = Response | Error | ((request: Request) => Response | Promise<Response>);

export const envelope = (data: unknown) => ({ status: 'OK', success: true, data, error: null });
export const failure = (code: string, message: string) => ({
  status: 'ERROR',
  success: false,
  data: null,
  error: { code, message },
});
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export interface Seen {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}

/** An API over a scripted fetch: each request takes the next reply and is recorded. */
export function setup(replies: Reply[], options: Partial<ApiOptions> = {}) {
  const seen: Seen[] = [];
  const queue = [...replies];
  const fetch = vi.fn(async (request: Request) => {
    seen.push({
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: await request.clone().text(),
    });
    const reply = queue.shift();
    if (reply === undefined) throw new Error(`unexpected request ${request.method} ${request.url}`);
    if (reply instanceof Error) throw reply;
    return typeof reply === 'function' ? reply(request) : reply;
  });
  const api = createApi({
    baseUrl: 'http://api.test',
    fetch,
    getToken: () => 'raw-token-123',
    ...options,
  });
  return { api, seen, fetch };
}

export const AUTH = { authToken: 'a1', refreshToken: 'r1', userId: 7, isVerified: false, status: 'OK' };
