import type { OidcNeedsSignup } from '../api/client';

/**
 * A first Google / Apple sign-in waiting for the signup form: kept for this tab only, so the
 * member can go and scan the community QR code and come back to /auth/callback.
 */
export type PendingOidcSignup = Omit<OidcNeedsSignup, 'outcome'>;

const storageKey = 'pendingOidcSignup';

export function readPendingOidcSignup(): PendingOidcSignup | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(storageKey) ?? 'null');
    if (!value || typeof value !== 'object') return null;
    const { provider, email, firstName, lastName, ticket } = value as Record<string, unknown>;
    if ((provider !== 'google' && provider !== 'apple') || typeof ticket !== 'string' || !ticket) return null;
    if (typeof email !== 'string' || typeof firstName !== 'string' || typeof lastName !== 'string') return null;
    return { provider, email, firstName, lastName, ticket };
  } catch {
    return null;
  }
}

export function storePendingOidcSignup(signup: PendingOidcSignup): void {
  try {
    sessionStorage.setItem(storageKey, JSON.stringify(signup));
  } catch {
    // storage unavailable: the form still works until the page is left
  }
}

export function clearPendingOidcSignup(): void {
  try {
    sessionStorage.removeItem(storageKey);
  } catch {
    // nothing stored
  }
}

/** An app path safe to go to after signing in (what the server's `AppPath` accepts), else '/'. */
export function safeReturnPath(value: string | null | undefined): string {
  return value && value.length <= 512 && /^\/(?![/\\])[^\s]*$/.test(value) ? value : '/';
}
