import { assign, fromCallback, fromPromise, raise, setup, type EventObject } from 'xstate';
import type {
  AnnouncementItem,
  AnnouncementsContext,
  AnnouncementsEvent,
  CachedList,
  FetchPageInput,
  PageOutput,
  RevertParams,
  Scope,
  SendStatusInput,
  SendStatusOutput,
  StatusOp,
  WriteCacheParams,
} from './announcements.types';
import { isCopyHeldBack, isCopyInLanguage } from './storedCopy';

const notProvided = { ok: false, code: 'NOT_PROVIDED' } as const;

const isUnread = (item: AnnouncementItem) => item.status !== 3;
/** Newest first (ids grow with time): where an item goes back to. */
const byNewest = (a: AnnouncementItem, b: AnnouncementItem) => b.id - a.id;

const scopeOf = (context: AnnouncementsContext): Scope => ({ userId: context.userId ?? 0, language: context.language });
/** The list as stored: under the language of the copy shown when it is another language's. */
const cacheParams = ({ context }: { context: AnnouncementsContext }): WriteCacheParams => ({
  ...scopeOf(context),
  language: context.fromOtherLanguage ?? context.language,
  list: { items: context.items, hasMore: context.hasMore, unreadCount: context.unreadCount },
});
/** A member's list before anything is held: nothing shown, nothing waiting, nothing held back. */
const emptyList = (): Omit<AnnouncementsContext, 'userId' | 'language' | 'offline'> => ({
  items: [],
  hasMore: false,
  unreadCount: 0,
  ops: [],
  loadError: null,
  loaded: false,
  heldBack: undefined,
  fromOtherLanguage: undefined,
});
const idParams = ({ event }: { event: AnnouncementsEvent }) => ({ id: 'id' in event ? event.id : 0 });

/**
 * The member's announcements (SPEC §2, §4, §9): the stored copy first, then the first page of 30
 * from the network (merged with the member's status records), the next page appended when the
 * member scrolls. Reading (2 becomes 3) and deleting apply at once and are sent one after the
 * other; a change the server refuses is reverted (the item back in its place, unread again) with
 * a notice; a change nothing answered is kept queued offline by the binding and sent when the
 * connection returns (or the page asks for a refresh: a push arrived, it became visible), then
 * the first page reloads. The bell reads the unread count over every page. A new member or language
 * loads again; nobody signed in holds nothing. A copy saved only in another language (the member
 * switched language since) is held back while the first page loads and shown if it fails; the
 * changes made on it are stored in its own language, and no next page is appended to it.
 */
