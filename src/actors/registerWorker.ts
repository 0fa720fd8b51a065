/** What the service worker actor hears from the registration. */
export interface WorkerRegistrationHandlers {
  /** A new version is installed and waits (this tab's update check or another tab's). */
  onNeedRefresh: () => void;
  onRegistered: (registration: ServiceWorkerRegistration) => void;
  onRegisterError: () => void;
}

/**
 * Registers /sw.js (the prompt strategy of vite-plugin-pwa, without workbox-window's 8 KB on every
 * first visit): a version installed while another controls the page is reported as waiting,
 * once, and the returned `activate` asks the waiting one to take over (src/sw.ts answers
 * `SKIP_WAITING`). The very first install takes control without a prompt.
 */
export function registerWorker(container: ServiceWorkerContainer, handlers: WorkerRegistrationHandlers): () => Promise<void> {
  let registration: ServiceWorkerRegistration | undefined;
  let announced: ServiceWorker | null = null;
  const announceIfWaiting = () => {
    const waiting = registration?.waiting ?? null;
    if (!waiting || !container.controller || waiting === announced) return;
    announced = waiting;
    handlers.onNeedRefresh();
  };
  const follow = (worker: ServiceWorker | null) =>
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') announceIfWaiting();
    });
  container
    .register('/sw.js', { scope: '/', type: 'classic' })
    .then((found) => {
      registration = found;
      found.addEventListener('updatefound', () => follow(found.installing));
      follow(found.installing);
      announceIfWaiting();
      handlers.onRegistered(found);
    })
    .catch(() => handlers.onRegisterError());
  return async () => {
    registration?.waiting?.postMessage({ type: 'SKIP_WAITING' });
  };
}
