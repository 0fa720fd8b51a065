import './dataTestKit';
import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, type AnyActorLogic, type EventObject } from 'xstate';
import type { Api, ApiResult } from '../../../src/api/client';
import { ConnectivitySyncProvider } from '../../../src/data/ConnectivitySyncProvider';
import { useIsOffline } from '../../../src/data/connectivity';
import { createConnectivitySyncLogic, holdLock, SYNC_LOCK_NAME, watchWindowNetwork } from '../../../src/data/connectivitySyncLogic';
import { listOfflineEarn, listOfflineForms, queueOfflineEarn, queueOfflineForm } from '../../../src/data/offlineQueues';
import { activateLocale } from '../../../src/i18n/i18n';
import { actAs, resetData } from './dataTestKit';

type Answer = ApiResult<unknown>;
const ok = (data: unknown): Answer => ({ success: true, data });
const fail = (error: string, statusCode: number): Answer => ({ success: false, error, message: error, statusCode });

/** A Web Locks stand-in: one holder per name at a time; the others wait their turn, in order. */
function fakeLocks() {
  const held = new Set<string>();
  const requests: string[] = [];
  const queues = new Map<string, Promise<void>>();
  return {
    held,
    requests,
    async request(name: string, callback: (lock: unknown) => Promise<void>) {
      requests.push(name);
      const before = queues.get(name) ?? Promise.resolve();
      let done!: () => void;
      queues.set(name, before.then(() => new Promise<void>((resolve) => (done = resolve))));
      await before;
      held.add(name);
      try {
        return await callback({ name });
      } finally {
        held.delete(name);
        done();
      }
    },
  };
}

/** The session as the provider reads it, switched by the test. */
function fakeSession(userId: number | null) {
  let state = { userId };
  const listeners = new Set<(snapshot: unknown) => void>();
  const snapshot = () => ({
    matches: (value: unknown) => state.userId !== null && JSON.stringify(value) === JSON.stringify({ loggedIn: 'verified' }),
    context: { userId: state.userId },
  });
  return {
    getSnapshot: snapshot,
    subscribe: (listener: (snapshot: unknown) => void) => {
      listeners.add(listener);
      return { unsubscribe: () => listeners.delete(listener) };
    },
    set(next: number | null) {
      state = { userId: next };
      listeners.forEach((listener) => listener(snapshot()));
    },
  } as unknown as { set(next: number | null): void } & Parameters<typeof ConnectivitySyncProvider>[0]['session'];
}

function fakeApi(answer: (name: string, input: Record<string, unknown>) => Answer) {
  const calls: string[] = [];
  const op = (name: string) => async (input: Record<string, unknown>) => {
    calls.push(`${name} ${JSON.stringify(input.pid ?? input.qrParam ?? input.qrToken ?? input.id)}`);
    return answer(name, input);
  };
  const api = { tokenize: op('tokenize'), earnQr: op('earnQr'), earn: op('earn'), answerQuestionnaire: op('answerQuestionnaire') } as unknown as Api;
  return { api, calls };
}

/** Window-like network events the test fires, and whether it says online at start. */
function fakeNetwork(startOnline: boolean) {
  const target = new EventTarget();
  return {
    network: target as unknown as Window,
    isOnline: () => startOnline,
    go: (status: 'online' | 'offline') => target.dispatchEvent(new Event(status)),
  };
}

beforeEach(async () => {
  await resetData();
  await activateLocale('en');
  actAs(7);
});
afterEach(() => cleanup());

/** Runs a callback actor under a parent that records what it sends back. */
function runChild(logic: AnyActorLogic) {
  const events: string[] = [];
  const parent = createActor(
    createMachine({ invoke: { src: logic }, on: { '*': { actions: ({ event }: { event: EventObject }) => void events.push(event.type) } } }),
  ).start();
  return { events, stop: () => parent.stop() };
}

