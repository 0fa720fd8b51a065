import { and, assign, fromCallback, not, or, sendTo, setup, stateIn, type EventObject } from 'xstate';
import type { ServiceWorkerContext, ServiceWorkerEvent, ServiceWorkerInput } from './serviceWorker.types';
import { resourcesActor } from './system';

/**
 * The service worker: `worker` registers it (vite-plugin-pwa's `registerSW`) and
 * reports what it does. A new version waiting takes over at once when that is safe (online, no
 * form with unsent input, no reload of our own a moment ago); the page then reloads 100 ms after
 * the takeover, once. When it is not safe the new version waits and the member is offered the
 * reload (accepted, it happens once the new version took over; calm returning, input sent and
 * back online, tries again on its own). A lazily loaded chunk missing after a deploy reloads the
 * page once, never offline (the binding tells a missing chunk only when the server answers). The worker's daily
 * content sync, the page being shown again and the connection coming back refresh the data; updates are looked for when
 * the page is shown and every hour, never offline.
 */
export const serviceWorkerMachine = setup({
  types: {
    context: {} as ServiceWorkerContext,
    events: {} as ServiceWorkerEvent,
    input: {} as ServiceWorkerInput | undefined,
    tags: {} as 'updateOffered',
  },
  actors: {
    /**
     * Registers /sw.js and reports `sw.registered` (or `sw.unsupported`), `sw.updateWaiting`,
     * `sw.controllerChanged`, `sw.contentSync`; registers the daily periodic sync 'content-sync'
     * where supported. Receives `worker.activate` (the waiting version takes over) and
     * `worker.checkForUpdate`.
     */
    worker: fromCallback<EventObject>(({ sendBack }) => {
      sendBack({ type: 'sw.unsupported' });
      return () => {};
    }),
    /** Reports `network.online` / `network.offline`, `page.visible` and `chunk.failed`. */
    watchPage: fromCallback<EventObject>(() => () => {}),
  },
  actions: {
    /** Reload the page (marking it, so the next load knows it followed our own reload). */
    reloadPage: () => {},
    /** The waiting version takes over. */
    activateUpdate: sendTo('worker', { type: 'worker.activate' }),
    /** Ask the server for a new version. */
    checkForUpdate: sendTo('worker', { type: 'worker.checkForUpdate' }),
    /** The data may be stale: the resources fetch what is open again. */
    tellContentRefresh: sendTo(resourcesActor, { type: 'content.refresh' }),
    markDirty: assign(({ context }, params: { id: string }) => ({
      dirty: context.dirty.includes(params.id) ? context.dirty : [...context.dirty, params.id],
    })),
    markClean: assign(({ context }, params: { id: string }) => ({ dirty: context.dirty.filter((id) => id !== params.id) })),
    markOnline: assign({ online: true }),
    markOffline: assign({ online: false }),
    markTookOver: assign({ tookOver: true }),
    /** The member accepted the offered reload: it happens once the new version took over. */
    acceptReload: assign({ reloadAccepted: true }),
  },
  guards: {
    /** The member asked for it; or online, no unsent input, and not just reloaded by us. */
    isSafeToReload: ({ context }) => context.reloadAccepted || (context.online && context.dirty.length === 0 && !context.reloadedRecently),
    isOnline: ({ context }) => context.online,
    hasNotReloadedRecently: ({ context }) => !context.reloadedRecently,
    tookOver: ({ context }) => context.tookOver,
    /**
     * A stale chunk reloads once: online (offline the reload would show the browser's error page
     * instead of the app), not right after our own reload, nor while one is under way.
     */
    mayReloadForChunk: and(['isOnline', 'hasNotReloadedRecently', not(or([stateIn('#serviceWorker.reloading'), stateIn('#serviceWorker.reloaded')]))]),
  },
  delays: {
    /** The page reloads 100 ms after a new version takes over. */
    reloadAfterTakeover: 100,
    /** How often a long-open page looks for a new version. */
    updateCheckInterval: 60 * 60 * 1000,
  },
}).createMachine({
  id: 'serviceWorker',
  initial: 'registering',
  context: ({ input }) => ({ reloadedRecently: input?.reloadedRecently ?? false, dirty: [], online: true, tookOver: false, reloadAccepted: false }),
  invoke: [
    { id: 'worker', src: 'worker' },
    { id: 'watchPage', src: 'watchPage' },
  ],
  on: {
    'input.dirty': { actions: { type: 'markDirty', params: ({ event }) => ({ id: event.id }) } },
    'input.clean': { actions: { type: 'markClean', params: ({ event }) => ({ id: event.id }) } },
    // Back online: what the member sees may be stale, or a copy in another language kept while
    // offline (a language switched offline): every open load fetches again.
    'network.online': { actions: ['markOnline', 'tellContentRefresh'] },
    'network.offline': { actions: 'markOffline' },
    'sw.contentSync': { actions: 'tellContentRefresh' },
    // A page older than the server's build: one reload fetches the new one.
    'chunk.failed': { guard: 'mayReloadForChunk', target: '.reloading' },
  },
  states: {
    registering: {
      on: { 'sw.registered': { target: 'active' }, 'sw.unsupported': { target: 'unsupported' } },
    },
    /** No worker: nothing to update (the chunk reload still applies). */
    unsupported: {},
    active: {
      initial: 'current',
      on: {
        'sw.controllerChanged': { target: '.tookOver', actions: 'markTookOver' },
      },
      states: {
        /** The running version is the newest known. */
        current: {
          on: {
            'sw.updateWaiting': { target: 'updateWaiting' },
            'page.visible': [{ guard: 'isOnline', actions: ['checkForUpdate', 'tellContentRefresh'] }, { actions: 'tellContentRefresh' }],
          },
          // Offline at the hour: no check, but the next hour is still looked at.
          after: {
            updateCheckInterval: [
              { guard: 'isOnline', target: 'current', reenter: true, actions: 'checkForUpdate' },
              { target: 'current', reenter: true },
            ],
          },
        },
        /** A new version is waiting (or already took over): it takes over now if that is safe. */
        updateWaiting: {
          always: [{ guard: 'tookOver', target: 'tookOver' }, { guard: 'isSafeToReload', target: 'takingOver' }, { target: 'offered' }],
        },
        /** Not safe now: the member is offered the reload; calm returning tries again. */
        offered: {
          tags: 'updateOffered',
          on: {
            'input.clean': { target: 'updateWaiting', actions: { type: 'markClean', params: ({ event }) => ({ id: event.id }) } },
            'network.online': { target: 'updateWaiting', actions: ['markOnline', 'tellContentRefresh'] },
            'user.reload': [{ guard: 'tookOver', target: '#serviceWorker.reloading' }, { target: 'takingOver', actions: 'acceptReload' }],
          },
        },
        /**
         * Asked to take over (it was safe, or the member chose to reload). Its takeover reloads,
         * unless input became unsent or the network went away meanwhile and the member did not
         * ask: then the reload is offered (the active state's `sw.controllerChanged`).
         */
        takingOver: {
          entry: 'activateUpdate',
        },
        /** The new version controls the page: reload, unless that is not safe now. */
        tookOver: {
          always: [{ guard: 'isSafeToReload', target: '#serviceWorker.reloading' }, { target: 'offered' }],
        },
      },
    },
    reloading: {
      after: { reloadAfterTakeover: { target: 'reloaded', actions: 'reloadPage' } },
    },
    /** The reload is under way. */
    reloaded: {},
  },
});
