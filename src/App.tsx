import { useSyncExternalStore } from 'react';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { AppActor, type AppSystem } from './actors/AppActor';
import { SystemApiContext } from './actors/systemApiContext';
import { toastHost } from './actors/toast';
import { retryableLazy } from './components/retryableLazy';
import { UntilOnline } from './components/RetryingBoundary';
import { Shell } from './components/Shell';
import { i18n } from './i18n/i18n';
import { AppRoutes } from './routing/AppRoutes';
import { cssVariablesResolver, theme } from './theme/theme';

const Toasts = retryableLazy(() => import('./components/Toasts'));

export interface AppProps {
  /**
   * The app's actor system (`createAppSystem`), started by whoever made it: `main.tsx` with
   * `createAppLogic()`, tests with the same bound to fakes.
   */
  system: AppSystem;
  /** Called once a screen (not the loader) has been committed. */
  onScreenShown?: () => void;
}

/** Providers (language, theme, toasts, the app's actor system) around the shell and the routes. */
export function App({ system, onScreenShown }: AppProps) {
  return (
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <ToastHost />
        <SystemApiContext.Provider value={system.systemApi}>
          <AppActor.Provider value={system.root}>
            <Shell>
              <AppRoutes onScreenShown={onScreenShown} />
            </Shell>
          </AppActor.Provider>
        </SystemApiContext.Provider>
      </MantineProvider>
    </I18nProvider>
  );
}

/**
 * The toast container and the dialog: their own chunk (with their CSS), mounted once the first
 * toast or modal notice is raised and kept from then on, so a first visit that shows none never
 * downloads them. A toast raised before the chunk arrives waits in Mantine's store and shows when
 * the container mounts; offline, the service worker's precache serves the chunk. Offline before
 * the service worker saved it, the toasts wait (the rest of the app stays) until the connection
 * comes back.
 */
function ToastHost() {
  const wanted = useSyncExternalStore(toastHost.subscribe, toastHost.wanted, toastHost.wanted);
  if (!wanted) return null;
  return (
    <UntilOnline>
      <Toasts />
    </UntilOnline>
  );
}
