import { Suspense } from 'react';
import { Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useParams } from 'wouter';
import type { Promo } from '../../api/client';
import { commonMessages } from '../../components/errorMessages';
import { useResource } from '../../actors/hooks';
import { linkTo, paths } from '../../routing/paths';
import { BalanceLine } from './BalanceLine';
import { RedeemDetailLoading } from './RedeemDetailLoading';
import { redeemMessages } from './redeemMessages';
import { isInStock, pipsShort, rewardPrice } from './rewardPrice';
import { limitText, rewardLimit, rewardUsedUp, usedUpText } from './rewardLimit';
import { LoadFailedAlert } from '../../components/LoadNotices';
import { PromoImage } from '../../components/PromoImage';
import { retryableLazy } from '../../components/retryableLazy';

/**
 * One reward's screen is a chunk of its own (its option picker, terms and confirm dialog): the
 * list does not load it. A reward card asks for it as soon as the member points at it, touches
 * it or tabs to it.
 */
const loadDetail = () => import('./RedeemDetail');
const RedeemDetail = retryableLazy<{ id: number }>(() => loadDetail().then((module) => ({ default: module.RedeemDetail })));
const preloadDetail = () => void loadDetail().catch(() => {});

/** Redeem: the rewards with their price in pips at /redeem, one reward at /redeem/{id}. */
export default function RedeemScreen() {
  const { id } = useParams<{ id?: string }>();
  if (id === undefined) return <RedeemList />;
  return (
    <Suspense
      fallback={
        <Stack gap="lg">
          <RedeemDetailLoading />
        </Stack>
      }
    >
      <RedeemDetail id={Number(id)} />
    </Suspense>
  );
}

/** The rewards of GET /mobile/promos/get?type=REDEEM, each with its price and whether it is within reach. */
function RedeemList() {
  const { i18n } = useLingui();
  const rewards = useResource('redeemPromos');
  const dashboard = useResource('dashboard');
  const balance = dashboard.data?.availablePips;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          <Trans id="pages.redeem.title">Redeem</Trans>
        </Title>
        <BalanceLine dashboard={dashboard} />
      </Stack>

      {rewards.status === 'failed' ? (
        <LoadFailedAlert title={i18n._(redeemMessages.loadError)} onRetry={rewards.reload} />
      ) : !rewards.data ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" role="status" aria-busy="true" aria-label={i18n._(commonMessages.loading)}>
          <Skeleton h={220} radius="lg" />
          <Skeleton h={220} radius="lg" />
        </SimpleGrid>
      ) : rewards.data.length === 0 ? (
        <Text c="dimmed">
          <Trans id="pages.redeem.empty">There are no rewards to redeem yet. Check back soon.</Trans>
        </Text>
      ) : (
        <SimpleGrid component="ul" cols={{ base: 1, xs: 2, md: 3 }} spacing="md" p={0} m={0} style={{ listStyle: 'none' }}>
          {rewards.data.map((promo) => (
            <li key={promo.id}>
              <RewardCard promo={promo} balance={balance} />
            </li>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function RewardCard({ promo, balance }: { promo: Promo; balance: number | undefined }) {
  const { i18n } = useLingui();
  const price = rewardPrice(promo);
  const inStock = isInStock(promo);
  const short = pipsShort(balance, price.pips);
  const limit = rewardLimit(promo);
  const usedUp = limit !== null && rewardUsedUp(promo);
  return (
    <Card
      component={Link}
      href={linkTo(paths.redeem, { id: promo.id })}
      withBorder
      radius="lg"
      padding="md"
      h="100%"
      onPointerEnter={preloadDetail}
      onTouchStart={preloadDetail}
      onFocus={preloadDetail}
    >
      <Card.Section>
        <PromoImage src={promo.imageUrl} width={promo.imageWidth} height={promo.imageHeight} type="REDEEM" variant="banner" size={120} radius={0} />
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Title order={2} size="h4">
          {promo.title}
        </Title>
        <Group gap="xs">
          <Text fw={700}>{i18n._(price.varies ? redeemMessages.priceFrom(price.pips) : redeemMessages.price(price.pips))}</Text>
          {!inStock && (
            <Badge color="gray" variant="light">
              {i18n._(redeemMessages.outOfStock)}
            </Badge>
          )}
          {limit && (
            <Badge color="blue" variant="light" data-testid="redeem-limit">
              {i18n._(limitText(limit))}
            </Badge>
          )}
        </Group>
        {usedUp && (
          <Text size="sm" c="dimmed" data-testid="redeem-used-up">
            {i18n._(usedUpText(limit))}
          </Text>
        )}
        {!usedUp && inStock && short > 0 && (
          // Not an error: how far the member is from this reward.
          <Text size="sm" c="dimmed" data-testid="redeem-need-more">
            {i18n._(redeemMessages.needMore(short))}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
