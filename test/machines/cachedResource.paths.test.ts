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
import { actorStarted, actorStopped, sendAction, type Effect } from './recording';

const events = {
  'resource.open': [{ type: 'resource.open' }],
  'resource.reload': [{ type: 'resource.reload' }],
} satisfies EventFixtures<CachedResourceEvent>;

const outputs = {
  readCache: [null, { data: ['cached promo'] }, { data: ['saved in English'], savedIn: 'en' }],
  fetchRemote: [
    { ok: true, data: ['fresh promo'] },
    { ok: false, code: 'NETWORK_ERROR' },
  ],
  writeCache: [undefined],
} satisfies ActorOutputFixtures<typeof cachedResourceMachine>;

const memberScope: ResourceScope = { key: 'earnPromos', userId: 7, language: 'es' };

/**
 * The rules (the loading states of every view): on opening, the stored copy of this scope is read while the
 * network is already asked (nothing shown, no spinner, until the store answers); a copy is shown
 * at once (succeeded, from cache) while the network answers; loading shows only while nothing is
 * held. Fresh data replaces the copy (a fresh answer that comes before the store's stops the read)
 * and is stored for the scope; a failed network keeps the copy (still succeeded, with the error
 * code) and fails only when nothing is held, which a failure during the read learns from the
 * store; an unreadable store is an empty one. Opening a view refreshes unless a load is under way;
 * a reload fetches again even mid-load (the call it replaces is aborted). A copy saved in another
 * language is held back (loading shows) and shown, from cache, only if the network fails.
 */
function cachedResourceRules(input: ResourceScope | undefined) {
  const scope = input ?? { key: 'resource', userId: null, language: 'en' };
  let phase: 'opening' | 'fetching' | 'storing' | 'settled' = 'opening';
  let reading = true;
  let networkFailed = false;
  let data: unknown = undefined;
  let fromCache = false;
  let error: string | null = null;
  let heldBack: unknown = undefined;
  const fetch = (): Effect[] => {
    phase = 'fetching';
    return [actorStarted('fetchRemote', scope)];
  };
  /** The network failed: settled when the copy is known, else the store's answer settles it. */
  const fail = (code: string): Effect[] => {
    error = code;
    if (phase === 'opening' && reading) networkFailed = true;
    else phase = 'settled';
    if (phase === 'settled' && heldBack !== undefined) {
      [data, fromCache, heldBack] = [heldBack, true, undefined];
      return [reportShown()];
    }
    return [];
  };
  /** What the view shows now, told to the resources (they follow the dashboard's pips earned). */
  const reportShown = (): Effect => sendAction('reportShown', 'resources', { type: 'resource.shown', scope, data });
  const stopReading = (): Effect[] => (phase === 'opening' && reading ? [actorStopped('readCache')] : []);
  const failed = () => phase === 'settled' && data === undefined;
  return {
    started: [actorStarted('fetchRemote', scope), actorStarted('readCache', scope)],
    on(event: PathEvent<CachedResourceEvent>): Effect[] {
      switch (event.type) {
        case 'xstate.done.actor.readCache':
        case 'xstate.error.actor.readCache': {
          const copy = event.type === 'xstate.done.actor.readCache' ? (event.output as CachedCopy) : null;
          const shown: Effect[] = [];
          if (copy?.savedIn && !networkFailed) heldBack = copy.data;
          else if (copy) {
            [data, fromCache] = [copy.data, true];
            shown.push(reportShown());
          }
          reading = false;
          if (networkFailed) phase = 'settled';
          return shown;
        }
        case 'xstate.done.actor.fetchRemote': {
          const output = event.output as FetchRemoteOutput;
          if (!output.ok) return fail(output.code);
          const stopped = stopReading();
          [phase, data, fromCache, error, heldBack] = ['storing', output.data, false, null, undefined];
          return [reportShown(), ...stopped, actorStarted('writeCache', { ...scope, data })];
        }
        case 'xstate.error.actor.fetchRemote':
          return fail('UNKNOWN_ERROR');
        case 'xstate.done.actor.writeCache':
        case 'xstate.error.actor.writeCache':
          phase = 'settled';
          return [];
        case 'resource.open':
          if (phase !== 'settled') throw new Error('a load is under way: open changes nothing');
          return fetch();
        case 'resource.reload':
          if (phase === 'opening') return [...stopReading(), ...(networkFailed ? [] : [actorStopped('fetchRemote')]), ...fetch()];
          if (phase === 'fetching') return [actorStopped('fetchRemote'), ...fetch()];
          if (phase === 'storing') return [actorStopped('writeCache'), ...fetch()];
          return fetch();
        default:
          throw new Error(`the rules have no ${event.type}`);
      }
    },
    meaning: () => ({
      status: phase === 'opening' && reading ? 'idle' : data === undefined ? (failed() ? 'failed' : 'loading') : 'succeeded',
      data,
      fromCache,
      // a failure that came while the store is read waits for the copy
      error: phase === 'opening' && reading ? null : error,
      busy: phase === 'fetching' || (phase === 'opening' && !reading && !networkFailed),
    }),
  };
}

describeMachinePaths({
  name: 'cachedResource',
  machine: cachedResourceMachine,
  events,
  outputs,
  inputs: { "member 7's earn promos in Spanish": memberScope },
  meaning: (s) => ({
    status: selectResourceStatus(s),
    data: selectResourceData(s),
    fromCache: selectResourceFromCache(s),
    error: selectResourceError(s),
    busy: selectResourceBusy(s),
  }),
  oracle: cachedResourceRules,
  words: {
    events: {
      'resource.open': 'the view opens again',
      'resource.reload': 'a reload is asked for',
      'xstate.done.actor.readCache': (e) => {
        const copy = e.output as CachedCopy;
        if (!copy) return 'nothing is stored';
        return copy.savedIn ? 'a copy stored in English is found' : 'a stored copy is found';
      },
      'xstate.error.actor.readCache': 'the store cannot be read',
      'xstate.done.actor.fetchRemote': (e) => {
        const output = e.output as FetchRemoteOutput;
        return output.ok ? 'the network answers' : `the network fails (${output.code})`;
      },
      'xstate.error.actor.fetchRemote': 'the fetch breaks',
      'xstate.done.actor.writeCache': 'the fresh data is stored',
      'xstate.error.actor.writeCache': 'storing it breaks',
    },
    start: 'the view opens',
    outcome: (m) => {
      const refreshing = m.busy ? ', refreshing' : '';
      switch (m.status) {
        case 'idle':
          return 'nothing shows yet, not even a spinner';
        case 'loading':
          return `a spinner shows${refreshing}`;
        case 'failed':
          return `the error ${m.error} shows`;
        default:
          return `${m.fromCache ? 'the stored copy' : 'the fresh data'} shows${m.error ? ` with the error ${m.error}` : ''}${refreshing}`;
      }
    },
  },
});
