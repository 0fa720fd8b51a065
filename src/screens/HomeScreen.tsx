import { Button, Group, Paper, Skeleton, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { loadDashboard, loadUser } from '../app/loaders';
import { SessionContext } from '../app/SessionContext';

/** Home: greeting and the three pips balances (SPEC §2). */
export default function HomeScreen() {
  const { t, i18n } = useLingui();
  const session = SessionContext.useActorRef();
  const user = useActorRef(loadUser);
  const dashboard = useActorRef(loadDashboard);
  const firstName = useSelector(user, (s) => (s.output?.success ? s.output.data.firstName : null));
  const balances = useSelector(dashboard, (s) => (s.output?.success ? s.output.data : null));
  const dashboardFailed = useSelector(dashboard, (s) => s.status === 'error' || s.output?.success === false);

  const format = (pips: number) => new Intl.NumberFormat(i18n.locale).format(pips);
  const tiles = [
    { label: t({ id: 'pages.home.availablePips', message: 'Available pips' }), value: balances?.availablePips, main: true },
    { label: t({ id: 'pages.home.totalEarnedPips', message: 'Total earned' }), value: balances?.totalEarnedPips },
    { label: t({ id: 'pages.home.totalUsedPips', message: 'Total used' }), value: balances?.totalUsedPips },
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
        <Text c="red.7" role="alert">
          <Trans id="pages.home.dashboardError">Failed to fetch dashboard</Trans>
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm">
          {tiles.map(({ label, value, main }) => (
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

      <Group justify="center">
        <Button variant="default" onClick={() => session.send({ type: 'user.logout' })}>
          <Trans id="pages.home.logout">Log out</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
