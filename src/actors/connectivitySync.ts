import type { EventObject } from 'xstate';
import { fromCallback, fromPromise } from 'xstate';
import { connectivitySyncMachine } from '../../machines/connectivitySync.machine';
import type { PendingQueues, QueueCount, QueueInput } from '../../machines/connectivitySync.types';
import { classifyFailure } from '../../machines/earnPipeline.failures';
import type { EarnPipelineInput } from '../../machines/earnPipeline.types';
import { queueRunMachine } from '../../machines/queueRun.machine';
import type { QueuedItem, QueueRunInput, ReplayOutput } from '../../machines/queueRun.types';
import { i18n } from '../i18n/i18n';
import type { SystemApi } from './api';
import { syncMessages } from './syncMessages';
import { hideToast, showToast, type ToastKind, type ToastOptions, type ToastText } from './toast';
import { browserOnline } from './watchOnline';

// The queues live in Dexie, which loads when a verified member's queues are first read, not
// with the login screen.
const offlineQueues = () => import('../data/offlineQueues');

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
 * request when the page is shown again (a retry of what is still queued).
 */
export function watchWindowNetwork(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
  isOnline: () => boolean = browserOnline,
  page: PageLike | undefined = typeof document === 'undefined' ? undefined : document,
) {
  return fromCallback<EventObject>(({ sendBack }) => {
    const online = () => sendBack({ type: 'network.online' });
    const offline = () => sendBack({ type: 'network.offline' });
    const shown = () => {
      if (page?.visibilityState === 'visible') sendBack({ type: 'sync.request' });
    };
    if (isOnline()) online();
    else offline();
    target.addEventListener('online', online);
    target.addEventListener('offline', offline);
    page?.addEventListener('visibilitychange', shown);
    return () => {
      target.removeEventListener('online', online);
      target.removeEventListener('offline', offline);
      page?.removeEventListener('visibilitychange', shown);
    };
  });
}

/**
 * The member's queues as the screens list them, now and on every change (any tab). A form that
 * leaves the queue (sent or refused, here or in another tab) makes the machine tell the resources.
 */
export const watchQueues = fromCallback<EventObject, QueueInput>(({ input, sendBack }) => {
  let stop = () => {};
  let stopped = false;
  const changed = (pending: PendingQueues) => sendBack({ type: 'queues.changed', pending });
  void offlineQueues()
    .then(({ watchPendingQueues }) => {
      if (stopped) return;
      stop = watchPendingQueues(input.userId, changed);
    })
    .catch(() => sendBack({ type: 'queues.changed', pending: { earn: [], forms: [] } }));
  return () => {
    stopped = true;
    stop();
  };
});

/** A queued item that cannot be sent as stored (an old or damaged row): refused for good. */
const unsendable: ReplayOutput = { ok: false, code: 'VALIDATION_ERROR', retry: false, stop: false };

