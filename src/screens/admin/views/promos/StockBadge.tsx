import { Badge } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import type { AdminStockState } from '../../consoleLogic';

/**
 * How a reward option stands on gift-card codes, as the server says (`stock`): none imported yet
 * (grey), all handed out (solid red), a few left (light red); nothing when there are enough.
 */
export function StockBadge({ stock }: { stock: AdminStockState }) {
  switch (stock) {
    case 'none':
      return (
        <Badge color="gray" variant="light" data-testid="stock-badge">
          <Trans id="admin.stock.none">No codes yet</Trans>
        </Badge>
      );
    case 'out':
      return (
        <Badge color="red.9" variant="filled" data-testid="stock-badge">
          <Trans id="admin.stock.out">None left</Trans>
        </Badge>
      );
    case 'low':
      return (
        <Badge color="red" variant="light" data-testid="stock-badge">
          <Trans id="admin.low">Low</Trans>
        </Badge>
      );
    default:
      return null;
  }
}
