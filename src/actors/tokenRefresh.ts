import { fromCallback, fromPromise } from 'xstate';
import { tokenRefreshMachine } from '../../machines/tokenRefresh.machine';
import type { RefreshPreconditions, RefreshSessionOutput, TokenRefreshEvent } from '../../machines/tokenRefresh.types';
import { readRefreshToken, readRememberMe, storeTokens } from '../data/credentials';
import { i18n } from '../i18n/i18n';
import type { SystemApi } from './api';
import { actorMessages } from './messages';
import { showToast } from './toast';

/**
 * The token refresh queue bound to the browser: preconditions and tokens in localStorage, the
 * refresh call, and the calls parked by the system's API client (heard while the actor runs,
 * settled with the new token, or with none).
 */
export function tokenRefreshLogic({ systemApi: { apiOf, pending } }: { systemApi: SystemApi }) {
  return tokenRefreshMachine.provide({
    actors: {
      watchUnauthorized: fromCallback<TokenRefreshEvent>(({ sendBack, system }) =>
        pending.watch(system, (requestId) => sendBack({ type: 'request.unauthorized', requestId })),
      ),
      readRefreshPreconditions: fromPromise<RefreshPreconditions>(async () => ({
        rememberMe: readRememberMe(),
        hasRefreshToken: Boolean(readRefreshToken()),
      })),
      refreshSession: fromPromise<RefreshSessionOutput>(async ({ signal, system }) => {
        const result = await apiOf(system).refreshSession({ refreshToken: readRefreshToken() ?? '' }, { signal });
        return result.success ? { ok: true, ...result.data } : { ok: false, serverCode: result.error };
      }),
    },
    actions: {
      storeRefreshedTokens: (_, { authToken, refreshToken }) => storeTokens(authToken, refreshToken),
      retryQueued: (_, { authToken, requestIds }) => pending.settle(requestIds, authToken),
      rejectQueued: (_, { requestIds }) => pending.settle(requestIds, null),
      notifySessionExpired: () => showToast('error', () => i18n._(actorMessages.sessionExpired), { id: 'session-expired' }),
    },
  });
}
