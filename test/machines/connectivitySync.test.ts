import { describe, expect, it } from 'vitest';
import { connectivitySyncMachine } from '../../machines/connectivitySync.machine';
import { selectIsOffline, selectIsSyncing, selectPendingQueues, selectSyncProgress } from '../../machines/connectivitySync.selectors';
import { queueRunMachine } from '../../machines/queueRun.machine';
import type { PendingQueues, QueueRunResult } from '../../machines/connectivitySync.types';
import { action, actorStarted, actorStopped, sendAction, startRecorded, type Effect } from './recording';

/** What the earn queue's run reports of itself: `credited` of `total` items credited, at item `index`. */
const runSnapshot = (total: number, value: 'replaying' | 'removing', index: number, credited: number) => ({
  type: 'xstate.snapshot.processEarnQueue',
  snapshot: queueRunMachine.resolveState({
    value,
    context: { userId: 7, items: Array.from({ length: total }, (_, i) => ({ id: i + 1, replay: null })), index, result: { succeeded: credited, rejected: [], kept: [] } },
  }),
});

const sent = (succeeded: number): QueueRunResult => ({ succeeded, rejected: [], kept: [] });
const member7 = { userId: 7 };
const pips = sendAction('tellPipsChanged', 'resources', { type: 'pips.changed' });
const formsReload = sendAction('tellFormsChanged', 'resources', { type: 'resource.reload', key: 'forms' });

/** The sync with every effect recorded; the test plays the network, the lock and the queues. */
function startSync() {
  const sync = startRecorded(connectivitySyncMachine);
  expect(sync.log.take()).toEqual([actorStarted('watchNetwork')]);
  const view = () => {
    const s = sync.actor.getSnapshot();
    return { offline: selectIsOffline(s), syncing: selectIsSyncing(s) };
  };
  /** Plays one whole run: the lock, then each queue's count and run result. */
  const run = (earn: [number, QueueRunResult?], forms: [number, QueueRunResult?]) => {
    sync.send({ type: 'lock.acquired' });
    sync.resolve('loadEarnQueue', { count: earn[0] });
    if (earn[0] > 0) sync.resolve('processEarnQueue', earn[1]);
    sync.resolve('loadFormQueue', { count: forms[0] });
    if (forms[0] > 0) sync.resolve('processFormQueue', forms[1]);
  };
  return { ...sync, view, run };
}

describe('connectivitySync: the offline flag', () => {
  it('starts from the reported status without a toast', () => {
    const sync = startSync();
    sync.send({ type: 'network.offline' });
    expect(sync.view().offline).toBe(true);
    expect(sync.log.take()).toEqual([]);
    sync.stop();
  });

  it('going offline shows the error toast and sets the flag; back online the success toast', () => {
    const sync = startSync();
    sync.send({ type: 'network.online' });
    sync.send({ type: 'network.offline' });
    expect(sync.view().offline).toBe(true);
    sync.send({ type: 'network.online' });
    expect(sync.view().offline).toBe(false);
    expect(sync.log.take()).toEqual([action('notifyOffline'), action('notifyOnline')]);
    sync.stop();
  });

  it('nobody verified: going online only toasts, and a sync request is not even taken', () => {
    const sync = startSync();
    sync.send({ type: 'network.offline' });
    sync.send({ type: 'network.online' });
    expect(sync.actor.getSnapshot().can({ type: 'sync.request' })).toBe(false);
    expect(sync.log.take()).toEqual([action('notifyOnline')]);
    sync.stop();
  });
});

