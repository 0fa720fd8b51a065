import { connectivitySyncMachine } from '../../machines/connectivitySync.machine';
import { queueRunMachine, runProgress } from '../../machines/queueRun.machine';
import type { QueuedItem } from '../../machines/queueRun.types';
import { selectIsOffline, selectIsSyncing, selectPendingQueues, selectSyncProgress } from '../../machines/connectivitySync.selectors';
import type { ConnectivitySyncContext, ConnectivitySyncEvent, OfflineQueue, PendingQueues, QueueCount, QueueRunResult, SyncProgress } from '../../machines/connectivitySync.types';
import { describeMachinePaths, type PathEvent } from './describePathCoverage';
import type { ActorOutputFixtures, EventFixtures, SerializeState, SnapshotFixtures } from './pathCoverage';
import { action, actorStarted, actorStopped, sendAction, type Effect } from './recording';

const waiting: PendingQueues = { earn: [{ id: 1, timestamp: 1_700_000_000_000, title: null }], forms: [] };
const formWaiting: PendingQueues = { earn: [], forms: [{ id: 2, timestamp: 1_700_000_000_000, title: null, formId: 4 }] };

const events = {
  'network.online': [{ type: 'network.online' }],
  'network.offline': [{ type: 'network.offline' }],
  'session.verified': [
    { type: 'session.verified', userId: 7 },
    { type: 'session.verified', userId: 8 },
  ],
  'session.ended': [{ type: 'session.ended' }],
  'sync.request': [{ type: 'sync.request' }],
  'lock.acquired': [{ type: 'lock.acquired' }],
  'queues.changed': [
    { type: 'queues.changed', pending: waiting },
    { type: 'queues.changed', pending: formWaiting },
  ],
} satisfies EventFixtures<ConnectivitySyncEvent>;

const outputs = {
  watchNetwork: [undefined],
  watchQueues: [undefined],
  holdSyncLock: [undefined],
  loadEarnQueue: [{ count: 0 }, { count: 3 }],
  processEarnQueue: [
    { succeeded: 3, rejected: [], kept: [] },
    { succeeded: 1, rejected: [{ id: 2, code: 'ALREADY_EARNED' }], kept: [{ id: 3, code: 'NETWORK_ERROR' }] },
    { succeeded: 0, rejected: [], kept: [{ id: 1, code: 'SERVER_ERROR' }] },
  ],
  loadFormQueue: [{ count: 0 }, { count: 1 }],
  processFormQueue: [
    { succeeded: 1, rejected: [], kept: [] },
    { succeeded: 0, rejected: [{ id: 4, code: 'NOT_FOUND' }], kept: [] },
  ],
} satisfies ActorOutputFixtures<typeof connectivitySyncMachine>;

/** A queue run of three items, as it reports itself while it goes: what it has settled and credited. */
const three: QueuedItem[] = [1, 2, 3].map((id) => ({ id, replay: null }));
const runAt = (value: 'listing' | 'replaying' | 'removing', index: number, result: QueueRunResult) =>
  queueRunMachine.resolveState({ value, context: { userId: 7, items: value === 'listing' ? [] : three, index, result } });
const runSnapshots = [
  // still listing: nothing to count yet
  runAt('listing', 0, { succeeded: 0, rejected: [], kept: [] }),
  // the first item credited
  runAt('removing', 0, { succeeded: 1, rejected: [], kept: [] }),
  // the second item refused, nothing more credited
  runAt('replaying', 2, { succeeded: 1, rejected: [{ id: 2, code: 'ALREADY_EARNED' }], kept: [] }),
  // the second item credited too
  runAt('removing', 1, { succeeded: 2, rejected: [], kept: [] }),
];
const snapshots: SnapshotFixtures = { processEarnQueue: runSnapshots, processFormQueue: runSnapshots };

/** `the run has sent 2 of 3, 1 credited`. */
const progressWords = (snapshot: unknown) => {
  const { sent, total, credited } = runProgress(snapshot);
  return total === 0 ? 'the run lists its queue' : `the run has sent ${sent} of ${total}, ${credited} credited`;
};

