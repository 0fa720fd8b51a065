import { Button, Group, Paper, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { useSelector } from '../actors/useSelector';
import { selectUpdateOffered } from '../../machines/serviceWorker.selectors';
import { useSystemActor } from '../actors/hooks';

/**
 * A new version of the app is ready but reloading on its own was not safe (a form holds input
 * not sent yet, or the app is offline): the member reloads when it suits them.
 */
export function UpdateNotice() {
  const serviceWorker = useSystemActor('serviceWorker');
  const offered = useSelector(serviceWorker, selectUpdateOffered);
  if (!offered) return null;
  return (
    <Paper withBorder radius="md" p="xs" mb="md" role="status" bg="indigo.0" data-testid="update-notice">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm">
          <Trans id="components.update.ready">A new version of pips is ready.</Trans>
        </Text>
        <Button size="sm" variant="light" onClick={() => serviceWorker.send({ type: 'user.reload' })}>
          <Trans id="components.update.reload">Reload</Trans>
        </Button>
      </Group>
    </Paper>
  );
}
