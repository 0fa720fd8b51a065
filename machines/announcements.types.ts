/**
 * Types of the announcements actor (SPEC §2 Announcements, §3, §4): the member's list, merged
 * with their status records, read and deleted at once and reverted when the server refuses.
 */

import type { StoredCopy } from './storedCopy';

/** One announcement as the app shows it (statuses 1 and 2 unread, 3 read). */
export interface AnnouncementItem {
  id: number;
  title: string;
  text: string;
  sendDate: string;
  /** A path of the app the announcement links to, or null. */
  url: string | null;
  type: string;
  status: 1 | 2 | 3;
}

/** The change a member made: sent to the server, queued offline, or reverted. */
export type StatusOp =
  | { kind: 'read'; id: number; type: string; previous: 1 | 2 }
  | { kind: 'delete'; id: number; type: string; item: AnnouncementItem };

/** A page as `fetchPage` gives it: merged, only statuses 1-3, newest first. */
export type PageOutput =
  | { ok: true; items: AnnouncementItem[]; hasMore: boolean; unreadCount: number }
  | { ok: false; code: string };

/** The first pages as stored (per member and language). */
export interface StoredList {
  items: AnnouncementItem[];
  hasMore: boolean;
  unreadCount: number;
}

/**
 * The stored copy of the first pages, or null. `savedIn`: only a copy saved in another language
 * was found, and this is its language: it is held back (machines/storedCopy.ts).
 */
export type CachedList = StoredCopy<StoredList> | null;

export interface Scope {
  userId: number;
  language: string;
}

export interface FetchPageInput extends Scope {
  /** The last id held: the next page is older than it; null for the first page. */
  before: number | null;
}

export interface WriteCacheParams extends Scope {
  list: StoredList;
}

/** `saved`: the server took it; `queued`: no answer (offline), kept for the reconnect; `failed`: refused. */
export type SendStatusOutput = { outcome: 'saved' } | { outcome: 'queued' } | { outcome: 'failed'; code: string };

export interface SendStatusInput extends Scope {
  op: StatusOp;
  /** The connection is down (as the app root said): the change is queued at once. */
  offline: boolean;
}

export interface AnnouncementsContext {
  userId: number | null;
  language: string;
  /** The connection is down (told by the app root, `network.changed`). */
  offline: boolean;
  items: AnnouncementItem[];
  hasMore: boolean;
  /** The member's unread announcements over every page (the bell). */
  unreadCount: number;
  /** Changes waiting to be sent, oldest first (the first one is in flight while saving). */
  ops: StatusOp[];
  /** Why the last load failed (null after a success). */
  loadError: string | null;
  /** Whether anything (cached or fetched) is held: the list shows, not a spinner. */
  loaded: boolean;
  /** A copy in another language, held back while the first page loads (shown if it fails). */
  heldBack?: NonNullable<CachedList>;
  /**
   * The list shown is that copy, saved in this language: the reads and deletes made on it are
   * stored there (never as this language's list), and no next page is appended to it.
   */
  fromOtherLanguage?: string;
}

export type AnnouncementsEvent =
  /** The verified member or the language changed (sent by the app root). */
  | { type: 'scope.changed'; userId: number | null; language: string }
  /** The member opened an unread announcement (2 becomes 3 at once). */
  | { type: 'user.read'; id: number }
  /** The member deleted an announcement (it leaves the list at once). */
  | { type: 'user.delete'; id: number }
  /** The member scrolled to the end: the next page (of 30) is appended. */
  | { type: 'user.loadMore' }
  /** The list may have changed: a push arrived, the page became visible. */
  | { type: 'announcements.refresh' }
  /** The connection came back: changes queued offline are sent, then the list refreshed. */
  | { type: 'network.online' }
  /** The connection went down or came back (sent by the app root): a change made offline is queued at once. */
  | { type: 'network.changed'; offline: boolean };

/** Params of the revert notice: which change the server refused. */
export interface RevertParams {
  kind: StatusOp['kind'];
  code: string;
}
