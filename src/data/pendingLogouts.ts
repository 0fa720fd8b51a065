/**
 * Logouts the server has not heard of yet (made while offline), kept in localStorage under
 * `pendingLogouts` until the logout call answers. At most MAX_PENDING_LOGOUTS are kept (the
 * oldest go first: their tokens expire on their own anyway).
 */

export interface PendingLogout {
  authToken?: string;
  refreshToken?: string;
}

export const PENDING_LOGOUTS_KEY = 'pendingLogouts';
export const MAX_PENDING_LOGOUTS = 20;

const isToken = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

export function readPendingLogouts(storage: Pick<Storage, 'getItem'> = localStorage): PendingLogout[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(PENDING_LOGOUTS_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((entry): entry is Record<string, unknown> => typeof entry === 'object' && entry !== null)
      .map((entry) => ({
        ...(isToken(entry.authToken) ? { authToken: entry.authToken } : {}),
        ...(isToken(entry.refreshToken) ? { refreshToken: entry.refreshToken } : {}),
      }))
      .filter((entry) => entry.authToken !== undefined || entry.refreshToken !== undefined);
  } catch {
    return [];
  }
}

export function writePendingLogouts(entries: PendingLogout[], storage: Pick<Storage, 'setItem' | 'removeItem'> = localStorage): void {
  try {
    if (entries.length === 0) storage.removeItem(PENDING_LOGOUTS_KEY);
    else storage.setItem(PENDING_LOGOUTS_KEY, JSON.stringify(entries.slice(-MAX_PENDING_LOGOUTS)));
  } catch {
    // storage unavailable: the tokens expire on their own
  }
}

export function queuePendingLogout(entry: PendingLogout, storage: Storage = localStorage): void {
  if (!entry.authToken && !entry.refreshToken) return;
  writePendingLogouts([...readPendingLogouts(storage), entry], storage);
}
