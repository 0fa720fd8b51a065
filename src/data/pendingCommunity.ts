/** The community picked from a join link or QR scan, waiting for the sign-up form. */
export interface PendingCommunity {
  communityId: string;
  name: string;
}

const storageKey = 'pendingCommunity';

export function readPendingCommunity(): PendingCommunity | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(storageKey) ?? 'null');
    if (value && typeof value === 'object') {
      const { communityId, name } = value as Record<string, unknown>;
      if (typeof communityId === 'string' && communityId && typeof name === 'string') return { communityId, name };
    }
  } catch {
    // unreadable or malformed: as if nothing had been scanned
  }
  return null;
}

export function storePendingCommunity(community: PendingCommunity): void {
  try {
    localStorage.setItem(storageKey, JSON.stringify(community));
  } catch {
    // storage unavailable: the user scans again
  }
}

export function clearPendingCommunity(): void {
  try {
    localStorage.removeItem(storageKey);
  } catch {
    // nothing stored
  }
}