/** `3 earn scans wait`, `the form queue is empty`. */
const queued = (count: number, item: string) => (count === 0 ? `the ${item.split(' ')[0]} queue is empty` : `${count} ${item}${count === 1 ? '' : 's'} wait${count === 1 ? 's' : ''}`);
/** `1 credited, 1 refused, 1 kept`. */
const sent = (result: QueueRunResult) => `${result.succeeded} credited, ${result.rejected.length} refused, ${result.kept.length} kept`;

/**
 * Graph key: the states and whether a run was asked for again. Who the member is (7 or 8), what
 * waits and what the last run gave only show in the effects and the meaning, which the oracle
 * follows path by path.
 */
const serializeState: SerializeState = (s) => {
  const context = s.context as ConnectivitySyncContext;
  // Whether a form is queued: its leaving the queue reloads the forms list.
  // How far the run has come: the toast's count and the balances' reload follow it.
  return JSON.stringify({ value: s.value, syncAgain: context.syncAgain, formQueued: context.pending.forms.length > 0, progress: context.progress });
};

/**
 * The rules (connectivity and the offline queues; the machine's doc comment):
 * - The network status known at start raises no toast; going offline raises the offline toast
 *   and flag, going online the online toast.
 * - Only a verified member's queues are watched and sent (told by the app root); the session
 *   ending stops everything of theirs; another member starts over for them.
 * - The queues go out at sign-in when online, when the network comes back, and when asked (a
 *   queued item, the page shown again) while online; one run at a time, holding the cross-tab
 *   lock for the whole run (waiting while another tab's run holds it).
 * - A run reloads the earn queue, announces a non-empty one with its count and sends it; then the
 *   same for the form queue. What it reports: successes reload the pips (and the forms list for
 *   forms) with a success toast and the count; failures (refused and kept together) a warning
 *   with the count. An unreadable queue, or a run that broke, reports nothing.
 * - While a queue is sent, its toast stays and counts the items settled so far ("2 of 3 sent");
 *   the first credit after a quiet spell reloads the pips `balanceRefresh` later, so the balance
 *   moves as items land. When the run over a queue ends or stops, its toast closes unless the
 *   report replaces it.
 * - Asked again during a run: one more round, still holding the lock. Going offline stops the
 *   run quietly (what is left stays queued); the lock is let go when the run ends or stops.
 */
