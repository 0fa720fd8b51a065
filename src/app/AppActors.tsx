import { useEffect, useState, type ReactNode } from 'react';
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
}

/** Starts the app-wide actors: the session, and the token refresh queue behind the API client. */
export function AppActors({ children, sessionLogic, tokenRefreshLogic }: AppActorsProps) {
  return (
    <SessionContext.Provider logic={sessionLogic}>
      <TokenRefresh logic={tokenRefreshLogic}>{children}</TokenRefresh>
    </SessionContext.Provider>
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
