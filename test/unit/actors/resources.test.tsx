// Loads fake-indexeddb before Dexie is imported.
import { MEMBER, resetData, signIn, storedCredentials } from '../data/dataTestKit';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { resourcesMachine } from '../../../machines/resources.machine';
import type { Dashboard, Promo, Transaction } from '../../../src/api/client';
import { useResource } from '../../../src/actors/hooks';
import { readCachedResource, readCachedTransaction, writeCachedResource, writeCachedTransaction } from '../../../src/data/resourceCache';
import { activateLocale } from '../../../src/i18n/i18n';
import { fakeFetch, noAnswer, requests, type Answer } from '../screens/fakeFetch';
import { appContext } from '../screens/renderApp';

const promo = (id: number, title: string): Promo => ({ id, type: 'EARN', title, pips: 5 });
const dashboard = (availablePips: number): Dashboard => ({ availablePips, totalEarnedPips: availablePips, totalUsedPips: 0, actions: [] });
const en = { userId: MEMBER, language: 'en' };

/** A hook (or several) rendered in a running app system; `root()` is the app's root actor. */
function inApp<T>(hook: () => T) {
  const app = appContext();
  const view = renderHook(hook, { wrapper: app.wrapper });
  return { ...view, root: app.root };
}

/** An answer the test gives later. */
function held() {
  let answer!: (reply: { data: unknown }) => void;
  const reply = new Promise<{ data: unknown }>((resolve) => (answer = resolve));
  return { route: (() => reply) as Answer, reply, answer: (data: unknown) => answer({ data }) };
}

afterEach(resetData);

