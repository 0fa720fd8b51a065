import './dataTestKit';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Api, ApiResult, Dashboard, Promo } from '../../../src/api/client';
import { queueOfflineEarn, queueOfflineForm, usePendingOffline } from '../../../src/data/offlineQueues';
import { readCachedResource, writeCachedResource } from '../../../src/data/resourceSources';
import { refreshPips, resetResources, setResourceApi, useResource, useTransaction } from '../../../src/data/resources';
import { activateLocale } from '../../../src/i18n/i18n';
import { actAs, resetData } from './dataTestKit';

type Answer = ApiResult<unknown>;
const ok = (data: unknown): Answer => ({ success: true, data });
const offline: Answer = { success: false, error: 'NETWORK_ERROR', message: 'offline', statusCode: 0 };

const promo = (id: number, title: string): Promo => ({ id, type: 'EARN', title, pips: 5 });
const dashboard = (availablePips: number): Dashboard => ({ availablePips, totalEarnedPips: availablePips, totalUsedPips: 0, actions: [] });

/** A fake API whose answers the test changes; `calls` counts each operation. */
function fakeApi(initial: Record<string, Answer | ((input: Record<string, unknown>) => Answer)>) {
  const answers = { ...initial };
  const calls: string[] = [];
  const op = (name: string) => async (input: Record<string, unknown> = {}) => {
    const label = input.type ? `${name}:${String(input.type)}` : name;
    calls.push(label);
    const answer = answers[label] ?? answers[name];
    if (!answer) return offline;
    return typeof answer === 'function' ? answer(input) : answer;
  };
  const api = Object.fromEntries(
    ['getPromos', 'getDashboard', 'getDashboardActions', 'getGiftCards', 'getQuestionnaires', 'getTransaction'].map((name) => [name, op(name)]),
  ) as unknown as Api;
  setResourceApi(api);
  return { answers, calls };
}

const en = { userId: 7, language: 'en' };

beforeEach(async () => {
  await resetData();
  await activateLocale('en');
  actAs(7);
});
afterEach(async () => {
  cleanup();
  resetResources();
  await activateLocale('en');
});

describe('useResource (SPEC §4: cache first, then the network)', () => {
  it('nothing cached: loading, then the network data, which is stored for next time', async () => {
    const { calls } = fakeApi({ 'getPromos:EARN': ok({ promos: [promo(1, 'Share a post')] }) });
    const { result } = renderHook(() => useResource('earnPromos'));
    expect(['idle', 'loading']).toContain(result.current.status);
    expect(result.current.data).toBeUndefined();
    await waitFor(() => expect(result.current.status).toBe('succeeded'));
    expect(result.current).toMatchObject({ data: [promo(1, 'Share a post')], fromCache: false, error: undefined });
    expect(calls).toEqual(['getPromos:EARN']);
    await waitFor(async () => expect(await readCachedResource('earnPromos', en)).toEqual({ data: [promo(1, 'Share a post')] }));
  });

  it('something cached: shown at once as succeeded from cache, then replaced by the network data', async () => {
    await writeCachedResource('dashboard', en, dashboard(10));
    let answer: (value: Answer) => void = () => {};
    fakeApi({ getDashboard: () => new Promise<Answer>((resolve) => (answer = resolve)) as unknown as Answer });
    const { result } = renderHook(() => useResource('dashboard'));
    await waitFor(() => expect(result.current.status).toBe('succeeded'));
    expect(result.current).toMatchObject({ data: dashboard(10), fromCache: true });
    await act(async () => answer(ok(dashboard(15))));
    await waitFor(() => expect(result.current.data).toEqual(dashboard(15)));
    expect(result.current.fromCache).toBe(false);
  });

  it('network failure with a cache: the cache stays, with the error code', async () => {
    await writeCachedResource('giftCards', en, [{ transactionId: 1, name: 'Coffee', pips: 100, date: '2026-01-01T00:00:00Z' }]);
    fakeApi({ getGiftCards: offline });
    const { result } = renderHook(() => useResource('giftCards'));
    await waitFor(() => expect(result.current.error).toBe('NETWORK_ERROR'));
    expect(result.current).toMatchObject({ status: 'succeeded', fromCache: true });
    expect(result.current.data).toHaveLength(1);
  });

  it('network failure with nothing cached: failed, and reload tries again', async () => {
    const { answers } = fakeApi({ getQuestionnaires: offline });
    const { result } = renderHook(() => useResource('forms'));
    await waitFor(() => expect(result.current.status).toBe('failed'));
    expect(result.current.error).toBe('NETWORK_ERROR');
    answers.getQuestionnaires = ok({ questionnaires: [{ id: 3, title: 'Survey', pipsToEarn: 10, answered: false, payload: '{}' }] });
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.status).toBe('succeeded'));
    expect(result.current.data?.[0].title).toBe('Survey');
  });

  it('asks for the SPEC §9 list sizes', async () => {
    const sizes: unknown[] = [];
    fakeApi({
      getDashboardActions: (input) => (sizes.push(['actions', input.page, input.size]), ok({ actions: [], page: 1, size: 1000, total: 0 })),
      getGiftCards: (input) => (sizes.push(['giftcards', input.page, input.size]), ok({ giftcards: [], page: 1, size: 200, total: 0 })),
      getQuestionnaires: (input) => (sizes.push(['forms', input.page, input.size]), ok({ questionnaires: [] })),
    });
    const activity = renderHook(() => useResource('activity'));
    const gifts = renderHook(() => useResource('giftCards'));
    const forms = renderHook(() => useResource('forms'));
    await waitFor(() => expect(sizes).toHaveLength(3));
    expect(sizes).toEqual(expect.arrayContaining([['actions', 1, 1000], ['giftcards', 1, 200], ['forms', 1, 50]]));
    await waitFor(() => expect([activity, gifts, forms].map((h) => h.result.current.status)).toEqual(['succeeded', 'succeeded', 'succeeded']));
  });

  it('views of the same key share one load; opening another view later refreshes', async () => {
    const { calls } = fakeApi({ 'getPromos:REDEEM': ok({ promos: [] }) });
    const first = renderHook(() => useResource('redeemPromos'));
    const second = renderHook(() => useResource('redeemPromos'));
    await waitFor(() => expect(second.result.current.status).toBe('succeeded'));
    expect(calls).toEqual(['getPromos:REDEEM']);
    first.unmount();
    second.unmount();
    const third = renderHook(() => useResource('redeemPromos'));
    // Generous waits: the cache read and the refetch go through IndexedDB, slow on a busy machine.
    await waitFor(() => expect(calls).toEqual(['getPromos:REDEEM', 'getPromos:REDEEM']), { timeout: 5000 });
    await waitFor(() => expect(third.result.current.status).toBe('succeeded'), { timeout: 5000 });
  });

  it('keeps one copy per language: switching language shows that language', async () => {
    fakeApi({ 'getPromos:EARN': ok({ promos: [promo(1, 'Share a post')] }) });
    const { result } = renderHook(() => useResource('earnPromos'));
    await waitFor(() => expect(result.current.data).toEqual([promo(1, 'Share a post')]));

    fakeApi({ 'getPromos:EARN': offline });
    await writeCachedResource('earnPromos', { userId: 7, language: 'es' }, [promo(1, 'Comparte una publicación')]);
    await act(async () => {
      await activateLocale('es');
    });
    await waitFor(() => expect(result.current.data).toEqual([promo(1, 'Comparte una publicación')]));
    expect(result.current.fromCache).toBe(true);
  });

  it("keeps one copy per member: another member never sees the first one's data", async () => {
    await writeCachedResource('giftCards', en, [{ transactionId: 1, name: 'Ada’s card', pips: 100, date: '2026-01-01T00:00:00Z' }]);
    fakeApi({ getGiftCards: offline });
    actAs(8);
    const { result } = renderHook(() => useResource('giftCards'));
    await waitFor(() => expect(result.current.status).toBe('failed'));
    expect(result.current.data).toBeUndefined();
  });
});

