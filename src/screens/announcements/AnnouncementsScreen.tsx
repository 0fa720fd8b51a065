import { useEffect, useRef } from 'react';
import { ActionIcon, Badge, Button, Group, Loader, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import IconTrash from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs';
import { useSelector } from '../../actors/useSelector';
import { useLingui } from '@lingui/react';
import { Link } from 'wouter';
import {
  selectAnnouncements,
  selectHasMore,
  selectIsLoading,
  selectIsLoadingMore,
  selectLoadFailed,
  selectShowingCopy,
} from '../../../machines/announcements.selectors';
import type { AnnouncementItem } from '../../../machines/announcements.types';
import { useNow, useSystemActor } from '../../actors/hooks';
import { isInternalPath } from '../../components/bellCount';
import { LoadFailedAlert, SavedCopyNotice } from '../../components/LoadNotices';
import { formatLongDate, formatRelative } from '../../i18n/relativeTime';
import { announcementMessages as m } from './announcementMessages';
import { msg } from '@lingui/core/macro';

const savedCopy = msg({ id: 'pages.announcements.savedCopy', message: 'Showing the announcements saved on this device.' });

/**
 * Announcements: the member's list, newest first, unread ones marked; read and delete
 * apply at once (the announcements actor sends them, reverts and tells when the server refuses);
 * the next page of 30 is appended when the end of the list comes into view.
 */
export default function AnnouncementsScreen() {
  const { i18n } = useLingui();
  const actor = useSystemActor('announcements');
  const items = useSelector(actor, selectAnnouncements);
  const loading = useSelector(actor, selectIsLoading);
  const loadingMore = useSelector(actor, selectIsLoadingMore);
  const hasMore = useSelector(actor, selectHasMore);
  const failed = useSelector(actor, selectLoadFailed);
  const showingCopy = useSelector(actor, selectShowingCopy);
  const now = useNow();
  const end = useRef<HTMLDivElement>(null);

  // The end of the list in view asks for the next page (the button does the same by hand).
  useEffect(() => {
    const target = end.current;
    if (!target || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) actor.send({ type: 'user.loadMore' });
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [actor, hasMore, items.length]);

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {i18n._(m.title)}
      </Title>
      {showingCopy && <SavedCopyNotice message={i18n._(savedCopy)} onRetry={() => actor.send({ type: 'announcements.refresh' })} />}
      {loading && (
        <Stack gap="sm" aria-busy="true">
          <Skeleton height={72} radius="lg" />
          <Skeleton height={72} radius="lg" />
        </Stack>
      )}
      {failed && <LoadFailedAlert title={i18n._(m.loadFailed)} onRetry={() => actor.send({ type: 'announcements.refresh' })} />}
      {!loading && !failed && items.length === 0 && <Text c="dimmed">{i18n._(m.empty)}</Text>}
      {items.length > 0 && (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={i18n._(m.title)}>
          {items.map((item) => (
            <AnnouncementCard
              key={item.id}
              item={item}
              now={now}
              onRead={() => actor.send({ type: 'user.read', id: item.id })}
              onDelete={() => actor.send({ type: 'user.delete', id: item.id })}
            />
          ))}
        </Stack>
      )}
      <div ref={end} />
      {loadingMore && (
        <Group justify="center">
          <Loader size="sm" aria-label={i18n._(m.loadingMore)} />
        </Group>
      )}
      {hasMore && !loadingMore && items.length > 0 && (
        <Button variant="light" onClick={() => actor.send({ type: 'user.loadMore' })}>
          {i18n._(m.loadMore)}
        </Button>
      )}
    </Stack>
  );
}

function AnnouncementCard({ item, now, onRead, onDelete }: { item: AnnouncementItem; now: number; onRead: () => void; onDelete: () => void }) {
  const { i18n } = useLingui();
  const unread = item.status !== 3;
  return (
    // Unread: an accent on the edge, a bold title and a badge; the card stays white, so its links
    // and buttons keep their contrast (on a tinted card they fell under 4.5:1).
    <Paper
      component="li"
      withBorder
      radius="lg"
      p="md"
      data-testid="announcement"
      data-id={item.id}
      data-unread={unread}
      style={unread ? { borderInlineStart: '4px solid var(--mantine-primary-color-filled)' } : undefined}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={unread ? 800 : 600} style={{ overflowWrap: 'anywhere' }} component="h2" fz="md" m={0}>
            {item.title}
          </Text>
          {unread && (
            <Badge variant="filled" size="sm" style={{ flex: 'none' }}>
              {i18n._(m.unread)}
            </Badge>
          )}
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {item.text}
        </Text>
        <Text size="xs" c="dimmed">
          <time dateTime={item.sendDate} title={formatLongDate(item.sendDate, i18n.locale)}>
            {formatRelative(item.sendDate, now, i18n)}
          </time>
        </Text>
        {/*
          The way on first, in buttons of one size: open (a link), mark as read; delete is the
          bin at the row's end, so the row stays one line on a phone in Spanish too.
        */}
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs">
            {isInternalPath(item.url) && (
              <Button component={Link} href={item.url} size="sm" variant="light" onClick={unread ? onRead : undefined}>
                {i18n._(m.open)}
              </Button>
            )}
            {unread && (
              <Button size="sm" variant="default" onClick={onRead}>
                {i18n._(m.markRead)}
              </Button>
            )}
          </Group>
          <ActionIcon size={36} variant="subtle" color="red" onClick={onDelete} aria-label={i18n._(m.delete)} title={i18n._(m.delete)}>
            <IconTrash size={20} stroke={1.75} aria-hidden />
          </ActionIcon>
        </Group>
      </Stack>
    </Paper>
  );
}