describe('connectivitySync: the member (signedOut / signedIn)', () => {
  it("watches only a verified member's queues, and what waits follows queues.changed", () => {
    const sync = startSync();
    sync.send({ type: 'network.offline' });
    sync.send({ type: 'session.verified', userId: 7 });
    expect(sync.log.take()).toEqual([actorStarted('watchQueues', member7)]);
    const waiting: PendingQueues = { earn: [{ id: 1, timestamp: 1, title: null }], forms: [{ id: 2, timestamp: 2, title: 'Coffee', formId: 9 }] };
    sync.send({ type: 'queues.changed', pending: waiting });
    expect(selectPendingQueues(sync.actor.getSnapshot())).toEqual(waiting);
    sync.send({ type: 'session.ended' });
    expect(sync.log.take()).toEqual([actorStopped('watchQueues')]);
    expect(selectPendingQueues(sync.actor.getSnapshot())).toEqual({ earn: [], forms: [] });
    expect(sync.actor.getSnapshot().context.userId).toBeNull();
    sync.stop();
  });

  it("another member: the first one's watch and run stop, the new member's start", () => {
    const sync = startSync();
    sync.send({ type: 'network.online' });
    sync.send({ type: 'session.verified', userId: 7 });
    sync.send({ type: 'lock.acquired' });
    sync.log.take();
    sync.send({ type: 'session.verified', userId: 8 });
    expect(sync.log.take()).toEqual([
      actorStopped('loadEarnQueue'),
      actorStopped('holdSyncLock'),
      actorStopped('watchQueues'),
      actorStarted('watchQueues', { userId: 8 }),
      actorStarted('holdSyncLock'),
    ]);
    sync.send({ type: 'lock.acquired' });
    expect(sync.log.take()).toEqual([actorStarted('loadEarnQueue', { userId: 8 })]);
    sync.stop();
  });

  it('the same member again changes nothing', () => {
    const sync = startSync();
    sync.send({ type: 'session.verified', userId: 7 });
    sync.log.take();
    sync.send({ type: 'session.verified', userId: 7 });
    expect(sync.log.take()).toEqual([]);
    sync.stop();
  });
});

