import { fromPromise } from 'xstate';
import { cachedResourceMachine } from '../../machines/cachedResource.machine';
import type { CachedCopy, FetchRemoteOutput, ResourceScope, WriteCacheInput } from '../../machines/cachedResource.types';
import { resourcesMachine } from '../../machines/resources.machine';
import type { ApiResult, Transaction } from '../api/client';
import { resourceFetchers, type ResourceData, type ResourceKey } from '../data/resourceFetchers';
import type { SystemApi } from './api';

// The caches live in Dexie, which loads with the first member data, not with the login screen.
const cache = () => import('../data/resourceCache');

/** An API answer as the cachedResource machine reads it. */
export const toFetchOutput = <T>(result: ApiResult<T>): FetchRemoteOutput =>
  result.success ? { ok: true, data: result.data } : { ok: false, code: result.error };

const memberScope = (scope: ResourceScope) => (scope.userId === null ? null : { userId: scope.userId, language: scope.language });

/** The stored copy of a load: per member and language; public loads (the manifest) are not stored. */
async function readCache(scope: ResourceScope): Promise<CachedCopy> {
  const member = memberScope(scope);
  if (!member) return null;
  const { readCachedResource, readCachedTransaction } = await cache();
  if (scope.key === 'transaction') return scope.id === undefined ? null : readCachedTransaction(scope.id, member);
  return readCachedResource(scope.key as ResourceKey, member);
}

async function writeCache({ data, ...scope }: WriteCacheInput): Promise<void> {
  const member = memberScope(scope);
  if (!member) return;
  const { writeCachedResource, writeCachedTransaction } = await cache();
  if (scope.key === 'transaction') await writeCachedTransaction(member, data as Transaction);
  else await writeCachedResource(scope.key as ResourceKey, member, data as ResourceData[ResourceKey]);
}

/**
 * The resources actor bound to the browser: each cached load reads and writes its copy in
 * IndexedDB (Dexie) and fetches with the system's API client. A write that arrives after the
 * load was stopped (the member or the language changed) is dropped.
 */
export function resourcesLogic({ systemApi: { apiOf } }: { systemApi: SystemApi }) {
  return resourcesMachine.provide({
    actors: {
      cachedResource: cachedResourceMachine.provide({
        actors: {
          readCache: fromPromise<CachedCopy, ResourceScope>(({ input }) => readCache(input)),
          fetchRemote: fromPromise<FetchRemoteOutput, ResourceScope>(async ({ input, signal, system }) => {
            const fetchResource = resourceFetchers[input.key as ResourceKey] as
              | ((...args: Parameters<(typeof resourceFetchers)[ResourceKey]>) => Promise<ApiResult<unknown>>)
              | undefined;
            if (!fetchResource) return { ok: false, code: 'NOT_FOUND' };
            return toFetchOutput(await fetchResource(apiOf(system), input, signal));
          }),
          writeCache: fromPromise<void, WriteCacheInput>(async ({ input, signal }) => {
            if (!signal.aborted) await writeCache(input);
          }),
        },
      }),
    },
  });
}
