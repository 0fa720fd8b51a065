/**
 * Types of a cached data load: the local copy first, then the network.
 * The data is opaque to the machine; its adapters know what it is.
 */

import type { StoredCopy } from './storedCopy';

/**
 * Which data a cached load is for: the resource's key (and the id of one item, e.g. a reward's
 * transaction), the member it belongs to (null for public data) and the language it is in. The
 * machine passes it on to its actors as their input; it never reads it.
 */
export interface ResourceScope {
  key: string;
  id?: number;
  userId: number | null;
  language: string;
}

/** Input of `writeCache`: the fresh data to store, for this scope. */
export interface WriteCacheInput extends ResourceScope {
  data: unknown;
}

/**
 * What `readCache` found: the stored copy, or null when nothing is held. A copy saved in another
 * language than the scope's carries it in `savedIn` and is held back (machines/storedCopy.ts).
 */
export type CachedCopy = StoredCopy<{ data: unknown }> | null;

/**
 * Output of `fetchRemote`: the fresh data, or an expected failure as data (NETWORK_ERROR,
 * server codes). `onError` is kept for adapters that throw.
 */
export type FetchRemoteOutput = { ok: true; data: unknown } | { ok: false; code: string };

/** The loading states a view renders. */
export type ResourceStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

export interface CachedResourceContext {
  /** What is loaded, for whom, in which language (the input). */
  scope: ResourceScope;
  /** What the view shows: the cached copy, then the fresh data. */
  data: unknown;
  /** True while `data` is the stored copy (the network has not answered yet, or failed). */
  fromCache: boolean;
  /** The last network failure; cleared by the next success. */
  errorCode: string | null;
  /** A copy in another language, held back while the network answers (shown if it fails). */
  fallback?: unknown;
}

export type CachedResourceEvent =
  /** A view opened: refresh from the network unless a load is already under way. */
  | { type: 'resource.open' }
  /** The data changed on the server (an earn, a redeem): fetch again, even mid-load. */
  | { type: 'resource.reload' };
