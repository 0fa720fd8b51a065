import { cachedResourceMachine } from '../../machines/cachedResource.machine';
import {
  selectResourceBusy,
  selectResourceData,
  selectResourceError,
  selectResourceFromCache,
  selectResourceStatus,
} from '../../machines/cachedResource.selectors';
import type { CachedCopy, CachedResourceEvent, FetchRemoteOutput, ResourceScope } from '../../machines/cachedResource.types';
import { describeMachinePaths, type PathEvent } from './describePathCoverage';
import type { ActorOutputFixtures, EventFixtures } from './pathCoverage';
import { actorStarted, actorStopped, type Effect } from './recording';

const events = {
  'resource.open': [{ type: 'resource.open' }],
  'resource.reload': [{ type: 'resource.reload' }],
} satisfies EventFixtures<CachedResourceEvent>;

const outputs = {
  readCache: [null, { data: ['cached promo'] }],
  fetchRemote: [
    { ok: true, data: ['fresh promo'] },
    { ok: false, code: 'NETWORK_ERROR' },
  ],
  writeCache: [undefined],
} satisfies ActorOutputFixtures<typeof cachedResourceMachine>;

const memberScope: ResourceScope = { key: 'earnPromos', userId: 7, language: 'es' };

/**
 * The rules (SPEC §4 Loading states): the stored copy of this scope is read first (nothing shown,
 * no spinner); a copy is shown at once (succeeded, from cache) while the network is asked;
 * loading shows only while nothing is held. Fresh data replaces the copy and is stored for the
 * scope; a failed network keeps the copy (still succeeded, with the error code) and fails only
 * when nothing is held; an unreadable store is an empty one. Opening a view refreshes unless a
 * load is under way; a reload fetches again even mid-load (the call it replaces is aborted).
 */
function cachedResourceRules(input: ResourceScope | undefined) {
  const scope = input ?? { key: 'resource', userId: null, language: 'en' };
  let phase: 'reading' | 'fetching' | 'storing' | 'settled' = 'reading';
  let data: unknown = undefined;
  let fromCache = false;
  let error: string | null = null;
  const fetch = (): Effect[] => {
    phase = 'fetching';
    return [actorStarted('fetchRemote', scope)];
  };
  const failed = () => phase === 'settled' && data === undefined;
  return {
    started: [actorStarted('readCache', scope)],
    on(event: PathEvent<CachedResourceEvent>): Effect[] {
      switch (event.type) {
        case 'xstate.done.actor.readCache': {
          const copy = event.output as CachedCopy;
          if (copy) [data, fromCache] = [copy.data, true];
          return fetch();
        }
        case 'xstate.error.actor.readCache':
          return fetch();
        case 'xstate.done.actor.fetchRemote': {
          const output = event.output as FetchRemoteOutput;
          if (!output.ok) {
            [phase, error] = ['settled', output.code];
            return [];
          }
          [phase, data, fromCache, error] = ['storing', output.data, false, null];
          return [actorStarted('writeCache', { ...scope, data })];
        }
        case 'xstate.error.actor.fetchRemote':
          [phase, error] = ['settled', 'UNKNOWN_ERROR'];
          return [];
        case 'xstate.done.actor.writeCache':
        case 'xstate.error.actor.writeCache':
          phase = 'settled';
          return [];
        case 'resource.open':
          if (phase !== 'settled') throw new Error('a load is under way: open changes nothing');
          return fetch();
        case 'resource.reload':
          if (phase === 'reading') throw new Error('the network is asked next anyway');
          if (phase === 'fetching') return [actorStopped('fetchRemote'), ...fetch()];
          if (phase === 'storing') return [actorStopped('writeCache'), ...fetch()];
          return fetch();
        default:
          throw new Error(`the rules have no ${event.type}`);
      }
    },
    meaning: () => ({
      status: phase === 'reading' ? 'idle' : data === undefined ? (failed() ? 'failed' : 'loading') : 'succeeded',
      data,
      fromCache,
      error,
      busy: phase === 'fetching',
    }),
  };
}

describeMachinePaths({
  name: 'cachedResource',
  machine: cachedResourceMachine,
  events,
  outputs,
  inputs: { member: memberScope },
  meaning: (s) => ({
    status: selectResourceStatus(s),
    data: selectResourceData(s),
    fromCache: selectResourceFromCache(s),
    error: selectResourceError(s),
    busy: selectResourceBusy(s),
  }),
  oracle: cachedResourceRules,
});
