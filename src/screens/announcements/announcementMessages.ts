import { msg } from '@lingui/core/macro';

/** The texts of the announcements screen, the bell and their notices. */
export const announcementMessages = {
  title: msg({ id: 'pages.announcements.title', message: 'Announcements' }),
  empty: msg({ id: 'pages.announcements.empty', message: 'No announcements yet.' }),
  loadFailed: msg({ id: 'pages.announcements.loadFailed', message: 'Failed to fetch announcements' }),
  loadMore: msg({ id: 'pages.announcements.loadMore', message: 'Show more' }),
  loadingMore: msg({ id: 'pages.announcements.loadingMore', message: 'Loading more announcements' }),
  markRead: msg({ id: 'pages.announcements.markRead', message: 'Mark as read' }),
  delete: msg({ id: 'pages.announcements.delete', message: 'Delete' }),
  unread: msg({ id: 'pages.announcements.unread', message: 'Unread' }),
  open: msg({ id: 'pages.announcements.open', message: 'Open' }),
  readFailed: msg({ id: 'pages.announcements.readFailed', message: 'Failed to mark as read, change reverted.' }),
  deleteFailed: msg({ id: 'pages.announcements.deleteFailed', message: 'Failed to delete announcement, change reverted.' }),
};
