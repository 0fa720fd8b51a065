import { assign, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import type {
  ExpireSessionParams,
  RefreshErrorCode,
  RefreshPreconditions,
  RefreshSessionOutput,
  RejectQueuedParams,
  RetryQueuedParams,
  StoreRefreshedTokensParams,
  TokenRefreshContext,
  TokenRefreshEvent,
} from './tokenRefresh.types';
import { sessionActor } from './system';

/** Refresh only when rememberMe is 'true' and a refresh token exists; else the reason. */
export function refreshBlocker(pre: RefreshPreconditions): 'REFRESH_DISABLED' | 'MISSING_REFRESH_TOKEN' | null {
  if (pre.rememberMe !== 'true') return 'REFRESH_DISABLED';
  if (!pre.hasRefreshToken) return 'MISSING_REFRESH_TOKEN';
  return null;
}

/**
 * The token refresh queue: the first unauthorized request starts
 * exactly one refresh; later ones wait in the queue. Success retries them all with the new token;
 * failure rejects them all and expires the session.
 */
export const tokenRefreshMachine = setup({
  types: {
    context: {} as TokenRefreshContext,
    events: {} as TokenRefreshEvent,
    tags: {} as 'busy',
  },
  actors: {
    /**
     * Hears the calls of this actor's system that got 401/403 (neither login nor refresh) and
     * sends `request.unauthorized` with the id each waits under; stops hearing when stopped.
     */
    watchUnauthorized: fromCallback<TokenRefreshEvent>(() => () => {}),
    /** Reads rememberMe and whether a refresh token is stored, at the moment it is needed. */
    readRefreshPreconditions: fromPromise<RefreshPreconditions>(async () => ({ rememberMe: null, hasRefreshToken: false })),
    /** POST /mobile/session/refresh with the stored refresh token (no auth header). */
    refreshSession: fromPromise<RefreshSessionOutput>(async () => ({ ok: false })),
  },
  actions: {
    /** Persist the rotated tokens before anything is retried. */
    storeRefreshedTokens: (_, _params: StoreRefreshedTokensParams) => {},
    /** Resolve every waiting request with the new token (each retries once). */
    retryQueued: (_, _params: RetryQueuedParams) => {},
    /** Resolve every waiting request with "no token" (each fails with its 401/403). */
    rejectQueued: (_, _params: RejectQueuedParams) => {},
    /** Toast 'Your session has expired. Please log in again.' */
    notifySessionExpired: (_, _params: ExpireSessionParams) => {},
    /** Log the member out (after the one refresh attempt). */
    expireSession: sendTo(sessionActor, { type: 'session.expired' }),
    /** The session learns that a fresh token is held. */
    tellSessionRefreshed: sendTo(sessionActor, { type: 'session.tokensRefreshed' }),

    enqueue: assign(({ context }, params: { requestId: string }) => ({
      queue: context.queue.includes(params.requestId) ? context.queue : [...context.queue, params.requestId],
    })),
    startRefresh: assign({ errorCode: null }),
    settleSuccess: assign({ queue: [] as string[], errorCode: null }),
    settleFailure: assign((_, params: { code: RefreshErrorCode }) => ({ queue: [] as string[], errorCode: params.code })),
  },
  guards: {
    isBlocked: (_, params: { pre: RefreshPreconditions }) => refreshBlocker(params.pre) !== null,
    isRefreshed: (_, params: { output: RefreshSessionOutput }) => params.output.ok && params.output.authToken.length > 0,
  },
}).createMachine({
  id: 'tokenRefresh',
  initial: 'idle',
  context: { queue: [], errorCode: null },
  invoke: { id: 'watchUnauthorized', src: 'watchUnauthorized' },
  states: {
    idle: {
      on: {
        'request.unauthorized': {
          target: 'active',
          actions: ['startRefresh', { type: 'enqueue', params: ({ event }) => ({ requestId: event.requestId }) }],
        },
      },
    },
    /** One refresh in flight; unauthorized requests join the queue instead of starting another. */
    active: {
      tags: 'busy',
      initial: 'checking',
      on: {
        'request.unauthorized': { actions: { type: 'enqueue', params: ({ event }) => ({ requestId: event.requestId }) } },
        'session.reset': {
          target: 'idle',
          actions: [
            { type: 'rejectQueued', params: ({ context }) => ({ requestIds: context.queue, code: 'SESSION_RESET' }) },
            { type: 'settleFailure', params: { code: 'SESSION_RESET' } },
          ],
        },
      },
      states: {
        checking: {
          invoke: {
            id: 'readRefreshPreconditions',
            src: 'readRefreshPreconditions',
            onDone: [
              {
                guard: { type: 'isBlocked', params: ({ event }) => ({ pre: event.output }) },
                target: '#tokenRefresh.idle',
                actions: [
                  {
                    type: 'rejectQueued',
                    params: ({ context, event }) => ({ requestIds: context.queue, code: refreshBlocker(event.output) ?? 'REFRESH_FAILED' }),
                  },
                  { type: 'notifySessionExpired', params: ({ event }) => ({ code: refreshBlocker(event.output) ?? 'REFRESH_FAILED' }) },
                  'expireSession',
                  { type: 'settleFailure', params: ({ event }) => ({ code: refreshBlocker(event.output) ?? 'REFRESH_FAILED' }) },
                ],
              },
              { target: 'refreshing' },
            ],
            onError: {
              target: '#tokenRefresh.idle',
              actions: [
                { type: 'rejectQueued', params: ({ context }) => ({ requestIds: context.queue, code: 'REFRESH_FAILED' }) },
                { type: 'notifySessionExpired', params: { code: 'REFRESH_FAILED' } },
                  'expireSession',
                { type: 'settleFailure', params: { code: 'REFRESH_FAILED' } },
              ],
            },
          },
        },
        refreshing: {
          invoke: {
            id: 'refreshSession',
            src: 'refreshSession',
            onDone: [
              {
                guard: { type: 'isRefreshed', params: ({ event }) => ({ output: event.output }) },
                target: '#tokenRefresh.idle',
                actions: [
                  {
                    type: 'storeRefreshedTokens',
                    params: ({ event }) =>
                      event.output.ok ? { authToken: event.output.authToken, refreshToken: event.output.refreshToken } : { authToken: '', refreshToken: '' },
                  },
                  'tellSessionRefreshed',
                  {
                    type: 'retryQueued',
                    params: ({ context, event }) => ({ authToken: event.output.ok ? event.output.authToken : '', requestIds: context.queue }),
                  },
                  'settleSuccess',
                ],
              },
              {
                target: '#tokenRefresh.idle',
                actions: [
                  { type: 'rejectQueued', params: ({ context }) => ({ requestIds: context.queue, code: 'REFRESH_FAILED' }) },
                  { type: 'notifySessionExpired', params: { code: 'REFRESH_FAILED' } },
                  'expireSession',
                  { type: 'settleFailure', params: { code: 'REFRESH_FAILED' } },
                ],
              },
            ],
            onError: {
              target: '#tokenRefresh.idle',
              actions: [
                { type: 'rejectQueued', params: ({ context }) => ({ requestIds: context.queue, code: 'REFRESH_FAILED' }) },
                { type: 'notifySessionExpired', params: { code: 'REFRESH_FAILED' } },
                  'expireSession',
                { type: 'settleFailure', params: { code: 'REFRESH_FAILED' } },
              ],
            },
          },
        },
      },
    },
  },
});
