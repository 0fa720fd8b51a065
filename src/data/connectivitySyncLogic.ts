import type { EventObject } from 'xstate';
import { fromCallback, fromPromise } from 'xstate';
import { connectivitySyncMachine } from '../../machines/connectivitySync.machine';
import type { QueueCount, QueueInput, QueueRunResult } from '../../machines/connectivitySync.types';
import type { Api } from '../api/client';
import { i18n } from '../i18n/i18n';
import { showToast, type ToastKind } from '../app/toast';
import { onQueued } from './queueEvents';
import { currentScope } from './scope';
import { syncMessages } from './syncMessages';

// The queues and caches live in Dexie, which loads when a verified member's queues are first
// read, not with the login screen.
const queues = () => import('./queueProcessor');
const offlineQueues = () => import('./offlineQueues');
const refreshAllPips = () => void import('./resources').then((resources) => resources.refreshPips());

/** The name of the Web Locks lock that makes one tab at a time send the offline queues. */
export const SYNC_LOCK_NAME = 'pips-offline-sync';

interface LockManagerLike {
  request(name: string, callback: (lock: unknown) => Promise<void>): Promise<unknown>;
}

/**
 * Holds the cross-tab lock while the sync runs: waits while another tab's run holds it, then
 * `lock.acquired`, held until stopped. So a tab runs after another, sending what that run did
 * not find. Without Web Locks every tab may sync; the idempotency keys keep that from crediting
 * twice.
 */
export function holdLock(locks: LockManagerLike | undefined, name = SYNC_LOCK_NAME) {
  return fromCallback<EventObject>(({ sendBack }) => {
    if (!locks) {
      sendBack({ type: 'lock.acquired' });
      return () => {};
    }
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let stopped = false;
    locks
      .request(name, async () => {
        if (stopped) return;
        sendBack({ type: 'lock.acquired' });
        await held;
      })
      .catch(() => {
        if (!stopped) sendBack({ type: 'lock.acquired' });
      });
    return () => {
      stopped = true;
      release();
    };
  });
}

type PageLike = Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;

/**
 * The status at start (navigator.onLine), then the window's online/offline events; and a sync
 * request when something was queued in this tab (an item saved while the server did not answer
 * is sent without waiting for an `online` event) or when the page is shown again (a retry of
 * what is still queued).
 */
export function watchWindowNetwork(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
  isOnline: () => boolean = () => navigator.onLine,
  page: PageLike | undefined = typeof document === 'undefined' ? undefined : document,
) {
  return fromCallback<EventObject>(({ sendBack }) => {
    const online = () => sendBack({ type: 'network.online' });
    const offline = () => sendBack({ type: 'network.offline' });
    const requestSync = () => sendBack({ type: 'sync.request' });
    const shown = () => {
      if (page?.visibilityState === 'visible') requestSync();
    };
    if (isOnline()) online();
    else offline();
    target.addEventListener('online', online);
    target.addEventListener('offline', offline);
    page?.addEventListener('visibilitychange', shown);
    const stopQueued = onQueued(requestSync);
    return () => {
      target.removeEventListener('online', online);
      target.removeEventListener('offline', offline);
      page?.removeEventListener('visibilitychange', shown);
      stopQueued();
    };
  });
}

/**
 * A run only ever sends the queue of the member this tab's stored session belongs to: another
 * tab may have signed someone else in, and the API would send their token.
 */
const isStoredMember = (userId: number) => currentScope().userId === userId;

const nothingSent: QueueRunResult = { succeeded: 0, rejected: [], kept: [] };

export interface ConnectivitySyncDeps {
  api: Api;
  /** Toasts (the app's Mantine notifications by default). */
  toast?: (kind: ToastKind, message: string, options?: { id?: string }) => void;
  /** After successes: reload balances, activity, rewards (resources' refreshPips by default). */
  refreshPips?: () => void;
  /** navigator.locks by default. */
  locks?: LockManagerLike;
  /** window by default. */
  network?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** navigator.onLine by default. */
  isOnline?: () => boolean;
  /** document by default: its visibility changes ask for a sync. */
  page?: PageLike;
}

const browserLocks = (): LockManagerLike | undefined =>
  typeof navigator !== 'undefined' && 'locks' in navigator ? (navigator.locks as unknown as LockManagerLike) : undefined;

/** The connectivitySync machine bound to the browser: window events, Web Locks, Dexie queues, the API, toasts. */
export function createConnectivitySyncLogic({
  api,
  toast = showToast,
  refreshPips = refreshAllPips,
  locks = browserLocks(),
  network,
  isOnline,
  page,
}: ConnectivitySyncDeps) {
  return connectivitySyncMachine.provide({
    actors: {
      watchNetwork: watchWindowNetwork(network, isOnline, page),
      holdSyncLock: holdLock(locks),
      loadEarnQueue: fromPromise<QueueCount, QueueInput>(async ({ input }) => ({
        count: isStoredMember(input.userId) ? (await (await offlineQueues()).listOfflineEarn(input.userId)).length : 0,
      })),
      processEarnQueue: fromPromise<QueueRunResult, QueueInput>(async ({ input, signal }) =>
        isStoredMember(input.userId) ? (await queues()).processEarnQueue(api, input.userId, signal) : nothingSent,
      ),
      loadFormQueue: fromPromise<QueueCount, QueueInput>(async ({ input }) => ({
        count: isStoredMember(input.userId) ? (await (await offlineQueues()).listOfflineForms(input.userId)).length : 0,
      })),
      processFormQueue: fromPromise<QueueRunResult, QueueInput>(async ({ input, signal }) =>
        isStoredMember(input.userId) ? (await queues()).processFormQueue(api, input.userId, signal) : nothingSent,
      ),
    },
    actions: {
      notifyOffline: () => toast('error', i18n._(syncMessages.offline), { id: 'connectivity-offline' }),
      notifyOnline: () => toast('success', i18n._(syncMessages.online), { id: 'connectivity-online' }),
      notifyPending: (_, { queue, count }) => toast('info', i18n._(syncMessages.pending[queue](count))),
      notifySynced: (_, { queue, count }) => toast('success', i18n._(syncMessages.synced[queue](count))),
      notifyFailed: (_, { queue, count, rejected, kept }) => {
        const parts = [i18n._(syncMessages.failed[queue](count))];
        if (rejected.length) parts.push(i18n._(syncMessages.refused));
        if (kept.length) parts.push(i18n._(syncMessages.willRetry));
        toast('warning', parts.join(' '));
        if (rejected.length) console.warn(`offline ${queue} items refused:`, rejected.map((r) => `${r.id} ${r.code}`).join(', '));
      },
      refreshPips: () => refreshPips(),
    },
  });
}

export type ConnectivitySyncLogic = ReturnType<typeof createConnectivitySyncLogic>;