describe('holdLock', () => {
  it("takes 'pips-offline-sync', holds it until stopped; another tab waits for it, then takes it", async () => {
    const locks = fakeLocks();
    const first = runChild(holdLock(locks));
    await waitFor(() => expect(first.events).toEqual(['lock.acquired']));
    expect(locks.held.has(SYNC_LOCK_NAME)).toBe(true);

    const second = runChild(holdLock(locks));
    await new Promise((r) => setTimeout(r, 20));
    expect(second.events).toEqual([]);

    first.stop();
    await waitFor(() => expect(second.events).toEqual(['lock.acquired']));
    second.stop();
    await waitFor(() => expect(locks.held.size).toBe(0));
    expect(locks.requests).toEqual([SYNC_LOCK_NAME, SYNC_LOCK_NAME]);
  });

  it('a tab that stopped waiting lets the lock go as soon as it gets it', async () => {
    const locks = fakeLocks();
    const first = runChild(holdLock(locks));
    await waitFor(() => expect(first.events).toEqual(['lock.acquired']));
    const second = runChild(holdLock(locks));
    second.stop();
    first.stop();
    await waitFor(() => expect(locks.held.size).toBe(0));
    expect(second.events).toEqual([]);
  });

  it('without Web Locks every tab may sync (the idempotency keys keep it safe)', async () => {
    const child = runChild(holdLock(undefined));
    await waitFor(() => expect(child.events).toEqual(['lock.acquired']));
    child.stop();
  });
});

describe('watchWindowNetwork', () => {
  it('reports the status at start, then the online/offline events, and stops listening when stopped', () => {
    const { network, go } = fakeNetwork(false);
    const child = runChild(watchWindowNetwork(network, () => false));
    go('online');
    go('offline');
    child.stop();
    go('online');
    expect(child.events).toEqual(['network.offline', 'network.online', 'network.offline']);
  });
});

