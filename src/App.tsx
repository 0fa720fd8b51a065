import { lazy, Suspense, useState } from 'react';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import type { AppInput } from '../machines/app.types';
import { AppActor } from './actors/AppActor';
import { createAppLogic, type AppLogic } from './actors/appLogic';
import { Shell } from './components/Shell';
import { i18n } from './i18n/i18n';
import { AppRoutes } from './routing/AppRoutes';
import { cssVariablesResolver, theme } from './theme/theme';

const Toasts = lazy(() => import('./components/Toasts'));

export interface AppProps {
  /** What the app's root starts with (language, reload guard). */
  input?: AppInput;
  /** Test seam: the app system bound to fakes. */
  logic?: AppLogic;
}

/** Providers (language, theme, toasts, the app's actor system) around the shell and the routes. */
export function App({ input, logic }: AppProps) {
  const [appLogic] = useState(() => logic ?? createAppLogic());
  return (
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        {/* The toast container and the dialog: their own chunk, mounted from the start so a toast
            raised offline (when nothing can be fetched any more) always has its container. */}
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
        <AppActor.Provider logic={appLogic} options={{ input }}>
          <Shell>
            <AppRoutes />
          </Shell>
        </AppActor.Provider>
      </MantineProvider>
    </I18nProvider>
  );
}
