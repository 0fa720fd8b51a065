import { ActionIcon, Badge, Box } from '@mantine/core';
import IconBell from '@tabler/icons-react/dist/esm/icons/IconBell.mjs';
import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { useMember, useUnreadAnnouncements } from '../actors/hooks';
import { bellCount } from './bellCount';

/** The top bar's bell: the unread announcements (99+ above 99), linking to /announcements. */
export function AnnouncementBell() {
  const member = useMember();
  if (member === null) return null;
  // The count comes with the member actors' code; the link is there at once.
  return <Bell />;
}

function Bell() {
  const { t } = useLingui();
  const unread = useUnreadAnnouncements();
  const count = bellCount(unread);
  const label =
    count === null
      ? t({ id: 'components.bell.label', message: 'Announcements' })
      : t({ id: 'components.bell.labelUnread', message: `Announcements, ${count} unread` });
  return (
    <Box pos="relative" display="flex">
      <ActionIcon component={Link} href="/announcements" variant="subtle" color="dark" size="lg" radius="xl" aria-label={label} data-testid="bell" className="pips-touch-target">
        <IconBell size={22} stroke={1.8} aria-hidden />
      </ActionIcon>
      {count !== null && (
        <Badge
          size="xs"
          color="red"
          variant="filled"
          circle={count.length === 1}
          pos="absolute"
          top={-2}
          right={-6}
          style={{ pointerEvents: 'none' }}
          aria-hidden="true"
          data-testid="bell-count"
        >
          {count}
        </Badge>
      )}
    </Box>
  );
}
