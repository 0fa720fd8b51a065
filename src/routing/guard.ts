import { paths } from './paths';
import { findRoute, type RouteAccess } from './routeTable';

/** What the guard needs to know about the session. */
export type SessionStanding = 'anonymous' | 'unverified' | 'verified';

/** Catalog ids of the guard's toasts. */
export type GuardMessageId = 'guard.loginRequired' | 'guard.verificationRequired';

export interface GuardDecision {
  /** Where to go instead; absent when the path may be shown. */
  redirect?: string;
  /** The toast explaining the redirect, if any. */
  messageId?: GuardMessageId;
  /** Remember the requested path so that logging in returns there. */
  rememberOrigin?: boolean;
  /** The redirect goes to the remembered origin, which is now used up. */
  consumeOrigin?: boolean;
}

const stay: GuardDecision = {};

export interface GuardOptions {
  /**
   * The protected path the user was sent away from before logging in. A verified user leaving
   * a guest route (/login, /signup, /welcome, /auth/callback) or /verify goes back there instead
   * of the default.
   */
  origin?: string | null;
  /**
   * The session ended while the user was here (log out, expiry, account deleted): go to /login
   * without the "please log in" toast and without remembering this page.
   */
  sessionEnded?: boolean;
}

/**
 * Decides, for one pathname (no query) and one session standing, whether to show it or where to
 * send the user.
 */
export function guardRoute(path: string, standing: SessionStanding, options: GuardOptions = {}): GuardDecision {
  const access = findRoute(path)?.access;
  const decision = decide(access, standing, options);
  const leavingEntry = access === 'guest' || access === 'verify';
  if (decision.redirect && leavingEntry && standing === 'verified' && isSafeReturnPath(options.origin)) {
    return { redirect: options.origin, consumeOrigin: true };
  }
  return decision;
}

function decide(access: RouteAccess | undefined, standing: SessionStanding, { sessionEnded }: GuardOptions): GuardDecision {
  switch (access) {
    case 'root':
      if (standing === 'anonymous') return { redirect: paths.login };
      return { redirect: standing === 'unverified' ? paths.verify : paths.home };
    case 'open':
    case 'public':
      return stay;
    case 'guest':
      return standing === 'anonymous' ? stay : { redirect: paths.root };
    case 'verify':
      if (standing === 'anonymous') return { redirect: paths.login };
      return standing === 'verified' ? { redirect: paths.home } : stay;
    case 'protected':
      if (standing === 'anonymous') {
        return sessionEnded
          ? { redirect: paths.login }
          : { redirect: paths.login, messageId: 'guard.loginRequired', rememberOrigin: true };
      }
      return standing === 'unverified' ? { redirect: paths.verify, messageId: 'guard.verificationRequired' } : stay;
    default:
      // An unknown path: the 'Page not found' screen says so, with a way home (no silent redirect).
      return stay;
  }
}

/** Only a protected path of this app may be a post-login destination (no //host, no scheme, no loop to /login). */
export function isSafeReturnPath(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    /^\/(?![/\\])\S*$/.test(value) &&
    findRoute(value.split(/[?#]/)[0])?.access === 'protected'
  );
}
