import { Anchor, Flex, Paper, Progress, Skeleton, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { useResource } from '../../actors/hooks';
import { linkTo, paths } from '../../routing/paths';
import { nextReward } from '../redeem/rewardPrice';
import { formatNumber } from '../../i18n/formatters';

/**
 * Home's progress toward the next reward the member can afford (issue 12). While the balance or
 * the rewards are on the way, a placeholder of the card's size holds its place, so the card
 * arriving does not push the invitation and the tiles below it down the screen. With no reward in
 * stock to aim at, a card of the same height says so and points to the ways to earn, so nothing
 * below moves up either.
 */
export function RewardProgress({ balance }: { balance: number | undefined }) {
  const { t, i18n } = useLingui();
  const rewards = useResource('redeemPromos');
  if (!rewards.data && rewards.status === 'failed') return null;
  if (balance === undefined || !rewards.data) return <ProgressPlaceholder />;
  const target = nextReward(rewards.data, balance);
  if (!target) return <NoRewardYet />;
  const format = (pips: number) => formatNumber(pips, i18n.locale);
  const title = target.promo.title;
  const href = linkTo(paths.redeem, { id: target.promo.id });
  const percent = Math.min(100, Math.round((balance / Math.max(1, target.price)) * 100));
  const missing = format(target.price - balance);
  const have = format(balance);
  const price = format(target.price);
  return (
    <Paper withBorder p="md" radius="lg" component="section" aria-labelledby="home-next-reward" data-testid="reward-progress">
      <Flex {...headingLayout}>
        {/* Within the card however long the reward's name (a word longer than the line breaks). */}
        <Text fw={700} id="home-next-reward" maw="100%" miw={0}>
          {target.kind === 'next' ? (
            <Trans id="pages.home.progress.next">Next reward: {title}</Trans>
          ) : (
            <Trans id="pages.home.progress.ready">You have enough pips for {title}</Trans>
          )}
        </Text>
        <Anchor component={Link} href={href} size="sm" fw={600}>
          {target.kind === 'next' ? (
            <Trans id="pages.home.progress.see">See the reward</Trans>
          ) : (
            <Trans id="pages.home.progress.redeem">Redeem now</Trans>
          )}
        </Anchor>
      </Flex>
      <Progress
        value={percent}
        size="lg"
        radius="xl"
        mt="sm"
        aria-label={t({ id: 'pages.home.progress.label', message: 'Progress toward the next reward' })}
      />
      <Text size="sm" c="dimmed" mt={6}>
        {target.kind === 'next' ? (
          <Trans id="pages.home.progress.missing">
            {missing} more pips to go ({have} of {price})
          </Trans>
        ) : (
          <Trans id="pages.home.progress.enough">
            It costs {price} pips; you have {have}.
          </Trans>
        )}
      </Text>
    </Paper>
  );
}

/**
 * The title and its link: one above the other on phones, one row from `sm` up. Never left to
 * wrapping, so the placeholder below has the height the card will have on every width.
 */
const headingLayout = {
  direction: { base: 'column', sm: 'row' },
  justify: 'space-between',
  align: { base: 'flex-start', sm: 'baseline' },
  gap: { base: 2, sm: 'xs' },
} as const;

/**
 * No reward in stock to aim at (none offered yet, or every one out of stock): the card's title
 * row, and one line in the room of the bar and the figures (held at their height).
 */
function NoRewardYet() {
  return (
    <Paper withBorder p="md" radius="lg" component="section" aria-labelledby="home-next-reward" data-testid="reward-progress-none">
      <Flex {...headingLayout}>
        <Text fw={700} id="home-next-reward">
          <Trans id="pages.home.progress.none">No rewards available yet</Trans>
        </Text>
        <Anchor component={Link} href={linkTo(paths.earn)} size="sm" fw={600}>
          <Trans id="pages.home.progress.earn">Ways to earn</Trans>
        </Anchor>
      </Flex>
      <Flex mt="sm" mih={barAndFigures} align="center">
        <Text size="sm" c="dimmed">
          <Trans id="pages.home.progress.noneText">Rewards will show here.</Trans>
        </Text>
      </Flex>
    </Paper>
  );
}

/** The bar (Progress size lg: 12 px), the 6 px under it and one line of small figures. */
const barAndFigures = 'calc(12px + 6px + var(--mantine-font-size-sm) * var(--mantine-line-height-sm))';

/** The card's lines (the title and its link, the bar, one line of figures) as skeletons. */
function ProgressPlaceholder() {
  return (
    <Paper withBorder p="md" radius="lg" aria-hidden data-testid="reward-progress-loading">
      <Flex {...headingLayout}>
        <Skeleton w="60%">
          <Text fw={700}>&nbsp;</Text>
        </Skeleton>
        <Skeleton w="25%" miw={96}>
          <Text size="sm" fw={600}>
            &nbsp;
          </Text>
        </Skeleton>
      </Flex>
      <Skeleton mt="sm" radius="xl">
        <Progress value={0} size="lg" />
      </Skeleton>
      <Skeleton w="50%" mt={6}>
        <Text size="sm">&nbsp;</Text>
      </Skeleton>
    </Paper>
  );
}
