import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import IconBell from '@tabler/icons-react/dist/esm/icons/IconBell.mjs';
import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { selectShowsPushInvitation } from '../../../machines/pushNotifications.selectors';
import { useSystemActor } from '../../actors/hooks';

/**
 * Home's one-time invitation to turn notifications on (issue 9): shown while they are off and
 * the browser never asked; either answer hides it for good on this device.
 */
export function PushInvitation() {
  const push = useSystemActor('pushNotifications');
  const shown = useSelector(push, selectShowsPushInvitation);
  if (!shown) return null;

  return (
    <Paper withBorder p="md" radius="lg" component="section" aria-labelledby="push-invitation" data-testid="push-invitation">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
            <IconBell size={22} stroke={1.8} />
          </ThemeIcon>
          <Title order={2} size="h4" id="push-invitation">
            <Trans id="pages.home.pushInvitation.title">Never miss an announcement</Trans>
          </Title>
        </Group>
        <Text size="sm">
          <Trans id="pages.home.pushInvitation.text">
            Turn on notifications to hear from your community when something new happens, even with the app closed.
          </Trans>
        </Text>
        <Group gap="sm">
          <Button onClick={() => push.send({ type: 'user.enable' })}>
            <Trans id="pages.home.pushInvitation.enable">Turn on notifications</Trans>
          </Button>
          <Button variant="subtle" onClick={() => push.send({ type: 'user.dismissInvitation' })}>
            <Trans id="pages.home.pushInvitation.dismiss">Not now</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
