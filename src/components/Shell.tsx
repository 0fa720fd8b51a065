import { Suspense, useRef, type ReactNode } from 'react';
import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'wouter';
import { selectAccess } from '../../machines/session.selectors';
import { columnWidthOf, type ColumnWidth } from '../routing/layout';
import { paths } from '../routing/paths';
import { useScreenChange } from '../routing/useScreenChange';
import { useSession } from '../actors/hooks';
import { AnnouncementBell } from './AnnouncementBell';
import { ArchiveButton } from './ArchiveButton';
import { InstallButton } from './InstallButton';
import { LanguageNoticeSlot, LanguageSwitch } from './LanguageSwitch';
import { Logo } from './Logo';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';
import { UpdateNotice } from './UpdateNotice';
import { BackLink } from './navigation/BackLink';
import { HeaderSections, TabBar, TabBarSpacer } from './navigation/SectionNavigation';
import { ScreenLoader } from './ScreenLoader';
import classes from './Shell.module.css';

/** Mantine's container size for each column width (md 960 px, sm 720 px, xs 540 px). */
const columnSizes: Record<ColumnWidth, string> = { wide: 'md', narrow: 'sm', compact: 'xs' };

const programUrl = import.meta.env.VITE_PROGRAM_URL || 'https://github.com/';

/**
 * The frame of every screen: the top bar (logo to /, the sections on wide screens, then the
 * top-bar actions: language, the announcements bell (on /chance-to-win the archive's card icon
 * instead), install), the language switch's notice when it has one (in the page's flow, below the
 * top bar, at the screen's column: the toasts come top right), a new version's notice, the back
 * link of a screen below a section, the screen, the 'Powered by' footer, and on phones the tab
 * bar. The sections appear once the member is verified.
 *
 * The main area, its new-version notice and its back link stay in place while a screen's chunk
 * loads: only the screen itself suspends (to the loader). A back link drawn twice, once with the
 * loader and once with the screen, would be a new element under the finger when the chunk came
 * between pressing and lifting it, and the browser drops such a click.
 *
 * While the main area holds only the loader (a chunk on its way, the session being read at
 * start), the footer and the tab bar's spacer are not shown (Shell.module.css): they come with
 * the screen, below it, instead of standing at the bottom of the first view and then moving (a
 * layout shift of 0.07 to 0.11 on every signed-in screen's first visit).
 */
export function Shell({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const access = useSession(selectAccess);
  const verified = access === 'verified';
  const [location] = useLocation();
  const noticeSlot = useRef<HTMLDivElement>(null);
  // The document's title, and the focus on the new screen's heading (here, outside the screen's
  // suspense: the focused element is noted when the screen changes, not when its code arrives).
  useScreenChange(location);
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box
        component="header"
        bg="white"
        pt="env(safe-area-inset-top, 0px)"
        // Longhands: the build's prerender (happy-dom) writes a shorthand holding var() wrongly.
        style={{ borderBottomWidth: 1, borderBottomStyle: 'solid', borderBottomColor: 'var(--mantine-color-gray-2)' }}
      >
        <Container size="lg" py="sm">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Box className={classes.brand}>
              <Anchor
                component={Link}
                href="/"
                underline="never"
                c="inherit"
                aria-label={t({ id: 'components.header.homeLink', message: 'pips home' })}
              >
                <Group gap="xs" wrap="nowrap">
                  <Logo size={30} />
                  <Text fw={800} fz="xl" lh={1}>
                    pips
                  </Text>
                </Group>
              </Anchor>
            </Box>
            {verified && <HeaderSections />}
            {/* Its own height: the bell and the install button come after the first paint
                (with the member's actors, with the browser's offer) and must not push the page
                down. They come to the left of what is already there, the language switch last, in
                a group whose box does not change (Shell.module.css): nothing moves sideways either. */}
            <Group gap="xs" wrap="nowrap" h={36} justify="flex-end" className={classes.actions} data-testid="top-bar-actions">
              <InstallButton />
              {location === paths.chanceToWin ? <ArchiveButton /> : <AnnouncementBell />}
              <LanguageNoticeSlot value={noticeSlot}>
                <LanguageSwitch />
              </LanguageNoticeSlot>
            </Group>
          </Group>
        </Container>
      </Box>
      <Container ref={noticeSlot} size={columnSizes[columnWidthOf(location)]} w="100%" className={classes.noticeSlot} data-testid="language-notice-slot" />
      <Container component="main" size={columnSizes[columnWidthOf(location)]} py="lg" w="100%" className={classes.main}>
        <UpdateNotice />
        <BackLink />
        <Suspense fallback={<ScreenLoader />}>
          <ScreenErrorBoundary location={location}>{children}</ScreenErrorBoundary>
        </Suspense>
      </Container>
      <div className={classes.belowScreen}>
        {access !== 'pending' && <Footer />}
        {verified && <TabBarSpacer />}
      </div>
      {verified && <TabBar />}
    </Box>
  );
}

/** 'Powered by pips', linking to the program. */
function Footer() {
  const { t } = useLingui();
  return (
    <Box component="footer" py="md">
      <Group justify="center" gap={6}>
        <Text size="sm" c="dimmed">
          <Trans id="components.footer.poweredBy">Powered by</Trans>
        </Text>
        <Anchor href={programUrl} target="_blank" rel="noopener noreferrer" underline="never" c="inherit">
          <Group gap={4}>
            <Logo size={18} title={t({ id: 'components.footer.programLogo', message: 'pips rewards program' })} />
            <Text size="sm" fw={700}>
              pips
            </Text>
          </Group>
        </Anchor>
      </Group>
    </Box>
  );
}
