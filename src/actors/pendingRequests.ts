/**
 * Requests waiting on the token refresh. The API client's `onUnauthorized` parks a promise here
 * under a fresh id; the tokenRefresh machine settles the ids it queued, with the new token or null.
 */
export function createPendingRequests() {
  const waiting = new Map<string, (token: string | null) => void>();
  let sequence = 0;
  return {
    /** A new waiting request: its id for the machine, and the promise the client awaits. */
    park(): { requestId: string; token: Promise<string | null> } {
      const requestId = `request-${++sequence}`;
      const token = new Promise<string | null>((resolve) => waiting.set(requestId, resolve));
      return { requestId, token };
    },
    settle(requestIds: readonly string[], token: string | null): void {
      for (const id of requestIds) {
        waiting.get(id)?.(token);
        waiting.delete(id);
      }
    },
    get size(): number {
      return waiting.size;
    },
  };
}

export type PendingRequests = ReturnType<typeof createPendingRequests>;
