import type { Table } from 'dexie';
import type { Transaction } from '../api/client';
import type { CacheKey, CachedRow, Databases } from './databases';
import { databases } from './lazyDatabases';
import type { ResourceData, ResourceKey } from './resourceFetchers';

/** The tables of the resources kept per member and language (the transaction detail has its own). */
const tables: Partial<{ [K in ResourceKey]: (db: Databases) => Table<CachedRow<ResourceData[K]>, CacheKey> }> = {
  earnPromos: (db) => db.earn.promos,
  redeemPromos: (db) => db.redeem.promos,
  forms: (db) => db.forms.questionnaires,
  activity: (db) => db.user.actions,
  giftCards: (db) => db.user.rewards,
  dashboard: (db) => db.user.dashboard,
  profile: (db) => db.user.profile,
  support: (db) => db.community.support,
};

/** Whose copy in which language. */
export interface CacheScope {
  userId: number;
  language: string;
}

/** The cached copy of a resource for this member and language, or null (none kept for this key). */
export async function readCachedResource<K extends ResourceKey>(key: K, scope: CacheScope): Promise<{ data: ResourceData[K] } | null> {
  const pick = tables[key];
  if (!pick) return null;
  const table = pick(await databases()) as Table<CachedRow<ResourceData[K]>, CacheKey>;
  const row = await table.get([scope.userId, scope.language]);
  return row ? { data: row.data } : null;
}

export async function writeCachedResource<K extends ResourceKey>(key: K, scope: CacheScope, data: ResourceData[K]): Promise<void> {
  const pick = tables[key];
  if (!pick) return;
  const table = pick(await databases()) as Table<CachedRow<ResourceData[K]>, CacheKey>;
  await table.put({ userId: scope.userId, language: scope.language, data, storedAt: Date.now() });
}

/** The cached detail of a transaction for this member and language, or null. */
export async function readCachedTransaction(transactionId: number, scope: CacheScope): Promise<{ data: Transaction } | null> {
  const row = await (await databases()).user.transactions.get([scope.userId, transactionId, scope.language]);
  return row ? { data: row.data } : null;
}

export async function writeCachedTransaction(scope: CacheScope, data: Transaction): Promise<void> {
  await (await databases()).user.transactions.put({
    userId: scope.userId,
    language: scope.language,
    transactionId: data.transactionId,
    data,
    storedAt: Date.now(),
  });
}