describe('refreshPips', () => {
  it('reloads the balances, activity, rewards and earn promos the views opened, and nothing else', async () => {
    let pips = 10;
    const { calls } = fakeApi({
      getDashboard: () => ok(dashboard(pips)),
      getDashboardActions: ok({ actions: [], page: 1, size: 1000, total: 0 }),
      'getPromos:REDEEM': ok({ promos: [] }),
    });
    const home = renderHook(() => useResource('dashboard'));
    const activity = renderHook(() => useResource('activity'));
    const redeem = renderHook(() => useResource('redeemPromos'));
    await waitFor(() => expect(home.result.current.data).toEqual(dashboard(10)));
    await waitFor(() => expect(activity.result.current.status).toBe('succeeded'));
    await waitFor(() => expect(redeem.result.current.status).toBe('succeeded'));
    calls.length = 0;

    pips = 15;
    act(() => refreshPips());
    await waitFor(() => expect(home.result.current.data).toEqual(dashboard(15)));
    expect(calls.sort()).toEqual(['getDashboard', 'getDashboardActions']);
  });
});

describe('useTransaction', () => {
  it('loads one reward detail and caches it for offline use', async () => {
    const detail = { transactionId: 4, name: 'Coffee card', pips: 100, date: '2026-01-01T00:00:00Z', code: 'CODE-1', url: null, terms: 'Terms' };
    const { answers } = fakeApi({ getTransaction: (input) => ok({ ...detail, transactionId: input.id }) });
    const first = renderHook(() => useTransaction(4));
    await waitFor(() => expect(first.result.current.data).toEqual(detail));
    first.unmount();
    await new Promise((r) => setTimeout(r, 20));

    resetResources();
    answers.getTransaction = offline;
    const second = renderHook(() => useTransaction(4));
    await waitFor(() => expect(second.result.current.error).toBe('NETWORK_ERROR'));
    expect(second.result.current).toMatchObject({ status: 'succeeded', fromCache: true, data: detail });
  });
});

describe('usePendingOffline', () => {
  it("lists the member's queued items, oldest first, and follows additions", async () => {
    const { result } = renderHook(() => usePendingOffline());
    expect(result.current).toEqual({ earn: [], forms: [] });
    await act(async () => {
      await queueOfflineEarn({ metadata: { qrParam: 'CODE-0000000000', title: 'Poster' } });
      await queueOfflineEarn({ eid: 3, type: 'earn', metadata: { title: 'Share a post' } });
      await queueOfflineForm({ formId: 3, data: { a: 1 }, title: 'Survey' });
    });
    await waitFor(() => expect(result.current.earn.map((item) => item.metadata.title)).toEqual(['Poster', 'Share a post']));
    await waitFor(() => expect(result.current.forms.map((item) => item.title)).toEqual(['Survey']));
  });
});

describe('nobody signed in', () => {
  it('fetches nothing (no unauthenticated call can start a token refresh) and fails with NOT_SIGNED_IN', async () => {
    const { calls } = fakeApi({ getDashboard: ok(dashboard(1)) });
    actAs(null);
    const { result } = renderHook(() => useResource('dashboard'));
    await waitFor(() => expect(result.current.status).toBe('failed'));
    expect(result.current.error).toBe('NOT_SIGNED_IN');
    expect(calls).toEqual([]);
  });
});
