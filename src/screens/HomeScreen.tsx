import { Anchor, Button, Paper, Skeleton, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import IconLifebuoy from '@tabler/icons-react/dist/esm/icons/IconLifebuoy.mjs';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { useResource, useSystemActor } from '../actors/hooks';
import { linkTo, paths } from '../routing/paths';
import { featureIcons } from '../components/navigation/featureIcons';
import { sectionIcons } from '../components/navigation/sectionIcons';
import { PushInvitation } from '../components/push/PushInvitation';
import { PendingPips } from './home/PendingPips';
import { RewardProgress } from './home/RewardProgress';
import classes from './HomeScreen.module.css';
import { formatNumber } from '../i18n/formatters';

/** Home: greeting, the three pips balances and the tiles to every part of the app. */
export default function HomeScreen() {
  const { t, i18n } = useLingui();
  const session = useSystemActor('session');
  // Cached first, then the network; every earn and redemption reloads the balances.
  const profile = useResource('profile');
  const dashboard = useResource('dashboard');
  const firstName = profile.data?.firstName ?? null;
  const balances = dashboard.data ?? null;
  const dashboardFailed = dashboard.status === 'failed';

  const format = (pips: number) => formatNumber(pips, i18n.locale);
  const balanceTiles = [
    { label: t({ id: 'pages.home.availablePips', message: 'Available pips' }), value: balances?.availablePips, main: true },
    { label: t({ id: 'pages.home.totalEarnedPips', message: 'Total earned' }), value: balances?.totalEarnedPips },
    { label: t({ id: 'pages.home.totalUsedPips', message: 'Total used' }), value: balances?.totalUsedPips },
  ];
  // The spec's tiles (Earn, Redeem, Activity, Profile, Contests, Rewards) first, then the shortcuts to the screens below them.
  const tiles = [
    {
      href: linkTo(paths.earn),
      icon: sectionIcons.earn,
      title: t({ id: 'pages.home.tiles.earn', message: 'Earn' }),
      text: t({ id: 'pages.home.tiles.earnText', message: 'Scan codes and complete actions' }),
    },
    {
      href: linkTo(paths.redeem),
      icon: sectionIcons.redeem,
      title: t({ id: 'pages.home.tiles.redeem', message: 'Redeem' }),
      text: t({ id: 'pages.home.tiles.redeemText', message: 'Trade pips for rewards' }),
    },
    {
      href: linkTo(paths.activity),
      icon: sectionIcons.activity,
      title: t({ id: 'pages.home.tiles.activity', message: 'Activity' }),
      text: t({ id: 'pages.home.tiles.activityText', message: 'What you earned and spent' }),
    },
    {
      href: paths.profile,
      icon: sectionIcons.profile,
      title: t({ id: 'pages.home.tiles.profile', message: 'Profile' }),
      text: t({ id: 'pages.home.tiles.profileText', message: 'Your details and settings' }),
    },
    {
      href: paths.contests,
      icon: featureIcons.contests,
      title: t({ id: 'pages.home.tiles.contests', message: 'Contests' }),
      text: t({ id: 'pages.home.tiles.contestsText', message: 'Trivia, team contests and prize draws' }),
    },
    {
      href: paths.rewards,
      icon: featureIcons.rewards,
      title: t({ id: 'pages.home.tiles.myRewards', message: 'My rewards' }),
      text: t({ id: 'pages.home.tiles.rewardsText', message: 'The rewards you got' }),
    },
    {
      href: linkTo(paths.forms),
      icon: featureIcons.forms,
      title: t({ id: 'pages.home.tiles.forms', message: 'Forms' }),
      text: t({ id: 'pages.home.tiles.formsText', message: 'Answer questionnaires for pips' }),
    },
    {
      href: paths.individualTrivia,
      icon: featureIcons.trivia,
      title: t({ id: 'pages.home.tiles.trivia', message: 'Trivia' }),
      text: t({ id: 'pages.home.tiles.triviaText', message: 'A question a day and team contests' }),
    },
    {
      href: paths.chanceToWin,
      icon: featureIcons.chanceToWin,
      title: t({ id: 'pages.home.tiles.chanceToWin', message: 'Chance to Win' }),
      text: t({ id: 'pages.home.tiles.chanceToWinText', message: 'Earn pips to enter the prize draw' }),
    },
    {
      href: paths.announcements,
      icon: featureIcons.announcements,
      title: t({ id: 'pages.home.tiles.announcements', message: 'Announcements' }),
      text: t({ id: 'pages.home.tiles.announcementsText', message: 'News from your community' }),
    },
  ];

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {firstName ? (
          <Trans id="pages.home.greeting">Hi, {firstName}</Trans>
        ) : (
          <Trans id="pages.home.greetingAnonymous">Hi there</Trans>
        )}
      </Title>

      {dashboardFailed ? (
        <Text c="var(--mantine-color-error)" role="alert">
          <Trans id="pages.home.dashboardError">Failed to fetch dashboard</Trans>
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm">
          {balanceTiles.map(({ label, value, main }) => (
            <Paper
              key={label}
              withBorder
              p="md"
              radius="lg"
              bg={main ? 'var(--mantine-primary-color-filled)' : undefined}
              className={main ? classes.mainBalance : undefined}
              c={main ? 'white' : undefined}
            >
              <Text size="sm" c={main ? 'white' : 'dimmed'}>
                {label}
              </Text>
              {value === undefined ? (
                // The figure's line (32 px at line height 1.2), so nothing moves when it comes.
                <Skeleton h={38.4} w="60%" />
              ) : (
                <Text component="output" display="block" fz={32} fw={800} lh={1.2} aria-label={label}>
                  {format(value)}
                </Text>
              )}
            </Paper>
          ))}
        </SimpleGrid>
      )}

      {/* What waits in the offline queues, not yet in the balances above. */}
      <PendingPips />

      {dashboardFailed ? null : <RewardProgress balance={balances?.availablePips} />}

      {/* Shown from Home's first render by what the browser tells at once; the push actor (with the member actors' chunk) confirms. */}
      <PushInvitation />

      <nav aria-label={t({ id: 'pages.home.tiles.shortcuts', message: 'Shortcuts' })}>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          {tiles.map(({ href, icon: Icon, title, text }) => (
            <Paper key={href} component={Link} href={href} withBorder p={{ base: 'sm', xs: 'md' }} radius="lg" className={classes.tile}>
              <ThemeIcon variant="light" size="lg" radius="md" mb="xs" aria-hidden>
                <Icon size={22} stroke={1.8} />
              </ThemeIcon>
              <Text fw={700} className={classes.tileTitle}>
                {title}
              </Text>
              <Text size="sm" c="dimmed" mt={2}>
                {text}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </nav>

      {/* One above the other: side by side, the Spanish link wrapped on a phone with its icon hanging between its lines. */}
      <Stack align="center" gap="sm">
        <Anchor component={Link} href={paths.support} fw={600} fz="sm" ta="center" style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
          <IconLifebuoy size={18} aria-hidden />
          <Trans id="pages.home.support">Need help? Contact support</Trans>
        </Anchor>
        <Button variant="default" onClick={() => session.send({ type: 'user.logout' })}>
          <Trans id="pages.home.logout">Log out</Trans>
        </Button>
      </Stack>
    </Stack>
  );
}
