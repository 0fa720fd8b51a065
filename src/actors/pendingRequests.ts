/**
 * Requests waiting on the token refresh. The API client's `onUnauthorized` parks a promise here
 * under a fresh id and tells the watcher of the system whose actor made the call (its tokenRefresh
 * actor's `watchUnauthorized`); the tokenRefresh machine settles the ids it queued, with the new
 * token or null. A system with no watcher (no token refresh) gets null at once.
 */
export function createPendingRequests() {
  const waiting = new Map<string, (token: string | null) => void>();
  const watchers = new WeakMap<object, (requestId: string) => void>();
  let sequence = 0;
  /** A new waiting request: its id for the machine, and the promise the client awaits. */
  const park = (): { requestId: string; token: Promise<string | null> } => {
    const requestId = `request-${++sequence}`;
    const token = new Promise<string | null>((resolve) => waiting.set(requestId, resolve));
    return { requestId, token };
  };
  return {
    /**
     * A call of `owner` (an actor system) got 401/403: it waits for the token `owner`'s watcher
     * gets it, or null at once when nobody watches.
     */
    unauthorized(owner: object): Promise<string | null> {
      const watcher = watchers.get(owner);
      if (!watcher) return Promise.resolve(null);
      const { requestId, token } = park();
      watcher(requestId);
      return token;
    },
    /** `listener` hears the 401s of `owner`'s calls until the returned function is called. */
    watch(owner: object, listener: (requestId: string) => void): () => void {
      watchers.set(owner, listener);
      return () => {
        if (watchers.get(owner) === listener) watchers.delete(owner);
      };
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
