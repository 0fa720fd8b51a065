// Loads fake-indexeddb before Dexie is imported.
import { fakeNetwork, MEMBER, resetData, signIn, startApp, storedCredentials, waitForMember } from '../data/dataTestKit';
import { toastString, type ToastText } from '../../../src/actors/toast';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, createMachine, waitFor as waitForActor, type AnyActorLogic, type EventObject } from 'xstate';
import { selectIsSyncing } from '../../../machines/connectivitySync.selectors';
import { createAppLogic } from '../../../src/actors/appLogic';
import { holdLock, SYNC_LOCK_NAME, watchWindowNetwork } from '../../../src/actors/connectivitySync';
import { useIsOffline, usePendingQueues, useResource } from '../../../src/actors/hooks';
import { db } from '../../../src/data/databases';
import { listOfflineEarn, listOfflineForms, queueOfflineEarn, queueOfflineForm } from '../../../src/data/offlineQueues';
import { fakeFetch, noAnswer, requests, type SentRequest } from '../screens/fakeFetch';
import { appContext } from '../screens/renderApp';

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

/** Runs a callback actor under a parent that records what it sends back. */
function runChild(logic: AnyActorLogic) {
  const events: string[] = [];
  const parent = createActor(
    createMachine({ invoke: { src: logic }, on: { '*': { actions: ({ event }: { event: EventObject }) => void events.push(event.type) } } }),
  ).start();
  return { events, stop: () => parent.stop() };
}

afterEach(resetData);

describe('holdLock', () => {
  it("takes 'pips-offline-sync', holds it until stopped; another tab waits for it, then takes it", async () => {
    const locks = fakeLocks();
    const first = runChild(holdLock(locks));
    await waitFor(() => expect(first.events).toEqual(['lock.acquired']));
    expect(locks.held.has(SYNC_LOCK_NAME)).toBe(true);

    // The second tab asked for the lock at once; it gets it only when the first lets it go.
    const second = runChild(holdLock(locks));
    expect(locks.requests).toEqual([SYNC_LOCK_NAME, SYNC_LOCK_NAME]);
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
    const { deps, go } = fakeNetwork(false);
    const child = runChild(watchWindowNetwork(deps.network, deps.isOnline, deps.page));
    go('online');
    go('offline');
    child.stop();
    go('online');
    expect(child.events).toEqual(['network.offline', 'network.online', 'network.offline']);
  });

  it('asks for a sync when the page is shown again', () => {
    const { deps, show } = fakeNetwork(true);
    const child = runChild(watchWindowNetwork(deps.network, deps.isOnline, deps.page));
    show();
    child.stop();
    show();
    expect(child.events).toEqual(['network.online', 'sync.request']);
  });
});

const link = (code: string) => `https://pips.example.org/earn?qr=${code}`;
const earnCalls = (sent: SentRequest[]) => requests(sent, 'POST', '/mobile/earn/qr/post');

/** The server: every code is good, unless `tokenize` says otherwise. */
function serve(tokenize: () => { data: unknown } = () => ({ data: { token: 'qr-token' } })) {
  return fakeFetch({
    'POST /api/tokenize': tokenize,
    'POST /mobile/earn/qr/post': { data: { title: 'Poster', pipsEarned: 5, availablePips: 5 } },
    'POST /web/questionnaires/3/answers': { data: { status: 'OK', pipsEarned: 10 } },
    'POST /mobile/login': { data: { authToken: storedCredentials().authToken, refreshToken: 'r', userId: MEMBER, isVerified: true, status: 'OK' } },
  });
}

/** The app system with the test's network, locks and toasts. */
function syncDeps(startOnline: boolean, locks?: ReturnType<typeof fakeLocks>) {
  const net = fakeNetwork(startOnline);
  const toasts: string[] = [];
  /** The toast ids, in order: one id is one toast on screen, changed in place. */
  const toastIds: Array<string | undefined> = [];
  const toast = (kind: string, message: ToastText, options?: { id?: string }) => {
    toasts.push(`${kind}: ${toastString(message)}`);
    toastIds.push(options?.id);
  };
  const connectivity = { ...net.deps, locks, toast };
  return { net, toasts, toastIds, connectivity };
}

const syncOf = (app: ReturnType<typeof startApp>) => app.system.get('connectivitySync')!;
const runEnded = (app: ReturnType<typeof startApp>) => waitForActor(syncOf(app), (s) => s.matches({ sync: { signedIn: 'idle' } }));

