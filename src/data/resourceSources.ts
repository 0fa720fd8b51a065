import type { ActivityItem, Api, ApiResult, Dashboard, GiftCard, Promo, Questionnaire, Transaction } from '../api/client';
import type { FetchRemoteOutput } from '../../machines/cachedResource.types';
import { db } from './databases';
import type { CacheKey, CachedRow } from './databases';
import type { DataScope } from './scope';
import type { Table } from 'dexie';

/** SPEC §9 list sizes. */
export const listSizes = { forms: 50, activity: 1000, giftCards: 200 } as const;

/** The data of each cached resource, as views receive it. */
export interface ResourceData {
  /** `GET /mobile/promos/get?type=EARN` */
  earnPromos: Promo[];
  /** `GET /mobile/promos/get?type=REDEEM` */
  redeemPromos: Promo[];
  /** `GET /web/questionnaires` (page 1, size 50) */
  forms: Questionnaire[];
  /** `GET /mobile/dashboard/actions` (page 1, size 1000), newest first */
  activity: ActivityItem[];
  /** `GET /mobile/dashboard/giftcards` (page 1, size 200) */
  giftCards: GiftCard[];
  /** `GET /mobile/dashboard`: balances and earn actions */
  dashboard: Dashboard;
}

export type ResourceKey = keyof ResourceData;

export const resourceKeys = ['earnPromos', 'redeemPromos', 'forms', 'activity', 'giftCards', 'dashboard'] as const satisfies readonly ResourceKey[];

/** Where a resource is cached and how it is fetched. */
export interface ResourceSource<T> {
  table: () => Table<CachedRow<T>, CacheKey>;
  fetch: (api: Api, signal: AbortSignal) => Promise<ApiResult<T>>;
}

const unwrap = <D, T>(result: ApiResult<D>, pick: (data: D) => T): ApiResult<T> =>
  result.success ? { success: true, data: pick(result.data) } : result;

export const resourceSources: { [K in ResourceKey]: ResourceSource<ResourceData[K]> } = {
  earnPromos: {
    table: () => db().earn.promos,
    fetch: async (api, signal) => unwrap(await api.getPromos({ type: 'EARN' }, { signal }), (d) => d.promos),
  },
  redeemPromos: {
    table: () => db().redeem.promos,
    fetch: async (api, signal) => unwrap(await api.getPromos({ type: 'REDEEM' }, { signal }), (d) => d.promos),
  },
  forms: {
    table: () => db().forms.questionnaires,
    fetch: async (api, signal) =>
      unwrap(await api.getQuestionnaires({ page: 1, size: listSizes.forms }, { signal }), (d) => d.questionnaires),
  },
  activity: {
    table: () => db().user.actions,
    fetch: async (api, signal) =>
      unwrap(await api.getDashboardActions({ page: 1, size: listSizes.activity }, { signal }), (d) => d.actions),
  },
  giftCards: {
    table: () => db().user.rewards,
    fetch: async (api, signal) =>
      unwrap(await api.getGiftCards({ page: 1, size: listSizes.giftCards }, { signal }), (d) => d.giftcards),
  },
  dashboard: {
    table: () => db().user.dashboard,
    fetch: (api, signal) => api.getDashboard(undefined, { signal }),
  },
};

/** The cached copy of a resource for this user and language, or null. */
export async function readCachedResource<K extends ResourceKey>(key: K, scope: DataScope): Promise<{ data: ResourceData[K] } | null> {
  const table = resourceSources[key].table() as Table<CachedRow<ResourceData[K]>, CacheKey>;
  const row = await table.get([scope.userId, scope.language]);
  return row ? { data: row.data } : null;
}

export async function writeCachedResource<K extends ResourceKey>(key: K, scope: DataScope, data: ResourceData[K]): Promise<void> {
  const table = resourceSources[key].table() as Table<CachedRow<ResourceData[K]>, CacheKey>;
  await table.put({ userId: scope.userId, language: scope.language, data, storedAt: Date.now() });
}

/** The cached detail of a transaction for this user and language, or null. */
export async function readCachedTransaction(transactionId: number, scope: DataScope): Promise<{ data: Transaction } | null> {
  const row = await db().user.transactions.get([scope.userId, transactionId, scope.language]);
  return row ? { data: row.data } : null;
}

export async function writeCachedTransaction(scope: DataScope, data: Transaction): Promise<void> {
  await db().user.transactions.put({
    userId: scope.userId,
    language: scope.language,
    transactionId: data.transactionId,
    data,
    storedAt: Date.now(),
  });
}

/** An API answer as the cachedResource machine reads it. */
export const toFetchOutput = <T>(result: ApiResult<T>): FetchRemoteOutput =>
  result.success ? { ok: true, data: result.data } : { ok: false, code: result.error };