describe('useResource and the resources binding (the stored copy first, then the network)', () => {
  it('nothing stored: loading, then the network data, stored for the member and language', async () => {
    signIn();
    const sent = fakeFetch({ 'GET /mobile/promos/get': { data: { promos: [promo(1, 'Share a post')] } } });
    const { result } = inApp(() => useResource('earnPromos'));
    expect(['idle', 'loading']).toContain(result.current.status);
    expect(result.current.data).toBeUndefined();

    await waitFor(() => expect(result.current.status).toBe('succeeded'));
    expect(result.current).toMatchObject({ data: [promo(1, 'Share a post')], fromCache: false, error: undefined });
    expect(requests(sent, 'GET', '/mobile/promos/get').map((r) => [r.query, r.headers.authorization])).toEqual([
      [{ type: 'EARN' }, storedCredentials().authToken],
    ]);
    await waitFor(async () => expect(await readCachedResource('earnPromos', en)).toEqual({ data: [promo(1, 'Share a post')] }));
  });

  it('something stored: shown at once (from cache), then replaced by the network data', async () => {
    signIn();
    await writeCachedResource('dashboard', en, dashboard(10));
    const later = held();
    fakeFetch({ 'GET /mobile/dashboard': later.route });
    const { result } = inApp(() => useResource('dashboard'));

    await waitFor(() => expect(result.current.status).toBe('succeeded'));
    expect(result.current).toMatchObject({ data: dashboard(10), fromCache: true });
    act(() => later.answer(dashboard(15)));
    await waitFor(() => expect(result.current.data).toEqual(dashboard(15)));
    expect(result.current.fromCache).toBe(false);
  });

  it('the network fails with a copy stored: the copy stays, with the error code', async () => {
    signIn();
    await writeCachedResource('giftCards', en, [{ transactionId: 1, name: 'Coffee', pips: 100, date: '2026-01-01T00:00:00Z' }]);
    fakeFetch({ 'GET /mobile/dashboard/giftcards': noAnswer });
    const { result } = inApp(() => useResource('giftCards'));

    await waitFor(() => expect(result.current.error).toBe('NETWORK_ERROR'));
    expect(result.current).toMatchObject({ status: 'succeeded', fromCache: true });
    expect(result.current.data).toHaveLength(1);
  });

  it('the network fails with nothing stored: failed, and reload tries again', async () => {
    signIn();
    let down = true;
    fakeFetch({
      'GET /web/questionnaires': () =>
        down ? noAnswer() : { data: { questionnaires: [{ id: 3, title: 'Survey', pipsToEarn: 10, answered: false, payload: '{}' }] } },
    });
    const { result } = inApp(() => useResource('forms'));
    await waitFor(() => expect(result.current.status).toBe('failed'));
    expect(result.current.error).toBe('NETWORK_ERROR');

    down = false;
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.status).toBe('succeeded'));
    expect(result.current.data?.[0].title).toBe('Survey');
  });

  it('asks for the list sizes', async () => {
    signIn();
    const sent = fakeFetch({
      'GET /mobile/dashboard/actions': { data: { actions: [], page: 1, size: 1000, total: 0 } },
      'GET /mobile/dashboard/giftcards': { data: { giftcards: [], page: 1, size: 200, total: 0 } },
      'GET /web/questionnaires': { data: { questionnaires: [] } },
    });
    const { result } = inApp(() => [useResource('activity'), useResource('giftCards'), useResource('forms')]);
    await waitFor(() => expect(result.current.map((view) => view.status)).toEqual(['succeeded', 'succeeded', 'succeeded']));
    expect(sent.filter((r) => r.query.size).map((r) => [r.path, r.query])).toEqual(
      expect.arrayContaining([
        ['/mobile/dashboard/actions', { page: '1', size: '1000' }],
        ['/mobile/dashboard/giftcards', { page: '1', size: '200' }],
        ['/web/questionnaires', { page: '1', size: '50' }],
      ]),
    );
  });

  it('views of the same key share one load; a view opened later refreshes it', async () => {
    signIn();
    const sent = fakeFetch({ 'GET /mobile/promos/get': { data: { promos: [] } } });
    const app = appContext();
    const first = renderHook(() => useResource('redeemPromos'), { wrapper: app.wrapper });
    await waitFor(() => expect(first.result.current.status).toBe('succeeded'));
    expect(requests(sent, 'GET', '/mobile/promos/get')).toHaveLength(1);

    // Two views in one render open it together: one load, refreshed once.
    const both = renderHook(() => [useResource('redeemPromos'), useResource('redeemPromos')], { wrapper: app.wrapper });
    await waitFor(() => expect(requests(sent, 'GET', '/mobile/promos/get').length).toBeGreaterThan(1));
    await waitFor(() => expect(both.result.current.map((view) => view.status)).toEqual(['succeeded', 'succeeded']));
    expect(both.result.current[0].data).toBe(both.result.current[1].data);
  });

  it('loads one reward detail and keeps it for offline use', async () => {
    signIn();
    const detail: Transaction = { transactionId: 4, name: 'Coffee card', pips: 100, date: '2026-01-01T00:00:00Z', code: 'CODE-1', url: null, terms: 'Terms' };
    let up = true;
    const sent = fakeFetch({ 'POST /mobile/transaction': ({ form }) => (up ? { data: { ...detail, transactionId: Number(form.id) } } : noAnswer()) });
    const first = inApp(() => useResource('transaction', 4));
    await waitFor(() => expect(first.result.current.data).toEqual(detail));
    expect(requests(sent, 'POST', '/mobile/transaction').map((r) => r.form)).toEqual([{ id: '4' }]);
    await waitFor(async () => expect(await readCachedTransaction(4, en)).toEqual({ data: detail }));
    first.unmount();

    up = false;
    const second = inApp(() => useResource('transaction', 4));
    await waitFor(() => expect(second.result.current.error).toBe('NETWORK_ERROR'));
    expect(second.result.current).toMatchObject({ status: 'succeeded', fromCache: true, data: detail });
  });
});

