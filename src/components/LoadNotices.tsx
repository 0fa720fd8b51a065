import { Alert, Button, Group, Paper, Text } from '@mantine/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useIsOffline } from '../actors/hooks';
import { offlineTitle } from './offlineTitle';

const retryLabel = msg({ id: 'components.load.retry', message: 'Try again' });
const offlineText = msg({
  id: 'components.load.offlineText',
  message: "This is not saved on this device yet. It shows as soon as you're back online.",
});

/**
 * A list or page that could not be loaded, with nothing saved to show instead
 * ("failed"): the screen's own failure text as the title, and a button that loads again.
 * Offline it is no failure but the state of the device: a calm notice that the content comes
 * back with the connection (every open load fetches again then), with no button to press.
 */
export function LoadFailedAlert({ title, onRetry }: { title: string; onRetry: () => void }) {
  const { i18n } = useLingui();
  const offline = useIsOffline();
  if (offline) return <NotSavedOfflineNotice />;
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      <Button variant="light" color="red" size="sm" mt="xs" onClick={onRetry}>
        {i18n._(retryLabel)}
      </Button>
    </Alert>
  );
}

/**
 * Saved data shown because the network failed (the cache stays): says so, and offers
 * to load again when `onRetry` is given.
 */
export function SavedCopyNotice({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { i18n } = useLingui();
  return (
    <Alert color="yellow" variant="light" role="status">
      <Group justify="space-between" gap="xs">
        <Text size="sm">{message}</Text>
        {onRetry && (
          <Button variant="subtle" size="sm" onClick={onRetry}>
            {i18n._(retryLabel)}
          </Button>
        )}
      </Group>
    </Alert>
  );
}

/** Offline, with nothing saved on this device to show: it comes back with the connection. */
export function NotSavedOfflineNotice() {
  const { i18n } = useLingui();
  return (
    <Paper withBorder p="md" radius="md" role="status" data-testid="not-saved-offline">
      <Text fw={700} mb={4}>
        {i18n._(offlineTitle)}
      </Text>
      <Text size="sm" c="dimmed">
        {i18n._(offlineText)}
      </Text>
    </Paper>
  );
}
