import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, CreatedAt, Json } from './columns';

// Announcements and their web pushes.

/** Operator text of an announcement: at least one of the two languages. */
export interface AnnouncementText {
  en?: string;
  es?: string;
}

export interface AnnouncementsTable {
  id: Generated<number>;
  community_id: string;
  title: Json<AnnouncementText>;
  text: Json<AnnouncementText>;
  url: string | null;
  icon: string | null;
  send_date: ColumnType<Date, Date | string | undefined, Date | string>;
  created_at: CreatedAt;
  /** false: archived, hidden from members (migration 054). */
  active: Generated<boolean>;
}

/** 2 delivered by push, 3 read, 4 deleted; no row: 1 (new). */
export type StoredAnnouncementStatus = 2 | 3 | 4;

export interface AnnouncementStatusesTable {
  announcement_id: number;
  user_id: number;
  type: string;
  status: StoredAnnouncementStatus;
  updated_at: Timestamp;
}

export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  device_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  language: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export type PushDeliveryState = 'pending' | 'sending' | 'sent' | 'gone' | 'none' | 'failed';

export interface PushDeliveriesTable {
  announcement_id: number;
  user_id: number;
  state: PushDeliveryState;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  claimed_at: Timestamp | null;
  last_error: string | null;
  updated_at: Timestamp;
}

export interface PushKeysTable {
  id: number;
  public_key: string;
  private_key: string;
  created_at: CreatedAt;
}
