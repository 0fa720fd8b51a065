import { readStored as read, writeStored as write } from './localStore';
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
}
