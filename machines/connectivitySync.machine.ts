import { and, assign, enqueueActions, fromCallback, fromPromise, setup, stateIn, type EventObject } from 'xstate';
import type {
  ConnectivitySyncContext,
  ConnectivitySyncEvent,
  NotifyFailedParams,
  NotifyPendingParams,
  NotifySyncedParams,
  OfflineQueue,
  QueueCount,
  QueueInput,
  QueueRunResult,
} from './connectivitySync.types';

const emptyRun: QueueRunResult = { succeeded: 0, rejected: [], kept: [] };

const queueInput = ({ context }: { context: ConnectivitySyncContext }): QueueInput => ({ userId: context.userId ?? 0 });

type ReportAction =
  | { type: 'refreshPips' }
  | { type: 'notifySynced'; params: NotifySyncedParams }
  | { type: 'notifyFailed'; params: NotifyFailedParams };

/**
 * What a queue run reports (SPEC §4): successes refresh the pips and show a success toast with
 * the count; failures show a warning toast with the count.
 */
export function reportActions(queue: OfflineQueue, run: QueueRunResult): ReportAction[] {
  const actions: ReportAction[] = [];
  if (run.succeeded > 0) actions.push({ type: 'refreshPips' }, { type: 'notifySynced', params: { queue, count: run.succeeded } });
  const count = run.rejected.length + run.kept.length;
  if (count > 0) actions.push({ type: 'notifyFailed', params: { queue, count, rejected: run.rejected, kept: run.kept } });
  return actions;
}

/**
 * Connectivity and the offline queues (SPEC §4): going offline raises the offline toast and
 * flag; going online raises the online toast and sends the queued earn actions, then the queued
 * form submissions, announcing each count, refreshing the pips after successes and warning with
 * the count of failures. A verified member's queues are also sent at app start and on request.
 * One tab at a time: `holdSyncLock` holds a cross-tab lock for the whole run.
 */
