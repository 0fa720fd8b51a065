import type { ResourceScope } from './cachedResource.types';

/**
 * Types of the resources actor: the one owner of every cached data load of the app
 * (the stored copy first, then the network), for the member the session says is signed in, in the current language.
 */

/** The cached loads of the app, each one `cachedResource` actor while open. */
export type ResourceKey =
  /** GET /mobile/promos/get?type=EARN */
  | 'earnPromos'
  /** GET /mobile/promos/get?type=REDEEM */
  | 'redeemPromos'
  /** GET /web/questionnaires (page 1, size 50) */
  | 'forms'
  /** GET /mobile/dashboard/actions (page 1, size 1000) */
  | 'activity'
  /** GET /mobile/dashboard/giftcards (page 1, size 200) */
  | 'giftCards'
  /** GET /mobile/dashboard: balances and earn actions */
  | 'dashboard'
  /** GET /mobile/user/get: the member's profile */
  | 'profile'
  /** POST /mobile/transaction: one reward's detail (with `id`) */
  | 'transaction'
  /** GET /manifest.webmanifest: the app's name (public) */
  | 'manifest'
  /** GET /web/auth/providers: the sign-in providers the server has set up (public) */
  | 'authProviders'
  /** GET /mobile/contest/chancetowin/archive: the drawn contests, each checked in the browser */
  | 'chanceToWinArchive'
  /** GET /mobile/community/support: how to reach the community's operator, in the member's language */
  | 'support'
  /** GET /mobile/community/support?communityId=: the same for a visitor, of the community picked from a join link (public) */
  | 'guestSupport';

/** One load: a key, the id of one item for keys that need it. */
export interface ResourceRef {
  key: ResourceKey;
  id?: number;
}

export interface ResourcesContext {
  /** The verified member (from the session, through the app root); null when nobody is. */
  userId: number | null;
  /** The active language: every cached copy is kept per language. */
  language: string;
  /** The loads views have opened, in order; each runs as a child actor while it may. */
  open: ResourceRef[];
  /** The pips earned the member's dashboard last showed in this scope (null: none shown yet). */
  earnedPips: number | null;
}

export type ResourcesEvent =
  /** The member or the language changed (sent by the app root). */
  | { type: 'scope.changed'; userId: number | null; language: string }
  /** A view shows this load: start it, or refresh it from the network if it is running. */
  | { type: 'resource.open'; resource: ResourceRef }
  /** The data of this key changed on the server: fetch every open load of it again. */
  | { type: 'resource.reload'; key: ResourceKey }
  /** Pips moved (an earn, a redemption, an offline item sent): balances, activity, rewards, promos. */
  | { type: 'pips.changed' }
  /** A load shows this data now (its stored copy, then each fresh answer): sent by each `cachedResource` child. */
  | { type: 'resource.shown'; scope: ResourceScope; data: unknown }
  /** Everything may be stale (the service worker's content sync, the page shown again, the connection back): fetch every open load again. */
  | { type: 'content.refresh' };

/** Params of the actions that open or reload one load. */
export interface ResourceParams {
  resource: ResourceRef;
}
