import type { SnapshotFrom } from 'xstate';
import type { announcementsMachine } from './announcements.machine';

export type AnnouncementsSnapshot = SnapshotFrom<typeof announcementsMachine>;

/** The list as shown: newest first, statuses 1-3. */
export const selectAnnouncements = (s: AnnouncementsSnapshot) => s.context.items;
/** The bell's number (every page). */
export const selectUnreadCount = (s: AnnouncementsSnapshot) => s.context.unreadCount;
export const selectHasMore = (s: AnnouncementsSnapshot) => s.context.hasMore;
/** Loading shows only while nothing is shown: nothing held, or only another language's copy held back. */
export const selectIsLoading = (s: AnnouncementsSnapshot) =>
  !s.context.loaded && (s.matches({ active: { list: 'readingCache' } }) || s.matches({ active: { list: 'fetching' } }));
export const selectIsLoadingMore = (s: AnnouncementsSnapshot) => s.matches({ active: { list: 'fetchingMore' } });
/** A failed load with nothing held to show instead. */
export const selectLoadFailed = (s: AnnouncementsSnapshot) => !s.context.loaded && s.context.loadError !== null && s.matches({ active: { list: 'shown' } });
/** The error of the last load while a copy is shown (the saved-copy notice). */
export const selectShowingCopy = (s: AnnouncementsSnapshot) => s.context.loaded && s.context.loadError !== null;
