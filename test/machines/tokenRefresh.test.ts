import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { refreshBlocker, tokenRefreshMachine } from '../../machines/tokenRefresh.machine';
import type { RefreshPreconditions, RefreshSessionOutput } from '../../machines/tokenRefresh.types';

interface Fakes {
  preconditions?: RefreshPreconditions;
  refresh?: () => Promise<RefreshSessionOutput>;
}

function startQueue(fakes: Fakes = {}) {
  const calls: Array<[string, unknown?]> = [];
  let refreshCount = 0;
  const log = (name: string) => (_: unknown, params?: unknown) => void calls.push([name, params]);
  const machine = tokenRefreshMachine.provide({
    actors: {
      readRefreshPreconditions: fromPromise(async () => fakes.preconditions ?? { rememberMe: 'true', hasRefreshToken: true }),
      refreshSession: fromPromise(async () => {
        refreshCount += 1;
        calls.push(['refreshSession']);
        return fakes.refresh ? fakes.refresh() : { ok: true, authToken: 'new-auth-token', refreshToken: 'new-refresh-token' };
      }),
    },
    actions: {
      storeRefreshedTokens: log('storeRefreshedTokens'),
      retryQueued: log('retryQueued'),
      rejectQueued: log('rejectQueued'),
      expireSession: log('expireSession'),
    },
  });
  const actor = createActor(machine).start();
  return { actor, calls, refreshCount: () => refreshCount, names: () => calls.map(([n]) => n) };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const ids = Array.from({ length: 10 }, (_, i) => `req-${i + 1}`);

describe('refreshBlocker (SPEC §5)', () => {
  it.each([
    [{ rememberMe: 'true', hasRefreshToken: true }, null],
    [{ rememberMe: 'false', hasRefreshToken: true }, 'REFRESH_DISABLED'],
    [{ rememberMe: null, hasRefreshToken: true }, 'REFRESH_DISABLED'],
    [{ rememberMe: 'TRUE', hasRefreshToken: true }, 'REFRESH_DISABLED'],
    [{ rememberMe: 'false', hasRefreshToken: false }, 'REFRESH_DISABLED'],
    [{ rememberMe: 'true', hasRefreshToken: false }, 'MISSING_REFRESH_TOKEN'],
  ] as const)('%j -> %s', (pre, expected) => {
    expect(refreshBlocker(pre)).toBe(expected);
  });
});

describe('token refresh queue', () => {
  it('10 concurrent unauthorized requests make exactly one refresh and are all retried', async () => {
    const answer = deferred<RefreshSessionOutput>();
    const { actor, calls, refreshCount } = startQueue({ refresh: () => answer.promise });
    for (const requestId of ids.slice(0, 4)) actor.send({ type: 'request.unauthorized', requestId });
    await waitFor(actor, (s) => s.matches({ active: 'refreshing' }));
    for (const requestId of ids.slice(4)) actor.send({ type: 'request.unauthorized', requestId });
    expect(actor.getSnapshot().context.queue).toEqual(ids);
    answer.resolve({ ok: true, authToken: 'new-auth-token', refreshToken: 'new-refresh-token' });
    const s = await waitFor(actor, (s) => s.matches('idle'));
    expect(refreshCount()).toBe(1);
    expect(calls).toEqual([
      ['refreshSession'],
      ['storeRefreshedTokens', { authToken: 'new-auth-token', refreshToken: 'new-refresh-token' }],
      ['retryQueued', { authToken: 'new-auth-token', requestIds: ids }],
    ]);
    expect(s.context).toEqual({ queue: [], errorCode: null });
  });

  it('queues a request id once', () => {
    const { actor } = startQueue({ refresh: () => new Promise(() => {}) });
    actor.send({ type: 'request.unauthorized', requestId: 'a' });
    actor.send({ type: 'request.unauthorized', requestId: 'a' });
    actor.send({ type: 'request.unauthorized', requestId: 'b' });
    expect(actor.getSnapshot().context.queue).toEqual(['a', 'b']);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
  });

  it.each([
    ['rememberMe is not "true"', { rememberMe: 'false', hasRefreshToken: true }, 'REFRESH_DISABLED'],
    ['no rememberMe stored', { rememberMe: null, hasRefreshToken: true }, 'REFRESH_DISABLED'],
    ['no refresh token', { rememberMe: 'true', hasRefreshToken: false }, 'MISSING_REFRESH_TOKEN'],
  ] as const)('fails without calling the server when %s', async (_, preconditions, code) => {
    const { actor, calls, refreshCount } = startQueue({ preconditions });
    actor.send({ type: 'request.unauthorized', requestId: 'a' });
    actor.send({ type: 'request.unauthorized', requestId: 'b' });
    const s = await waitFor(actor, (s) => s.matches('idle'));
    expect(refreshCount()).toBe(0);
    expect(calls).toEqual([
      ['rejectQueued', { requestIds: ['a', 'b'], code }],
      ['expireSession', { code }],
    ]);
    expect(s.context).toEqual({ queue: [], errorCode: code });
  });

  it.each([
    ['the server answers success false', async (): Promise<RefreshSessionOutput> => ({ ok: false, serverCode: 'REFRESH_TOKEN_REUSED' })],
    ['the answer has no token', async (): Promise<RefreshSessionOutput> => ({ ok: true, authToken: '', refreshToken: '' })],
    ['the call throws', async (): Promise<RefreshSessionOutput> => Promise.reject(new Error('offline'))],
  ])('fails with REFRESH_FAILED when %s, rejecting the queue and expiring the session', async (_, refresh) => {
    const { actor, calls } = startQueue({ refresh });
    for (const requestId of ids.slice(0, 3)) actor.send({ type: 'request.unauthorized', requestId });
    const s = await waitFor(actor, (s) => s.matches('idle'));
    expect(calls).toEqual([
      ['refreshSession'],
      ['rejectQueued', { requestIds: ids.slice(0, 3), code: 'REFRESH_FAILED' }],
      ['expireSession', { code: 'REFRESH_FAILED' }],
    ]);
    expect(s.context).toEqual({ queue: [], errorCode: 'REFRESH_FAILED' });
  });

  it('starts a fresh refresh after a failure', async () => {
    let answer: RefreshSessionOutput = { ok: false };
    const { actor, refreshCount, names } = startQueue({ refresh: async () => answer });
    actor.send({ type: 'request.unauthorized', requestId: 'a' });
    await waitFor(actor, (s) => s.matches('idle'));
    answer = { ok: true, authToken: 'second', refreshToken: 'second-refresh' };
    actor.send({ type: 'request.unauthorized', requestId: 'b' });
    expect(actor.getSnapshot().context.errorCode).toBeNull();
    await waitFor(actor, (s) => s.matches('idle'));
    expect(refreshCount()).toBe(2);
    expect(names().at(-1)).toBe('retryQueued');
  });

  it('session.reset rejects the waiting requests without expiring the session again', async () => {
    const answer = deferred<RefreshSessionOutput>();
    const { actor, calls } = startQueue({ refresh: () => answer.promise });
    actor.send({ type: 'request.unauthorized', requestId: 'a' });
    await waitFor(actor, (s) => s.matches({ active: 'refreshing' }));
    actor.send({ type: 'session.reset' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    answer.resolve({ ok: true, authToken: 'late', refreshToken: 'late' });
    await answer.promise;
    expect(calls).toEqual([['refreshSession'], ['rejectQueued', { requestIds: ['a'], code: 'SESSION_RESET' }]]);
    expect(actor.getSnapshot().context).toEqual({ queue: [], errorCode: 'SESSION_RESET' });
  });
});
