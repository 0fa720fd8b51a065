import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { cachedResourceMachine } from '../../machines/cachedResource.machine';
import {
  selectResourceBusy,
  selectResourceData,
  selectResourceError,
  selectResourceFromCache,
  selectResourceStatus,
} from '../../machines/cachedResource.selectors';
import type { CachedCopy, FetchRemoteOutput, ResourceScope, WriteCacheInput } from '../../machines/cachedResource.types';
import { actorStarted, actorStopped, sendAction, startRecorded } from './recording';

/** The dashboard of member 7, in Spanish. */
const scope: ResourceScope = { key: 'dashboard', userId: 7, language: 'es' };

/** A promise the test settles when it wants to. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** The machine over a fake store and a fake network the test answers call by call. */
function startResource(cache: CachedCopy) {
  const calls: string[] = [];
  const fetches: ReturnType<typeof deferred<FetchRemoteOutput>>[] = [];
  const aborted: boolean[] = [];
  const written: unknown[] = [];
  const machine = cachedResourceMachine.provide({
    actors: {
      readCache: fromPromise<CachedCopy, ResourceScope>(async () => {
        calls.push('readCache');
        return cache;
      }),
      fetchRemote: fromPromise<FetchRemoteOutput, ResourceScope>(({ signal }) => {
        calls.push('fetchRemote');
        const index = aborted.push(false) - 1;
        signal.addEventListener('abort', () => (aborted[index] = true));
        const call = deferred<FetchRemoteOutput>();
        fetches.push(call);
        return call.promise;
      }),
      writeCache: fromPromise<void, WriteCacheInput>(async ({ input }) => {
        calls.push('writeCache');
        written.push(input.data);
      }),
    },
  });
  const actor = createActor(machine, { input: scope }).start();
  const view = () => {
    const s = actor.getSnapshot();
    return {
      status: selectResourceStatus(s),
      data: selectResourceData(s),
      fromCache: selectResourceFromCache(s),
      error: selectResourceError(s),
      busy: selectResourceBusy(s),
    };
  };
  /** Answers the latest fetch (waiting for one when none was made yet), or fetch `index`. */
  const answer = async (output: FetchRemoteOutput, index?: number) => {
    await waitFor(actor, () => fetches.length > (index ?? 0));
    fetches[index ?? fetches.length - 1].resolve(output);
  };
  return { actor, calls, fetches, aborted, written, view, answer };
}

describe('cachedResource: nothing cached', () => {
  it('reads the cache, shows loading, then succeeds with the network data and stores it', async () => {
    const r = startResource(null);
    expect(r.view().status).toBe('idle');
    await waitFor(r.actor, (s) => s.hasTag('loading'));
    expect(r.view()).toMatchObject({ status: 'loading', data: undefined, busy: true });
    await r.answer({ ok: true, data: ['fresh'] });
    await waitFor(r.actor, (s) => s.matches('succeeded'));
    expect(r.view()).toEqual({ status: 'succeeded', data: ['fresh'], fromCache: false, error: null, busy: false });
    expect(r.written).toEqual([['fresh']]);
    expect(r.calls).toEqual(['fetchRemote', 'readCache', 'writeCache']);
  });

  it('fails with the error code when the network fails, and loads again on reload', async () => {
    const r = startResource(null);
    await r.answer({ ok: false, code: 'NETWORK_ERROR' });
    await waitFor(r.actor, (s) => s.matches('failed'));
    expect(r.view()).toMatchObject({ status: 'failed', data: undefined, error: 'NETWORK_ERROR' });
    expect(r.written).toEqual([]);

    r.actor.send({ type: 'resource.reload' });
    expect(r.view().status).toBe('loading');
    await r.answer({ ok: true, data: ['fresh'] });
    await waitFor(r.actor, (s) => s.matches('succeeded'));
    expect(r.view()).toMatchObject({ status: 'succeeded', data: ['fresh'], error: null });
  });

  it('treats an unreadable cache as an empty one', async () => {
    const machine = cachedResourceMachine.provide({
      actors: {
        readCache: fromPromise<CachedCopy, ResourceScope>(async () => {
          throw new Error('no IndexedDB');
        }),
        fetchRemote: fromPromise<FetchRemoteOutput, ResourceScope>(async () => ({ ok: true, data: 1 })),
      },
    });
    const actor = createActor(machine, { input: scope }).start();
    const done = await waitFor(actor, (s) => s.matches('succeeded'));
    expect(done.context.data).toBe(1);
  });

  it('a throwing fetch fails with UNKNOWN_ERROR', async () => {
    const machine = cachedResourceMachine.provide({
      actors: {
        fetchRemote: fromPromise<FetchRemoteOutput, ResourceScope>(async () => {
          throw new Error('bug');
        }),
      },
    });
    const actor = createActor(machine, { input: scope }).start();
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.errorCode).toBe('UNKNOWN_ERROR');
  });
});

