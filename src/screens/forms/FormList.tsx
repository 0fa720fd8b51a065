import { Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import type { Questionnaire } from '../../api/client';
import { commonMessages } from '../../components/errorMessages';
import { useResource } from '../../actors/hooks';
import { linkTo, paths } from '../../routing/paths';
import { LoadFailedAlert } from '../../components/LoadNotices';
import { PipsBadge } from '../../components/PipsBadge';
import { pipsToEarnMessage } from '../earn/earnMessages';
import { formMessages } from './formMessages';
import classes from './FormsScreen.module.css';
import { usePendingFormIds } from './usePendingFormIds';

/**
 * The member's questionnaires (`GET /web/questionnaires`, page 1, size 50): the cached list at
 * once, then the network; a loader only when nothing is held yet.
 */
export function FormList() {
  const { i18n } = useLingui();
  const forms = useResource('forms');
  const pendingIds = usePendingFormIds();

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        <Trans id="pages.forms.title">Forms</Trans>
      </Title>
      <Text c="dimmed">
        <Trans id="pages.forms.intro">Answer a questionnaire to earn pips. Each one pays once.</Trans>
      </Text>

      {forms.data ? (
        forms.data.length === 0 ? (
          <Paper withBorder p="lg" radius="lg">
            <Text>
              <Trans id="pages.forms.empty">There are no forms to answer right now. Come back later!</Trans>
            </Text>
          </Paper>
        ) : (
          <Stack component="ul" gap="sm" className={classes.list}>
            {forms.data.map((form) => (
              <li key={form.id}>
                <FormListItem form={form} pending={pendingIds.has(form.id)} />
              </li>
            ))}
          </Stack>
        )
      ) : forms.status === 'failed' ? (
        <LoadFailedAlert title={i18n._(formMessages.loadError)} onRetry={forms.reload} />
      ) : (
        <Stack gap="sm" role="status" aria-busy="true" aria-label={i18n._(commonMessages.loading)}>
          <Skeleton h={76} radius="lg" />
          <Skeleton h={76} radius="lg" />
          <Skeleton h={76} radius="lg" />
        </Stack>
      )}
    </Stack>
  );
}

/** One questionnaire: open to answer, or marked completed / waiting to be sent. */
function FormListItem({ form, pending }: { form: Questionnaire; pending: boolean }) {
  const { i18n } = useLingui();
  const open = !form.answered && !pending;
  // The right-hand badge keeps its place in every state: the pips, then 'Completed'.
  const body = (
    <Group justify="space-between" wrap="nowrap" gap="md">
      {/* The title takes the room the badge leaves (a word longer than it breaks). */}
      <Stack gap={4} miw={0}>
        <Text fw={600}>{form.title}</Text>
        {pending && !form.answered ? (
          <Badge color="yellow.9" variant="outline">
            <Trans id="pages.forms.pending">Waiting to be sent</Trans>
          </Badge>
        ) : null}
      </Stack>
      {form.answered ? (
        <Badge size="lg" color="teal.9" variant="outline" tt="none" style={{ flex: 'none' }}>
          <Trans id="pages.forms.completed">Completed</Trans>
        </Badge>
      ) : (
        <PipsBadge variant={open ? 'light' : 'default'}>{i18n._(pipsToEarnMessage(form.pipsToEarn))}</PipsBadge>
      )}
    </Group>
  );
  return open ? (
    <Paper component={Link} href={linkTo(paths.forms, { id: form.id })} withBorder p="md" radius="lg" className={classes.formLink}>
      {body}
    </Paper>
  ) : (
    <Paper withBorder p="md" radius="lg" bg="var(--mantine-color-default-hover)">
      {body}
    </Paper>
  );
}
