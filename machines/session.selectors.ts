import type { SnapshotFrom } from 'xstate';
import type { sessionMachine } from './session.machine';

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** What a route guard needs: wait, send to /login, send to /verify, or let through. */
export type SessionAccess = 'pending' | 'anonymous' | 'unverified' | 'verified';

export const selectAccess = (s: SessionSnapshot): SessionAccess => {
  if (s.hasTag('pending')) return 'pending';
  if (s.matches({ loggedIn: 'verified' })) return 'verified';
  if (s.matches('loggedIn')) return 'unverified';
  // The tokens are cleared last: until then the member keeps the screen they logged out from,
  // so no route can send them to /login while a reload would still restore the session.
  if (s.matches('loggingOut')) return s.context.isVerified ? 'verified' : 'unverified';
  return 'anonymous';
};

export const selectIsAuthenticated = (s: SessionSnapshot) => s.context.isAuthenticated;
export const selectIsDevAuthenticated = (s: SessionSnapshot) => s.context.isDevAuthenticated;
export const selectIsLoggingOut = (s: SessionSnapshot) => s.context.isLoggingOut;
export const selectIsBusy = (s: SessionSnapshot) => s.hasTag('busy');
export const selectUserId = (s: SessionSnapshot) => s.context.userId;
export const selectEmail = (s: SessionSnapshot) => s.context.email;
export const selectSessionError = (s: SessionSnapshot) => s.context.errorCode;
export const selectOrigin = (s: SessionSnapshot) => s.context.origin;
export const selectLogoutReason = (s: SessionSnapshot) => s.context.logoutReason;
