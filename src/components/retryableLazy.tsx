import { lazy, type ComponentType } from 'react';

/** What asks again for each lazily loaded component whose code failed to load. */
const failed = new Set<() => void>();

/**
 * Stylesheets of chunks that failed to load. Vite's preload helper never asks for a stylesheet it
 * has tried once (its `seen` record), so a retried screen would come without its CSS: the retry
 * puts a fresh `<link>` in place of each failed one.
 */
const failedStyles = new Set<string>();
const cssFailure = /^Unable to preload CSS for (\S+)$/;
if (typeof window !== 'undefined') {
  window.addEventListener('vite:preloadError', (event) => {
    const message = ((event as Event & { payload?: unknown }).payload as Error | undefined)?.message ?? '';
    const url = cssFailure.exec(message)?.[1];
    if (url) failedStyles.add(url);
  });
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
