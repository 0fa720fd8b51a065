import { announcementsMachine } from '../../machines/announcements.machine';
import {
  selectAnnouncements,
  selectHasMore,
  selectIsLoading,
  selectIsLoadingMore,
  selectLoadFailed,
  selectShowingCopy,
  selectUnreadCount,
} from '../../machines/announcements.selectors';
import type { AnnouncementItem, AnnouncementsEvent, CachedList, PageOutput, SendStatusOutput, StatusOp } from '../../machines/announcements.types';
import { describeMachinePaths, type PathEvent } from './describePathCoverage';
import type { ActorOutputFixtures, EventFixtures, SerializeState } from './pathCoverage';
import { action, actorStarted, actorStopped, type Effect } from './recording';

const item = (id: number, status: 1 | 2 | 3): AnnouncementItem => ({
  id,
  title: `News ${id}`,
  text: `Text ${id}`,
  sendDate: `2026-11-0${id}T10:00:00.000Z`,
  url: id === 3 ? '/earn' : null,
  type: 'USER_INDIVIDUAL',
  status,
});

const cached: NonNullable<CachedList> = { items: [item(2, 2)], hasMore: false, unreadCount: 1 };
/** Only a copy saved in another language (the member switched language since). */
const cachedInEnglish: NonNullable<CachedList> = { items: [item(3, 2), item(2, 3)], hasMore: true, unreadCount: 1, savedIn: 'en' };
const firstPage: PageOutput = { ok: true, items: [item(3, 1), item(2, 2)], hasMore: true, unreadCount: 40 };
const nextPage: PageOutput = { ok: true, items: [item(1, 3)], hasMore: false, unreadCount: 40 };

const events = {
  'scope.changed': [
    { type: 'scope.changed', userId: 7, language: 'es' },
    { type: 'scope.changed', userId: null, language: 'en' },
  ],
  'user.read': [{ type: 'user.read', id: 3 }],
  'user.delete': [{ type: 'user.delete', id: 2 }],
  'user.loadMore': [{ type: 'user.loadMore' }],
  'announcements.refresh': [{ type: 'announcements.refresh' }],
  'network.online': [{ type: 'network.online' }],
  'network.changed': [{ type: 'network.changed', offline: true }],
  'queue.flushed': [{ type: 'queue.flushed' }],
} satisfies EventFixtures<AnnouncementsEvent | { type: 'queue.flushed' }>;

const outputs = {
  readCache: [null, cached, cachedInEnglish],
  fetchPage: [firstPage, nextPage, { ok: false, code: 'NETWORK_ERROR' }],
  sendStatus: [{ outcome: 'saved' }, { outcome: 'queued' }, { outcome: 'failed', code: 'NOT_FOUND' }],
  flushQueue: [{ sent: 1 }],
  watchPage: [undefined],
} satisfies ActorOutputFixtures<typeof announcementsMachine>;

/**
 * Graph key: the states, the member, what is held (ids and statuses), how many changes wait (2 or
 * more counts as 2: a refetch brings an item back unread, so reading it again could queue
 * without end), whether there is more, loaded, the load error.
 */
const serializeState: SerializeState = (s) =>
  JSON.stringify({
    value: s.value,
    userId: s.context.userId,
    items: s.context.items.map((i: AnnouncementItem) => `${i.id}:${i.status}`),
    ops: Math.min(s.context.ops.length, 2),
    more: s.context.hasMore,
    loaded: s.context.loaded,
    error: s.context.loadError,
    heldBack: s.context.heldBack !== undefined,
    fromOtherLanguage: s.context.fromOtherLanguage ?? null,
  });

/** `the first page comes with 2 (more to come)`, `the next page fails (NETWORK_ERROR)`. */
const pageWords = (which: string, page: PageOutput) =>
  page.ok ? `the ${which} page comes with ${page.items.length}${page.hasMore ? ' (more to come)' : ''}` : `the ${which} page fails (${page.code})`;

type ListState = 'readingCache' | 'fetching' | 'shown' | 'fetchingMore';
type OpsState = 'idle' | 'saving' | 'flushing';

