import type { ReactNode } from 'react';
import { Box } from '@mantine/core';

/**
 * A wide table that scrolls sideways on a phone: a labelled region reachable with the keyboard
 * (Tab, then the arrow keys scroll it), as axe asks of a scrolling area.
 */
export function TableFrame({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  return (
    <Box role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      <Box miw={minWidth}>{children}</Box>
    </Box>
  );
}
