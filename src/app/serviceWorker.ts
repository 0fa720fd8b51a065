/** SPEC §9: the page reloads 100 ms after a new service worker takes over. */
const reloadDelayMs = 100;
/** SPEC §9: background content sync every 24 hours. */
const contentSyncIntervalMs = 24 * 60 * 60 * 1000;

interface PeriodicSyncManager {
  register(tag: string, options: { minInterval: number }): Promise<void>;
}

/**
 * Registers /sw.js in production builds (never in dev). A new version is told to take over at
 * once; the page then reloads, at most once per takeover.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  const hadController = Boolean(container.controller);
  let reloading = false;
  container.addEventListener('controllerchange', () => {
    // The very first install takes control without a reload; only an update reloads.
    if (!hadController || reloading) return;
    reloading = true;
    setTimeout(() => window.location.reload(), reloadDelayMs);
  });

  const takeOver = (worker: ServiceWorker | null) => worker?.postMessage({ type: 'SKIP_WAITING' });

  void container
    .register('/sw.js', { scope: '/' })
    .then(async (registration) => {
      if (registration.waiting && container.controller) takeOver(registration.waiting);
      registration.addEventListener('updatefound', () => {
        const worker = registration.installing;
        worker?.addEventListener('statechange', () => {
          if (worker.state === 'installed' && container.controller) takeOver(worker);
        });
      });
      const periodicSync = (registration as ServiceWorkerRegistration & { periodicSync?: PeriodicSyncManager })
        .periodicSync;
      await periodicSync?.register('content-sync', { minInterval: contentSyncIntervalMs }).catch(() => {
        // not granted (the app is not installed, or the browser has no periodic sync)
      });
    })
    .catch((error: unknown) => console.warn('Service worker registration failed', error));
}