/**
 * The rules (the member's announcements and the bell, their loading states, a language change;
 * issue 9): for a verified member the stored copy shows first, then the first page from the
 * network (a failure keeps the copy; with nothing held the failure shows); scrolling to the end
 * appends the next page (older than the last held) while there is more. Reading an unread item
 * makes it read at once and deleting removes it at once, both stored in the copy and counted off
 * the bell; the changes go to the server one at a time, oldest first. A refused change is undone
 * (unread again with the bell +1, or the item back in its place, newest first) with a notice
 * naming it, and the copy stored again; a change nothing answered stays done (the binding queued
 * it offline). The connection coming back, or the page asking for a refresh (a push, the page
 * shown again), sends the changes queued offline, then reloads the first page. A new member or language starts over; nobody signed in holds nothing.
 * A copy saved only in another language is held back (loading shows) and shown only if the first
 * page fails; the changes made on it are stored in its own language, and no next page is appended.
 */
function announcementsRules(input: { language?: string } | undefined) {
  let language = input?.language ?? 'en';
  let userId: number | null = null;
  let offline = false;
  let active = false;
  let list: ListState = 'readingCache';
  let ops: OpsState = 'idle';
  let items: AnnouncementItem[] = [];
  let hasMore = false;
  let unread = 0;
  let queue: StatusOp[] = [];
  let loaded = false;
  let loadError: string | null = null;
  let heldBack: NonNullable<CachedList> | null = null;
  /** The language of the copy shown when it is another language's. */
  let fromOther: string | null = null;

  const scope = () => ({ userId: userId ?? 0, language });
  const writeCache = (): Effect[] => [action('writeCache', { ...scope(), language: fromOther ?? language, list: { items, hasMore, unreadCount: unread } })];
  const clear = () => {
    [items, hasMore, unread, queue, loaded, loadError, heldBack, fromOther] = [[], false, 0, [], false, null, null, null];
  };
  /** The first page failed: a copy held back shows (when nothing else is held). */
  const showHeldBack = () => {
    if (!heldBack || loaded) return;
    [items, hasMore, unread, loaded, fromOther, heldBack] = [heldBack.items, heldBack.hasMore, heldBack.unreadCount, true, heldBack.savedIn ?? null, null];
  };
  /** Stopping the member's actors: the list's call, the change in flight, the page watcher. */
  const stopAll = (): Effect[] => {
    // The regions stop in reverse order (changes, then the list), then the state's own watcher.
    const stopped: Effect[] = [];
    if (ops === 'saving') stopped.push(actorStopped('sendStatus'));
    if (ops === 'flushing') stopped.push(actorStopped('flushQueue'));
    if (list === 'readingCache') stopped.push(actorStopped('readCache'));
    if (list === 'fetching') stopped.push(actorStopped('fetchFirstPage'));
    if (list === 'fetchingMore') stopped.push(actorStopped('fetchNextPage'));
    stopped.push(actorStopped('watchPage'));
    return stopped;
  };
  const fetchFirst = (): Effect[] => {
    list = 'fetching';
    return [actorStarted('fetchPage', { ...scope(), before: null }, 'fetchFirstPage')];
  };
  /** The next change goes out when none is in flight. */
  const nextChange = (): Effect[] => {
    if (ops !== 'idle' || queue.length === 0) return [];
    ops = 'saving';
    return [actorStarted('sendStatus', { ...scope(), op: queue[0], offline })];
  };
  /** The list reloads (refresh, back online, changes sent) when it is shown. */
  const reloadShown = (): Effect[] => (list === 'shown' ? fetchFirst() : []);
  const undo = (op: StatusOp) => {
    if (op.kind === 'read') {
      const held = items.find((i) => i.id === op.id);
      if (held?.status === 3) {
        items = items.map((i) => (i.id === op.id ? { ...i, status: op.previous } : i));
        unread += 1;
      }
      return;
    }
    if (items.some((i) => i.id === op.id)) return;
    items = [...items, op.item].sort((a, b) => b.id - a.id);
    if (op.item.status !== 3) unread += 1;
  };

  return {
    started: [],
    on(event: PathEvent<AnnouncementsEvent | { type: 'queue.flushed' }>): Effect[] {
      switch (event.type) {
        case 'network.changed':
          // Told by the app root: a change sent while offline is queued at once (the binding's call).
          offline = event.offline;
          return [];
        case 'scope.changed': {
          const stopped = active ? stopAll() : [];
          clear();
          language = event.language;
          userId = event.userId;
          if (event.userId === null) {
            active = false;
            return stopped;
          }
          [active, list, ops] = [true, 'readingCache', 'idle'];
          return [...stopped, actorStarted('watchPage'), actorStarted('readCache', scope())];
        }
        case 'user.read': {
          const held = items.find((i) => i.id === event.id);
          if (!active || !held || held.status === 3) throw new Error('only an unread item held is read');
          queue = [...queue, { kind: 'read', id: held.id, type: held.type, previous: held.status }];
          items = items.map((i) => (i.id === event.id ? { ...i, status: 3 } : i));
          unread = Math.max(0, unread - 1);
          return [...writeCache(), ...nextChange()];
        }
        case 'user.delete': {
          const held = items.find((i) => i.id === event.id);
          if (!active || !held) throw new Error('only an item held is deleted');
          queue = [...queue, { kind: 'delete', id: held.id, type: held.type, item: held }];
          items = items.filter((i) => i.id !== event.id);
          if (held.status !== 3) unread = Math.max(0, unread - 1);
          return [...writeCache(), ...nextChange()];
        }
        case 'user.loadMore':
          if (list !== 'shown' || !hasMore || items.length === 0 || fromOther) throw new Error('more only when shown, with more, in this language');
          list = 'fetchingMore';
          return [actorStarted('fetchPage', { ...scope(), before: items[items.length - 1].id }, 'fetchNextPage')];
        case 'announcements.refresh':
        case 'network.online':
          if (!active || ops !== 'idle') throw new Error(`${event.type} is taken while no change is in flight`);
          ops = 'flushing';
          return [actorStarted('flushQueue', scope())];
        case 'queue.flushed':
          if (list !== 'shown') throw new Error('a flush reloads only a shown list');
          return fetchFirst();
        case 'xstate.done.actor.readCache': {
          const copy = event.output as CachedList;
          if (copy?.savedIn) heldBack = copy;
          else if (copy) [items, hasMore, unread, loaded] = [copy.items, copy.hasMore, copy.unreadCount, true];
          return fetchFirst();
        }
        case 'xstate.error.actor.readCache':
          return fetchFirst();
        case 'xstate.done.actor.fetchFirstPage':
        case 'xstate.done.actor.fetchNextPage': {
          const output = event.output as PageOutput;
          const more = event.type === 'xstate.done.actor.fetchNextPage';
          list = 'shown';
          if (!output.ok) {
            loadError = output.code;
            if (!more) showHeldBack();
            return [];
          }
          if (more) {
            const ids = new Set(items.map((i) => i.id));
            items = [...items, ...output.items.filter((i) => !ids.has(i.id))];
          } else {
            items = output.items;
            [loaded, heldBack, fromOther] = [true, null, null];
          }
          [hasMore, unread, loadError] = [output.hasMore, output.unreadCount, null];
          return writeCache();
        }
        case 'xstate.error.actor.fetchFirstPage':
        case 'xstate.error.actor.fetchNextPage':
          list = 'shown';
          loadError = 'UNKNOWN_ERROR';
          if (event.type === 'xstate.error.actor.fetchFirstPage') showHeldBack();
          return [];
        case 'xstate.done.actor.sendStatus':
        case 'xstate.error.actor.sendStatus': {
          const output: SendStatusOutput =
            event.type === 'xstate.done.actor.sendStatus' ? (event.output as SendStatusOutput) : { outcome: 'failed', code: 'UNKNOWN_ERROR' };
          const [op, ...rest] = queue;
          ops = 'idle';
          const effects: Effect[] = [];
          if (output.outcome === 'failed') {
            undo(op);
            queue = rest;
            effects.push(action('notifyReverted', { kind: op.kind, code: output.code }), ...writeCache());
          } else {
            queue = rest;
          }
          return [...effects, ...nextChange()];
        }
        case 'xstate.done.actor.flushQueue':
        case 'xstate.error.actor.flushQueue':
          // Then the first page reloads, if the list is shown (the next change goes out first).
          ops = 'idle';
          return [...nextChange(), ...reloadShown()];
        default:
          throw new Error(`the rules have no ${event.type}`);
      }
    },
    meaning: () => ({
      items: items.map((i) => `${i.id}:${i.status}`),
      unread,
      hasMore,
      loading: active && !loaded && (list === 'readingCache' || list === 'fetching'),
      loadingMore: active && list === 'fetchingMore',
      loadFailed: active && !loaded && loadError !== null && list === 'shown',
      showingCopy: loaded && loadError !== null,
    }),
  };
}

