import { Button, Group, Paper, Skeleton, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { loadUser } from '../app/loaders';
import { SessionContext } from '../app/SessionContext';
import { useResource } from '../data/resources';
import { linkTo, paths } from '../routing/paths';
import classes from './HomeScreen.module.css';

/** Home: greeting, the three pips balances and the tiles to every part of the app (SPEC §2). */
export default function HomeScreen() {
  const { t, i18n } = useLingui();
  const session = SessionContext.useActorRef();
  const user = useActorRef(loadUser);
  // Cached balances first, then the network; refreshPips() after an earn or redeem updates them.
  const dashboard = useResource('dashboard');
  const firstName = useSelector(user, (s) => (s.output?.success ? s.output.data.firstName : null));
  const balances = dashboard.data ?? null;
  const dashboardFailed = dashboard.status === 'failed';

  const format = (pips: number) => new Intl.NumberFormat(i18n.locale).format(pips);
  const balanceTiles = [
    { label: t({ id: 'pages.home.availablePips', message: 'Available pips' }), value: balances?.availablePips, main: true },
    { label: t({ id: 'pages.home.totalEarnedPips', message: 'Total earned' }), value: balances?.totalEarnedPips },
    { label: t({ id: 'pages.home.totalUsedPips', message: 'Total used' }), value: balances?.totalUsedPips },
  ];
  const tiles = [
    {
      href: linkTo(paths.earn),
      title: t({ id: 'pages.home.tiles.earn', message: 'Earn' }),
      text: t({ id: 'pages.home.tiles.earnText', message: 'Scan codes and complete actions' }),
    },
    {
      href: linkTo(paths.redeem),
      title: t({ id: 'pages.home.tiles.redeem', message: 'Redeem' }),
      text: t({ id: 'pages.home.tiles.redeemText', message: 'Trade pips for rewards' }),
    },
    {
      href: paths.activity,
      title: t({ id: 'pages.home.tiles.activity', message: 'Activity' }),
      text: t({ id: 'pages.home.tiles.activityText', message: 'What you earned and spent' }),
    },
    {
      href: paths.profile,
      title: t({ id: 'pages.home.tiles.profile', message: 'Profile' }),
      text: t({ id: 'pages.home.tiles.profileText', message: 'Your details and password' }),
    },
    {
      href: paths.chanceToWin,
      title: t({ id: 'pages.home.tiles.contests', message: 'Contests' }),
      text: t({ id: 'pages.home.tiles.contestsText', message: 'Trivia and Chance to Win' }),
    },
    {
      href: paths.rewards,
      title: t({ id: 'pages.home.tiles.rewards', message: 'Rewards' }),
      text: t({ id: 'pages.home.tiles.rewardsText', message: 'The rewards you got' }),
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
              style={main ? { gridColumn: '1 / -1' } : undefined}
              c={main ? 'white' : undefined}
            >
              <Text size="sm" c={main ? 'white' : 'dimmed'}>
                {label}
              </Text>
              {value === undefined ? (
                <Skeleton h={36} mt={4} w="60%" />
              ) : (
                <Text component="output" display="block" fz={32} fw={800} lh={1.2} aria-label={label}>
                  {format(value)}
                </Text>
              )}
            </Paper>
          ))}
        </SimpleGrid>
      )}

      <nav aria-label={t({ id: 'pages.home.tiles.label', message: 'Sections' })}>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
          {tiles.map(({ href, title, text }) => (
            <Paper key={href} component={Link} href={href} withBorder p="md" radius="lg" className={classes.tile}>
              <Text fw={700}>{title}</Text>
              <Text size="sm" c="dimmed" mt={2}>
                {text}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </nav>

      <Group justify="center">
        <Button variant="default" onClick={() => session.send({ type: 'user.logout' })}>
          <Trans id="pages.home.logout">Log out</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
