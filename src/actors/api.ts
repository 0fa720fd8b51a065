import type { ActorSystem } from 'xstate';
import { createApi, type Api } from '../api/client';
import { readAuthToken } from '../data/credentials';
import { i18n } from '../i18n/i18n';
import { createPendingRequests, type PendingRequests } from './pendingRequests';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySystem = ActorSystem<any>;

export interface SystemApiDeps {
  /** Origin and prefix of the API ('' is the page's own origin). */
  baseUrl?: string;
  /** The fetch calls go through (the global one, read at call time, by default). */
  fetch?: (request: Request) => Promise<Response>;
}

export interface SystemApi {
  /** The API client for calls made by an actor of `system`: its 401/403 go to that system's token refresh. */
  apiOf(system: AnySystem): Api;
  /** Calls waiting on the token refresh, settled by the tokenRefresh actor's bindings. */
  pending: PendingRequests;
}

/**
 * The app's API client, one per actor system: same origin by default, raw auth token from
 * storage, the active language as Accept-Language (the server writes its mails in it). A call
 * that gets 401/403 parks a promise that the system's `tokenRefresh` actor hears of, so concurrent
 * failures cause exactly one refresh; a call that went out with a
 * token a finished refresh has already replaced is retried with the new token at once.
 */
export function createSystemApi({ baseUrl = import.meta.env.VITE_API_URL ?? '', fetch }: SystemApiDeps = {}): SystemApi {
  const pending = createPendingRequests();
  const clients = new WeakMap<AnySystem, Api>();

  const freshToken = (system: AnySystem) => async (staleToken: string | null): Promise<string | null> => {
    const current = readAuthToken();
    // Nobody is logged in: nothing to refresh.
    if (!current) return null;
    if (staleToken && staleToken !== current) return current;
    // The system's token refresh hears it (its `watchUnauthorized`); a system without one gets null.
    return pending.unauthorized(system);
  };

  return {
    pending,
    apiOf(system) {
      let client = clients.get(system);
      if (!client) {
        client = createApi({
          baseUrl,
          fetch,
          getToken: readAuthToken,
          getLanguage: () => i18n.locale || null,
          onUnauthorized: freshToken(system),
        });
        clients.set(system, client);
      }
      return client;
    },
  };
}
