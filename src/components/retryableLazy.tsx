import { lazy, type ComponentType } from 'react';

/** What asks again for each lazily loaded component whose code failed to load. */
const failed = new Set<() => void>();

/**
 * Stylesheets that failed to load (offline, before the service worker saved them). Vite's preload
 * helper never asks for a stylesheet it has tried once, so a retried chunk would come without its
 * CSS: the retry puts a fresh `<link>` in place of each failed one. Each failed `<link>` is seen
 * by its own error event (captured on the document): the helper's `vite:preloadError` names only
 * the first of a chunk's stylesheets that failed (the toast container has six), so the others
 * stayed unstyled after the connection came back.
 */
const failedStyles = new Set<string>();
if (typeof document !== 'undefined') {
  document.addEventListener(
    'error',
    (event) => {
      const link = event.target;
      if (link instanceof HTMLLinkElement && link.rel === 'stylesheet') failedStyles.add(link.href);
    },
    true,
  );
}

function askStylesAgain(): void {
  for (const url of failedStyles) {
    for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
      if (link.href === url) link.remove();
    }
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.crossOrigin = '';
    link.href = url;
    document.head.appendChild(link);
  }
  failedStyles.clear();
}

/**
 * React.lazy that can be asked again after its code failed to load (offline, before the service
 * worker saved it): React.lazy keeps a failure for good, so the component renders a new lazy one
 * once `retryFailedLazies` is called (an error boundary's 'Try again', the connection coming back).
 * A load that resolves to no module (a chunk whose preload error was swallowed) is a failure too.
 */
export function retryableLazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const fresh = () =>
    lazy(() =>
      load()
        .then((module) => {
          if (!module) throw new Error('the module did not load');
          return module;
        })
        .catch((error: unknown) => {
          failed.add(renew);
          throw error;
        }),
    );
  let Current = fresh();
  const renew = () => {
    Current = fresh();
  };
  return function Retryable(props: P) {
    return <Current {...props} />;
  };
}

/** Asks again for the code of every lazily loaded component that failed to load. */
export function retryFailedLazies(): void {
  askStylesAgain();
  for (const renew of failed) renew();
  failed.clear();
}
