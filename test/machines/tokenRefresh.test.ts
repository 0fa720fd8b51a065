import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { refreshBlocker, tokenRefreshMachine } from '../../machines/tokenRefresh.machine';
import type { RefreshPreconditions, RefreshSessionOutput, TokenRefreshEvent } from '../../machines/tokenRefresh.types';
import { action, actorStarted, actorStopped, sendAction, startRecorded } from './recording';

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

describe('refreshBlocker', () => {
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
  ] as const)('fails without calling the server when %s: the queue is rejected, the member told and logged out', (_, preconditions, code) => {
    const queue = startRecorded(tokenRefreshMachine);
    queue.send({ type: 'request.unauthorized', requestId: 'a' });
    queue.send({ type: 'request.unauthorized', requestId: 'b' });
    queue.resolve('readRefreshPreconditions', preconditions);
    expect(queue.log.take()).toEqual([
      actorStarted('watchUnauthorized'),
      actorStarted('readRefreshPreconditions'),
      action('rejectQueued', { requestIds: ['a', 'b'], code }),
      action('notifySessionExpired', { code }),
      sendAction('expireSession', 'session', { type: 'session.expired' }),
    ]);
    expect(queue.actor.getSnapshot().context).toEqual({ queue: [], errorCode: code });
    queue.stop();
  });

  it.each([
    ['the server answers success false', { ok: false, serverCode: 'REFRESH_TOKEN_REUSED' }],
    ['the answer has no token', { ok: true, authToken: '', refreshToken: '' }],
    ['the call throws', 'throws'],
  ] as const)('fails with REFRESH_FAILED when %s, rejecting the queue and expiring the session', (_, answer) => {
    const queue = startRecorded(tokenRefreshMachine);
    for (const requestId of ids.slice(0, 3)) queue.send({ type: 'request.unauthorized', requestId });
    queue.resolve('readRefreshPreconditions', { rememberMe: 'true', hasRefreshToken: true });
    if (answer === 'throws') queue.reject('refreshSession');
    else queue.resolve('refreshSession', answer);
    expect(queue.log.take()).toEqual([
      actorStarted('watchUnauthorized'),
      actorStarted('readRefreshPreconditions'),
      actorStarted('refreshSession'),
      action('rejectQueued', { requestIds: ids.slice(0, 3), code: 'REFRESH_FAILED' }),
      action('notifySessionExpired', { code: 'REFRESH_FAILED' }),
      sendAction('expireSession', 'session', { type: 'session.expired' }),
    ]);
    expect(queue.actor.getSnapshot().context).toEqual({ queue: [], errorCode: 'REFRESH_FAILED' });
    queue.stop();
  });

  it('a success stores the rotated tokens before anything is retried, and tells the session', () => {
    const queue = startRecorded(tokenRefreshMachine);
    queue.send({ type: 'request.unauthorized', requestId: 'a' });
    queue.resolve('readRefreshPreconditions', { rememberMe: 'true', hasRefreshToken: true });
    queue.resolve('refreshSession', { ok: true, authToken: 'new-auth-token', refreshToken: 'new-refresh-token' });
    expect(queue.log.take().slice(3)).toEqual([
      action('storeRefreshedTokens', { authToken: 'new-auth-token', refreshToken: 'new-refresh-token' }),
      sendAction('tellSessionRefreshed', 'session', { type: 'session.tokensRefreshed' }),
      action('retryQueued', { authToken: 'new-auth-token', requestIds: ['a'] }),
    ]);
    queue.stop();
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

  it('session.reset rejects the waiting requests, abandons the refresh and does not expire the session again', () => {
    const queue = startRecorded(tokenRefreshMachine);
    queue.send({ type: 'request.unauthorized', requestId: 'a' });
    queue.resolve('readRefreshPreconditions', { rememberMe: 'true', hasRefreshToken: true });
    queue.send({ type: 'session.reset' });
    expect(queue.log.take()).toEqual([
      actorStarted('watchUnauthorized'),
      actorStarted('readRefreshPreconditions'),
      actorStarted('refreshSession'),
      action('rejectQueued', { requestIds: ['a'], code: 'SESSION_RESET' }),
      actorStopped('refreshSession'),
    ]);
    expect(queue.actor.getSnapshot().matches('idle')).toBe(true);
    expect(queue.actor.getSnapshot().context).toEqual({ queue: [], errorCode: 'SESSION_RESET' });
    queue.stop();
  });
});

describe('hearing the unauthorized calls (watchUnauthorized)', () => {
  it('watches from the start to the stop; each call it hears joins the one refresh', () => {
    let hear: ((event: TokenRefreshEvent) => void) | null = null;
    let watching = false;
    const machine = tokenRefreshMachine.provide({
      actors: {
        watchUnauthorized: fromCallback<TokenRefreshEvent>(({ sendBack }) => {
          [hear, watching] = [sendBack, true];
          return () => void (watching = false);
        }),
        readRefreshPreconditions: fromPromise(() => new Promise<RefreshPreconditions>(() => {})),
      },
    });
    const actor = createActor(machine).start();
    expect(watching).toBe(true);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    hear!({ type: 'request.unauthorized', requestId: 'a' });
    hear!({ type: 'request.unauthorized', requestId: 'b' });
    expect(actor.getSnapshot().matches('active')).toBe(true);
    expect(actor.getSnapshot().context.queue).toEqual(['a', 'b']);
    actor.stop();
    expect(watching).toBe(false);
  });
});
