import { Anchor, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { PromoImage } from '../../components/PromoImage';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import type { GiftCard } from '../../api/client';
import { commonMessages } from '../../components/errorMessages';
import { useResource } from '../../actors/hooks';
import { formatLongDate } from '../../i18n/relativeTime';
import { linkTo, paths } from '../../routing/paths';
import { rewardsMessages } from './rewardsMessages';
import { LoadFailedAlert, SavedCopyNotice } from '../../components/LoadNotices';

const newestFirst = (a: GiftCard, b: GiftCard) => Date.parse(b.date) - Date.parse(a.date) || b.transactionId - a.transactionId;

/**
 * My Rewards: the gift cards the member redeemed (GET /mobile/dashboard/giftcards, page
 * 1, size 200), newest first. Stored rewards stay on screen when the network fails.
 */
export default function RewardsScreen() {
  const { i18n } = useLingui();
  const rewards = useResource('giftCards');
  const list = rewards.data ? [...rewards.data].sort(newestFirst) : undefined;

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        <Trans id="pages.rewards.title">My rewards</Trans>
      </Title>

      {rewards.fromCache && rewards.error && (
        <SavedCopyNotice message={i18n._(rewardsMessages.cached)} onRetry={rewards.reload} />
      )}

      {rewards.status === 'failed' ? (
        <LoadFailedAlert title={i18n._(rewardsMessages.loadError)} onRetry={rewards.reload} />
      ) : !list ? (
        <Stack gap="sm" role="status" aria-busy="true" aria-label={i18n._(commonMessages.loading)}>
          <Skeleton h={72} radius="lg" />
          <Skeleton h={72} radius="lg" />
        </Stack>
      ) : list.length === 0 ? (
        <Stack gap="xs" align="flex-start">
          <Text c="dimmed">
            <Trans id="pages.rewards.empty">You have no rewards yet.</Trans>
          </Text>
          <Anchor component={Link} href={linkTo(paths.redeem)}>
            <Trans id="pages.rewards.goRedeem">Redeem your pips for a reward</Trans>
          </Anchor>
        </Stack>
      ) : (
        <SimpleGrid component="ul" cols={{ base: 1, md: 2 }} spacing="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {list.map((reward) => (
            <li key={reward.transactionId}>
              <RewardRow reward={reward} />
            </li>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function RewardRow({ reward }: { reward: GiftCard }) {
  const { i18n } = useLingui();
  return (
    <Paper component={Link} href={linkTo(paths.rewardDetail, { id: reward.transactionId })} withBorder radius="lg" p="sm" display="block">
      <Group wrap="nowrap" gap="md">
        {reward.imageUrl && <PromoImage src={reward.imageUrl} type="REDEEM" variant="thumb" size={56} />}
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={2} size="h5">
            {reward.name}
          </Title>
          <Text size="sm" c="dimmed">
            {i18n._(rewardsMessages.redeemedFor(reward.pips))} ·{' '}
            <time dateTime={reward.date}>{formatLongDate(reward.date, i18n.locale)}</time>
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}
