import { assign, fromCallback, fromPromise, sendTo, setup, stateIn, type EventObject } from 'xstate';
import { queueRunMachine, runProgress } from './queueRun.machine';
import type {
  ConnectivitySyncContext,
  ConnectivitySyncEvent,
  NotifyFailedParams,
  OfflineQueue,
  NotifyPendingParams,
  NotifyProgressParams,
  NotifySyncedParams,
  PendingQueues,
  QueueCount,
  QueueInput,
  ReportRunParams,
  SyncProgress,
} from './connectivitySync.types';
import { resourcesActor } from './system';

const queueInput = ({ context }: { context: ConnectivitySyncContext }): QueueInput => ({ userId: context.userId ?? 0 });

const nothingPending: PendingQueues = { earn: [], forms: [] };

/** What a queue run's snapshot says of its progress, for that queue. */
const progressOf =
  (queue: OfflineQueue) =>
  ({ event }: { event: { snapshot: unknown } }): SyncProgress => ({ queue, ...runProgress(event.snapshot) });

/** The toast's count of the same: `sent` of `total`. */
const countOf =
  (queue: OfflineQueue) =>
  ({ event }: { event: { snapshot: unknown } }): NotifyProgressParams => {
    const { sent, total } = runProgress(event.snapshot);
    return { queue, sent, total };
  };

/** The connectivity sync's effects and rules; `reportRun` composes them below. */
const connectivitySyncSetup = setup({
  types: {
    context: {} as ConnectivitySyncContext,
    events: {} as ConnectivitySyncEvent,
    tags: {} as 'syncing',
  },
  actors: {
    /**
     * Sends the browser's network status at once (`network.online` or `network.offline`), then
     * turns its online/offline events into the same events; asks for a sync (`sync.request`)
     * when the page becomes visible again.
     */
    watchNetwork: fromCallback<EventObject>(() => () => {}),
    /** The member's queued items, now and whenever they change (`queues.changed`). */
    watchQueues: fromCallback<EventObject, QueueInput>(() => () => {}),
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
    /** Sends the queued earn actions oldest first (each through the earn pipeline); removes the sent and the refused ones. */
    processEarnQueue: queueRunMachine,
    /** How many form submissions the member has queued. */
    loadFormQueue: fromPromise<QueueCount, QueueInput>(async () => ({ count: 0 })),
    /** Sends the queued form submissions oldest first; removes the sent and the refused ones. */
    processFormQueue: queueRunMachine,
  },
  actions: {
    /** Error toast components.connectivityToast.offline. */
    notifyOffline: () => {},
    /** Success toast components.connectivityToast.online. */
    notifyOnline: () => {},
    /** Info toast that stays while the queue is sent: this many items are about to be sent. */
    notifyPending: (_, _params: NotifyPendingParams) => {},
    /** The same toast, in place: `sent` of `total` items were sent so far. */
    notifyProgress: (_, _params: NotifyProgressParams) => {},
    /** The run over a queue ended or stopped: its toast closes unless its report replaces it. */
    notifyRunEnded: (_, _params: { queue: OfflineQueue }) => {},
    /** Success toast: this many items were credited. */
    notifySynced: (_, _params: NotifySyncedParams) => {},
    /** Warning toast: this many items failed (refused for good, or kept for the next try). */
    notifyFailed: (_, _params: NotifyFailedParams) => {},
    /** Pips moved: the resources reload the balances, activity, rewards and promos. */
    tellPipsChanged: sendTo(resourcesActor, { type: 'pips.changed' }),
    /** Questionnaires were answered: the resources reload the forms list. */
    tellFormsChanged: sendTo(resourcesActor, { type: 'resource.reload', key: 'forms' }),
    assignLastRun: assign((_, params: ReportRunParams) => ({ lastRun: params })),
    assignProgress: assign((_, params: SyncProgress) => ({ progress: params })),
    clearProgress: assign({ progress: null }),
    markBalanceDue: assign({ balanceDue: true }),
    clearBalanceDue: assign({ balanceDue: false }),
    assignUser: assign((_, params: { userId: number }) => ({ userId: params.userId, pending: nothingPending })),
    clearUser: assign({ userId: null, syncAgain: false, pending: nothingPending }),
    assignPending: assign((_, params: { pending: PendingQueues }) => ({ pending: params.pending })),
    /** The resources fetch the forms list again. */
    tellFormsReload: sendTo(resourcesActor, { type: 'resource.reload', key: 'forms' }),
    markSyncAgain: assign({ syncAgain: true }),
    clearSyncAgain: assign({ syncAgain: false }),
  },
  delays: {
    /** While items are credited, the balances are reloaded at most this often (the call takes a while). */
    balanceRefresh: 2000,
  },
  guards: {
    /** The run has settled more items (or a new run began) since the last toast. */
    progressed: ({ context }, params: SyncProgress) =>
      params.total > 0 && (context.progress?.sent !== params.sent || context.progress?.total !== params.total),
    /** More items were credited since the last look, and no balance reload is due yet. */
    isCreditDue: ({ context }, params: SyncProgress) => !context.balanceDue && params.credited > (context.progress?.credited ?? 0),
    /** A form the member's queue held (one with its id) is no longer in it. */
    isFormGone: ({ context }, params: { pending: PendingQueues }) =>
      context.pending.forms.some((form) => form.formId !== undefined && !params.pending.forms.some((next) => next.formId === form.formId)),
    hasItems: (_, params: { count: number }) => params.count > 0,
    isOnline: stateIn('#connectivitySync.network.online'),
    isOtherMember: ({ context }, params: { userId: number }) => context.userId !== params.userId,
    syncAgain: ({ context }) => context.syncAgain,
  },
});