describe('connectivitySync: sending the queues', () => {
  it('back online with a verified member: online toast, then each queue announced, sent and reported; the lock let go', () => {
    const sync = startSync();
    sync.send({ type: 'network.offline' }); // the status at start: no toast
    sync.send({ type: 'session.verified', userId: 7 });
    sync.send({ type: 'network.online' });
    expect(sync.view().syncing).toBe(true);
    sync.run([2, sent(2)], [1, sent(1)]);
    expect(sync.view().syncing).toBe(false);
    expect(sync.log.take()).toEqual([
      actorStarted('watchQueues', member7),
      action('notifyOnline'),
      actorStarted('holdSyncLock'),
      actorStarted('loadEarnQueue', member7),
      action('notifyPending', { queue: 'earn', count: 2 }),
      actorStarted('processEarnQueue', member7),
      action('notifyRunEnded', { queue: 'earn' }),
      pips,
      action('notifySynced', { queue: 'earn', count: 2 }),
      actorStarted('loadFormQueue', member7),
      action('notifyPending', { queue: 'forms', count: 1 }),
      actorStarted('processFormQueue', member7),
      action('notifyRunEnded', { queue: 'forms' }),
      pips,
      formsReload,
      action('notifySynced', { queue: 'forms', count: 1 }),
      actorStopped('holdSyncLock'),
    ]);
    sync.stop();
  });

  it('reportRun: failures show one warning with the count, refused and kept together', () => {
    const sync = startSync();
    sync.send({ type: 'network.online' });
    sync.send({ type: 'session.verified', userId: 7 });
    const earn: QueueRunResult = { succeeded: 1, rejected: [{ id: 2, code: 'ALREADY_EARNED' }], kept: [{ id: 3, code: 'NETWORK_ERROR' }] };
    const forms: QueueRunResult = { succeeded: 0, rejected: [], kept: [{ id: 1, code: 'SERVER_ERROR' }] };
    sync.run([3, earn], [1, forms]);
    const toasts = sync.log.take().filter((e): e is Effect & { action: string } => 'action' in e);
    expect(toasts).toEqual([
      action('notifyPending', { queue: 'earn', count: 3 }),
      action('notifyRunEnded', { queue: 'earn' }),
      pips,
      action('notifySynced', { queue: 'earn', count: 1 }),
      action('notifyFailed', { queue: 'earn', count: 2, rejected: earn.rejected, kept: earn.kept }),
      action('notifyPending', { queue: 'forms', count: 1 }),
      action('notifyRunEnded', { queue: 'forms' }),
      action('notifyFailed', { queue: 'forms', count: 1, rejected: [], kept: forms.kept }),
    ]);
    sync.stop();
  });

  it('empty queues: nothing announced, nothing sent', () => {
    const sync = startSync();
    sync.send({ type: 'network.online' });
    sync.send({ type: 'session.verified', userId: 7 });
    sync.run([0], [0]);
    expect(sync.log.take()).toEqual([
      actorStarted('watchQueues', member7),
      actorStarted('holdSyncLock'),
      actorStarted('loadEarnQueue', member7),
      actorStarted('loadFormQueue', member7),
      actorStopped('holdSyncLock'),
    ]);
    sync.stop();
  });

  it('an unreadable queue or a broken run reports nothing; the other queue still goes', () => {
    const sync = startSync();
    sync.send({ type: 'network.online' });
    sync.send({ type: 'session.verified', userId: 7 });
    sync.send({ type: 'lock.acquired' });
    sync.reject('loadEarnQueue');
    sync.resolve('loadFormQueue', { count: 1 });
    sync.reject('processFormQueue');
    // The form queue's toast closes with its run, reporting nothing.
    expect(sync.log.take().filter((e) => 'action' in e)).toEqual([
      action('notifyPending', { queue: 'forms', count: 1 }),
      action('notifyRunEnded', { queue: 'forms' }),
    ]);
    expect(sync.view().syncing).toBe(false);
    sync.stop();
  });

  it('app start: a verified member online syncs at once; offline nothing runs, even when asked', () => {
    const online = startSync();
    online.send({ type: 'network.online' });
    online.send({ type: 'session.verified', userId: 7 });
    expect(online.view().syncing).toBe(true);
    online.stop();

    const offline = startSync();
    offline.send({ type: 'network.offline' });
    offline.send({ type: 'session.verified', userId: 7 });
    expect(offline.actor.getSnapshot().can({ type: 'sync.request' })).toBe(false);
    expect(offline.view().syncing).toBe(false);
    expect(offline.log.take()).toEqual([actorStarted('watchQueues', member7)]);
    offline.stop();
  });

  it('another tab holds the lock: nothing is loaded until this tab gets it', () => {
    const sync = startSync();
    sync.send({ type: 'network.online' });
    sync.send({ type: 'session.verified', userId: 7 });
    expect(sync.log.take()).toEqual([actorStarted('watchQueues', member7), actorStarted('holdSyncLock')]);
    expect(sync.view().syncing).toBe(true);
    sync.send({ type: 'lock.acquired' });
    expect(sync.log.take()).toEqual([actorStarted('loadEarnQueue', member7)]);
    sync.stop();
  });

  it('a sync request during a run runs once more afterwards, inside the same lock', () => {
    const sync = startSync();
    sync.send({ type: 'network.online' });
    sync.send({ type: 'session.verified', userId: 7 });
    sync.send({ type: 'sync.request' });
    sync.send({ type: 'sync.request' });
    sync.run([1, sent(1)], [0]);
    sync.resolve('loadEarnQueue', { count: 0 });
    sync.resolve('loadFormQueue', { count: 0 });
    const effects = sync.log.take();
    expect(effects.filter((e) => 'actor' in e && e.actor === 'loadEarnQueue')).toHaveLength(2);
    // Letting the lock go and asking again could lose it to a waiting tab.
    expect(effects.filter((e) => 'actor' in e && e.actor === 'holdSyncLock')).toHaveLength(1);
    expect(effects.at(-1)).toEqual(actorStopped('holdSyncLock'));
    expect(sync.view().syncing).toBe(false);
    sync.stop();
  });

  it('the session ending stops the run and lets the lock go', () => {
    const sync = startSync();
    sync.send({ type: 'network.online' });
    sync.send({ type: 'session.verified', userId: 7 });
    sync.send({ type: 'lock.acquired' });
    sync.resolve('loadEarnQueue', { count: 1 });
    sync.log.take();
    sync.send({ type: 'session.ended' });
    expect(sync.log.take()).toEqual([
      action('notifyRunEnded', { queue: 'earn' }),
      actorStopped('processEarnQueue'),
      actorStopped('holdSyncLock'),
      actorStopped('watchQueues'),
    ]);
    expect(sync.view().syncing).toBe(false);
    sync.stop();
  });

  it('going offline during a run stops it quietly (no warning); back online the queues go again', () => {
    const sync = startSync();
    sync.send({ type: 'network.online' });
    sync.send({ type: 'session.verified', userId: 7 });
    sync.send({ type: 'lock.acquired' });
    sync.log.take();
    sync.send({ type: 'network.offline' });
    expect(sync.log.take()).toEqual([action('notifyOffline'), actorStopped('loadEarnQueue'), actorStopped('holdSyncLock')]);
    sync.send({ type: 'network.online' });
    expect(sync.log.take()).toEqual([action('notifyOnline'), actorStarted('holdSyncLock')]);
    sync.stop();
  });

  it('reportRun tells the resources exactly what moved', () => {
    const sync = startSync();
    sync.send({ type: 'network.online' });
    sync.send({ type: 'session.verified', userId: 7 });
    sync.run([0], [1, sent(1)]);
    const told = sync.log.take().filter((e) => 'to' in e);
    expect(told).toEqual([pips, formsReload]);
    sync.stop();
  });

  it('a long run counts what was sent in its toast and reloads the balances every 2 s while items are credited', () => {
    const sync = startSync();
    sync.send({ type: 'network.online' });
    sync.send({ type: 'session.verified', userId: 7 });
    sync.send({ type: 'lock.acquired' });
    sync.resolve('loadEarnQueue', { count: 1000 });
    expect(sync.log.take().filter((e) => 'action' in e)).toEqual([action('notifyPending', { queue: 'earn', count: 1000 })]);
    expect(selectSyncProgress(sync.actor.getSnapshot())).toEqual({ queue: 'earn', sent: 0, total: 1000, credited: 0 });

    // The run reports itself: the first item credited, then the second.
    sync.send(runSnapshot(1000, 'removing', 0, 1));
    sync.send(runSnapshot(1000, 'removing', 1, 2));
    expect(sync.log.take()).toEqual([
      action('notifyProgress', { queue: 'earn', sent: 1, total: 1000 }),
      action('notifyProgress', { queue: 'earn', sent: 2, total: 1000 }),
    ]);
    // The same count again changes nothing.
    sync.send(runSnapshot(1000, 'replaying', 2, 2));
    expect(sync.log.take()).toEqual([]);
    // 2 s after the first credit the balances reload, once.
    sync.advance(1999);
    expect(sync.log.take()).toEqual([]);
    sync.advance(1);
    expect(sync.log.take()).toEqual([pips]);
    sync.advance(10_000);
    expect(sync.log.take()).toEqual([]);
    // A credit after that: the balances reload 2 s later again.
    sync.send(runSnapshot(1000, 'removing', 2, 3));
    sync.advance(2000);
    expect(sync.log.take()).toEqual([action('notifyProgress', { queue: 'earn', sent: 3, total: 1000 }), pips]);

    sync.resolve('processEarnQueue', sent(1000));
    expect(sync.log.take().filter((e) => 'action' in e)).toEqual([
      action('notifyRunEnded', { queue: 'earn' }),
      pips,
      action('notifySynced', { queue: 'earn', count: 1000 }),
    ]);
    expect(selectSyncProgress(sync.actor.getSnapshot())).toBeNull();
    sync.stop();
  });

  it('going offline in the middle of a long run closes its toast, and no reload of the balances comes after', () => {
    const sync = startSync();
    sync.send({ type: 'network.online' });
    sync.send({ type: 'session.verified', userId: 7 });
    sync.send({ type: 'lock.acquired' });
    sync.resolve('loadEarnQueue', { count: 1000 });
    sync.send(runSnapshot(1000, 'removing', 0, 1));
    sync.log.take();
    sync.send({ type: 'network.offline' });
    expect(sync.log.take()).toEqual([
      action('notifyRunEnded', { queue: 'earn' }),
      action('notifyOffline'),
      actorStopped('processEarnQueue'),
      actorStopped('holdSyncLock'),
    ]);
    sync.advance(5000);
    expect(sync.log.take()).toEqual([]);
    sync.stop();
  });
});

