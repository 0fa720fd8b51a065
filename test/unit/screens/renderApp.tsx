import type { ReactNode } from 'react';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppActors } from '../../../src/app/AppActors';
import type { SessionLogic } from '../../../src/app/sessionLogic';
import { activateLocale, i18n } from '../../../src/i18n/i18n';
import { theme } from '../../../src/theme/theme';

/** English, the theme, toasts and the app actors, around `ui`, at `path` in a memory router. */
export async function renderWithApp(ui: ReactNode, { sessionLogic, path = '/' }: { sessionLogic: SessionLogic; path?: string }) {
  await activateLocale('en');
  const location = memoryLocation({ path, record: true });
  const view = render(
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <Notifications />
        <Router hook={location.hook}>
          <AppActors sessionLogic={sessionLogic}>{ui}</AppActors>
        </Router>
      </MantineProvider>
    </I18nProvider>,
  );
  return { ...view, location };
}
