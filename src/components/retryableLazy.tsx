import { lazy, type ComponentType } from 'react';

/** What asks again for each lazily loaded component whose code failed to load. */
const failed = new Set<() => void>();

/**
 * React.lazy that can be asked again after its code failed to load (offline, before the service
 * worker saved it): React.lazy keeps a failure for good, so the component renders a new lazy one
 * once `retryFailedLazies` is called (an error boundary's 'Try again', the connection coming back).
 * A load that resolves to no module (a chunk whose preload error was swallowed) is a failure too.
 */
export function retryableLazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const fresh = () =>
    lazy(() =>
      load().then(
        (module) => {
          if (!module) throw new Error('the module did not load');
          return module;
        },
        (error: unknown) => {
          failed.add(renew);
          throw error;
        },
      ),
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
  for (const renew of failed) renew();
  failed.clear();
}
