import { Suspense } from 'react';
import { ActionIcon, Box } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { useMember, useSystemActor } from '../actors/hooks';

/**
 * The card icon that takes the bell's place in the top bar on /chance-to-win: it opens
 * the archive drawer of past contests (the drawer itself is the screen's).
 */
export function ArchiveButton() {
  const member = useMember();
  if (member === null) return null;
  // The member actors' code may still be on its way: the button's place is kept meanwhile.
  return (
    <Suspense fallback={<Box w={34} h={34} aria-hidden="true" />}>
      <CardButton />
    </Suspense>
  );
}

function CardButton() {
  const { t } = useLingui();
  const drawer = useSystemActor('archiveDrawer');
  return (
    <ActionIcon
      variant="subtle"
      color="dark"
      size="lg"
      radius="xl"
      className="pips-touch-target"
      aria-label={t({ id: 'pages.chanceToWin.archive.open', message: 'Past contests' })}
      onClick={() => drawer.send({ type: 'drawer.open' })}
      data-testid="ctw-archive-button"
    >
      <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
        <rect x="3" y="5" width="18" height="14" rx="2" />
        <path d="M3 10h18M7 15h4" />
      </svg>
    </ActionIcon>
  );
}
