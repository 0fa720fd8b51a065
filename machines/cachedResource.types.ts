/**
 * Types of a cached data load (SPEC §4 "Loading states"): the local copy first, then the network.
 * The data is opaque to the machine; its adapters know what it is.
 */

/** What `readCache` found: the stored copy, or null when nothing is held. */
export type CachedCopy = { data: unknown } | null;

/**
 * Output of `fetchRemote`: the fresh data, or an expected failure as data (NETWORK_ERROR,
 * server codes). `onError` is kept for adapters that throw.
 */
export type FetchRemoteOutput = { ok: true; data: unknown } | { ok: false; code: string };

/** Input of `writeCache`: the fresh data to store. */
export interface WriteCacheInput {
  data: unknown;
}

/** The SPEC §4 loading states a view renders. */
export type ResourceStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

export interface CachedResourceContext {
  /** What the view shows: the cached copy, then the fresh data. */
  data: unknown;
  /** True while `data` is the stored copy (the network has not answered yet, or failed). */
  fromCache: boolean;
  /** The last network failure; cleared by the next success. */
  errorCode: string | null;
}

export type CachedResourceEvent =
  /** A view opened: refresh from the network unless a load is already under way. */
  | { type: 'resource.open' }
  /** The data changed on the server (an earn, a redeem): fetch again, even mid-load. */
  | { type: 'resource.reload' };