describe('the connectivity sync in the app system', () => {
  it('offline: the flag and the error toast; back online: the success toast, the counts, the queues sent', async () => {
    signIn();
    const sent = serve();
    const { net, toasts, toastIds, connectivity } = syncDeps(true);
    const app = appContext(createAppLogic({ connectivity }));
    const { result } = renderHook(() => useIsOffline(), { wrapper: app.wrapper });
    expect(result.current).toBe(false);
    await waitFor(() => expect(app.root().getSnapshot().context.member).toBe(MEMBER));

    act(() => net.go('offline'));
    expect(result.current).toBe(true);
    await queueOfflineEarn({ userId: MEMBER, metadata: { qrParam: link('GOODCODE00000000') } });
    await queueOfflineEarn({ userId: MEMBER, metadata: { qrParam: link('OTHERCODE0000000') } });
    await queueOfflineForm({ userId: MEMBER, formId: 3, data: { colour: 'blue' } });

    act(() => net.go('online'));
    expect(result.current).toBe(false);
    await waitFor(() => expect(toasts).toHaveLength(9));
    expect(toasts).toEqual([
      "error: You're offline. Scans and forms are saved and sent when you're back online.",
      "success: You're back online.",
      'info: 2 offline actions waiting to sync…',
      'info: 1 of 2 offline actions sent…',
      'info: 2 of 2 offline actions sent…',
      'success: 2 offline actions synced.',
      'info: 1 offline form waiting to be sent…',
      'info: 1 of 1 offline form sent…',
      'success: 1 offline form sent.',
    ]);
    // 'Offline' turns into 'back online' in place: one toast for the connection, never both at once;
    // each queue's 'waiting', its count and 'synced' are one toast changed in place.
    expect(toastIds).toEqual([
      'connectivity',
      'connectivity',
      ...Array(4).fill('sync-earn'),
      ...Array(3).fill('sync-forms'),
    ]);
    expect(earnCalls(sent)).toHaveLength(2);
    expect(await listOfflineEarn(MEMBER)).toEqual([]);
    expect(await listOfflineForms(MEMBER)).toEqual([]);
  });

  it('app start while offline: nothing is sent until the network is back', async () => {
    signIn();
    await queueOfflineEarn({ userId: MEMBER, metadata: { qrParam: link('GOODCODE00000000') } });
    const sent = serve();
    const locks = fakeLocks();
    const { net, toasts, connectivity } = syncDeps(false, locks);
    const app = startApp({ connectivity });
    await waitForMember(app, MEMBER);

    // Signed in and offline: the sync waits without taking the lock.
    expect(syncOf(app).getSnapshot().matches({ network: 'offline', sync: { signedIn: 'idle' } })).toBe(true);
    expect(locks.requests).toEqual([]);

    net.go('online');
    await runEnded(app);
    expect(earnCalls(sent)).toHaveLength(1);
    expect(locks.requests).toEqual([SYNC_LOCK_NAME]);
    expect(toasts.at(-1)).toBe('success: 1 offline action synced.');
  });

  it('sends a scan queued while online (the server did not answer) as soon as the server answers, under its key', async () => {
    signIn();
    let answering = false;
    const sent = serve(() => (answering ? { data: { token: 'qr-token' } } : noAnswer()));
    const { toasts, connectivity } = syncDeps(true);
    const app = startApp({ connectivity });
    await waitForMember(app, MEMBER);
    await runEnded(app);

    // A live scan whose tokenize got no answer: queued, and the sync is asked to send it.
    app.system.get('earnScanner')!.send({ type: 'link.opened', text: link('LIVECODE00000000') });
    await waitFor(() => expect(toasts).toContain("warning: 1 offline action could not be synced. We'll try again when the connection is back."));
    const [queued] = await listOfflineEarn(MEMBER);
    expect(queued.metadata.qrParam).toBe(link('LIVECODE00000000'));

    answering = true;
    app.system.get('connectivitySync')!.send({ type: 'sync.request' });
    await waitFor(() => expect(toasts.at(-1)).toBe('success: 1 offline action synced.'));
    expect(earnCalls(sent).map((r) => r.query.idempotencyKey)).toEqual([queued.idempotencyKey]);
    expect(await listOfflineEarn(MEMBER)).toEqual([]);
  });

  it('retries what is still queued when the page is shown again', async () => {
    signIn();
    let answering = false;
    await queueOfflineEarn({ userId: MEMBER, metadata: { qrParam: link('GOODCODE00000000') } });
    const sent = serve(() => (answering ? { data: { token: 'qr-token' } } : noAnswer()));
    const { net, toasts, toastIds, connectivity } = syncDeps(true);
    const app = startApp({ connectivity });
    await waitFor(() => expect(toasts).toHaveLength(2));
    expect(toasts.at(-1)).toBe("warning: 1 offline action could not be synced. We'll try again when the connection is back.");
    // One toast that changes from 'waiting' to 'could not be synced', not a second one.
    expect(toastIds).toEqual(['sync-earn', 'sync-earn']);

    answering = true;
    net.show();
    await waitFor(() => expect(toasts.at(-1)).toBe('success: 1 offline action synced.'));
    expect(requests(sent, 'POST', '/api/tokenize')).toHaveLength(2);
    await runEnded(app);
  });

  it("never sends the queue of a member another tab has signed out: it follows the session to the new member's queue", async () => {
    signIn(7);
    await queueOfflineEarn({ userId: 7, metadata: { qrParam: link('CODEOFSEVEN00000') } });
    await queueOfflineEarn({ userId: 8, metadata: { qrParam: link('CODEOFEIGHT00000') } });
    const sent = serve();
    const { net, connectivity } = syncDeps(false);
    const app = startApp({ connectivity });
    await waitForMember(app, 7);

    // Another tab signs member 8 in (shared storage): this tab's session follows.
    signIn(8);
    window.dispatchEvent(new StorageEvent('storage', { key: 'authToken' }));
    await waitForMember(app, 8);
    expect(syncOf(app).getSnapshot().context.userId).toBe(8);

    net.go('online');
    await runEnded(app);
    expect(requests(sent, 'POST', '/api/tokenize').map((r) => r.form.qrParam)).toEqual([link('CODEOFEIGHT00000')]);
    expect(earnCalls(sent).map((r) => r.headers.authorization)).toEqual([storedCredentials(8).authToken]);
    expect(await listOfflineEarn(7)).toHaveLength(1);
  });

  it('sends nothing while nobody is verified, and starts when the member logs in', async () => {
    await queueOfflineEarn({ userId: MEMBER, metadata: { qrParam: link('GOODCODE00000000') } });
    const sent = serve();
    const { connectivity } = syncDeps(true);
    const app = startApp({ connectivity });
    await waitForActor(app.system.get('session')!, (s) => s.matches('loggedOut'));
    expect(syncOf(app).getSnapshot().matches({ sync: 'signedOut' })).toBe(true);

    app.system.get('session')!.send({ type: 'user.login', email: 'member7@example.org', pwd: 'Secret-123!', rememberMe: true });
    await waitForMember(app, MEMBER);
    await waitForActor(syncOf(app), (s) => selectIsSyncing(s));
    await runEnded(app);
    expect(earnCalls(sent)).toHaveLength(1);
    expect(sent.findIndex((r) => r.path === '/mobile/login')).toBeLessThan(sent.findIndex((r) => r.path === '/api/tokenize'));
  });

  it('one tab at a time: a second tab waits for the first run and finds nothing left to send', async () => {
    signIn();
    await queueOfflineEarn({ userId: MEMBER, metadata: { qrParam: link('GOODCODE00000000') } });
    const sent = serve();
    const locks = fakeLocks();
    const first = startApp({ connectivity: syncDeps(true, locks).connectivity });
    const second = startApp({ connectivity: syncDeps(true, locks).connectivity });
    await Promise.all([waitForMember(first, MEMBER), waitForMember(second, MEMBER)]);

    await Promise.all([runEnded(first), runEnded(second)]);
    expect(locks.requests).toEqual([SYNC_LOCK_NAME, SYNC_LOCK_NAME]);
    expect(earnCalls(sent)).toHaveLength(1);
    expect(await listOfflineEarn(MEMBER)).toEqual([]);
  });
});

