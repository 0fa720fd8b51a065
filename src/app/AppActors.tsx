import { useEffect, useState, type ReactNode } from 'react';
import { ConnectivitySyncProvider } from '../data/ConnectivitySyncProvider';
import type { ConnectivitySyncLogic } from '../data/connectivitySyncLogic';
import { api, handleUnauthorized } from './api';
import { readAuthToken } from './credentials';
import { createPendingRequests, type PendingRequests } from './pendingRequests';
import { createUnauthorizedHandler } from './unauthorizedHandler';
import { SessionContext } from './SessionContext';
import { TokenRefreshContext } from './TokenRefreshContext';
import type { SessionLogic } from './sessionLogic';
import { createTokenRefreshLogic, type TokenRefreshLogic } from './tokenRefreshLogic';

export interface AppActorsProps {
  children: ReactNode;
  /** Test seam: a session machine provided with fakes. */
  sessionLogic?: SessionLogic;
  /** Test seam: a token refresh machine provided with fakes. */
  tokenRefreshLogic?: TokenRefreshLogic;
  /** Test seam: a connectivity sync machine provided with fakes. */
  connectivitySyncLogic?: ConnectivitySyncLogic;
}

/**
 * Starts the app-wide actors: the session, the token refresh queue behind the API client, and
 * the connectivity sync (offline flag and queues).
 */
export function AppActors({ children, sessionLogic, tokenRefreshLogic, connectivitySyncLogic }: AppActorsProps) {
  return (
    <SessionContext.Provider logic={sessionLogic}>
      <TokenRefresh logic={tokenRefreshLogic}>
        <ConnectivitySync logic={connectivitySyncLogic}>{children}</ConnectivitySync>
      </TokenRefresh>
    </SessionContext.Provider>
  );
}

/** The connectivity sync follows the session: it sends queues only for a verified member. */
function ConnectivitySync({ children, logic }: { children: ReactNode; logic?: ConnectivitySyncLogic }) {
  const session = SessionContext.useActorRef();
  return (
    <ConnectivitySyncProvider session={session} logic={logic}>
      {children}
    </ConnectivitySyncProvider>
  );
}

function TokenRefresh({ children, logic }: { children: ReactNode; logic?: TokenRefreshLogic }) {
  const session = SessionContext.useActorRef();
  const [pending] = useState(createPendingRequests);
  const [bound] = useState(() => logic ?? createTokenRefreshLogic({ api, pending, session }));
  return (
    <TokenRefreshContext.Provider logic={bound}>
      <UnauthorizedBridge pending={pending} />
      {children}
    </TokenRefreshContext.Provider>
  );
}

/**
 * Connects the API client's 401/403 handling to the refresh queue: every unauthorized call
 * parks a promise and joins the queue, so concurrent failures cause exactly one refresh.
 */
function UnauthorizedBridge({ pending }: { pending: PendingRequests }) {
  const session = SessionContext.useActorRef();
  const refresher = TokenRefreshContext.useActorRef();

  useEffect(
    () =>
      handleUnauthorized(createUnauthorizedHandler({ pending, refresher, readAuthToken })),
    [pending, refresher],
  );

  // Logging out drops the requests still waiting for a refresh.
  useEffect(() => {
    let wasLoggingOut = false;
    const subscription = session.subscribe((snapshot) => {
      const loggingOut = snapshot.matches('loggingOut');
      if (loggingOut && !wasLoggingOut) refresher.send({ type: 'session.reset' });
      wasLoggingOut = loggingOut;
    });
    return () => subscription.unsubscribe();
  }, [session, refresher]);

  return null;
}
