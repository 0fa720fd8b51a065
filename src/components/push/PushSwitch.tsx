import { Alert, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '../../actors/useSelector';
import { selectPushChecked, selectPushDenied, selectPushSwitch } from '../../../machines/pushNotifications.selectors';
import { useSystemActor } from '../../actors/hooks';

/**
 * Profile's notifications switch (issue 9): the member's tap is the only thing that asks the
 * browser for the permission; a blocked permission says how to allow it again.
 */
export function PushSwitch() {
  const { t } = useLingui();
  const push = useSystemActor('pushNotifications');
  const state = useSelector(push, selectPushSwitch);
  const denied = useSelector(push, selectPushDenied);
  const checked = useSelector(push, selectPushChecked);

  return (
    <Paper withBorder p="md" radius="lg" component="section" aria-labelledby="profile-notifications">
      <Stack gap="sm">
        <Title order={2} size="h4" id="profile-notifications">
          <Trans id="pages.profile.notifications">Notifications</Trans>
        </Title>
        {state === 'unsupported' ? (
          <Text size="sm" c="dimmed">
            <Trans id="pages.profile.notificationsUnsupported">This browser cannot show notifications from the app.</Trans>
          </Text>
        ) : (
          <Switch
            size="md"
            checked={checked}
            disabled={state === 'checking' || state === 'busy'}
            label={t({ id: 'pages.profile.notificationsSwitch', message: 'Announcements on this device' })}
            description={t({
              id: 'pages.profile.notificationsDescription',
              message: 'Get a notification when your community posts an announcement, even with the app closed.',
            })}
            onChange={(event) => push.send({ type: event.currentTarget.checked ? 'user.enable' : 'user.disable' })}
          />
        )}
        {denied && state !== 'on' ? (
          <Alert color="yellow" variant="light" role="status">
            <Trans id="pages.profile.notificationsDenied">
              Notifications are blocked for this app in your browser. Allow them in the browser’s site settings, then turn the switch on
              again.
            </Trans>
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
