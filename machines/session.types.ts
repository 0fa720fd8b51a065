/**
 * Types of the session machine.
 * Codes only: components render them through Lingui.
 */

/** What login and register hand back on success. */
export interface AuthData {
  authToken: string;
  refreshToken: string;
  userId: number;
  isVerified: boolean;
}

/**
 * Error codes the session can hold. Server codes (INVALID_CREDENTIALS, EMAIL_TAKEN, ...) pass
 * through unchanged; the named ones are produced by the machine or its adapters.
 */
export type SessionErrorCode =
  | 'INVALID_CREDENTIALS'
  | 'EMAIL_TAKEN'
  | 'PASSWORD_TOKEN_FAILED'
  | 'NETWORK_ERROR'
  /** The call succeeded but carried no auth token: the user stays logged out. */
  | 'NO_AUTH_TOKEN'
  /** An adapter threw (a bug, not an API answer). */
  | 'UNKNOWN_ERROR'
  | (string & {});

/** Login and register answer with AuthData, or an expected API failure as data. */
export type AuthResult = ({ ok: true } & AuthData) | { ok: false; code: SessionErrorCode };

/** Input of the `login` actor: the login payload. */
export interface LoginInput {
  email: string;
  pwd: string;
}

/**
 * What the signup form hands over. The `register` actor derives the password token through the
 * tokenize call and drops `password` before sending.
 */
export interface RegistrationPayload {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD. */
  dayOfBirth?: string;
  /** '' when absent. */
  phone: string;
  customTermsAccepted: boolean;
  communityId: string;
  guardianConsent?: boolean;
  rememberMe?: boolean;
}

/** Raw values as found in browser storage at app start (strings, or nothing). */
export interface StoredCredentials {
  authToken: string | null;
  userId: string | number | null;
  email: string | null;
  isVerified: string | boolean | null;
}

/** Stored credentials that passed `isRestorable`, parsed. */
export interface RestoredSession {
  authToken: string;
  userId: number;
  email: string;
  isVerified: boolean;
}

/** Why the last logout happened; read by the login screen. */
export type LogoutReason = 'USER' | 'SESSION_EXPIRED';

/** The logout step that failed (passed to `notifyLogoutError`). */
export type LogoutStep = 'unregisterPush' | 'clearUserData' | 'revokeSession';

export interface SessionContext {
  userId: number | null;
  email: string | null;
  isVerified: boolean;
  /** Whether an auth token is held; the token itself never enters the machine. */
  hasAuthToken: boolean;
  rememberMe: boolean;
  isAuthenticated: boolean;
  isDevAuthenticated: boolean;
  isLoggingOut: boolean;
  errorCode: SessionErrorCode | null;
  /** The protected path the user was sent away from, to return to after login. */
  origin: string | null;
  logoutReason: LogoutReason | null;
  /** The server's id of this browser's push registration (its `msg`), or null. */
  deviceId: string | null;
  /** Whether this browser is registered for the member's notifications. */
  registeredForNotifications: boolean;
  /**
   * The member has just registered here, so the server has just mailed a verification code:
   * the verification's resend starts waiting.
   */
  codeJustSent: boolean;
}

export type SessionEvent =
  | { type: 'user.login'; email: string; pwd: string; rememberMe: boolean }
  | { type: 'user.register'; payload: RegistrationPayload }
  | { type: 'user.devLogin' }
  /**
   * Signed in elsewhere with these auth data (Google / Apple sign-in: the callback screen
   * exchanged its ticket); treated as a login.
   */
  | { type: 'session.authenticated'; auth: AuthData; email: string; rememberMe: boolean }
  | { type: 'user.verified' }
  | { type: 'user.logout' }
  /**
   * The stored credentials changed in another tab (a login, a logout, another member): this tab
   * follows, so every tab has the session storage has.
   */
  | { type: 'credentials.changed'; stored: StoredCredentials | null }
  /** The token refresh failed (tokenRefresh machine's `expireSession`). */
  | { type: 'session.expired' }
  | { type: 'session.tokensRefreshed' }
  /** A route guard sent the user away from `origin`. */
  | { type: 'navigation.denied'; origin: string }
  | { type: 'navigation.originConsumed' }
  /** The push registration succeeded with this device id (sent by the pushNotifications actor). */
  | { type: 'push.registered'; deviceId: string }
  /** The push registration failed or was removed (sent by the pushNotifications actor). */
  | { type: 'push.unregistered' };

/** Params of the `storeCredentials` action: persist tokens and identity, set the auth header. */
export interface StoreCredentialsParams {
  auth: AuthData;
  email: string;
  rememberMe: boolean;
}

/** Params of `applyRestoredCredentials`: put the stored token back on the auth header. */
export interface ApplyRestoredCredentialsParams {
  authToken: string;
}

export interface NotifyLogoutErrorParams {
  step: LogoutStep;
  error: unknown;
}

/** Input of the logout actors. */
export interface LogoutInput {
  userId: number | null;
  reason: LogoutReason;
  /** The push registration to undo (the session's deviceId), or null. */
  deviceId: string | null;
}
