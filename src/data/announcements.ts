import type { AnnouncementItem, CachedList, StatusOp } from '../../machines/announcements.types';
import { storedCopy } from '../../machines/storedCopy';
import type { Announcement, UserAnnouncement } from '../api/client';
import type { QueuedAnnouncementStatus } from './databases';
import { inLanguageOrNewest } from './inLanguageOrNewest';
import { databases, hasIndexedDb } from './lazyDatabases';

/** Announcements come in pages of 30. */
export const ANNOUNCEMENT_PAGE_SIZE = 30;
/** The type of an announcement the member has no record of. */
export const DEFAULT_ANNOUNCEMENT_TYPE = 'USER_INDIVIDUAL';

const kept = (status: number): status is 1 | 2 | 3 => status === 1 || status === 2 || status === 3;

/**
 * The announcements merged by id with the member's status records (type and status
 * come from the record; type USER_INDIVIDUAL when there is none), only statuses 1, 2 and 3 kept,
 * newest first.
 */
export function mergeAnnouncements(announcements: readonly Announcement[], records: readonly UserAnnouncement[]): AnnouncementItem[] {
  const byId = new Map(records.map((record) => [record.id, record]));
  const items: AnnouncementItem[] = [];
  for (const announcement of announcements) {
    const record = byId.get(announcement.id);
    const status = record?.status ?? announcement.status;
    if (!kept(status)) continue;
    items.push({
      id: announcement.id,
      title: announcement.title,
      text: announcement.text,
      sendDate: announcement.sendDate,
      url: announcement.url,
      type: record?.type ?? announcement.type ?? DEFAULT_ANNOUNCEMENT_TYPE,
      status,
    });
  }
  return items.sort((a, b) => Date.parse(b.sendDate) - Date.parse(a.sendDate) || b.id - a.id);
}

/** The changes queued offline, applied over a list from the server (which does not know them yet). */
export function applyQueued(items: AnnouncementItem[], queued: readonly Pick<QueuedAnnouncementStatus, 'announcementId' | 'status'>[]) {
  const deleted = new Set(queued.filter((q) => q.status === 'DELETED').map((q) => q.announcementId));
  const read = new Set(queued.filter((q) => q.status === 'READ').map((q) => q.announcementId));
  return items.filter((item) => !deleted.has(item.id)).map((item) => (read.has(item.id) ? { ...item, status: 3 as const } : item));
}

/** The member's stored list in this language, or else the newest in another language (`savedIn` it). */
export async function readAnnouncementCache(userId: number, language: string): Promise<CachedList> {
  if (!(await hasIndexedDb())) return null;
  const lists = (await databases()).announcements.lists;
  const row = await inLanguageOrNewest(lists.get([userId, language]), () => lists.where('userId').equals(userId).toArray());
  if (!row || !row.data) return null;
  return storedCopy(row.data, row.language, language);
}

export async function writeAnnouncementCache(userId: number, language: string, list: NonNullable<CachedList>): Promise<void> {
  if (!(await hasIndexedDb())) return;
  await (await databases()).announcements.lists.put({ userId, language, data: list, storedAt: Date.now() });
}

export async function queuedStatuses(userId: number): Promise<QueuedAnnouncementStatus[]> {
  if (!(await hasIndexedDb())) return [];
  return (await databases()).announcements.statusQueue.where('userId').equals(userId).sortBy('id');
}

export async function queueStatus(userId: number, op: StatusOp): Promise<void> {
  if (!(await hasIndexedDb())) throw new Error('no IndexedDB: the change cannot be kept offline');
  await (await databases()).announcements.statusQueue.add({
    userId,
    announcementId: op.id,
    type: op.type,
    status: op.kind === 'read' ? 'READ' : 'DELETED',
    timestamp: Date.now(),
  } as QueuedAnnouncementStatus);
}

export async function dropQueuedStatus(id: number): Promise<void> {
  await (await databases()).announcements.statusQueue.delete(id);
}
