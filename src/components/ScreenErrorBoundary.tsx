import type { ReactNode } from 'react';
import { Button, Paper, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { offlineTitle } from './offlineTitle';
import { RetryingBoundary, type Failure } from './RetryingBoundary';

/**
 * Keeps the app on screen when a screen cannot be shown, most often because its code cannot be
 * loaded (offline, before the service worker has saved it): instead of an empty page, a notice in
 * the member's language with 'Try again', inside the frame (top bar, tab bar, back link). Back
 * online, shown again, or on another page, it tries again by itself.
 */
export function ScreenErrorBoundary({ location, children }: { location: string; children: ReactNode }) {
  return (
    <RetryingBoundary resetKey={location} fallback={(failure) => <ScreenErrorNotice {...failure} />}>
      {children}
    </RetryingBoundary>
  );
}

function ScreenErrorNotice({ offline, retry }: Failure) {
  const { i18n } = useLingui();
  return (
    <Paper withBorder p="lg" radius="md" role="alert" data-testid="screen-error">
      <Text fw={700} mb="xs">
        {offline ? (
          i18n._(offlineTitle)
        ) : (
          <Trans id="components.screenError.title">This page could not be loaded</Trans>
        )}
      </Text>
      <Text c="dimmed" mb="md">
        {offline ? (
          <Trans id="components.screenError.offlineText">
            This page is not saved on this device yet. It opens as soon as you're back online.
          </Trans>
        ) : (
          <Trans id="components.screenError.text">Check your connection and try again.</Trans>
        )}
      </Text>
      <Button onClick={retry}>
        <Trans id="components.screenError.retry">Try again</Trans>
      </Button>
    </Paper>
  );
}