export const connectivitySyncMachine = setup({
  types: {
    context: {} as ConnectivitySyncContext,
    events: {} as ConnectivitySyncEvent,
    tags: {} as 'syncing',
  },
  actors: {
    /**
     * Sends the browser's network status at once (`network.online` or `network.offline`), then
     * turns its online/offline events into the same events; asks for a sync (`sync.request`)
     * when something was queued and when the page becomes visible again.
     */
    watchNetwork: fromCallback<EventObject>(() => () => {}),
    /**
     * Takes the cross-tab sync lock, waiting while another tab's run holds it: sends
     * `lock.acquired` and holds the lock until stopped.
     */
    holdSyncLock: fromCallback<EventObject>(({ sendBack }) => {
      sendBack({ type: 'lock.acquired' });
      return () => {};
    }),
    /** How many earn actions the member has queued. */
    loadEarnQueue: fromPromise<QueueCount, QueueInput>(async () => ({ count: 0 })),
    /** Sends the queued earn actions oldest first; removes the sent and the refused ones. */
    processEarnQueue: fromPromise<QueueRunResult, QueueInput>(async () => emptyRun),
    /** How many form submissions the member has queued. */
    loadFormQueue: fromPromise<QueueCount, QueueInput>(async () => ({ count: 0 })),
    /** Sends the queued form submissions oldest first; removes the sent and the refused ones. */
    processFormQueue: fromPromise<QueueRunResult, QueueInput>(async () => emptyRun),
  },
  actions: {
    /** Error toast components.connectivityToast.offline. */
    notifyOffline: () => {},
    /** Success toast components.connectivityToast.online. */
    notifyOnline: () => {},
    /** Info toast: this many items are about to be sent. */
    notifyPending: (_, _params: NotifyPendingParams) => {},
    /** Success toast: this many items were credited. */
    notifySynced: (_, _params: NotifySyncedParams) => {},
    /** Warning toast: this many items failed (refused for good, or kept for the next try). */
    notifyFailed: (_, _params: NotifyFailedParams) => {},
    /** Reload the balances, activity and rewards (refreshPips). */
    refreshPips: () => {},
    assignUser: assign((_, params: { userId: number }) => ({ userId: params.userId })),
    clearUser: assign({ userId: null, syncAgain: false }),
    markSyncAgain: assign({ syncAgain: true }),
    clearSyncAgain: assign({ syncAgain: false }),
  },
  guards: {
    hasUser: ({ context }) => context.userId !== null,
    hasItems: (_, params: { count: number }) => params.count > 0,
    isOnline: stateIn('#connectivitySync.network.online'),
    canSync: and(['hasUser', 'isOnline']),
    syncAgain: ({ context }) => context.syncAgain,
  },
}).createMachine({
  id: 'connectivitySync',
  type: 'parallel',
  context: { userId: null, syncAgain: false },
  invoke: { id: 'watchNetwork', src: 'watchNetwork' },
  states: {
    network: {
      initial: 'starting',
      states: {
        /** Until `watchNetwork` reports the status at start, which raises no toast. */
        starting: {
          on: { 'network.online': { target: 'online' }, 'network.offline': { target: 'offline' } },
        },
        online: {
          on: { 'network.offline': { target: 'offline', actions: 'notifyOffline' } },
        },
        offline: {
          on: { 'network.online': { target: 'online', actions: 'notifyOnline' } },
        },
      },
    },
    sync: {
      initial: 'idle',
      on: {
        'session.ended': { target: '.idle', actions: 'clearUser' },
      },
      states: {
        idle: {
          on: {
            // Going online: the network region moves in the same step, so only the member is checked.
            'network.online': { guard: 'hasUser', target: 'syncing' },
            'session.verified': [
              { guard: 'isOnline', target: 'syncing', actions: { type: 'assignUser', params: ({ event }) => ({ userId: event.userId }) } },
              { actions: { type: 'assignUser', params: ({ event }) => ({ userId: event.userId }) } },
            ],
            'sync.request': { guard: 'canSync', target: 'syncing' },
          },
        },
        /** One run over both queues, holding the cross-tab lock until it ends. */
        syncing: {
          tags: 'syncing',
          invoke: { id: 'holdSyncLock', src: 'holdSyncLock' },
          initial: 'acquiringLock',
          on: {
            'sync.request': { actions: 'markSyncAgain' },
            'network.online': { actions: 'markSyncAgain' },
            // Nothing more can be sent: the run stops (its calls are aborted) and what is left
            // stays queued, without a warning toast, until the network is back.
            'network.offline': { target: 'idle', actions: 'clearSyncAgain' },
          },
          states: {
            acquiringLock: {
              on: { 'lock.acquired': { target: 'loadingEarn' } },
            },
            /** Reloads the earn queue; the info toast announces a non-empty one. */
            loadingEarn: {
              invoke: {
                id: 'loadEarnQueue',
                src: 'loadEarnQueue',
                input: queueInput,
                onDone: [
                  {
                    guard: { type: 'hasItems', params: ({ event }) => ({ count: event.output.count }) },
                    target: 'processingEarn',
                    actions: { type: 'notifyPending', params: ({ event }) => ({ queue: 'earn', count: event.output.count }) },
                  },
                  { target: 'loadingForms' },
                ],
                // An unreadable queue is an empty one; the next sync tries again.
                onError: { target: 'loadingForms' },
              },
            },
            processingEarn: {
              invoke: {
                id: 'processEarnQueue',
                src: 'processEarnQueue',
                input: queueInput,
                onDone: {
                  target: 'loadingForms',
                  actions: enqueueActions(({ enqueue, event }) => reportActions('earn', event.output).forEach((a) => enqueue(a))),
                },
                onError: { target: 'loadingForms' },
              },
            },
            loadingForms: {
              invoke: {
                id: 'loadFormQueue',
                src: 'loadFormQueue',
                input: queueInput,
                onDone: [
                  {
                    guard: { type: 'hasItems', params: ({ event }) => ({ count: event.output.count }) },
                    target: 'processingForms',
                    actions: { type: 'notifyPending', params: ({ event }) => ({ queue: 'forms', count: event.output.count }) },
                  },
                  { target: 'finishing' },
                ],
                onError: { target: 'finishing' },
              },
            },
            processingForms: {
              invoke: {
                id: 'processFormQueue',
                src: 'processFormQueue',
                input: queueInput,
                onDone: {
                  target: 'finishing',
                  actions: enqueueActions(({ enqueue, event }) => reportActions('forms', event.output).forEach((a) => enqueue(a))),
                },
                onError: { target: 'finishing' },
              },
            },
            /** Asked again during the run: go round once more, still holding the lock. */
            finishing: {
              always: [{ guard: 'syncAgain', target: 'loadingEarn', actions: 'clearSyncAgain' }, { target: 'done' }],
            },
            done: { type: 'final' },
          },
          onDone: { target: 'idle' },
        },
      },
    },
  },
});
