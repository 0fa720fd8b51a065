import type { ReactNode } from 'react';
import type { I18n } from '@lingui/core';
import { Anchor, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ActivityItem } from '../../api/client';
import { commonMessages } from '../../components/errorMessages';
import type { PendingItem } from '../../../machines/connectivitySync.types';
import { useNow, usePendingQueues, useResource } from '../../actors/hooks';
import { formatLongDate, formatRelative } from '../../i18n/relativeTime';
import { ActivityKindIcon } from './ActivityKindIcon';
import { activityMessages, kindLabels } from './activityMessages';
import { LoadFailedAlert, SavedCopyNotice } from '../../components/LoadNotices';
import { formatNumber } from '../../i18n/formatters';
import { linkTo, paths } from '../../routing/paths';

const newestFirst = (a: ActivityItem, b: ActivityItem) => Date.parse(b.date) - Date.parse(a.date) || b.id - a.id;

/**
 * Activity: what earned or spent the member's pips and when (GET /mobile/dashboard/
 * actions, page 1, size 1000), with the earn actions and answers still queued offline on top.
 * The relative times refresh every minute.
 */
export default function ActivityScreen() {
  const { i18n } = useLingui();
  const activity = useResource('activity');
  const pending = usePendingQueues();
  const now = useNow();
  const items = activity.data ? [...activity.data].sort(newestFirst) : undefined;
  const pendingCount = pending.earn.length + pending.forms.length;

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        <Trans id="pages.activity.title">Activity</Trans>
      </Title>

      {pendingCount > 0 && (
        <Stack component="section" gap="sm" aria-labelledby="activity-pending">
          <Title order={2} size="h4" id="activity-pending">
            <Trans id="pages.activity.pendingTitle">Waiting to be sent</Trans>
          </Title>
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {[...pending.earn.map((action) => earnLine(action, i18n)), ...pending.forms.map((submission) => formLine(submission, i18n))]
              .sort((a, b) => b.timestamp - a.timestamp)
              .map(({ key, title, pips, timestamp }) => (
                <ActivityLine
                  key={key}
                  icon={<ActivityKindIcon kind="pending" />}
                  title={title}
                  detail={i18n._(activityMessages.pending)}
                  when={timestamp}
                  now={now}
                  pips={pips}
                  pending
                />
              ))}
          </Stack>
        </Stack>
      )}

      {activity.fromCache && activity.error && (
        <SavedCopyNotice message={i18n._(activityMessages.cached)} onRetry={activity.reload} />
      )}

      {activity.status === 'failed' ? (
        <LoadFailedAlert title={i18n._(activityMessages.loadError)} onRetry={activity.reload} />
      ) : !items ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label={i18n._(commonMessages.loading)}>
          <Skeleton h={64} radius="lg" />
          <Skeleton h={64} radius="lg" />
          <Skeleton h={64} radius="lg" />
        </Stack>
      ) : items.length === 0 ? (
        // Never 'nothing here' above a list of what waits to be sent.
        pendingCount === 0 ? (
          <Stack gap="xs" align="flex-start">
            <Text c="dimmed">
              <Trans id="pages.activity.empty">Nothing here yet: the pips you earn and spend will show up here.</Trans>
            </Text>
            <Anchor component={Link} href={linkTo(paths.earn)}>
              <Trans id="pages.activity.goEarn">Earn your first pips</Trans>
            </Anchor>
          </Stack>
        ) : null
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={i18n._(activityMessages.listLabel)}>
          {items.map((item) => (
            <ActivityLine
              key={item.id}
              icon={<ActivityKindIcon kind={item.kind} />}
              title={item.title}
              detail={i18n._(kindLabels[item.kind])}
              when={item.date}
              now={now}
              pips={item.pips}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

interface PendingLine {
  key: string;
  title: string;
  pips?: number;
  timestamp: number;
}

function earnLine(action: PendingItem, i18n: I18n): PendingLine {
  return {
    key: `earn-${action.id}`,
    title: action.title?.trim() || i18n._(activityMessages.pendingQr),
    timestamp: action.timestamp,
  };
}

function formLine(submission: PendingItem, i18n: I18n): PendingLine {
  return {
    key: `form-${submission.id}`,
    title: submission.title?.trim() || i18n._(activityMessages.pendingForm),
    timestamp: submission.timestamp,
  };
}

interface ActivityLineProps {
  icon: ReactNode;
  title: string;
  /** What kind of action, or the pending notice. */
  detail: string;
  when: string | number;
  now: number;
  /** Signed amount; left out when not known yet (pending). */
  pips?: number;
  pending?: boolean;
}

function ActivityLine({ icon, title, detail, when, now, pips, pending }: ActivityLineProps) {
  const { i18n } = useLingui();
  const format = (value: number) => formatNumber(value, i18n.locale);
  const iso = typeof when === 'number' ? new Date(when).toISOString() : when;
  return (
    <Paper component="li" withBorder radius="lg" p="sm" bg={pending ? 'var(--mantine-color-yellow-light)' : undefined}>
      <Group wrap="nowrap" gap="sm" align="center">
        {icon}
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Text>
          <Text size="sm" c={pending ? undefined : 'dimmed'}>
            {detail} ·{' '}
            <time dateTime={iso} title={formatLongDate(iso, i18n.locale)}>
              {formatRelative(iso, now, i18n)}
            </time>
          </Text>
        </Stack>
        {pips !== undefined && (
          <Stack gap={0} align="flex-end">
            <Text fw={800} fz="lg" c={pips < 0 ? 'red.9' : 'teal.9'} lh={1.2}>
              {pips < 0 ? `−${format(-pips)}` : `+${format(pips)}`}
            </Text>
            <Text size="xs" c="dimmed">
              {i18n._(pips < 0 ? activityMessages.spent(-pips) : activityMessages.earned(pips))}
            </Text>
          </Stack>
        )}
      </Group>
    </Paper>
  );
}
