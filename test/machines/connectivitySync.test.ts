import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type EventObject } from 'xstate';
import { connectivitySyncMachine, reportActions } from '../../machines/connectivitySync.machine';
import { selectIsOffline, selectIsSyncing } from '../../machines/connectivitySync.selectors';
import type { OfflineQueue, QueueCount, QueueInput, QueueRunResult } from '../../machines/connectivitySync.types';

interface Queues {
  earn: QueueRunResult;
  forms: QueueRunResult;
}

const sent = (succeeded: number): QueueRunResult => ({ succeeded, rejected: [], kept: [] });

/**
 * The machine over fake queues (counts and run results per queue), a fake lock and a fake
 * network; `log` records every effect in order.
 */
function startSync({
  counts = { earn: 0, forms: 0 } as Record<OfflineQueue, number>,
  runs = { earn: sent(counts.earn), forms: sent(counts.forms) } as Queues,
  lock = 'free' as 'free' | 'taken',
} = {}) {
  const log: string[] = [];
  let sendNetwork: ((event: EventObject) => void) | null = null;
  let lockReleases = 0;
  let grantLock = () => {};
  const load = (queue: OfflineQueue) =>
    fromPromise<QueueCount, QueueInput>(async ({ input }) => {
      log.push(`load ${queue} for ${input.userId}`);
      return { count: counts[queue] };
    });
  const process = (queue: OfflineQueue) =>
    fromPromise<QueueRunResult, QueueInput>(async ({ input }) => {
      log.push(`process ${queue} for ${input.userId}`);
      return runs[queue];
    });
  const machine = connectivitySyncMachine.provide({
    actors: {
      watchNetwork: fromCallback<EventObject>(({ sendBack }) => {
        sendNetwork = sendBack;
        return () => {};
      }),
      holdSyncLock: fromCallback<EventObject>(({ sendBack }) => {
        log.push('lock');
        // A taken lock is another tab's run: this one waits for grantLock().
        grantLock = () => sendBack({ type: 'lock.acquired' });
        if (lock === 'free') grantLock();
        return () => void lockReleases++;
      }),
      loadEarnQueue: load('earn'),
      processEarnQueue: process('earn'),
      loadFormQueue: load('forms'),
      processFormQueue: process('forms'),
    },
    actions: {
      notifyOffline: () => void log.push('toast error offline'),
      notifyOnline: () => void log.push('toast success online'),
      notifyPending: (_, { queue, count }) => void log.push(`toast info ${queue} ${count}`),
      notifySynced: (_, { queue, count }) => void log.push(`toast success ${queue} ${count}`),
      notifyFailed: (_, { queue, count, rejected, kept }) =>
        void log.push(`toast warning ${queue} ${count} (rejected ${rejected.length}, kept ${kept.length})`),
      refreshPips: () => void log.push('refreshPips'),
    },
  });
  const actor = createActor(machine).start();
  const network = (event: 'network.online' | 'network.offline') => sendNetwork?.({ type: event });
  const idle = () => waitFor(actor, (s) => s.matches({ sync: 'idle' }));
  return { actor, log, network, idle, lockReleases: () => lockReleases, grantLock: () => grantLock() };
}

describe('connectivitySync: the offline flag', () => {
  it('starts from the reported status without a toast', () => {
    const offline = startSync();
    offline.network('network.offline');
    expect(selectIsOffline(offline.actor.getSnapshot())).toBe(true);
    const online = startSync();
    online.network('network.online');
    expect(selectIsOffline(online.actor.getSnapshot())).toBe(false);
    expect([...offline.log, ...online.log]).toEqual([]);
  });

  it('going offline shows the error toast and sets the flag; back online the success toast', async () => {
    const sync = startSync();
    sync.network('network.online');
    sync.network('network.offline');
    expect(selectIsOffline(sync.actor.getSnapshot())).toBe(true);
    sync.network('network.online');
    expect(selectIsOffline(sync.actor.getSnapshot())).toBe(false);
    expect(sync.log).toEqual(['toast error offline', 'toast success online']);
  });
});