function connectivitySyncRules() {
  let network: 'unknown' | 'online' | 'offline' = 'unknown';
  let member: number | null = null;
  let pending: PendingQueues = { earn: [], forms: [] };
  type Step = 'lock' | 'loadingEarn' | 'processingEarn' | 'loadingForms' | 'processingForms';
  let run: Step | null = null;
  let again = false;
  /** The run over a queue: how far it has come, and whether a reload of the pips is due. */
  let progress: SyncProgress | null = null;
  let balanceDue = false;
  const queueOf = (step: Step | null): OfflineQueue | null => (step === 'processingEarn' ? 'earn' : step === 'processingForms' ? 'forms' : null);
  /** Leaving a queue's run: its toast closes (a report may raise it again). */
  const endQueue = (): Effect[] => {
    const queue = queueOf(run);
    if (queue === null) return [];
    [progress, balanceDue] = [null, false];
    return [action('notifyRunEnded', { queue })];
  };
  const calls: Record<Step, string> = {
    lock: 'holdSyncLock',
    loadingEarn: 'loadEarnQueue',
    processingEarn: 'processEarnQueue',
    loadingForms: 'loadFormQueue',
    processingForms: 'processFormQueue',
  };
  const input = () => ({ userId: member });
  /** Stops the run: its current call, then the lock. */
  const stopRun = (): Effect[] => {
    if (run === null) return [];
    const effects = run === 'lock' ? [actorStopped('holdSyncLock')] : [actorStopped(calls[run]), actorStopped('holdSyncLock')];
    [run, again] = [null, false];
    return effects;
  };
  const startRun = (): Effect[] => {
    run = 'lock';
    return [actorStarted('holdSyncLock')];
  };
  const step = (next: Step): Effect[] => {
    run = next;
    return [actorStarted(calls[next], input())];
  };
  /** The form queue is done: round again if asked, else the run ends and lets the lock go. */
  const finish = (): Effect[] => {
    if (again) {
      again = false;
      return step('loadingEarn');
    }
    run = null;
    return [actorStopped('holdSyncLock')];
  };
  const report = (queue: OfflineQueue, result: QueueRunResult): Effect[] => {
    const effects: Effect[] = [];
    if (result.succeeded > 0) {
      effects.push(sendAction('tellPipsChanged', 'resources', { type: 'pips.changed' }));
      if (queue === 'forms') effects.push(sendAction('tellFormsChanged', 'resources', { type: 'resource.reload', key: 'forms' }));
      effects.push(action('notifySynced', { queue, count: result.succeeded }));
    }
    const failed = result.rejected.length + result.kept.length;
    if (failed > 0) effects.push(action('notifyFailed', { queue, count: failed, rejected: result.rejected, kept: result.kept }));
    return effects;
  };
  const signIn = (userId: number): Effect[] => {
    [member, pending] = [userId, { earn: [], forms: [] }];
    const effects = [actorStarted('watchQueues', { userId })];
    return network === 'online' ? [...effects, ...startRun()] : effects;
  };
  const signOut = (): Effect[] => {
    const effects = [...endQueue(), ...stopRun(), actorStopped('watchQueues')];
    [member, pending] = [null, { earn: [], forms: [] }];
    return effects;
  };

  return {
    started: [actorStarted('watchNetwork')],
    on(event: PathEvent<ConnectivitySyncEvent>): Effect[] {
      switch (event.type) {
        case 'network.online': {
          const toast = network === 'offline' ? [action('notifyOnline')] : [];
          network = 'online';
          if (member === null) return toast;
          if (run !== null) {
            again = true;
            return toast;
          }
          return [...toast, ...startRun()];
        }
        case 'network.offline': {
          const toast = network === 'online' ? [action('notifyOffline')] : [];
          network = 'offline';
          // The queue's run is left first (its toast closes), then the offline toast.
          return [...endQueue(), ...toast, ...stopRun()];
        }
        case 'session.verified':
          if (event.userId === member) throw new Error('the same member changes nothing');
          return member === null ? signIn(event.userId) : [...signOut(), ...signIn(event.userId)];
        case 'session.ended':
          if (member === null) throw new Error('nobody to sign out');
          return signOut();
        case 'sync.request':
          if (member === null || network !== 'online') throw new Error('nothing may be sent now');
          if (run !== null) {
            again = true;
            return [];
          }
          return startRun();
        case 'queues.changed':
        {
          if (member === null) throw new Error('no queues watched');
          // A form that leaves the queue was sent or refused: the forms list is fetched again.
          const next = event.pending;
          const formGone = pending.forms.some((form) => form.formId !== undefined && !next.forms.some((f) => f.formId === form.formId));
          pending = next;
          return formGone ? [sendAction('tellFormsReload', 'resources', { type: 'resource.reload', key: 'forms' })] : [];
        }
        case 'lock.acquired':
          if (run !== 'lock') throw new Error('no lock asked for');
          return step('loadingEarn');
        case 'xstate.done.actor.loadEarnQueue':
        case 'xstate.done.actor.loadFormQueue': {
          const queue: OfflineQueue = event.type === 'xstate.done.actor.loadEarnQueue' ? 'earn' : 'forms';
          const { count } = event.output as QueueCount;
          if (count > 0) progress = { queue, sent: 0, total: count, credited: 0 };
          if (count > 0) return [action('notifyPending', { queue, count }), ...step(queue === 'earn' ? 'processingEarn' : 'processingForms')];
          return queue === 'earn' ? step('loadingForms') : finish();
        }
        case 'xstate.error.actor.loadEarnQueue':
          return step('loadingForms');
        case 'xstate.error.actor.processEarnQueue':
          return [...endQueue(), ...step('loadingForms')];
        case 'xstate.error.actor.loadFormQueue':
          return finish();
        case 'xstate.error.actor.processFormQueue':
          return [...endQueue(), ...finish()];
        case 'xstate.done.actor.processEarnQueue':
          return [...endQueue(), ...report('earn', event.output as QueueRunResult), ...step('loadingForms')];
        case 'xstate.done.actor.processFormQueue':
          return [...endQueue(), ...report('forms', event.output as QueueRunResult), ...finish()];
        case 'xstate.snapshot.processEarnQueue':
        case 'xstate.snapshot.processFormQueue': {
          const queue = queueOf(run);
          if (queue === null || progress === null) throw new Error('no queue is being sent');
          const now = { queue, ...runProgress(event.snapshot) };
          const moved = now.total > 0 && (now.sent !== progress.sent || now.total !== progress.total);
          const credit = !balanceDue && now.credited > progress.credited;
          if (!credit && !moved) return [];
          progress = now;
          balanceDue ||= credit;
          return [action('notifyProgress', { queue, sent: now.sent, total: now.total })];
        }
        default:
          if (event.type.startsWith('xstate.after.balanceRefresh.')) {
            if (!balanceDue) throw new Error('no reload of the pips is due');
            balanceDue = false;
            return [sendAction('tellPipsChanged', 'resources', { type: 'pips.changed' })];
          }
          throw new Error(`the rules have no ${event.type}`);
      }
    },
    meaning: () => ({ offline: network === 'offline', syncing: run !== null, member, pending, progress }),
  };
}