describe('per member and per language', () => {
  it('keeps one copy per language: switching the language loads that language (its copy first)', async () => {
    signIn();
    let language = 'en';
    const sent = fakeFetch({
      'GET /mobile/promos/get': ({ headers }) => {
        language = headers['accept-language'];
        return language === 'en' ? { data: { promos: [promo(1, 'Share a post')] } } : noAnswer();
      },
    });
    const { result } = inApp(() => useResource('earnPromos'));
    await waitFor(() => expect(result.current.data).toEqual([promo(1, 'Share a post')]));

    await writeCachedResource('earnPromos', { userId: MEMBER, language: 'es' }, [promo(1, 'Comparte una publicación')]);
    await act(() => activateLocale('es'));

    await waitFor(() => expect(result.current.data).toEqual([promo(1, 'Comparte una publicación')]));
    expect(result.current).toMatchObject({ fromCache: true, error: 'NETWORK_ERROR' });
    expect(requests(sent, 'GET', '/mobile/promos/get').map((r) => r.headers['accept-language'])).toEqual(['en', 'es']);
  });

  it('a switch to a language with no copy, online: loading until the network answers, never the old language', async () => {
    signIn();
    const spanish = held();
    fakeFetch({
      'GET /mobile/promos/get': ({ headers }) => (headers['accept-language'] === 'en' ? { data: { promos: [promo(1, 'Share a post')] } } : spanish.reply),
    });
    const { result } = inApp(() => useResource('earnPromos'));
    await waitFor(() => expect(result.current.data).toEqual([promo(1, 'Share a post')]));
    await waitFor(async () => expect(await readCachedResource('earnPromos', en)).not.toBeNull());

    await act(() => activateLocale('es'));
    await waitFor(() => expect(result.current.status).toBe('loading'));
    expect(result.current.data).toBeUndefined();
    act(() => spanish.answer({ promos: [promo(1, 'Comparte una publicación')] }));
    await waitFor(() => expect(result.current.data).toEqual([promo(1, 'Comparte una publicación')]));
    expect(result.current.fromCache).toBe(false);
  });

  it('a switch to a language with no copy, offline: the copy saved in the other language, from cache, with the error', async () => {
    signIn();
    await writeCachedResource('earnPromos', en, [promo(1, 'Share a post')]);
    fakeFetch({ 'GET /mobile/promos/get': noAnswer });
    await act(() => activateLocale('es'));
    const { result } = inApp(() => useResource('earnPromos'));

    await waitFor(() => expect(result.current.status).toBe('succeeded'));
    expect(result.current).toMatchObject({ data: [promo(1, 'Share a post')], fromCache: true, error: 'NETWORK_ERROR' });
    // the store says which copies are in another language; the newest wins
    const es = { userId: MEMBER, language: 'es' };
    expect(await readCachedResource('earnPromos', es)).toEqual({ data: [promo(1, 'Share a post')], savedIn: 'en' });
    expect(await readCachedResource('earnPromos', { userId: 8, language: 'es' })).toBeNull();
    await writeCachedResource('earnPromos', { userId: MEMBER, language: 'fr' }, [promo(2, 'Partager')]);
    expect(await readCachedResource('earnPromos', es)).toEqual({ data: [promo(2, 'Partager')], savedIn: 'fr' });
    await writeCachedResource('earnPromos', es, [promo(1, 'Comparte una publicación')]);
    expect(await readCachedResource('earnPromos', es)).toEqual({ data: [promo(1, 'Comparte una publicación')] });
    const detail: Transaction = { transactionId: 4, name: 'Coffee card', pips: 100, date: '2026-01-01T00:00:00Z', code: 'CODE-1', url: null, terms: 'Terms' };
    await writeCachedTransaction(en, detail);
    expect(await readCachedTransaction(4, es)).toEqual({ data: detail, savedIn: 'en' });
    expect(await readCachedTransaction(5, es)).toBeNull();
  });

  it("keeps one copy per member: another member never sees the first one's data", async () => {
    await writeCachedResource('giftCards', en, [{ transactionId: 1, name: 'Ada’s card', pips: 100, date: '2026-01-01T00:00:00Z' }]);
    signIn(8);
    fakeFetch({ 'GET /mobile/dashboard/giftcards': noAnswer });
    const { result } = inApp(() => useResource('giftCards'));
    await waitFor(() => expect(result.current.status).toBe('failed'));
    expect(result.current.data).toBeUndefined();
  });

  it('another member signing in (in another tab) loads the open views again for them', async () => {
    signIn(7);
    const sent = fakeFetch({
      'GET /mobile/dashboard': ({ headers }) => ({ data: dashboard(headers.authorization === storedCredentials(8).authToken ? 800 : 700) }),
    });
    const { result } = inApp(() => useResource('dashboard'));
    await waitFor(() => expect(result.current.data).toEqual(dashboard(700)));

    signIn(8);
    act(() => void window.dispatchEvent(new StorageEvent('storage', { key: 'authToken' })));

    await waitFor(() => expect(result.current.data).toEqual(dashboard(800)));
    expect(requests(sent, 'GET', '/mobile/dashboard').at(-1)?.headers.authorization).toBe(storedCredentials(8).authToken);
    await waitFor(async () => expect(await readCachedResource('dashboard', { userId: 8, language: 'en' })).toEqual({ data: dashboard(800) }));
  });

  it('logging out stops the member loads: an answer still on its way is not shown or stored', async () => {
    signIn(7);
    const later = held();
    fakeFetch({ 'GET /mobile/dashboard': later.route });
    const { result, root } = inApp(() => useResource('dashboard'));
    await waitFor(() => expect(result.current.status).toBe('loading'));

    act(() => root().system.get('session')!.send({ type: 'user.logout' }));
    await waitFor(() => expect(root().getSnapshot().context.member).toBeNull());
    act(() => later.answer(dashboard(5)));

    await waitFor(() => expect(localStorage.getItem('authToken')).toBeNull());
    expect(result.current).toMatchObject({ status: 'idle', data: undefined });
    expect(root().system.get('resources')!.getSnapshot().children).toEqual({});
    expect(await readCachedResource('dashboard', en)).toBeNull();
  });

  it('nobody signed in: member data is never fetched (no load runs), public data is', async () => {
    const sent = fakeFetch({
      'GET /manifest.webmanifest': { data: null },
    });
    const { result, root } = inApp(() => [useResource('dashboard'), useResource('manifest')]);
    await waitFor(() => expect(requests(sent, 'GET', '/manifest.webmanifest')).toHaveLength(1));

    const resources = root().system.get('resources')!.getSnapshot() as SnapshotFrom<typeof resourcesMachine>;
    expect(resources.context.open.map((ref) => ref.key)).toEqual(['dashboard', 'manifest']);
    expect(Object.keys(resources.children)).toEqual(['resource:manifest']);
    expect(result.current[0]).toMatchObject({ status: 'idle', data: undefined });
    expect(requests(sent, 'GET', '/mobile/dashboard')).toEqual([]);
  });
});

