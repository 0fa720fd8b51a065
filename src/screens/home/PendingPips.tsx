import { Anchor, Text } from '@mantine/core';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { usePendingQueues } from '../../actors/hooks';
import { paths } from '../../routing/paths';

const pendingMessages = {
  /** Every item's pips are known. */
  pips: (pips: number) =>
    msg({ id: 'pages.home.pending.pips', message: plural(pips, { one: '+# pip waiting to be sent', other: '+# pips waiting to be sent' }) }),
  /** None of them is (scans of codes this device never earned). */
  items: (count: number) =>
    msg({
      id: 'pages.home.pending.items',
      message: plural(count, { one: '# offline action waiting to be sent', other: '# offline actions waiting to be sent' }),
    }),
  /** Some are: the known pips, and how many more. */
  mixed: (pips: string, count: number) =>
    msg({
      id: 'pages.home.pending.mixed',
      message: plural(count, {
        one: `+${pips} pips and # more offline action waiting to be sent`,
        other: `+${pips} pips and # more offline actions waiting to be sent`,
      }),
    }),
};

/**
 * Home's line about what waits in the offline queues ("+25 pips waiting to be sent"), linking to
 * Activity, which lists them; nothing when nothing waits. The pips are those known on this device
 * (a questionnaire's, a code earned before); the others are counted.
 */
export function PendingPips() {
  const { i18n } = useLingui();
  const { earn, forms } = usePendingQueues();
  const items = [...earn, ...forms];
  if (items.length === 0) return null;
  const pips = items.reduce((sum, item) => sum + (item.pips ?? 0), 0);
  const unknown = items.filter((item) => item.pips === undefined).length;
  const text =
    unknown === 0
      ? pendingMessages.pips(pips)
      : unknown === items.length
        ? pendingMessages.items(unknown)
        : pendingMessages.mixed(i18n.number(pips), unknown);
  return (
    <Text size="sm" fw={600} role="status" data-testid="home-pending-pips">
      <Anchor component={Link} href={paths.activity} inherit>
        {i18n._(text)}
      </Anchor>
    </Text>
  );
}
