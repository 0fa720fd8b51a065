import type { Table } from 'dexie';
import type { Transaction } from '../api/client';
import { db, type CacheKey, type CachedRow } from './databases';
import type { ResourceData, ResourceKey } from './resourceFetchers';

/** The tables of the resources kept per member and language (the transaction detail has its own). */
const tables: Partial<{ [K in ResourceKey]: () => Table<CachedRow<ResourceData[K]>, CacheKey> }> = {
  earnPromos: () => db().earn.promos,
  redeemPromos: () => db().redeem.promos,
  forms: () => db().forms.questionnaires,
  activity: () => db().user.actions,
  giftCards: () => db().user.rewards,
  dashboard: () => db().user.dashboard,
  profile: () => db().user.profile,
  support: () => db().community.support,
};

/** Whose copy in which language. */
export interface CacheScope {
  userId: number;
  language: string;
}

/** The cached copy of a resource for this member and language, or null (none kept for this key). */
export async function readCachedResource<K extends ResourceKey>(key: K, scope: CacheScope): Promise<{ data: ResourceData[K] } | null> {
  const table = tables[key]?.() as Table<CachedRow<ResourceData[K]>, CacheKey> | undefined;
  if (!table) return null;
  const row = await table.get([scope.userId, scope.language]);
  return row ? { data: row.data } : null;
}

export async function writeCachedResource<K extends ResourceKey>(key: K, scope: CacheScope, data: ResourceData[K]): Promise<void> {
  const table = tables[key]?.() as Table<CachedRow<ResourceData[K]>, CacheKey> | undefined;
  if (!table) return;
  await table.put({ userId: scope.userId, language: scope.language, data, storedAt: Date.now() });
}

/** The cached detail of a transaction for this member and language, or null. */
export async function readCachedTransaction(transactionId: number, scope: CacheScope): Promise<{ data: Transaction } | null> {
  const row = await db().user.transactions.get([scope.userId, transactionId, scope.language]);
  return row ? { data: row.data } : null;
}

export async function writeCachedTransaction(scope: CacheScope, data: Transaction): Promise<void> {
  await db().user.transactions.put({
    userId: scope.userId,
    language: scope.language,
    transactionId: data.transactionId,
    data,
    storedAt: Date.now(),
  });
}