describe('pips moving', () => {
  it('reloads the balances, activity, rewards and earn promos the views opened, and nothing else', async () => {
    signIn();
    let pips = 10;
    const sent = fakeFetch({
      'GET /mobile/dashboard': () => ({ data: dashboard(pips) }),
      'GET /mobile/dashboard/actions': { data: { actions: [], page: 1, size: 1000, total: 0 } },
      'GET /mobile/promos/get': { data: { promos: [] } },
      'GET /mobile/user/get': { data: { userId: 7 } },
    });
    const { result, root } = inApp(() => [useResource('dashboard'), useResource('activity'), useResource('redeemPromos'), useResource('profile')]);
    await waitFor(() => expect(result.current.map((view) => view.status)).toEqual(['succeeded', 'succeeded', 'succeeded', 'succeeded']));
    const before = sent.length;

    pips = 15;
    act(() => root().system.get('resources')!.send({ type: 'pips.changed' }));

    await waitFor(() => expect(result.current[0].data).toEqual(dashboard(15)));
    await waitFor(() => expect(result.current[1].status).toBe('succeeded'));
    // Among the views' loads: the member actors (announcements, trivia, Chance to Win, which also
    // reloads 500 ms after pips move) ask for their own data whenever their code has come.
    const viewLoads = ['/mobile/dashboard', '/mobile/dashboard/actions', '/mobile/promos/get', '/mobile/user/get'];
    expect(
      sent
        .slice(before)
        .map((r) => r.path)
        .filter((path) => viewLoads.includes(path))
        .sort(),
    ).toEqual(['/mobile/dashboard', '/mobile/dashboard/actions']);
  });
});
