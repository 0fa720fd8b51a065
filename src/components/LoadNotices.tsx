import { Alert, Button, Group, Text } from '@mantine/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';

const retryLabel = msg({ id: 'components.load.retry', message: 'Try again' });

/**
 * A list or page that could not be loaded, with nothing saved to show instead (SPEC §4
 * "failed"): the screen's own SPEC §8 text as the title, and a button that loads again.
 */
export function LoadFailedAlert({ title, onRetry }: { title: string; onRetry: () => void }) {
  const { i18n } = useLingui();
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      <Button variant="light" color="red" size="xs" mt="xs" onClick={onRetry}>
        {i18n._(retryLabel)}
      </Button>
    </Alert>
  );
}

/**
 * Saved data shown because the network failed (SPEC §4: the cache stays): says so, and offers
 * to load again when `onRetry` is given.
 */
export function SavedCopyNotice({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { i18n } = useLingui();
  return (
    <Alert color="yellow" variant="light" role="status">
      <Group justify="space-between" gap="xs">
        <Text size="sm">{message}</Text>
        {onRetry && (
          <Button variant="subtle" size="xs" onClick={onRetry}>
            {i18n._(retryLabel)}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