describe('connectivitySync: sending the queues', () => {
  it('back online with a verified member: online toast, then each queue announced, sent, reported', async () => {
    const sync = startSync({ counts: { earn: 2, forms: 1 } });
    sync.network('network.offline'); // the status at start: no toast
    sync.actor.send({ type: 'session.verified', userId: 7 });
    sync.network('network.online');
    expect(selectIsSyncing(sync.actor.getSnapshot())).toBe(true);
    await sync.idle();
    expect(sync.log).toEqual([
      'toast success online',
      'lock',
      'load earn for 7',
      'toast info earn 2',
      'process earn for 7',
      'refreshPips',
      'toast success earn 2',
      'load forms for 7',
      'toast info forms 1',
      'process forms for 7',
      'refreshPips',
      'toast success forms 1',
    ]);
    expect(sync.lockReleases()).toBe(1);
  });

  it('failures show a warning with the count (refused and kept together)', async () => {
    const sync = startSync({
      counts: { earn: 3, forms: 1 },
      runs: {
        earn: { succeeded: 1, rejected: [{ id: 2, code: 'ALREADY_EARNED' }], kept: [{ id: 3, code: 'NETWORK_ERROR' }] },
        forms: { succeeded: 0, rejected: [], kept: [{ id: 1, code: 'SERVER_ERROR' }] },
      },
    });
    sync.network('network.online');
    sync.actor.send({ type: 'session.verified', userId: 7 });
    await sync.idle();
    expect(sync.log.filter((line) => !line.startsWith('load') && !line.startsWith('process') && line !== 'lock')).toEqual([
      'toast info earn 3',
      'refreshPips',
      'toast success earn 1',
      'toast warning earn 2 (rejected 1, kept 1)',
      'toast info forms 1',
      'toast warning forms 1 (rejected 0, kept 1)',
    ]);
  });

  it('empty queues: nothing announced, nothing sent', async () => {
    const sync = startSync();
    sync.network('network.online');
    sync.actor.send({ type: 'session.verified', userId: 7 });
    await sync.idle();
    expect(sync.log).toEqual(['lock', 'load earn for 7', 'load forms for 7']);
  });

  it('app start: a verified member online syncs at once; offline it waits for the network', async () => {
    const online = startSync({ counts: { earn: 1, forms: 0 } });
    online.network('network.online');
    online.actor.send({ type: 'session.verified', userId: 7 });
    await online.idle();
    expect(online.log).toContain('process earn for 7');

    const offline = startSync({ counts: { earn: 1, forms: 0 } });
    offline.network('network.offline');
    offline.actor.send({ type: 'session.verified', userId: 7 });
    offline.actor.send({ type: 'sync.request' });
    expect(offline.log).toEqual([]);
    offline.network('network.online');
    await offline.idle();
    expect(offline.log).toContain('process earn for 7');
  });

  it('nobody verified: going online only toasts, and sync requests are ignored', async () => {
    const sync = startSync({ counts: { earn: 1, forms: 1 } });
    sync.network('network.offline');
    sync.network('network.online');
    sync.actor.send({ type: 'sync.request' });
    expect(sync.log).toEqual(['toast success online']);
    expect(selectIsSyncing(sync.actor.getSnapshot())).toBe(false);
  });

  it('another tab holds the lock: this tab waits for its run to end, then sends what is left', async () => {
    const sync = startSync({ counts: { earn: 2, forms: 0 }, lock: 'taken' });
    sync.network('network.online');
    sync.actor.send({ type: 'session.verified', userId: 7 });
    await new Promise((r) => setTimeout(r, 10));
    expect(sync.log).toEqual(['lock']);
    expect(selectIsSyncing(sync.actor.getSnapshot())).toBe(true);
    sync.grantLock();
    await sync.idle();
    expect(sync.log).toEqual(['lock', 'load earn for 7', 'toast info earn 2', 'process earn for 7', 'refreshPips', 'toast success earn 2', 'load forms for 7']);
    expect(sync.lockReleases()).toBe(1);
  });

  it('a sync request during a run runs once more afterwards', async () => {
    const sync = startSync({ counts: { earn: 1, forms: 0 } });
    sync.network('network.online');
    sync.actor.send({ type: 'session.verified', userId: 7 });
    sync.actor.send({ type: 'sync.request' });
    sync.actor.send({ type: 'sync.request' });
    await waitFor(sync.actor, (s) => s.matches({ sync: 'idle' }) && !s.context.syncAgain);
    expect(sync.log.filter((line) => line === 'process earn for 7')).toHaveLength(2);
    // Once more inside the same lock: letting it go and asking again could lose it to a waiting tab.
    expect(sync.log.filter((line) => line === 'lock')).toHaveLength(1);
    expect(sync.lockReleases()).toBe(1);
  });

  it('the session ending stops the run and releases the lock', async () => {
    const sync = startSync({ counts: { earn: 1, forms: 0 } });
    sync.network('network.online');
    sync.actor.send({ type: 'session.verified', userId: 7 });
    sync.actor.send({ type: 'session.ended' });
    expect(sync.actor.getSnapshot().matches({ sync: 'idle' })).toBe(true);
    expect(sync.actor.getSnapshot().context.userId).toBeNull();
    expect(sync.lockReleases()).toBe(1);
    await new Promise((r) => setTimeout(r, 10));
    expect(sync.log).not.toContain('process earn for 7');
  });

  it('going offline during a run stops it quietly; back online the queue is sent', async () => {
    const sync = startSync({ counts: { earn: 1, forms: 0 } });
    sync.network('network.online');
    sync.actor.send({ type: 'session.verified', userId: 7 });
    sync.network('network.offline');
    expect(sync.actor.getSnapshot().matches({ sync: 'idle' })).toBe(true);
    expect(sync.lockReleases()).toBe(1);
    await new Promise((r) => setTimeout(r, 10));
    expect(sync.log).toEqual(['lock', 'load earn for 7', 'toast error offline']);
    sync.network('network.online');
    await sync.idle();
    expect(sync.log.slice(3)).toEqual([
      'toast success online',
      'lock',
      'load earn for 7',
      'toast info earn 1',
      'process earn for 7',
      'refreshPips',
      'toast success earn 1',
      'load forms for 7',
    ]);
  });
});

describe('reportActions', () => {
  it('refreshes and toasts successes, warns with the count of failures', () => {
    expect(reportActions('earn', sent(0))).toEqual([]);
    expect(reportActions('forms', { succeeded: 2, rejected: [{ id: 1, code: 'NOT_FOUND' }], kept: [] })).toEqual([
      { type: 'refreshPips' },
      { type: 'notifySynced', params: { queue: 'forms', count: 2 } },
      { type: 'notifyFailed', params: { queue: 'forms', count: 1, rejected: [{ id: 1, code: 'NOT_FOUND' }], kept: [] } },
    ]);
  });
});