describe('usePendingQueues (watchQueues on the Dexie queues)', () => {
  it("lists the member's queued items, oldest first, follows additions and removals, and never another member's", async () => {
    signIn();
    fakeFetch({});
    const { connectivity } = syncDeps(false);
    const app = appContext(createAppLogic({ connectivity }));
    const { result } = renderHook(() => usePendingQueues(), { wrapper: app.wrapper });
    expect(result.current).toEqual({ earn: [], forms: [] });

    await queueOfflineEarn({ userId: MEMBER, metadata: { qrParam: link('FIRSTCODE0000000'), title: 'Poster' } });
    await queueOfflineEarn({ userId: MEMBER, metadata: { qrParam: link('SECONDCODE000000') } });
    await queueOfflineEarn({ userId: 8, metadata: { qrParam: link('CODEOFEIGHT00000'), title: 'Not mine' } });
    await queueOfflineForm({ userId: MEMBER, formId: 3, data: { a: 1 }, title: 'Survey' });

    await waitFor(() => expect(result.current.earn.map((item) => item.title)).toEqual(['Poster', null]));
    await waitFor(() => expect(result.current.forms.map((item) => [item.formId, item.title])).toEqual([[3, 'Survey']]));
    expect(result.current.earn.every((item) => item.timestamp > 0)).toBe(true);

    const [first] = await listOfflineEarn(MEMBER);
    await db().offlineEarn.actions.delete(first.id);
    await waitFor(() => expect(result.current.earn.map((item) => item.title)).toEqual([null]));
  });

  it('a form leaving the queue (sent in another tab) fetches the forms list again', async () => {
    signIn();
    await queueOfflineForm({ userId: MEMBER, formId: 3, data: { a: 1 }, title: 'Survey' });
    const sent = fakeFetch({ 'GET /web/questionnaires': { data: { questionnaires: [] } } });
    const { connectivity } = syncDeps(false);
    const app = appContext(createAppLogic({ connectivity }));
    const { result } = renderHook(() => [usePendingQueues(), useResource('forms')] as const, { wrapper: app.wrapper });
    await waitFor(() => expect(result.current[0].forms).toHaveLength(1));
    await waitFor(() => expect(result.current[1].status).toBe('succeeded'));
    const loads = requests(sent, 'GET', '/web/questionnaires').length;

    await db().offlineForms.submissions.clear();

    await waitFor(() => expect(result.current[0].forms).toEqual([]));
    await waitFor(() => expect(requests(sent, 'GET', '/web/questionnaires')).toHaveLength(loads + 1));
  });
});