describeMachinePaths({
  name: 'connectivitySync',
  machine: connectivitySyncMachine,
  events,
  outputs,
  serializeState,
  snapshots,
  meaning: (s) => ({
    offline: selectIsOffline(s),
    syncing: selectIsSyncing(s),
    member: s.context.userId,
    pending: selectPendingQueues(s),
    progress: selectSyncProgress(s),
  }),
  oracle: connectivitySyncRules,
  words: {
    events: {
      'network.online': 'the browser is online',
      'network.offline': 'the browser is offline',
      'session.verified': (e) => `member ${e.userId} is verified`,
      'session.ended': 'the session ends',
      'sync.request': 'a sync is asked for',
      'lock.acquired': 'the cross-tab lock is held',
      'queues.changed': (e) => (e.pending.forms.length ? 'a form is queued (and nothing else)' : 'an earn scan is queued (and nothing else)'),
      'xstate.done.actor.loadEarnQueue': (e) => queued((e.output as QueueCount).count, 'earn scan'),
      'xstate.error.actor.loadEarnQueue': 'the earn queue cannot be read',
      'xstate.done.actor.processEarnQueue': (e) => `the earn queue is sent (${sent(e.output as QueueRunResult)})`,
      'xstate.error.actor.processEarnQueue': 'sending the earn queue breaks',
      'xstate.done.actor.loadFormQueue': (e) => queued((e.output as QueueCount).count, 'form'),
      'xstate.error.actor.loadFormQueue': 'the form queue cannot be read',
      'xstate.done.actor.processFormQueue': (e) => `the form queue is sent (${sent(e.output as QueueRunResult)})`,
      'xstate.error.actor.processFormQueue': 'sending the form queue breaks',
      'xstate.snapshot.processEarnQueue': (e) => progressWords(e.snapshot),
      'xstate.snapshot.processFormQueue': (e) => progressWords(e.snapshot),
      'xstate.after.balanceRefresh': 'two seconds pass',
    },
    start: 'the app watches the network',
    outcome: (m) => {
      const shown = m.offline ? 'the app shows it is offline' : 'the app does not show offline';
      const queues = m.member === null ? "no member's queues are watched" : `member ${m.member}'s queues are ${m.syncing ? 'being sent' : 'watched'}`;
      const waiting =
        (m.pending.earn.length ? `, ${m.pending.earn.length} earn scan shown as waiting` : '') +
        (m.pending.forms.length ? `, ${m.pending.forms.length} form shown as waiting` : '');
      const count = m.progress ? ` (${m.progress.sent} of ${m.progress.total} sent)` : '';
      return `${shown}; ${queues}${count}${waiting}`;
    },
  },
});
