import { useEffect, useState, type ReactNode } from 'react';
import { useActorRef } from '@xstate/react';
import type { AnyActorRef } from 'xstate';
import { api } from '../app/api';
import { ConnectivitySyncActorContext } from './connectivity';
import { createConnectivitySyncLogic, type ConnectivitySyncLogic } from './connectivitySyncLogic';
import { notifyScopeChanged } from './scope';

/** The session as the connectivity sync reads it: verified, with whose user id. */
type SessionActor = Pick<AnyActorRef, 'subscribe' | 'getSnapshot'>;

function verifiedUserId(snapshot: { matches(value: unknown): boolean; context: { userId: number | null } }): number | null {
  return snapshot.matches({ loggedIn: 'verified' }) && snapshot.context.userId ? snapshot.context.userId : null;
}

export interface ConnectivitySyncProviderProps {
  children: ReactNode;
  /** The session actor: queues are sent only for a verified member. */
  session: SessionActor;
  /** Test seam: a connectivitySync machine provided with fakes. */
  logic?: ConnectivitySyncLogic;
}

/**
 * Starts the app-wide connectivitySync actor (SPEC §4 "Connectivity") and tells it who is
 * verified; the offline flag and the sync are read through `useIsOffline` and friends.
 */
export function ConnectivitySyncProvider({ children, session, logic }: ConnectivitySyncProviderProps) {
  const [bound] = useState(() => logic ?? createConnectivitySyncLogic({ api }));
  const actor = useActorRef(bound);

  useEffect(() => {
    let current: number | null = null;
    const follow = (snapshot: Parameters<typeof verifiedUserId>[0]) => {
      const userId = verifiedUserId(snapshot);
      if (userId === current) return;
      current = userId;
      notifyScopeChanged();
      actor.send(userId === null ? { type: 'session.ended' } : { type: 'session.verified', userId });
    };
    follow(session.getSnapshot());
    const subscription = session.subscribe(follow);
    return () => subscription.unsubscribe();
  }, [session, actor]);

  return <ConnectivitySyncActorContext.Provider value={actor}>{children}</ConnectivitySyncActorContext.Provider>;
}
