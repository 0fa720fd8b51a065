import { Anchor } from '@mantine/core';
import { useLingui } from '@lingui/react';
import IconChevronLeft from '@tabler/icons-react/dist/esm/icons/IconChevronLeft.mjs';
import { Link, useLocation } from 'wouter';
import { whereabouts } from '../../routing/sections';
import { backMessages } from './navigationMessages';

/** The link one level up, above every screen below a section (named after where it leads). */
export function BackLink() {
  const { i18n } = useLingui();
  const [location] = useLocation();
  const { back } = whereabouts(location);
  if (!back) return null;
  return (
    <Anchor
      component={Link}
      href={back.href}
      size="sm"
      fw={600}
      mb="sm"
      data-testid="back-link"
      style={{ display: 'inline-flex', alignItems: 'center', gap: 2 }}
    >
      <IconChevronLeft size={18} aria-hidden />
      {i18n._(backMessages[back.target])}
    </Anchor>
  );
}
