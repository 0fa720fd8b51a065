import { useCallback, useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { cachedResourceMachine } from '../../machines/cachedResource.machine';
import {
  selectResourceData,
  selectResourceError,
  selectResourceFromCache,
  selectResourceStatus,
} from '../../machines/cachedResource.selectors';
import type { CachedCopy, FetchRemoteOutput, ResourceStatus, WriteCacheInput } from '../../machines/cachedResource.types';
import type { Api, Transaction } from '../api/client';
import { api as appApi } from '../app/api';
import {
  readCachedResource,
  readCachedTransaction,
  resourceSources,
  toFetchOutput,
  writeCachedResource,
  writeCachedTransaction,
  type ResourceData,
  type ResourceKey,
} from './resourceSources';
import { currentScope, useDataScope, type DataScope } from './scope';

export type { ResourceData, ResourceKey } from './resourceSources';
export type { ResourceStatus } from '../../machines/cachedResource.types';

/** What a view reads of a cached resource (SPEC §4 loading states). */
export interface ResourceView<T> {
  /**
   * idle: the local copy is being read (a few ms, show nothing); loading: nothing held, the
   * network is asked; succeeded: `data` is shown (from cache while `fromCache`); failed: nothing
   * held and the network failed (`error` holds the code).
   */
  status: ResourceStatus;
  data: T | undefined;
  /** The data is the stored copy: the network has not answered yet, or failed (see `error`). */
  fromCache: boolean;
  /** The last network failure's code (NETWORK_ERROR, a server code); undefined after a success. */
  error?: string;
  /** Fetch again (a retry button). */
  reload(): void;
}

type ResourceActor = ActorRefFrom<typeof cachedResourceMachine>;

interface Loader {
  readCache: () => Promise<CachedCopy>;
  fetchRemote: (signal: AbortSignal) => Promise<FetchRemoteOutput>;
  writeCache: (data: unknown) => Promise<void>;
}

/** The error code of a resource asked for while nobody is signed in. */
export const NOT_SIGNED_IN = 'NOT_SIGNED_IN';

let dataApi: Api = appApi;
const actors = new Map<string, ResourceActor>();

/** The cachedResource machine bound to one loader; a write after the actor stopped is dropped. */
function startResource(loader: Loader): ResourceActor {
  const logic = cachedResourceMachine.provide({
    actors: {
      readCache: fromPromise<CachedCopy>(() => loader.readCache()),
      fetchRemote: fromPromise<FetchRemoteOutput>(({ signal }) => loader.fetchRemote(signal)),
      writeCache: fromPromise<void, WriteCacheInput>(async ({ input, signal }) => {
        if (!signal.aborted) await loader.writeCache(input.data);
      }),
    },
  });
  return createActor(logic).start();
}

const scopeId = (scope: DataScope) => `${scope.userId}|${scope.language}`;
const resourceId = (key: ResourceKey, scope: DataScope) => `${key}|${scopeId(scope)}`;
const transactionActorId = (id: number, scope: DataScope) => `transaction:${id}|${scopeId(scope)}`;

/**
 * The one actor of a resource in a scope, started on first use and shared by every view (and by
 * `refreshPips`). Idempotent, so calling it while rendering is safe.
 */
function obtain(id: string, loader: () => Loader): ResourceActor {
  let actor = actors.get(id);
  if (!actor) {
    actor = startResource(loader());
    actors.set(id, actor);
  }
  return actor;
}

/**
 * Nobody signed in (e.g. a view still mounted while logging out): nothing is read, fetched or
 * stored, so no unauthenticated call can start a token refresh.
 */
const signedOutLoader: Loader = {
  readCache: async () => null,
  fetchRemote: async () => ({ ok: false, code: NOT_SIGNED_IN }),
  writeCache: async () => {},
};

function resourceLoader<K extends ResourceKey>(key: K, scope: DataScope): Loader {
  if (!scope.userId) return signedOutLoader;
  return {
    readCache: () => readCachedResource(key, scope),
    fetchRemote: async (signal) => toFetchOutput(await resourceSources[key].fetch(dataApi, signal)),
    writeCache: (data) => writeCachedResource(key, scope, data as ResourceData[K]),
  };
}

function transactionLoader(transactionId: number, scope: DataScope): Loader {
  if (!scope.userId) return signedOutLoader;
  return {
    readCache: () => readCachedTransaction(transactionId, scope),
    fetchRemote: async (signal) => toFetchOutput(await dataApi.getTransaction({ id: transactionId }, { signal })),
    writeCache: (data) => writeCachedTransaction(scope, data as Transaction),
  };
}

/**
 * Subscribes a view to one actor. Opening a view refreshes data already held; an actor still
 * reading or fetching ignores it, so a first load is never doubled.
 */
function useResourceActor<T>(actor: ResourceActor): ResourceView<T> {
  useEffect(() => {
    actor.send({ type: 'resource.open' });
  }, [actor]);
  const status = useSelector(actor, selectResourceStatus);
  const data = useSelector(actor, selectResourceData) as T | undefined;
  const fromCache = useSelector(actor, selectResourceFromCache);
  const error = useSelector(actor, selectResourceError) ?? undefined;
  const reload = useCallback(() => actor.send({ type: 'resource.reload' }), [actor]);
  return { status, data, fromCache, error, reload };
}

/**
 * A cached resource for the signed-in member in the current language: the stored copy at once,
 * then the network (SPEC §4). Views of the same key share one load.
 */
export function useResource<K extends ResourceKey>(key: K): ResourceView<ResourceData[K]> {
  const scope = useDataScope();
  return useResourceActor<ResourceData[K]>(obtain(resourceId(key, scope), () => resourceLoader(key, scope)));
}

/** One reward's detail (`POST /mobile/transaction`), cached in the user database. */
export function useTransaction(id: number): ResourceView<Transaction> {
  const scope = useDataScope();
  return useResourceActor<Transaction>(obtain(transactionActorId(id, scope), () => transactionLoader(id, scope)));
}

/** What changes when pips move: the balances, the activity, My Rewards and the earn promos' availability. */
const pipsResources: readonly ResourceKey[] = ['dashboard', 'activity', 'giftCards', 'earnPromos'];

/**
 * After every earn and redeem (and after offline items synced): fetch the balances, activity,
 * rewards and earn promos again. Resources no view has opened yet load when one does.
 */
export function refreshPips(): void {
  const scope = currentScope();
  for (const key of pipsResources) actors.get(resourceId(key, scope))?.send({ type: 'resource.reload' });
}

/** Reloads one resource if a view has opened it (e.g. the redeem promos after a redemption). */
export function reloadResource(key: ResourceKey): void {
  actors.get(resourceId(key, currentScope()))?.send({ type: 'resource.reload' });
}

/**
 * Stops every resource actor and forgets them (logout, and between tests). Views still mounted
 * start over with a fresh load on their next render.
 */
export function resetResources(): void {
  for (const actor of actors.values()) actor.stop();
  actors.clear();
}

/** Test seam: the API client resources fetch with (the app's one client by default). */
export function setResourceApi(next: Api | null): void {
  dataApi = next ?? appApi;
}
