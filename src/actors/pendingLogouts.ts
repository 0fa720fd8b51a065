import { fromPromise } from 'xstate';
import { pendingLogoutsMachine } from '../../machines/pendingLogouts.machine';
import type { PendingLogoutsOutput } from '../../machines/pendingLogouts.types';
import type { Api } from '../api/client';
import { NETWORK_ERROR } from '../api/result';
import { queuePendingLogout, readPendingLogouts, writePendingLogouts, type PendingLogout } from '../data/pendingLogouts';
import type { SystemApi } from './api';
import { watchOnline } from './watchOnline';

/**
 * Logout step 3 bound to the browser: the logout call with the stored tokens; without an answer
 * (offline) the tokens are queued for the pending logouts actor. Any HTTP answer ends it: the
 * server only ever answers OK or a validation error it would answer again.
 */
export async function revokeSession(api: Pick<Api, 'logout'>, tokens: PendingLogout, online = true, storage?: Storage): Promise<void> {
  if (!tokens.authToken && !tokens.refreshToken) return;
  if (!online) {
    queuePendingLogout(tokens, storage);
    return;
  }
  const result = await api.logout(tokens);
  if (!result.success && result.error === NETWORK_ERROR) queuePendingLogout(tokens, storage);
}

/** Sends every queued logout; keeps the ones that got no answer. */
export async function sendPendingLogouts(api: Pick<Api, 'logout'>, storage?: Storage): Promise<PendingLogoutsOutput> {
  const waiting = readPendingLogouts(storage);
  if (waiting.length === 0) return { remaining: 0 };
  const remaining: PendingLogout[] = [];
  for (const entry of waiting) {
    const result = await api.logout(entry);
    if (!result.success && result.error === NETWORK_ERROR) remaining.push(entry);
  }
  // Logouts queued while these were sent stay too.
  const queuedMeanwhile = readPendingLogouts(storage).slice(waiting.length);
  writePendingLogouts([...remaining, ...queuedMeanwhile], storage);
  return { remaining: remaining.length + queuedMeanwhile.length };
}

export function pendingLogoutsLogic({ systemApi: { apiOf } }: { systemApi: SystemApi }) {
  return pendingLogoutsMachine.provide({
    actors: {
      sendPendingLogouts: fromPromise<PendingLogoutsOutput>(({ system }) => sendPendingLogouts(apiOf(system))),
      watchOnline: watchOnline(),
    },
  });
}