export interface ConnectivitySyncDeps {
  systemApi: SystemApi;
  /** The earn pipeline (bound): queued scans are sent again through it. */
  earnPipeline: unknown;
  /** Toasts (the app's Mantine notifications by default). */
  toast?: (kind: ToastKind, message: ToastText, options?: Pick<ToastOptions, 'id' | 'autoClose'>) => void;
  /** Closes a toast by its id (the app's Mantine notifications by default). */
  hide?: (id: string) => void;
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

/**
 * The connectivitySync machine bound to the browser: window events, Web Locks, the Dexie queues,
 * toasts. A queued scan is replayed by the earn pipeline (the same one a live scan goes
 * through); a queued questionnaire by the answer call.
 */
export function connectivitySyncLogic({
  systemApi: { apiOf },
  earnPipeline,
  toast = showToast,
  hide = hideToast,
  locks = browserLocks(),
  network,
  isOnline,
  page,
}: ConnectivitySyncDeps) {
  const earnQueueRun = queueRunMachine.provide({
    actors: {
      listItems: fromPromise<QueuedItem[], QueueRunInput>(async ({ input }) =>
        (await (await offlineQueues()).listOfflineEarn(input.userId)).map((item) => ({
          id: item.id,
          replay:
            item.type === 'qr' && typeof item.metadata?.qrParam === 'string'
              ? ({ text: item.metadata.qrParam, mode: 'replay', idempotencyKey: item.idempotencyKey } satisfies EarnPipelineInput)
              : null,
        })),
      ),
      replayItem: earnPipeline as never,
      removeItem: fromPromise<void, { id: number }>(async ({ input }) => {
        const { db } = await import('../data/databases');
        await db().offlineEarn.actions.delete(input.id);
      }),
    },
  });
  const formQueueRun = queueRunMachine.provide({
    actors: {
      listItems: fromPromise<QueuedItem[], QueueRunInput>(async ({ input }) =>
        (await (await offlineQueues()).listOfflineForms(input.userId)).map((item) => ({
          id: item.id,
          replay: { formId: item.formId, answers: item.data, idempotencyKey: item.idempotencyKey },
        })),
      ),
      replayItem: fromPromise<ReplayOutput, unknown>(async ({ input, signal, system }) => {
        const item = input as { formId: number; answers: Record<string, unknown>; idempotencyKey: string } | null;
        if (!item) return unsendable;
        const result = await apiOf(system).answerQuestionnaire({ id: item.formId, answers: item.answers, idempotencyKey: item.idempotencyKey }, { signal });
        return result.success ? { ok: true } : (classifyFailure({ code: result.error, status: result.statusCode }) as ReplayOutput);
      }),
      removeItem: fromPromise<void, { id: number }>(async ({ input }) => {
        const { db } = await import('../data/databases');
        await db().offlineForms.submissions.delete(input.id);
      }),
    },
  });

  return connectivitySyncMachine.provide({
    actors: {
      watchNetwork: watchWindowNetwork(network, isOnline, page),
      watchQueues,
      holdSyncLock: holdLock(locks),
      loadEarnQueue: fromPromise<QueueCount, QueueInput>(async ({ input }) => ({
        count: (await (await offlineQueues()).listOfflineEarn(input.userId)).length,
      })),
      processEarnQueue: earnQueueRun,
      loadFormQueue: fromPromise<QueueCount, QueueInput>(async ({ input }) => ({
        count: (await (await offlineQueues()).listOfflineForms(input.userId)).length,
      })),
      processFormQueue: formQueueRun,
    },
    actions: {
      // One toast for the connection: 'You're offline' turns into 'You're back online' in place
      // (the two shown together, one above the other, contradict each other).
      notifyOffline: () => toast('error', () => i18n._(syncMessages.offline), { id: 'connectivity' }),
      notifyOnline: () => toast('success', () => i18n._(syncMessages.online), { id: 'connectivity' }),
      // Each queue has one toast: 'waiting', then the count sent so far, both staying while the
      // queue is sent; then 'synced' or the warning in its place, which closes after its own full
      // time (Mantine starts a toast's timer again when its autoClose changes, not on a new text).
      notifyPending: (_, { queue, count }) =>
        toast('info', () => i18n._(syncMessages.pending[queue](count)), { id: `sync-${queue}`, autoClose: false }),
      notifyProgress: (_, { queue, sent, total }) =>
        toast('info', () => i18n._(syncMessages.progress[queue](i18n.number(sent), total)), { id: `sync-${queue}`, autoClose: false }),
      // Closed when the run ends or stops: a report raised in the same step shows in its place.
      notifyRunEnded: (_, { queue }) => hide(`sync-${queue}`),
      notifySynced: (_, { queue, count }) => toast('success', () => i18n._(syncMessages.synced[queue](count)), { id: `sync-${queue}` }),
      notifyFailed: (_, { queue, count, rejected, kept }) => {
        const parts = [syncMessages.failed[queue](count)];
        if (rejected.length) parts.push(syncMessages.refused);
        if (kept.length) parts.push(syncMessages.willRetry);
        // The same toast as 'waiting': it changes in place.
        toast('warning', () => parts.map((part) => i18n._(part)).join(' '), { id: `sync-${queue}` });
        if (rejected.length) console.warn(`offline ${queue} items refused:`, rejected.map((r) => `${r.id} ${r.code}`).join(', '));
      },
    },
  });
}
