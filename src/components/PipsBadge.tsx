import { Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * What something gives in pips ('+15 pips', '1+ pips'): one look wherever pips are offered (earn
 * actions, the play cards, the questionnaires), light, in sentence case, never squeezed.
 */
export function PipsBadge({ children, size = 'lg', variant = 'light' }: { children: ReactNode; size?: BadgeProps['size']; variant?: 'light' | 'default' }) {
  return (
    <Badge size={size} variant={variant} tt="none" style={{ flex: 'none' }} data-testid="pips-badge">
      {children}
    </Badge>
  );
}