/**
 * Connectivity and the offline queues (SPEC §4): going offline raises the offline toast and
 * flag; going online raises the online toast and sends the queued earn actions, then the queued
 * form submissions, announcing each count, refreshing the pips after successes and warning with
 * the count of failures. While a queue is sent its toast stays and counts what was sent (from
 * the queue run's snapshots), and the balances reload every `balanceRefresh` while items are
 * credited, so they move as items land. The member is the one the session says is verified (told by the app
 * root); their queues are also sent at sign-in, when something was queued, and when the page is
 * shown again. One tab at a time: `holdSyncLock` holds a cross-tab lock for the whole run.
 */
export const connectivitySyncMachine = connectivitySyncSetup
  .extend({
    actions: {
      /**
       * What the last queue run reports (SPEC §4): successes reload what they changed and raise
       * a success toast with the count; failures raise a warning toast with the count.
       */
      reportRun: connectivitySyncSetup.enqueueActions(({ context, enqueue }) => {
        if (!context.lastRun) return;
        const { queue, run } = context.lastRun;
        if (run.succeeded > 0) {
          enqueue('tellPipsChanged');
          if (queue === 'forms') enqueue('tellFormsChanged');
          enqueue({ type: 'notifySynced', params: { queue, count: run.succeeded } });
        }
        const count = run.rejected.length + run.kept.length;
        if (count > 0) enqueue({ type: 'notifyFailed', params: { queue, count, rejected: run.rejected, kept: run.kept } });
      }),
    },
  })
  .createMachine({
  id: 'connectivitySync',
  type: 'parallel',
  context: { userId: null, syncAgain: false, pending: nothingPending, lastRun: null, progress: null, balanceDue: false },
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
      initial: 'signedOut',
      states: {
        /** Nobody is verified: nothing is sent or watched. */
        signedOut: {
          on: {
            'session.verified': { target: 'signedIn', actions: { type: 'assignUser', params: ({ event }) => ({ userId: event.userId }) } },
          },
        },
        /** A verified member: their queues are watched, and sent whenever the network allows. */
        signedIn: {
          invoke: { id: 'watchQueues', src: 'watchQueues', input: queueInput },
          initial: 'starting',
          on: {
            'session.ended': { target: 'signedOut', actions: 'clearUser' },
            'session.verified': {
              guard: { type: 'isOtherMember', params: ({ event }) => ({ userId: event.userId }) },
              target: 'signedIn',
              reenter: true,
              actions: { type: 'assignUser', params: ({ event }) => ({ userId: event.userId }) },
            },
            'queues.changed': [
              {
                // A form left the queue (sent or refused, here or in another tab): the forms list
                // is fetched again, so it shows the form answered instead of open.
                guard: { type: 'isFormGone', params: ({ event }) => ({ pending: event.pending }) },
                actions: [{ type: 'assignPending', params: ({ event }) => ({ pending: event.pending }) }, 'tellFormsReload'],
              },
              { actions: { type: 'assignPending', params: ({ event }) => ({ pending: event.pending }) } },
            ],
          },
          states: {
            /** At sign-in (and app start) what is queued goes out when online. */
            starting: {
              always: [{ guard: 'isOnline', target: 'syncing' }, { target: 'idle' }],
            },
            idle: {
              on: {
                // Going online: the network region moves in the same step.
                'network.online': { target: 'syncing' },
                'sync.request': { guard: 'isOnline', target: 'syncing' },
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
                        actions: [
                          { type: 'assignProgress', params: ({ event }) => ({ queue: 'earn' as const, sent: 0, total: event.output.count, credited: 0 }) },
                          { type: 'notifyPending', params: ({ event }) => ({ queue: 'earn', count: event.output.count }) },
                        ],
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
                    // Each item settled updates the toast's count; the first credit after a quiet
                    // spell reloads the balances a little later, so they move as items land.
                    onSnapshot: [
                      {
                        guard: { type: 'isCreditDue', params: progressOf('earn') },
                        target: '.crediting',
                        actions: [{ type: 'assignProgress', params: progressOf('earn') }, { type: 'notifyProgress', params: countOf('earn') }],
                      },
                      {
                        guard: { type: 'progressed', params: progressOf('earn') },
                        actions: [{ type: 'assignProgress', params: progressOf('earn') }, { type: 'notifyProgress', params: countOf('earn') }],
                      },
                    ],
                    onDone: {
                      target: 'loadingForms',
                      actions: [{ type: 'assignLastRun', params: ({ event }) => ({ queue: 'earn', run: event.output }) }, 'reportRun'],
                    },
                    onError: { target: 'loadingForms' },
                  },
                  exit: [{ type: 'notifyRunEnded', params: { queue: 'earn' } }, 'clearProgress'],
                  initial: 'quiet',
                  states: {
                    quiet: {},
                    /** Items were credited: the balances reload after `balanceRefresh`. */
                    crediting: {
                      entry: 'markBalanceDue',
                      exit: 'clearBalanceDue',
                      after: { balanceRefresh: { target: 'quiet', actions: 'tellPipsChanged' } },
                    },
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
                        actions: [
                          { type: 'assignProgress', params: ({ event }) => ({ queue: 'forms' as const, sent: 0, total: event.output.count, credited: 0 }) },
                          { type: 'notifyPending', params: ({ event }) => ({ queue: 'forms', count: event.output.count }) },
                        ],
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
                    // Each item settled updates the toast's count; the first credit after a quiet
                    // spell reloads the balances a little later, so they move as items land.
                    onSnapshot: [
                      {
                        guard: { type: 'isCreditDue', params: progressOf('forms') },
                        target: '.crediting',
                        actions: [{ type: 'assignProgress', params: progressOf('forms') }, { type: 'notifyProgress', params: countOf('forms') }],
                      },
                      {
                        guard: { type: 'progressed', params: progressOf('forms') },
                        actions: [{ type: 'assignProgress', params: progressOf('forms') }, { type: 'notifyProgress', params: countOf('forms') }],
                      },
                    ],
                    onDone: {
                      target: 'finishing',
                      actions: [{ type: 'assignLastRun', params: ({ event }) => ({ queue: 'forms', run: event.output }) }, 'reportRun'],
                    },
                    onError: { target: 'finishing' },
                  },
                  exit: [{ type: 'notifyRunEnded', params: { queue: 'forms' } }, 'clearProgress'],
                  initial: 'quiet',
                  states: {
                    quiet: {},
                    /** Items were credited: the balances reload after `balanceRefresh`. */
                    crediting: {
                      entry: 'markBalanceDue',
                      exit: 'clearBalanceDue',
                      after: { balanceRefresh: { target: 'quiet', actions: 'tellPipsChanged' } },
                    },
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
    },
  },
});
