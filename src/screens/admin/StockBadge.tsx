import { Badge } from '@mantine/core';
import { Trans } from '@lingui/react/macro';

/** Under this many codes left, an option is low on codes (the dashboard's report says the same). */
export const LOW_CODES = 5;

/**
 * How a reward option stands on gift-card codes, at a glance: none imported yet (grey), all
 * handed out (solid red), a few left (light red); nothing when there are enough.
 */
export function StockBadge({ codesLeft, codesTotal }: { codesLeft: number; codesTotal: number }) {
  if (codesTotal === 0) {
    return (
      <Badge color="gray" variant="light" data-testid="stock-badge">
        <Trans id="admin.stock.none">No codes yet</Trans>
      </Badge>
    );
  }
  if (codesLeft === 0) {
    return (
      <Badge color="red.9" variant="filled" data-testid="stock-badge">
        <Trans id="admin.stock.out">None left</Trans>
      </Badge>
    );
  }
  if (codesLeft < LOW_CODES) {
    return (
      <Badge color="red" variant="light" data-testid="stock-badge">
        <Trans id="admin.low">Low</Trans>
      </Badge>
    );
  }
  return null;
}