export const announcementsMachine = setup({
  types: {
    context: {} as AnnouncementsContext,
    events: {} as AnnouncementsEvent | { type: 'queue.flushed' },
    input: {} as { language?: string } | undefined,
  },
  actors: {
    /** The stored copy of the member's list in this language, else in another one (`savedIn`), or null (IndexedDB). */
    readCache: fromPromise<CachedList, Scope>(async () => null),
    /** A page: GET /mobile/announcements + POST /mobile/announcements/users, merged; failures as data. */
    fetchPage: fromPromise<PageOutput, FetchPageInput>(async () => notProvided),
    /** POST /mobile/announcements/{id}/status; no answer: queued offline (`queued`). */
    sendStatus: fromPromise<SendStatusOutput, SendStatusInput>(async () => ({ outcome: 'failed', code: 'NOT_PROVIDED' })),
    /** Sends the changes queued offline; resolves to how many the server took. */
    flushQueue: fromPromise<{ sent: number }, Scope>(async () => ({ sent: 0 })),
    /** Turns the page becoming visible, a push arriving and the connection returning into events. */
    watchPage: fromCallback<EventObject>(() => () => {}),
  },
  actions: {
    assignOffline: assign((_, params: { offline: boolean }) => ({ offline: params.offline })),
    assignScope: assign((_, params: { userId: number | null; language: string }) => ({ userId: params.userId, language: params.language })),
    clearList: assign(() => emptyList()),
    assignCached: assign((_, params: { list: NonNullable<CachedList> }) => ({
      items: params.list.items,
      hasMore: params.list.hasMore,
      unreadCount: params.list.unreadCount,
      loaded: true,
    })),
    holdBack: assign((_, params: { list: NonNullable<CachedList> }) => ({ heldBack: params.list })),
    /** The first page failed with only another language's copy held: it shows (SPEC §4: the cache stays). */
    showHeldBack: assign(({ context }) =>
      context.heldBack && !context.loaded
        ? {
            items: context.heldBack.items,
            hasMore: context.heldBack.hasMore,
            unreadCount: context.heldBack.unreadCount,
            loaded: true,
            fromOtherLanguage: context.heldBack.savedIn,
            heldBack: undefined,
          }
        : {},
    ),
    assignFirstPage: assign((_, params: { output: Extract<PageOutput, { ok: true }> }) => ({
      items: params.output.items,
      hasMore: params.output.hasMore,
      unreadCount: params.output.unreadCount,
      loadError: null,
      loaded: true,
      heldBack: undefined,
      fromOtherLanguage: undefined,
    })),
    appendPage: assign(({ context }, params: { output: Extract<PageOutput, { ok: true }> }) => {
      const held = new Set(context.items.map((item) => item.id));
      return {
        items: [...context.items, ...params.output.items.filter((item) => !held.has(item.id))],
        hasMore: params.output.hasMore,
        unreadCount: params.output.unreadCount,
        loadError: null,
      };
    }),
    assignLoadError: assign((_, params: { code: string }) => ({ loadError: params.code })),
    /** 2 (or 1) becomes 3 at once; the change is queued to be sent. */
    applyRead: assign(({ context }, params: { id: number }) => {
      const item = context.items.find((candidate) => candidate.id === params.id);
      if (!item || item.status === 3) return {};
      const op: StatusOp = { kind: 'read', id: item.id, type: item.type, previous: item.status };
      return {
        items: context.items.map((candidate) => (candidate.id === params.id ? { ...candidate, status: 3 as const } : candidate)),
        unreadCount: Math.max(0, context.unreadCount - 1),
        ops: [...context.ops, op],
      };
    }),
    /** The item leaves the list at once; the change is queued to be sent. */
    applyDelete: assign(({ context }, params: { id: number }) => {
      const item = context.items.find((candidate) => candidate.id === params.id);
      if (!item) return {};
      const op: StatusOp = { kind: 'delete', id: item.id, type: item.type, item };
      return {
        items: context.items.filter((candidate) => candidate.id !== params.id),
        unreadCount: isUnread(item) ? Math.max(0, context.unreadCount - 1) : context.unreadCount,
        ops: [...context.ops, op],
      };
    }),
    /** The server refused the change in flight: unread again, or the item back in its place. */
    revertHead: assign(({ context }) => {
      const op = context.ops[0];
      if (!op) return {};
      if (op.kind === 'read') {
        const item = context.items.find((candidate) => candidate.id === op.id);
        if (!item || item.status !== 3) return {};
        return {
          items: context.items.map((candidate) => (candidate.id === op.id ? { ...candidate, status: op.previous } : candidate)),
          unreadCount: context.unreadCount + 1,
        };
      }
      if (context.items.some((candidate) => candidate.id === op.id)) return {};
      return {
        items: [...context.items, op.item].sort(byNewest),
        unreadCount: context.unreadCount + (isUnread(op.item) ? 1 : 0),
      };
    }),
    dropHead: assign(({ context }) => ({ ops: context.ops.slice(1) })),
    /** Tell the member the change was reverted ('Failed to mark as read…' / 'Failed to delete announcement…'). */
    notifyReverted: (_, _params: RevertParams) => {},
    /** Store the list (IndexedDB, per member and language) so it shows offline. */
    writeCache: (_, _params: WriteCacheParams) => {},
    announceFlushed: raise({ type: 'queue.flushed' }),
  },
  guards: {
    hasMember: (_, params: { userId: number | null }) => params.userId !== null,
    hasCopy: (_, params: { list: CachedList }) => isCopyInLanguage(params.list),
    hasOtherLanguageCopy: (_, params: { list: CachedList }) => isCopyHeldBack(params.list),
    isOk: (_, params: { output: PageOutput }) => params.output.ok,
    /** More pages, for a list in this language (a next page would mix the languages). */
    canLoadMore: ({ context }) => context.hasMore && context.items.length > 0 && context.fromOtherLanguage === undefined,
    isUnreadItem: ({ context }, params: { id: number }) => context.items.some((item) => item.id === params.id && isUnread(item)),
    isListed: ({ context }, params: { id: number }) => context.items.some((item) => item.id === params.id),
    hasOps: ({ context }) => context.ops.length > 0,
    isRefused: (_, params: { output: SendStatusOutput }) => params.output.outcome === 'failed',
  },
}).createMachine({
  id: 'announcements',
  initial: 'signedOut',
  context: ({ input }) => ({ userId: null, language: input?.language ?? 'en', offline: false, ...emptyList() }),
  on: {
    'network.changed': { actions: { type: 'assignOffline', params: ({ event }) => ({ offline: event.offline }) } },
    'scope.changed': [
      {
        guard: { type: 'hasMember', params: ({ event }) => ({ userId: event.userId }) },
        target: '.active',
        reenter: true,
        actions: ['clearList', { type: 'assignScope', params: ({ event }) => ({ userId: event.userId, language: event.language }) }],
      },
      {
        target: '.signedOut',
        actions: ['clearList', { type: 'assignScope', params: ({ event }) => ({ userId: null, language: event.language }) }],
      },
    ],
  },
  states: {
    /** Nobody verified: nothing held (SPEC §6). */
    signedOut: {},
    active: {
      type: 'parallel',
      invoke: { id: 'watchPage', src: 'watchPage' },
      on: {
        'user.read': {
          guard: { type: 'isUnreadItem', params: idParams },
          actions: [{ type: 'applyRead', params: idParams }, { type: 'writeCache', params: cacheParams }],
        },
        'user.delete': {
          guard: { type: 'isListed', params: idParams },
          actions: [{ type: 'applyDelete', params: idParams }, { type: 'writeCache', params: cacheParams }],
        },
      },
      states: {
        list: {
          initial: 'readingCache',
          states: {
            readingCache: {
              invoke: {
                id: 'readCache',
                src: 'readCache',
                input: ({ context }) => scopeOf(context),
                onDone: [
                  {
                    guard: { type: 'hasCopy', params: ({ event }) => ({ list: event.output }) },
                    target: 'fetching',
                    actions: { type: 'assignCached', params: ({ event }) => ({ list: event.output! }) },
                  },
                  {
                    guard: { type: 'hasOtherLanguageCopy', params: ({ event }) => ({ list: event.output }) },
                    target: 'fetching',
                    actions: { type: 'holdBack', params: ({ event }) => ({ list: event.output! }) },
                  },
                  { target: 'fetching' },
                ],
                onError: { target: 'fetching' },
              },
            },
            /** The first page from the network; a failure keeps what is held. */
            fetching: {
              invoke: {
                id: 'fetchFirstPage',
                src: 'fetchPage',
                input: ({ context }) => ({ ...scopeOf(context), before: null }),
                onDone: [
                  {
                    guard: { type: 'isOk', params: ({ event }) => ({ output: event.output }) },
                    target: 'shown',
                    actions: [
                      { type: 'assignFirstPage', params: ({ event }) => ({ output: event.output as Extract<PageOutput, { ok: true }> }) },
                      { type: 'writeCache', params: cacheParams },
                    ],
                  },
                  {
                    target: 'shown',
                    actions: [
                      { type: 'assignLoadError', params: ({ event }) => ({ code: event.output.ok ? 'UNKNOWN_ERROR' : event.output.code }) },
                      'showHeldBack',
                    ],
                  },
                ],
                onError: { target: 'shown', actions: [{ type: 'assignLoadError', params: { code: 'UNKNOWN_ERROR' } }, 'showHeldBack'] },
              },
            },
            shown: {
              on: {
                'user.loadMore': { guard: 'canLoadMore', target: 'fetchingMore' },
                'queue.flushed': { target: 'fetching' },
              },
            },
            /** The next page (older than the last held), appended. */
            fetchingMore: {
              invoke: {
                id: 'fetchNextPage',
                src: 'fetchPage',
                input: ({ context }) => ({ ...scopeOf(context), before: context.items[context.items.length - 1]?.id ?? null }),
                onDone: [
                  {
                    guard: { type: 'isOk', params: ({ event }) => ({ output: event.output }) },
                    target: 'shown',
                    actions: [
                      { type: 'appendPage', params: ({ event }) => ({ output: event.output as Extract<PageOutput, { ok: true }> }) },
                      { type: 'writeCache', params: cacheParams },
                    ],
                  },
                  {
                    target: 'shown',
                    actions: { type: 'assignLoadError', params: ({ event }) => ({ code: event.output.ok ? 'UNKNOWN_ERROR' : event.output.code }) },
                  },
                ],
                onError: { target: 'shown', actions: { type: 'assignLoadError', params: { code: 'UNKNOWN_ERROR' } } },
              },
            },
          },
        },
        ops: {
          initial: 'idle',
          states: {
            idle: {
              always: { guard: 'hasOps', target: 'saving' },
              on: {
                'network.online': { target: 'flushing' },
                'announcements.refresh': { target: 'flushing' },
              },
            },
            /** The oldest change in flight. */
            saving: {
              invoke: {
                id: 'sendStatus',
                src: 'sendStatus',
                input: ({ context }) => ({ ...scopeOf(context), op: context.ops[0], offline: context.offline }),
                onDone: [
                  {
                    guard: { type: 'isRefused', params: ({ event }) => ({ output: event.output }) },
                    target: 'idle',
                    actions: [
                      'revertHead',
                      {
                        type: 'notifyReverted',
                        params: ({ context, event }) => ({
                          kind: context.ops[0]?.kind ?? 'read',
                          code: event.output.outcome === 'failed' ? event.output.code : 'UNKNOWN_ERROR',
                        }),
                      },
                      'dropHead',
                      { type: 'writeCache', params: cacheParams },
                    ],
                  },
                  { target: 'idle', actions: 'dropHead' },
                ],
                onError: {
                  target: 'idle',
                  actions: [
                    'revertHead',
                    { type: 'notifyReverted', params: ({ context }) => ({ kind: context.ops[0]?.kind ?? 'read', code: 'UNKNOWN_ERROR' }) },
                    'dropHead',
                    { type: 'writeCache', params: cacheParams },
                  ],
                },
              },
            },
            /** Changes made offline, sent now; then the first page reloads (when the list is shown). */
            flushing: {
              invoke: {
                id: 'flushQueue',
                src: 'flushQueue',
                input: ({ context }) => scopeOf(context),
                onDone: { target: 'idle', actions: 'announceFlushed' },
                onError: { target: 'idle', actions: 'announceFlushed' },
              },
            },
          },
        },
      },
    },
  },
});
