import { assign, fromPromise, sendTo, setup, stateIn } from 'xstate';
import type {
  CachedCopy,
  CachedResourceContext,
  CachedResourceEvent,
  FetchRemoteOutput,
  ResourceScope,
  WriteCacheInput,
} from './cachedResource.types';
import { isCopyHeldBack, isCopyInLanguage } from './storedCopy';
import { resourcesActor } from './system';

/** A scope for the machine started without input (the Stately visualizer). */
const defaultScope: ResourceScope = { key: 'resource', userId: null, language: 'en' };

const scopeInput = ({ context }: { context: CachedResourceContext }): ResourceScope => context.scope;

/** What the network answered with, as the transitions below read it. */
type FetchDoneArgs = { event: { output: FetchRemoteOutput } };

const isFetchOk = { type: 'isFetchOk', params: ({ event }: FetchDoneArgs) => ({ output: event.output }) } as const;
const assignFresh = { type: 'assignFresh', params: ({ event }: FetchDoneArgs) => ({ output: event.output }) } as const;
const assignFailure = { type: 'assignFailure', params: ({ event }: FetchDoneArgs) => ({ output: event.output }) } as const;

/**
 * One cached data load: read the local copy and show it, fetch from the network, store
 * the answer. Loading is shown only while nothing is shown (nothing held, or only a copy in
 * another language: see below); a failed network keeps the copy (the
 * view stays `succeeded`, from cache, with the error code), and fails only when there is none.
 * On opening, the store is read while the network is already asked: a first visit waits for one
 * round trip, not for the store (and its code) and then the network; an answer that comes first
 * wins, and a failed one waits for the copy. A copy saved in another language (the member
 * switched language since) is held back: loading shows while the network answers, and the copy
 * only if the network fails (an offline member sees the last saved content, not an error).
 */
