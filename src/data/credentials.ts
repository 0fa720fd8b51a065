import { readStored as read, writeStored as write } from './localStore';
import { holdsCookie, writeServerCookie } from './serverCookies';
import type { StoredCredentials } from '../../machines/session.types';

/** The localStorage keys of the session (plan: authToken, refreshToken, rememberMe, userId, email, isVerified). */
export const credentialKeys = {
  authToken: 'authToken',
  refreshToken: 'refreshToken',
  rememberMe: 'rememberMe',
  userId: 'userId',
  email: 'email',
  isVerified: 'isVerified',
} as const;


/** The stored auth token, sent raw in the Authorization header. */
export const readAuthToken = (): string | null => read(credentialKeys.authToken);
export const readRefreshToken = (): string | null => read(credentialKeys.refreshToken);

/** rememberMe as stored ('true' | 'false'); the switch defaults to on when nothing is stored. */
export const readRememberMe = (): string | null => read(credentialKeys.rememberMe);
export const rememberMeDefault = (): boolean => readRememberMe() !== 'false';
export const storeRememberMe = (rememberMe: boolean): void => write(credentialKeys.rememberMe, String(rememberMe));

/** What app start restores from (validated by the session machine's `restoreFrom`). */
export function readStoredCredentials(): StoredCredentials {
  return {
    authToken: readAuthToken(),
    userId: read(credentialKeys.userId),
    email: read(credentialKeys.email),
    isVerified: read(credentialKeys.isVerified),
  };
}

/**
 * The cookie that tells the server this browser holds a signed-in member, so that a visit to a
 * guest screen it prerendered (/login, /welcome) gets the shell instead of a form the app would
 * only send the member away from (server/plugins/external/static.ts). Never the token: only `1`.
 */
export const signedInCookie = 'signedIn';

/** Tells the server whether a session is stored (see ./serverCookies); writes only a change. */
export function tellServerSignedIn(signedIn: boolean, doc: Document = document): void {
  if (holdsCookie(signedInCookie, '1', doc) !== signedIn) writeServerCookie(signedInCookie, signedIn ? '1' : null, doc);
}

export function storeCredentials(auth: {
  authToken: string;
  refreshToken: string;
  userId: number;
  isVerified: boolean;
  email: string;
  rememberMe: boolean;
}): void {
  write(credentialKeys.authToken, auth.authToken);
  write(credentialKeys.refreshToken, auth.refreshToken || null);
  write(credentialKeys.userId, String(auth.userId));
  write(credentialKeys.email, auth.email);
  write(credentialKeys.isVerified, String(auth.isVerified));
  storeRememberMe(auth.rememberMe);
  tellServerSignedIn(true);
}

export function storeTokens(authToken: string, refreshToken: string): void {
  write(credentialKeys.authToken, authToken);
  write(credentialKeys.refreshToken, refreshToken);
}

export const storeVerified = (): void => write(credentialKeys.isVerified, 'true');

/** Logout: forget the tokens and the user; rememberMe and the language choice stay. */
export function clearCredentials(): void {
  for (const key of [credentialKeys.authToken, credentialKeys.refreshToken, credentialKeys.userId, credentialKeys.email, credentialKeys.isVerified]) {
    write(key, null);
  }
  tellServerSignedIn(false);
}