describe('cachedResource: something cached', () => {
  it('shows the cached copy as succeeded at once, then replaces it with the network data', async () => {
    const r = startResource({ data: ['cached'] });
    await waitFor(r.actor, (s) => s.hasTag('refreshing'));
    expect(r.view()).toEqual({ status: 'succeeded', data: ['cached'], fromCache: true, error: null, busy: true });
    await r.answer({ ok: true, data: ['fresh'] });
    await waitFor(r.actor, (s) => s.matches('succeeded'));
    expect(r.view()).toMatchObject({ status: 'succeeded', data: ['fresh'], fromCache: false });
  });

  it('keeps the cached copy when the network fails, with the error code', async () => {
    const r = startResource({ data: ['cached'] });
    await r.answer({ ok: false, code: 'NETWORK_ERROR' });
    await waitFor(r.actor, (s) => s.matches('succeeded'));
    expect(r.view()).toEqual({ status: 'succeeded', data: ['cached'], fromCache: true, error: 'NETWORK_ERROR', busy: false });
    expect(r.written).toEqual([]);
  });
});

describe('cachedResource: the store and the network at once', () => {
  it('asks the network while the store is read: an answer that comes first wins and the read is dropped', () => {
    const load = startRecorded(cachedResourceMachine, { input: scope });
    load.resolve('fetchRemote', { ok: true, data: ['fresh'] });
    expect(load.log.take()).toEqual([
      actorStarted('fetchRemote', scope),
      actorStarted('readCache', scope),
      // The resources hear what the view shows (they follow the dashboard's pips earned).
      sendAction('reportShown', 'resources', { type: 'resource.shown', scope, data: ['fresh'] }),
      actorStopped('readCache'),
      actorStarted('writeCache', { ...scope, data: ['fresh'] }),
    ]);
    expect(selectResourceData(load.actor.getSnapshot())).toEqual(['fresh']);
    load.stop();
  });

  it('a network failure during the read waits for the store: its copy is shown with the error code', () => {
    const load = startRecorded(cachedResourceMachine, { input: scope });
    load.resolve('fetchRemote', { ok: false, code: 'OFFLINE' });
    expect(selectResourceStatus(load.actor.getSnapshot())).toBe('idle');
    load.resolve('readCache', { data: ['cached'] });
    const s = load.actor.getSnapshot();
    expect([selectResourceStatus(s), selectResourceData(s), selectResourceFromCache(s), selectResourceError(s)]).toEqual([
      'succeeded',
      ['cached'],
      true,
      'OFFLINE',
    ]);
    load.stop();
  });

  it('a network failure during the read fails once the store turns out empty', () => {
    const load = startRecorded(cachedResourceMachine, { input: scope });
    load.resolve('fetchRemote', { ok: false, code: 'OFFLINE' });
    load.resolve('readCache', null);
    expect(selectResourceStatus(load.actor.getSnapshot())).toBe('failed');
    expect(selectResourceError(load.actor.getSnapshot())).toBe('OFFLINE');
    load.stop();
  });
});

describe('cachedResource: open and reload', () => {
  it('ignores open while a load is under way, and refreshes on open once settled', async () => {
    const r = startResource(null);
    await waitFor(r.actor, (s) => s.hasTag('loading'));
    r.actor.send({ type: 'resource.open' });
    expect(r.fetches).toHaveLength(1);
    await r.answer({ ok: true, data: [1] });
    await waitFor(r.actor, (s) => s.matches('succeeded'));

    r.actor.send({ type: 'resource.open' });
    expect(r.view()).toMatchObject({ status: 'succeeded', data: [1], busy: true });
    await r.answer({ ok: true, data: [2] });
    await waitFor(r.actor, (s) => s.matches('succeeded'));
    expect(r.view().data).toEqual([2]);
    expect(r.written).toEqual([[1], [2]]);
  });

  it('reload during a fetch aborts it and asks again (data changed on the server)', async () => {
    const r = startResource({ data: ['cached'] });
    await waitFor(r.actor, () => r.fetches.length === 1);
    r.actor.send({ type: 'resource.reload' });
    expect(r.fetches).toHaveLength(2);
    expect(r.aborted).toEqual([true, false]);
    r.fetches[0].resolve({ ok: true, data: ['stale'] });
    await r.answer({ ok: true, data: ['after earn'] }, 1);
    await waitFor(r.actor, (s) => s.matches('succeeded'));
    expect(r.view().data).toEqual(['after earn']);
    expect(r.written).toEqual([['after earn']]);
  });
});

describe('cachedResource: the scope', () => {
  it('reads, fetches and stores for its own member and language, and aborts a call a reload replaces', () => {
    const load = startRecorded(cachedResourceMachine, { input: scope });
    load.resolve('readCache', null);
    load.send({ type: 'resource.reload' });
    load.resolve('fetchRemote', { ok: true, data: ['fresh'] });
    load.resolve('writeCache');
    expect(load.log.take()).toEqual([
      actorStarted('fetchRemote', scope),
      actorStarted('readCache', scope),
      actorStopped('fetchRemote'),
      actorStarted('fetchRemote', scope),
      sendAction('reportShown', 'resources', { type: 'resource.shown', scope, data: ['fresh'] }),
      actorStarted('writeCache', { ...scope, data: ['fresh'] }),
    ]);
    load.stop();
  });
});
