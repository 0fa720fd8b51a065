import { lazy, Suspense } from 'react';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { AppActors } from './app/AppActors';
import { Shell } from './components/Shell';
import { i18n } from './i18n/i18n';
import { AppRoutes } from './routing/AppRoutes';
import { cssVariablesResolver, theme } from './theme/theme';

const Toasts = lazy(() => import('./components/Toasts'));

/** Providers (language, theme, toasts, app-wide actors) around the shell and the routes. */
export function App() {
  return (
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
        <AppActors>
          <Shell>
            <AppRoutes />
          </Shell>
        </AppActors>
      </MantineProvider>
    </I18nProvider>
  );
}
