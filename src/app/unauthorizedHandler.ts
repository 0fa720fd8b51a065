import type { PendingRequests } from './pendingRequests';
import type { UnauthorizedHandler } from './api';

export interface UnauthorizedHandlerDeps {
  pending: PendingRequests;
  /** The token refresh queue actor. */
  refresher: { send(event: { type: 'request.unauthorized'; requestId: string }): void };
  readAuthToken: () => string | null;
}

/**
 * The API client's 401/403 answer: every unauthorized call parks a promise and joins the refresh
 * queue, so concurrent failures cause exactly one refresh. A call that went out with a token a
 * finished refresh has already replaced is retried with the new token at once.
 */
export function createUnauthorizedHandler({ pending, refresher, readAuthToken }: UnauthorizedHandlerDeps): UnauthorizedHandler {
  return async (staleToken) => {
    const current = readAuthToken();
    // Nobody is logged in: nothing to refresh.
    if (!current) return null;
    if (staleToken && staleToken !== current) return current;
    const { requestId, token } = pending.park();
    refresher.send({ type: 'request.unauthorized', requestId });
    return token;
  };
}
