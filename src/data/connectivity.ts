import { createContext, useContext } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { connectivitySyncMachine } from '../../machines/connectivitySync.machine';
import { selectIsOffline } from '../../machines/connectivitySync.selectors';
import { useOnline } from '../app/useOnline';

export type ConnectivitySyncActor = ActorRefFrom<typeof connectivitySyncMachine>;

/**
 * The app-wide connectivitySync actor, provided by `ConnectivitySyncProvider` inside AppActors.
 * Null outside it (isolated component tests): the hooks then read navigator.onLine.
 */
export const ConnectivitySyncActorContext = createContext<ConnectivitySyncActor | null>(null);

/** SPEC §3 "connectivity (isOffline)": the flag the connectivity sync keeps. */
export function useIsOffline(): boolean {
  const actor = useContext(ConnectivitySyncActorContext);
  const online = useOnline();
  const offline = useSelector(actor ?? undefined, (s) => (s ? selectIsOffline(s) : undefined));
  return offline ?? !online;
}

