import { Box } from '@mantine/core';
import { useLingui } from '@lingui/react';
import { Link, useLocation } from 'wouter';
import { sections, whereabouts } from '../../routing/sections';
import { navigationMessages, sectionMessages } from './navigationMessages';
import { sectionIcons } from './sectionIcons';
import classes from './Navigation.module.css';

/** The section the current path belongs to, or null. */
function useActiveSection() {
  const [location] = useLocation();
  return whereabouts(location).section;
}

/**
 * The bottom tab bar of phones (hidden from the `sm` breakpoint up): the five sections with
 * icons and labels, the current one marked (`aria-current="page"`), clear of the safe area.
 */
export function TabBar() {
  const { i18n } = useLingui();
  const active = useActiveSection();
  return (
    <Box hiddenFrom="sm">
      <nav className={classes.tabBar} aria-label={i18n._(navigationMessages.sections)} data-testid="tab-bar">
        {sections.map(({ key, href }) => {
          const Icon = sectionIcons[key];
          return (
            <Link key={key} href={href} className={classes.tab} aria-current={active === key ? 'page' : undefined}>
              <span className={classes.tabIcon}>
                <Icon size={22} stroke={1.8} aria-hidden />
              </span>
              {i18n._(sectionMessages[key])}
            </Link>
          );
        })}
      </nav>
    </Box>
  );
}

/**
 * Room below the last line of a screen for the phones' tab bar. The Shell renders it with the
 * screen, so it never stands in the first view while a screen loads and then moves.
 */
export function TabBarSpacer() {
  return <Box hiddenFrom="sm" className={classes.tabBarSpacer} />;
}

/** The same sections as links in the header of wide screens (from the `sm` breakpoint up). */
export function HeaderSections() {
  const { i18n } = useLingui();
  const active = useActiveSection();
  return (
    <Box component="nav" visibleFrom="sm" aria-label={i18n._(navigationMessages.sections)} data-testid="header-sections">
      <Box style={{ display: 'flex', gap: 4 }}>
        {sections.map(({ key, href }) => {
          const Icon = sectionIcons[key];
          return (
            <Link key={key} href={href} className={classes.headerLink} aria-current={active === key ? 'page' : undefined}>
              <Icon size={18} stroke={1.8} aria-hidden />
              {i18n._(sectionMessages[key])}
            </Link>
          );
        })}
      </Box>
    </Box>
  );
}
