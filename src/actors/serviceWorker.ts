import { fromCallback, type EventObject } from 'xstate';
import { serviceWorkerMachine } from '../../machines/serviceWorker.machine';
import { registerWorker } from './registerWorker';
import { browserOnline } from './watchOnline';

/** Background content sync every 24 hours. */
const contentSyncIntervalMs = 24 * 60 * 60 * 1000;
/** The mark a reload made by the app leaves for the next page load (no reload loops). */
const reloadMarkKey = 'pips.reloadedAt';
/** A load this soon after our own reload must not reload again on its own. */
const reloadGuardMs = 30_000;

interface PeriodicSyncManager {
  register(tag: string, options: { minInterval: number }): Promise<void>;
}

/** Whether this page load follows a reload the app made itself a moment ago. */
export function readReloadedRecently(now = Date.now()): boolean {
  try {
    const at = Number(sessionStorage.getItem(reloadMarkKey));
    return Number.isFinite(at) && at > 0 && now - at < reloadGuardMs;
  } catch {
    return false;
  }
}

function reloadPage(): void {
  try {
    sessionStorage.setItem(reloadMarkKey, String(Date.now()));
  } catch {
    // without storage the guard is lost, not the reload
  }
  window.location.reload();
}

/**
 * Registers /sw.js with vite-plugin-pwa's `registerSW` (production builds with service workers
 * only) and turns what it reports into the machine's events. The waiting version takes over on
 * `worker.activate`; `worker.checkForUpdate` asks the server for a new one.
 */
export const worker = fromCallback<EventObject>(({ sendBack, receive }) => {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) {
    sendBack({ type: 'sw.unsupported' });
    return () => {};
  }
  const container = navigator.serviceWorker;
  let stopped = false;
  let registration: ServiceWorkerRegistration | undefined;

  const onMessage = (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === 'CONTENT_SYNC') sendBack({ type: 'sw.contentSync' });
  };
  container.addEventListener('message', onMessage);
  // The very first install takes control of the page without an update; every later change of
  // controller is a new version taking over (from this tab or another).
  let controlled = Boolean(container.controller);
  const onControllerChange = () => {
    if (controlled) sendBack({ type: 'sw.controllerChanged' });
    controlled = true;
  };
  container.addEventListener('controllerchange', onControllerChange);

  receive((event) => {
    if (event.type === 'worker.activate') void activate();
    if (event.type === 'worker.checkForUpdate') void registration?.update().catch(() => {});
  });

  const activate = registerWorker(container, {
    // A new version waits; the machine decides when it takes over. Taking control is reported by
    // `controllerchange` above (also when another tab made the new version take over); the
    // machine reloads, 100 ms later and once, when safe.
    onNeedRefresh: () => {
      if (!stopped) sendBack({ type: 'sw.updateWaiting' });
    },
    onRegistered: (found) => {
      if (stopped) return;
      registration = found;
      sendBack({ type: 'sw.registered' });
      const periodicSync = (found as ServiceWorkerRegistration & { periodicSync?: PeriodicSyncManager }).periodicSync;
      void periodicSync?.register('content-sync', { minInterval: contentSyncIntervalMs }).catch(() => {
        // not granted (the app is not installed, or the browser has no periodic sync)
      });
    },
    onRegisterError: () => {
      if (!stopped) sendBack({ type: 'sw.unsupported' });
    },
  });

  return () => {
    stopped = true;
    container.removeEventListener('message', onMessage);
    container.removeEventListener('controllerchange', onControllerChange);
  };
});

/**
 * Whether the server answers (`GET /api/health`, past any cache). A lazily loaded chunk that
 * fails while the server answers is gone after a deploy; while it does not, the network failed,
 * and a reload would only trade the app for the browser's offline page.
 */
export const serverAnswers = (): Promise<boolean> =>
  fetch('/api/health', { cache: 'no-store' }).then(
    (response) => response.ok,
    () => false,
  );

/**
 * The network, the page being shown again, and a lazily loaded chunk gone after a deploy (told
 * only when `answers` says the server is there; offline, the machine is told the network is gone).
 */
export const watchPageWith = (answers: () => Promise<boolean> = serverAnswers) =>
  fromCallback<EventObject>(({ sendBack }) => {
  const online = () => sendBack({ type: 'network.online' });
  const offline = () => sendBack({ type: 'network.offline' });
  const shown = () => {
    if (document.visibilityState === 'visible') sendBack({ type: 'page.visible' });
  };
  let stopped = false;
  // The error goes on to the code that asked for the chunk (a screen shows its notice, see
  // ScreenErrorBoundary), so this handler does not prevent it (Vite would then resolve the import
  // with nothing); a stale deploy is then reloaded 100 ms later.
  const chunkFailed = () => {
    // The 'offline' event may come after the failed request: the machine hears it first.
    if (!browserOnline()) return offline();
    void answers().then((there) => {
      if (there && !stopped) sendBack({ type: 'chunk.failed' });
    });
  };
  if (!browserOnline()) offline();
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  document.addEventListener('visibilitychange', shown);
  window.addEventListener('vite:preloadError', chunkFailed);
  return () => {
    stopped = true;
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
    document.removeEventListener('visibilitychange', shown);
    window.removeEventListener('vite:preloadError', chunkFailed);
  };
});

/** The page watched with the real server probe. */
export const watchPage = watchPageWith();

/** The service worker lifecycle bound to the browser. */
export function serviceWorkerLogic({ answers }: { answers?: () => Promise<boolean> } = {}) {
  return serviceWorkerMachine.provide({
    actors: { worker, watchPage: answers ? watchPageWith(answers) : watchPage },
    actions: { reloadPage: () => reloadPage() },
  });
}
