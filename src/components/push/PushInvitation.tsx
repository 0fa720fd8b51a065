import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import IconBell from '@tabler/icons-react/dist/esm/icons/IconBell.mjs';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { useSelector } from '../../actors/useSelector';
import { selectPushCheckAnswered, selectShowsPushInvitation, showsInvitationAfter } from '../../../machines/pushNotifications.selectors';
import { useMember, useSystemActorNow } from '../../actors/hooks';
import { isPending } from '../../actors/lazyActor';
import { browserPush, pushCheckAtOnce } from '../../actors/pushBrowser';
import classes from './PushInvitation.module.css';

/**
 * Home's one-time invitation to turn notifications on (issue 9): shown while they are off and
 * the browser never asked; either answer hides it for good on this device.
 *
 * It shows with Home's first render: until the push actor (loaded with the member actors) has
 * checked, what the browser tells at once decides (`pushCheckAtOnce`), and its buttons wait for
 * the check. It used to come in up to a second later, pushing the tiles down, and as Home's
 * largest text it set Largest Contentful Paint that late.
 */
export function PushInvitation() {
  const push = useSystemActorNow('pushNotifications');
  const member = useMember();
  const [likely] = useState(() => member !== null && showsInvitationAfter(pushCheckAtOnce(browserPush, member)));
  // The push actor's answer once its check has run; null before.
  const checked = useSelector(push, (s) => (!isPending(s) && selectPushCheckAnswered(s) ? selectShowsPushInvitation(s) : null));
  const answered = checked !== null;
  if (!(checked ?? likely)) return null;

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
        <div className={classes.answers}>
          <Button disabled={!answered} onClick={() => push.send({ type: 'user.enable' })}>
            <Trans id="pages.home.pushInvitation.enable">Turn on notifications</Trans>
          </Button>
          <Button variant="subtle" disabled={!answered} onClick={() => push.send({ type: 'user.dismissInvitation' })}>
            <Trans id="pages.home.pushInvitation.dismiss">Not now</Trans>
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}