describeMachinePaths({
  name: 'announcements',
  machine: announcementsMachine,
  events,
  outputs,
  serializeState,
  meaning: (s) => ({
    items: selectAnnouncements(s).map((i) => `${i.id}:${i.status}`),
    unread: selectUnreadCount(s),
    hasMore: selectHasMore(s),
    loading: selectIsLoading(s),
    loadingMore: selectIsLoadingMore(s),
    loadFailed: selectLoadFailed(s),
    showingCopy: selectShowingCopy(s),
  }),
  oracle: announcementsRules,
  words: {
    events: {
      'scope.changed': (e) => (e.userId === null ? 'nobody is signed in' : `member ${e.userId} is verified (${e.language === 'es' ? 'Spanish' : 'English'})`),
      'user.read': (e) => `the member reads news ${e.id}`,
      'user.delete': (e) => `deletes news ${e.id}`,
      'user.loadMore': 'scrolls to the end',
      'announcements.refresh': 'the page asks for a refresh',
      'network.online': 'the connection comes back',
      'network.changed': (e) => (e.offline ? 'the app learns it is offline' : 'the app learns it is online'),
      'queue.flushed': 'the offline queue is sent',
      'xstate.done.actor.readCache': (e) => {
        const copy = e.output as CachedList;
        if (!copy) return 'nothing is stored';
        return copy.savedIn ? 'only an English copy is stored' : 'a stored copy is found';
      },
      'xstate.error.actor.readCache': 'the store cannot be read',
      'xstate.done.actor.fetchFirstPage': (e) => pageWords('first', e.output as PageOutput),
      'xstate.error.actor.fetchFirstPage': 'loading the first page breaks',
      'xstate.done.actor.fetchNextPage': (e) => pageWords('next', e.output as PageOutput),
      'xstate.error.actor.fetchNextPage': 'loading the next page breaks',
      'xstate.done.actor.sendStatus': (e) => {
        const output = e.output as SendStatusOutput;
        if (output.outcome === 'failed') return `the server refuses the change (${output.code})`;
        return output.outcome === 'saved' ? 'the server takes the change' : 'the change is queued offline';
      },
      'xstate.error.actor.sendStatus': 'sending the change breaks',
      'xstate.done.actor.flushQueue': 'the changes queued offline are sent',
      'xstate.error.actor.flushQueue': 'sending the queued changes breaks',
    },
    outcome: (m) => {
      if (m.loading) return 'a spinner shows';
      if (m.loadFailed) return 'the failure shows';
      const news = m.items.map((it) => {
        const [id, status] = it.split(':');
        return status === '3' ? id : `${id} (unread)`;
      });
      const shown = news.length === 0 ? 'no item shows' : news.length === 1 ? `item ${news[0]} shows` : `items ${news.join(', ')} show`;
      const notes = [
        `the bell says ${m.unread}`,
        m.showingCopy ? 'with the saved-copy notice' : null,
        m.loadingMore ? 'more loading' : m.hasMore ? 'more to scroll' : null,
      ].filter((note) => note !== null);
      return `${shown}, ${notes.join(', ')}`;
    },
  },
});
