import { fromPromise } from 'xstate';
import { cachedResourceMachine } from '../../machines/cachedResource.machine';
import type { CachedCopy, FetchRemoteOutput, ResourceScope, WriteCacheInput } from '../../machines/cachedResource.types';
import { resourcesMachine } from '../../machines/resources.machine';
import type { Api, ApiResult, Transaction } from '../api/client';
import { resourceTexts, type TextPick } from '../data/contentTexts';
import { resourceFetchers, type ResourceData, type ResourceKey } from '../data/resourceFetchers';
import type { SystemApi } from './api';
import { afterDatabaseHold } from '../data/lazyDatabases';
import { keepImages } from '../data/keepImages';

// The caches live in Dexie, which loads with the first member data, not with the login screen.
const cache = () => import('../data/resourceCache');

/** An API answer as the cachedResource machine reads it. */
export const toFetchOutput = <T>(result: ApiResult<T>): FetchRemoteOutput =>
  result.success ? { ok: true, data: result.data } : { ok: false, code: result.error };

// Translations keep their copies in Dexie too; loaded with the first non-English content.
const translations = () => afterDatabaseHold(() => import('../data/translations'));

/** A fetched resource with its operator texts in the member's language (the original where that fails). */
async function inLanguage(api: Api, scope: ResourceScope, output: FetchRemoteOutput, signal: AbortSignal): Promise<FetchRemoteOutput> {
  const pick = resourceTexts[scope.key as ResourceKey] as TextPick<unknown> | undefined;
  if (!output.ok || !pick || scope.language.toLowerCase().startsWith('en')) return output;
  try {
    const { translateContent } = await translations();
    return { ok: true, data: await translateContent(api, scope.language, output.data, pick, signal) };
  } catch {
    return output;
  }
}

const memberScope = (scope: ResourceScope) => (scope.userId === null ? null : { userId: scope.userId, language: scope.language });

/** The stored copy of a load: per member and language; public loads (the manifest) are not stored. */
async function readCache(scope: ResourceScope): Promise<CachedCopy> {
  const member = memberScope(scope);
  if (!member) return null;
  const { readCachedResource, readCachedTransaction } = await cache();
  if (scope.key === 'transaction') return scope.id === undefined ? null : readCachedTransaction(scope.id, member);
  return readCachedResource(scope.key as ResourceKey, member);
}

/** The lists whose items carry the operator's images (kept for offline use once loaded). */
const withImages = new Set(['earnPromos', 'redeemPromos', 'giftCards', 'transaction']);

async function writeCache({ data, ...scope }: WriteCacheInput): Promise<void> {
  const member = memberScope(scope);
  if (!member) return;
  if (withImages.has(scope.key)) keepImages(data);
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
            const api = apiOf(system);
            return inLanguage(api, input, toFetchOutput(await fetchResource(api, input, signal)), signal);
          }),
          writeCache: fromPromise<void, WriteCacheInput>(async ({ input, signal }) => {
            if (!signal.aborted) await writeCache(input);
          }),
        },
      }),
    },
  });
}
