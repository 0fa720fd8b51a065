/**
 * Types of the service worker lifecycle: registration, a new version taking over
 * and the page reloading once, the daily content sync.
 */

export interface ServiceWorkerInput {
  /**
   * This page load follows a reload the app made itself a moment ago: it must not reload again
   * on its own (no loops); a new version is offered instead.
   */
  reloadedRecently: boolean;
}

export interface ServiceWorkerContext {
  reloadedRecently: boolean;
  /** Forms with input not sent yet (ids): the page never reloads under them. */
  dirty: string[];
  online: boolean;
  /** The new version already controls the page (another tab, or this one, made it take over). */
  tookOver: boolean;
  /** The member accepted the offered reload: the takeover reloads whatever else holds. */
  reloadAccepted: boolean;
}

export type ServiceWorkerEvent =
  /** The worker is registered (production build, a browser with service workers). */
  | { type: 'sw.registered' }
  /** No service worker here (dev server, old browser, registration failed). */
  | { type: 'sw.unsupported' }
  /** A new version is installed and waiting to take over. */
  | { type: 'sw.updateWaiting' }
  /** A new version took control of the page. */
  | { type: 'sw.controllerChanged' }
  /** The worker's daily `content-sync` asks open pages to refresh their data (`CONTENT_SYNC`). */
  | { type: 'sw.contentSync' }
  /** A lazily loaded chunk is gone (`vite:preloadError`): the page is older than the server's build. */
  | { type: 'chunk.failed' }
  /** The page is shown again. */
  | { type: 'page.visible' }
  | { type: 'network.online' }
  | { type: 'network.offline' }
  /** A form has input not sent yet / no longer has. */
  | { type: 'input.dirty'; id: string }
  | { type: 'input.clean'; id: string }
  /** The member accepts the reload offered for a new version. */
  | { type: 'user.reload' };