describe('the connectivity sync in the app (SPEC §4 Connectivity)', () => {
  function renderSync({ api, startOnline, userId = 7 }: { api: Api; startOnline: boolean; userId?: number | null }) {
    const toasts: string[] = [];
    const refreshPips = vi.fn();
    const net = fakeNetwork(startOnline);
    const session = fakeSession(userId);
    const page = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
    const logic = createConnectivitySyncLogic({
      api,
      toast: (kind, message) => void toasts.push(`${kind}: ${message}`),
      refreshPips,
      locks: fakeLocks(),
      network: net.network,
      isOnline: net.isOnline,
      page: page as unknown as Document,
    });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <ConnectivitySyncProvider session={session} logic={logic}>
        {children}
      </ConnectivitySyncProvider>
    );
    const hook = renderHook(() => useIsOffline(), { wrapper });
    const pageShown = () => page.dispatchEvent(new Event('visibilitychange'));
    return { ...hook, toasts, refreshPips, net, session, pageShown };
  }

  it('offline: the flag and the error toast; back online: the success toast, the counts, the queues sent', async () => {
    const { api, calls } = fakeApi((name, input) => {
      if (name === 'tokenize') return ok({ token: `token-${String(input.qrParam)}` });
      if (name === 'earnQr' && String(input.qrToken).includes('USED')) return fail('ALREADY_EARNED', 409);
      return ok(name === 'answerQuestionnaire' ? { status: 'OK', pipsEarned: 10 } : { pipsEarned: 5, availablePips: 5 });
    });
    const { result, toasts, refreshPips, net } = renderSync({ api, startOnline: true });
    expect(result.current).toBe(false);

    act(() => net.go('offline'));
    expect(result.current).toBe(true);
    await act(async () => {
      await queueOfflineEarn({ metadata: { qrParam: 'GOOD-CODE-0000000' } });
      await queueOfflineEarn({ metadata: { qrParam: 'USED-CODE-0000000' } });
      await queueOfflineEarn({ eid: 4, type: 'earn' });
      await queueOfflineForm({ formId: 3, data: { colour: 'blue' } });
    });

    act(() => net.go('online'));
    expect(result.current).toBe(false);
    await waitFor(() => expect(toasts).toHaveLength(7));
    expect(toasts).toEqual([
      "error: You're offline. Scans and forms are saved and sent when you're back online.",
      "success: You're back online.",
      'info: 3 offline actions waiting to sync…',
      'success: 2 offline actions synced.',
      'warning: 1 offline action could not be synced. Some were already earned, expired or no longer available.',
      'info: 1 offline form waiting to be sent…',
      'success: 1 offline form sent.',
    ]);
    expect(calls).toEqual([
      'tokenize "GOOD-CODE-0000000"',
      'earnQr "token-GOOD-CODE-0000000"',
      'tokenize "USED-CODE-0000000"',
      'earnQr "token-USED-CODE-0000000"',
      'earn 4',
      'answerQuestionnaire 3',
    ]);
    expect(refreshPips).toHaveBeenCalledTimes(2);
    expect(await listOfflineEarn(7)).toEqual([]);
    expect(await listOfflineForms(7)).toEqual([]);
  });

  it('a network failure leaves the items queued and warns that they will be retried', async () => {
    const { api } = fakeApi(() => fail('NETWORK_ERROR', 0));
    await queueOfflineEarn({ eid: 4, type: 'earn' });
    const { toasts, refreshPips } = renderSync({ api, startOnline: true });
    await waitFor(() => expect(toasts).toHaveLength(2));
    expect(toasts).toEqual([
      'info: 1 offline action waiting to sync…',
      "warning: 1 offline action could not be synced. We'll try again when the connection is back.",
    ]);
    expect(refreshPips).not.toHaveBeenCalled();
    expect(await listOfflineEarn(7)).toHaveLength(1);
  });

  it('app start while offline: nothing is sent until the network is back', async () => {
    const { api, calls } = fakeApi(() => ok({ pipsEarned: 5, availablePips: 5 }));
    await queueOfflineEarn({ eid: 4, type: 'earn' });
    const { result, toasts, net } = renderSync({ api, startOnline: false });
    expect(result.current).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toEqual([]);
    expect(toasts).toEqual([]);
    act(() => net.go('online'));
    await waitFor(() => expect(calls).toEqual(['earn 4']));
  });

  it('sends an item queued while online (the server did not answer) at once, without an online event', async () => {
    const { api, calls } = fakeApi(() => ok({ pipsEarned: 5, availablePips: 5 }));
    const { toasts } = renderSync({ api, startOnline: true });
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toEqual([]);
    await act(() => queueOfflineEarn({ eid: 4, type: 'earn' }));
    await waitFor(() => expect(toasts).toEqual(['info: 1 offline action waiting to sync…', 'success: 1 offline action synced.']));
    expect(calls).toEqual(['earn 4']);
    expect(await listOfflineEarn(7)).toEqual([]);
  });

  it('retries what is still queued when the page is shown again', async () => {
    let answered = false;
    const { api, calls } = fakeApi(() => (answered ? ok({ pipsEarned: 5, availablePips: 5 }) : fail('NETWORK_ERROR', 0)));
    await queueOfflineEarn({ eid: 4, type: 'earn' });
    const { toasts, pageShown } = renderSync({ api, startOnline: true });
    await waitFor(() => expect(toasts).toHaveLength(2));
    answered = true;
    act(() => void pageShown());
    await waitFor(() => expect(toasts.at(-1)).toBe('success: 1 offline action synced.'));
    expect(calls).toEqual(['earn 4', 'earn 4']);
  });

  it('never sends the queue of a member another tab has signed out (the API would use the new token)', async () => {
    const { api, calls } = fakeApi(() => ok({ pipsEarned: 5, availablePips: 5 }));
    await queueOfflineEarn({ eid: 4, type: 'earn' });
    actAs(8);
    const { toasts } = renderSync({ api, startOnline: true, userId: 7 });
    await new Promise((r) => setTimeout(r, 30));
    expect(calls).toEqual([]);
    expect(toasts).toEqual([]);
    expect(await listOfflineEarn(7)).toHaveLength(1);
  });

  it('sends nothing while nobody is verified, and starts when the member is', async () => {
    const { api, calls } = fakeApi(() => ok({ pipsEarned: 5, availablePips: 5 }));
    await queueOfflineEarn({ eid: 4, type: 'earn' });
    const { session } = renderSync({ api, startOnline: true, userId: null });
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toEqual([]);
    act(() => session.set(7));
    await waitFor(() => expect(calls).toEqual(['earn 4']));
  });
});

describe('useIsOffline outside the app actors', () => {
  it('falls back to navigator.onLine', () => {
    function Probe() {
      return <span>{useIsOffline() ? 'offline' : 'online'}</span>;
    }
    render(<Probe />);
    expect(screen.getByText(navigator.onLine ? 'online' : 'offline')).toBeTruthy();
  });
});
