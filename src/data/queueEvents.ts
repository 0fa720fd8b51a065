/**
 * "Something was queued for later": told by the offline queues (which load Dexie) to the
 * connectivity sync (which must not load Dexie with the login screen), in this tab.
 */
const listeners = new Set<() => void>();

export function notifyQueued(): void {
  listeners.forEach((listener) => listener());
}

export function onQueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
