import { fromPromise } from 'xstate';
import { tokenRefreshMachine } from '../../machines/tokenRefresh.machine';
import type { RefreshPreconditions, RefreshSessionOutput } from '../../machines/tokenRefresh.types';
import type { Api } from '../api/client';
import { i18n } from '../i18n/i18n';
import { readRefreshToken, readRememberMe, storeTokens } from './credentials';
import { actorMessages } from './actorMessages';
import type { PendingRequests } from './pendingRequests';
import { showToast } from './toast';

export interface TokenRefreshDeps {
  api: Api;
  /** Requests parked by the API client's onUnauthorized. */
  pending: PendingRequests;
  /** The session learns about new tokens and about the end of the session. */
  session: { send(event: { type: 'session.expired' } | { type: 'session.tokensRefreshed' }): void };
}

/**
 * The token refresh queue bound to the browser: preconditions and tokens in localStorage, the
 * refresh call, the parked requests, and the session it expires.
 */
export function createTokenRefreshLogic({ api, pending, session }: TokenRefreshDeps) {
  return tokenRefreshMachine.provide({
    actors: {
      readRefreshPreconditions: fromPromise<RefreshPreconditions>(async () => ({
        rememberMe: readRememberMe(),
        hasRefreshToken: Boolean(readRefreshToken()),
      })),
      refreshSession: fromPromise<RefreshSessionOutput>(async ({ signal }) => {
        const result = await api.refreshSession({ refreshToken: readRefreshToken() ?? '' }, { signal });
        return result.success ? { ok: true, ...result.data } : { ok: false, serverCode: result.error };
      }),
    },
    actions: {
      storeRefreshedTokens: (_, { authToken, refreshToken }) => {
        storeTokens(authToken, refreshToken);
        session.send({ type: 'session.tokensRefreshed' });
      },
      retryQueued: (_, { authToken, requestIds }) => pending.settle(requestIds, authToken),
      rejectQueued: (_, { requestIds }) => pending.settle(requestIds, null),
      expireSession: () => {
        showToast('error', i18n._(actorMessages.sessionExpired), { id: 'session-expired' });
        session.send({ type: 'session.expired' });
      },
    },
  });
}

export type TokenRefreshLogic = ReturnType<typeof createTokenRefreshLogic>;
