import { Skeleton, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ResourceView } from '../../actors/hooks';
import type { Dashboard } from '../../api/client';
import { redeemMessages } from './redeemMessages';

/** 'You have N pips' from the dashboard; a placeholder while it loads, a notice when it could not. */
export function BalanceLine({ dashboard }: { dashboard: ResourceView<Dashboard> }) {
  const { i18n } = useLingui();
  const balance = dashboard.data?.availablePips;
  if (balance !== undefined) return <Text c="dimmed">{i18n._(redeemMessages.balance(balance))}</Text>;
  if (dashboard.status === 'failed')
    return (
      <Text c="dimmed" role="status">
        <Trans id="pages.redeem.balanceUnknown">Your pips balance could not be loaded.</Trans>
      </Text>
    );
  return <Skeleton h={20} w={160} />;
}
