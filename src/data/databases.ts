import Dexie, { type EntityTable, type Table } from 'dexie';
import type { ActivityItem, CommunitySupport, Dashboard, GiftCard, Promo, Questionnaire, Transaction, User } from '../api/client';
import type { AnnouncementItem } from '../../machines/announcements.types';

/**
 * The local databases that this room owns: earn, redeem, forms, user (version 2),
 * and the offline earn and form queues. Cached rows are keyed per user and per language, so one
 * device can hold several members and both languages without mixing them up.
 */

/** A cached copy of one list or document, for one user in one language. */
export interface CachedRow<T> {
  userId: number;
  language: string;
  data: T;
  /** ms since the epoch. */
  storedAt: number;
}

/** A cached transaction detail (reward detail screen). */
export interface CachedTransactionRow extends CachedRow<Transaction> {
  transactionId: number;
}

/** Where an offline earn action came from: a scanned QR code, or an earn promo's button. */
export type OfflineEarnType = 'qr' | 'earn';

/** What the queue keeps about an offline earn action besides its promo id. */
export interface OfflineEarnMetadata {
  /** type 'qr': the scanned text (the code's URL or the bare code), sent to tokenize as qrParam. */
  qrParam?: string;
  /** Shown in the activity list while pending. */
  title?: string;
  /** Shown in the activity list while pending. */
  pips?: number;
  [key: string]: unknown;
}

/** An offline earn action, plus the idempotency key and the member it belongs to. */
export interface OfflineEarnAction {
  id: number;
  /** The earn promo id (`pid`) for type 'earn'; null for a scanned QR code. */
  eid: number | null;
  type: OfflineEarnType;
  /** ms since the epoch, when the member acted. */
  timestamp: number;
  metadata: OfflineEarnMetadata;
  /** Sent with the earn call: the server credits a key once, however often it is replayed. */
  idempotencyKey: string;
  userId: number;
}

/** An offline form submission, plus the idempotency key and the member. */
export interface OfflineFormSubmission {
  id: number;
  formId: number;
  /** The answers, keyed by part id, exactly as they will be sent. */
  data: Record<string, unknown>;
  timestamp: number;
  idempotencyKey: string;
  userId: number;
  /** The questionnaire's title, shown while pending. */
  title?: string;
  /** The questionnaire's pips, shown while pending. */
  pips?: number;
}

/** Primary key of a cached row: [userId, language]. */
export type CacheKey = [userId: number, language: string];

const cachedByUserAndLanguage = '[userId+language], userId';

export class EarnDatabase extends Dexie {
  promos!: Table<CachedRow<Promo[]>, CacheKey>;
  constructor() {
    super('earn');
    this.version(1).stores({ promos: cachedByUserAndLanguage });
  }
}

export class RedeemDatabase extends Dexie {
  promos!: Table<CachedRow<Promo[]>, CacheKey>;
  constructor() {
    super('redeem');
    this.version(1).stores({ promos: cachedByUserAndLanguage });
  }
}

export class FormsDatabase extends Dexie {
  questionnaires!: Table<CachedRow<Questionnaire[]>, CacheKey>;
  constructor() {
    super('forms');
    this.version(1).stores({ questionnaires: cachedByUserAndLanguage });
  }
}

/**
 * Version 2 adds transaction details and
 * balances, version 3 the profile.
 */
export class UserDatabase extends Dexie {
  /** The activity list (`GET /mobile/dashboard/actions`). */
  actions!: Table<CachedRow<ActivityItem[]>, CacheKey>;
  /** My Rewards (`GET /mobile/dashboard/giftcards`). */
  rewards!: Table<CachedRow<GiftCard[]>, CacheKey>;
  /** Reward details (`POST /mobile/transaction`). */
  transactions!: Table<CachedTransactionRow, [userId: number, transactionId: number, language: string]>;
  /** The pips balances (`GET /mobile/dashboard`). */
  dashboard!: Table<CachedRow<Dashboard>, CacheKey>;
  /** The member's profile (`GET /mobile/user/get`), shown offline too. */
  profile!: Table<CachedRow<User>, CacheKey>;
  constructor() {
    super('user');
    this.version(1).stores({ actions: cachedByUserAndLanguage, rewards: cachedByUserAndLanguage });
    this.version(2).stores({
      transactions: '[userId+transactionId+language], userId',
      dashboard: cachedByUserAndLanguage,
    });
    this.version(3).stores({ profile: cachedByUserAndLanguage });
  }
}

export class OfflineEarnDatabase extends Dexie {
  actions!: EntityTable<OfflineEarnAction, 'id'>;
  constructor() {
    super('offlineEarn');
    this.version(1).stores({ actions: '++id, userId, &idempotencyKey' });
  }
}

export class OfflineFormsDatabase extends Dexie {
  submissions!: EntityTable<OfflineFormSubmission, 'id'>;
  constructor() {
    super('offlineForms');
    this.version(1).stores({ submissions: '++id, userId, &idempotencyKey' });
  }
}

/** A read or a delete the member made offline, sent when the connection returns. */
export interface QueuedAnnouncementStatus {
  id: number;
  userId: number;
  announcementId: number;
  type: string;
  status: 'READ' | 'DELETED';
  timestamp: number;
}

/** The announcement list as last shown, per member and language. */
export interface CachedAnnouncementList {
  items: AnnouncementItem[];
  hasMore: boolean;
  unreadCount: number;
}

/** The cached list per member and language, and the offline reads and deletes. */
export class AnnouncementsDatabase extends Dexie {
  lists!: Table<CachedRow<CachedAnnouncementList>, CacheKey>;
  statusQueue!: EntityTable<QueuedAnnouncementStatus, 'id'>;
  constructor() {
    super('announcements');
    this.version(1).stores({ lists: cachedByUserAndLanguage, statusQueue: '++id, userId' });
  }
}

/** The member's community: how to reach its operator (`GET /mobile/community/support`), shown offline too. */
export class CommunityDatabase extends Dexie {
  support!: Table<CachedRow<CommunitySupport>, CacheKey>;
  constructor() {
    super('community');
    this.version(1).stores({ support: cachedByUserAndLanguage });
  }
}

export interface Databases {
  earn: EarnDatabase;
  redeem: RedeemDatabase;
  forms: FormsDatabase;
  user: UserDatabase;
  offlineEarn: OfflineEarnDatabase;
  offlineForms: OfflineFormsDatabase;
  announcements: AnnouncementsDatabase;
  community: CommunityDatabase;
}

let databases: Databases | null = null;

/** The databases, opened on first use (Dexie opens lazily on the first query). */
export function db(): Databases {
  databases ??= {
    earn: new EarnDatabase(),
    redeem: new RedeemDatabase(),
    forms: new FormsDatabase(),
    user: new UserDatabase(),
    offlineEarn: new OfflineEarnDatabase(),
    offlineForms: new OfflineFormsDatabase(),
    announcements: new AnnouncementsDatabase(),
    community: new CommunityDatabase(),
  };
  return databases;
}

/** Tests: close every database and start over with fresh handles. */
export function closeDatabases(): void {
  if (!databases) return;
  for (const database of Object.values(databases)) database.close();
  databases = null;
}
