import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { announcementsMachine } from '../../machines/announcements.machine';
import type { AnnouncementItem, CachedList, FetchPageInput, PageOutput, Scope, SendStatusInput, SendStatusOutput } from '../../machines/announcements.types';
import type { Api } from '../api/client';
import { announcementTexts } from '../data/contentTexts';
import { NETWORK_ERROR } from '../api/result';
import {
  ANNOUNCEMENT_PAGE_SIZE,
  applyQueued,
  dropQueuedStatus,
  mergeAnnouncements,
  queuedStatuses,
  queueStatus,
  readAnnouncementCache,
  writeAnnouncementCache,
} from '../data/announcements';
import { i18n } from '../i18n/i18n';
import { announcementMessages } from '../screens/announcements/announcementMessages';
import type { SystemApi } from './api';
import { showToast } from './toast';
import { afterDatabaseHold } from '../data/lazyDatabases';

/** What the service worker tells open pages when a push arrived (src/sw.ts). */
export const PUSH_RECEIVED_MESSAGE = 'PUSH_RECEIVED';

/**
 * The browser's signals for the announcements: the page shown again or a push arriving
 * (refresh), the connection returning (send what was queued offline).
 */
export const watchAnnouncementSignals = fromCallback<EventObject>(({ sendBack }) => {
  const onVisible = () => {
    if (document.visibilityState === 'visible') sendBack({ type: 'announcements.refresh' });
  };
  const onOnline = () => sendBack({ type: 'network.online' });
  const onMessage = (event: MessageEvent) => {
    if (event.data?.type === PUSH_RECEIVED_MESSAGE) sendBack({ type: 'announcements.refresh' });
  };
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('online', onOnline);
  const worker = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined;
  worker?.addEventListener('message', onMessage);
  return () => {
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('online', onOnline);
    worker?.removeEventListener('message', onMessage);
  };
});

/** The announcements' titles and texts in the member's language (the originals where that fails). */
async function inLanguage(api: Api, language: string, items: AnnouncementItem[], signal: AbortSignal): Promise<AnnouncementItem[]> {
  if (language.toLowerCase().startsWith('en') || items.length === 0) return items;
  try {
    const { translateContent } = await afterDatabaseHold(() => import('../data/translations'));
    return await translateContent(api, language, items, (list, text) => list.map((item) => announcementTexts(item, text)), signal);
  } catch {
    return items;
  }
}

/**
 * The announcements machine bound to the browser: the list and the member's records through the
 * API (merged as SPEC §3 says), the copy per member and language and the offline reads and
 * deletes in IndexedDB (Dexie), the revert notices as toasts.
 */
export function announcementsLogic({ systemApi: { apiOf } }: { systemApi: SystemApi }) {
  return announcementsMachine.provide({
    actors: {
      readCache: fromPromise<CachedList, Scope>(({ input }) => readAnnouncementCache(input.userId, input.language).catch(() => null)),
      fetchPage: fromPromise<PageOutput, FetchPageInput>(async ({ input, signal, system }) => {
        const api = apiOf(system);
        const query = input.before === null ? { page: 1, size: ANNOUNCEMENT_PAGE_SIZE } : { size: ANNOUNCEMENT_PAGE_SIZE, before: input.before };
        const [list, records] = await Promise.all([api.getAnnouncements(query, { signal }), api.getUserAnnouncements(undefined, { signal })]);
        if (!list.success) return { ok: false, code: list.error };
        if (!records.success) return { ok: false, code: records.error };
        const queued = await queuedStatuses(input.userId).catch(() => []);
        const merged = applyQueued(mergeAnnouncements(list.data.announcements, records.data.usersAnnouncements), queued);
        const items = await inLanguage(api, input.language, merged, signal);
        const unreadCount = Math.max(
          0,
          (list.data.unreadCount ?? items.filter((item) => item.status !== 3).length) -
            queued.filter((q) => list.data.announcements.some((a) => a.id === q.announcementId && a.status !== 3)).length,
        );
        return { ok: true, items, hasMore: list.data.announcements.length === ANNOUNCEMENT_PAGE_SIZE, unreadCount };
      }),
      sendStatus: fromPromise<SendStatusOutput, SendStatusInput>(async ({ input, signal, system }) => {
        const queue = async (): Promise<SendStatusOutput> => {
          try {
            await queueStatus(input.userId, input.op);
            return { outcome: 'queued' };
          } catch {
            return { outcome: 'failed', code: NETWORK_ERROR };
          }
        };
        if (input.offline) return queue();
        const result = await apiOf(system).setAnnouncementStatus(
          { id: input.op.id, type: input.op.type, status: input.op.kind === 'read' ? 'READ' : 'DELETED' },
          { signal },
        );
        if (result.success) return { outcome: 'saved' };
        if (result.error === NETWORK_ERROR) return queue();
        return { outcome: 'failed', code: result.error };
      }),
      flushQueue: fromPromise<{ sent: number }, Scope>(async ({ input, signal, system }) => {
        let sent = 0;
        for (const item of await queuedStatuses(input.userId).catch(() => [])) {
          const result = await apiOf(system).setAnnouncementStatus({ id: item.announcementId, type: item.type, status: item.status }, { signal });
          // No answer: the rest waits for the next reconnect. A refusal (the announcement is gone) drops it.
          if (!result.success && result.error === NETWORK_ERROR) break;
          await dropQueuedStatus(item.id);
          if (result.success) sent++;
        }
        return { sent };
      }),
      watchPage: watchAnnouncementSignals,
    },
    actions: {
      notifyReverted: (_, { kind }) =>
        showToast('error', () => i18n._(kind === 'read' ? announcementMessages.readFailed : announcementMessages.deleteFailed)),
      writeCache: (_, { userId, language, list }) => {
        void writeAnnouncementCache(userId, language, list).catch(() => {});
      },
    },
  });
}