export const cachedResourceMachine = setup({
  types: {
    context: {} as CachedResourceContext,
    events: {} as CachedResourceEvent,
    input: {} as ResourceScope,
    tags: {} as 'loading' | 'refreshing',
  },
  actors: {
    /** The stored copy for this scope (member, language), or null. */
    readCache: fromPromise<CachedCopy, ResourceScope>(async () => null),
    /** The network call; expected failures come back as data. */
    fetchRemote: fromPromise<FetchRemoteOutput, ResourceScope>(async () => ({ ok: false, code: 'NOT_PROVIDED' })),
    /** Stores the fresh data for this user and language. */
    writeCache: fromPromise<void, WriteCacheInput>(async () => {}),
  },
  actions: {
    assignCached: assign((_, params: { copy: CachedCopy }) =>
      params.copy ? { data: params.copy.data, fromCache: true } : {},
    ),
    assignFresh: assign((_, params: { output: FetchRemoteOutput }) =>
      params.output.ok ? { data: params.output.data, fromCache: false, errorCode: null, fallback: undefined } : {},
    ),
    holdBack: assign((_, params: { copy: CachedCopy }) => ({ fallback: params.copy?.data })),
    showHeldBack: assign(({ context }) => ({ data: context.fallback, fromCache: true, fallback: undefined })),
    assignFailure: assign((_, params: { output: FetchRemoteOutput }) => ({
      errorCode: params.output.ok ? null : params.output.code,
    })),
    assignUnexpectedFailure: assign({ errorCode: 'UNKNOWN_ERROR' }),
    /**
     * Tells the resources (`systemId: 'resources'`) what the view now shows, for this scope: they
     * follow the dashboard's pips earned (a rise tells the Chance to Win contest).
     */
    reportShown: sendTo(resourcesActor, ({ context }) => ({ type: 'resource.shown' as const, scope: context.scope, data: context.data })),
  },
  guards: {
    /** A copy to show now: in the scope's language, or in another one once the network failed. */
    showsCopy: ({ context }, params: { copy: CachedCopy }) =>
      isCopyInLanguage(params.copy) || (isCopyHeldBack(params.copy) && context.errorCode !== null),
    /** Only a copy in another language: held back (machines/storedCopy.ts). */
    holdsCopyBack: (_, params: { copy: CachedCopy }) => isCopyHeldBack(params.copy),
    /** A copy in another language is held back while the network answers. */
    holdsBack: ({ context }) => context.fallback !== undefined,
    /** A copy from the store is shown. */
    holdsCopy: ({ context }) => context.fromCache && context.data !== undefined,
    /** Opening: the store is still being read. */
    whileReading: stateIn('#cachedResource.opening.readingCache'),
    /** Opening: the network answered first, with a failure (its code is kept): the copy decides what is shown. */
    networkFailed: ({ context }) => context.errorCode !== null,
    isFetchOk: (_, params: { output: FetchRemoteOutput }) => params.output.ok,
  },
}).createMachine({
  id: 'cachedResource',
  initial: 'opening',
  context: ({ input }) => ({ scope: input ?? defaultScope, data: undefined, fromCache: false, errorCode: null }),
  states: {
    /** The store is read while the network is asked. */
    opening: {
      initial: 'readingCache',
      invoke: {
        id: 'fetchRemote',
        src: 'fetchRemote',
        input: scopeInput,
        onDone: [
          { guard: isFetchOk, target: 'storing', actions: [assignFresh, 'reportShown'] },
          { guard: 'holdsCopy', target: 'succeeded', actions: assignFailure },
          { guard: 'holdsBack', target: 'succeeded', actions: [assignFailure, 'showHeldBack', 'reportShown'] },
          { guard: 'whileReading', actions: assignFailure },
          { target: 'failed', actions: assignFailure },
        ],
        onError: [
          { guard: 'holdsCopy', target: 'succeeded', actions: 'assignUnexpectedFailure' },
          { guard: 'holdsBack', target: 'succeeded', actions: ['assignUnexpectedFailure', 'showHeldBack', 'reportShown'] },
          { guard: 'whileReading', actions: 'assignUnexpectedFailure' },
          { target: 'failed', actions: 'assignUnexpectedFailure' },
        ],
      },
      // A reload asks the network again (the call it replaces is aborted).
      on: { 'resource.reload': [{ guard: 'holdsCopy', target: 'refreshing' }, { target: 'loading' }] },
      states: {
        /** A few milliseconds: nothing is shown yet, and no spinner either. */
        readingCache: {
          invoke: {
            id: 'readCache',
            src: 'readCache',
            input: scopeInput,
            onDone: [
              {
                guard: { type: 'showsCopy', params: ({ event }) => ({ copy: event.output }) },
                target: 'showingCopy',
                actions: [{ type: 'assignCached', params: ({ event }) => ({ copy: event.output }) }, 'reportShown'],
              },
              {
                guard: { type: 'holdsCopyBack', params: ({ event }) => ({ copy: event.output }) },
                target: 'holdingBack',
                actions: { type: 'holdBack', params: ({ event }) => ({ copy: event.output }) },
              },
              { guard: 'networkFailed', target: '#cachedResource.failed' },
              { target: 'waitingForNetwork' },
            ],
            // An unreadable store (no IndexedDB, private mode) is an empty one.
            onError: [{ guard: 'networkFailed', target: '#cachedResource.failed' }, { target: 'waitingForNetwork' }],
          },
        },
        /** Nothing held: the view shows loading. */
        waitingForNetwork: { tags: 'loading' },
        /** Only a copy in another language: the view shows loading while the network answers. */
        holdingBack: { tags: 'loading' },
        /** The copy is shown while the network answers (or, when it already failed, is all there is). */
        showingCopy: {
          tags: 'refreshing',
          always: { guard: 'networkFailed', target: '#cachedResource.succeeded' },
        },
      },
    },
    /** Nothing held: the view shows loading. */
    loading: {
      tags: 'loading',
      invoke: {
        id: 'fetchRemote',
        src: 'fetchRemote',
        input: scopeInput,
        onDone: [
          { guard: isFetchOk, target: 'storing', actions: [assignFresh, 'reportShown'] },
          { guard: 'holdsBack', target: 'succeeded', actions: [assignFailure, 'showHeldBack', 'reportShown'] },
          { target: 'failed', actions: assignFailure },
        ],
        onError: [
          { guard: 'holdsBack', target: 'succeeded', actions: ['assignUnexpectedFailure', 'showHeldBack', 'reportShown'] },
          { target: 'failed', actions: 'assignUnexpectedFailure' },
        ],
      },
      on: { 'resource.reload': { target: 'loading', reenter: true } },
    },
    /** The cached copy is shown while the network answers. */
    refreshing: {
      tags: 'refreshing',
      invoke: {
        id: 'fetchRemote',
        src: 'fetchRemote',
        input: scopeInput,
        onDone: [
          { guard: isFetchOk, target: 'storing', actions: [assignFresh, 'reportShown'] },
          { target: 'succeeded', actions: assignFailure },
        ],
        onError: { target: 'succeeded', actions: 'assignUnexpectedFailure' },
      },
      on: { 'resource.reload': { target: 'refreshing', reenter: true } },
    },
    /** Fresh data is shown while it is stored; a failed write only costs the next cold start. */
    storing: {
      invoke: {
        id: 'writeCache',
        src: 'writeCache',
        input: ({ context }) => ({ ...context.scope, data: context.data }),
        onDone: { target: 'succeeded' },
        onError: { target: 'succeeded' },
      },
      on: { 'resource.reload': { target: 'refreshing' } },
    },
    succeeded: {
      on: { 'resource.open': { target: 'refreshing' }, 'resource.reload': { target: 'refreshing' } },
    },
    /** Nothing held and the network failed: the error code says why. */
    failed: {
      on: { 'resource.open': { target: 'loading' }, 'resource.reload': { target: 'loading' } },
    },
  },
});
