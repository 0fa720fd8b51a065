import type { SnapshotFrom } from 'xstate';
import type { cachedResourceMachine } from './cachedResource.machine';
import type { ResourceStatus } from './cachedResource.types';

export type CachedResourceSnapshot = SnapshotFrom<typeof cachedResourceMachine>;

/** Loading only while nothing is shown; a cached copy (in the scope's language) is `succeeded` at once. */
export const selectResourceStatus = (s: CachedResourceSnapshot): ResourceStatus => {
  if (s.matches({ opening: 'readingCache' })) return 'idle';
  if (s.hasTag('loading')) return 'loading';
  if (s.matches('failed')) return 'failed';
  return 'succeeded';
};

export const selectResourceData = (s: CachedResourceSnapshot): unknown => s.context.data;
export const selectResourceFromCache = (s: CachedResourceSnapshot): boolean => s.context.fromCache;
/**
 * The network's failure, once it decides what is shown: a failure that came while the store is
 * still being read waits for the copy (the view is `idle` then, and shows no error before the
 * copy that the failure leaves on screen).
 */
export const selectResourceError = (s: CachedResourceSnapshot): string | null =>
  s.matches({ opening: 'readingCache' }) ? null : s.context.errorCode;
/** A network call is under way (with or without something shown). */
export const selectResourceBusy = (s: CachedResourceSnapshot): boolean => s.hasTag('loading') || s.hasTag('refreshing');
