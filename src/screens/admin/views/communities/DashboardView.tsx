import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DashboardData } from '../../consoleLogic';
import { localText } from '../../DoneNotice';
import { PagedTable } from '../../PagedTable';
import { StockBadge } from '../promos/StockBadge';

function Stat({ label, value, hint }: { label: string; value: number; hint?: string }) {
  const { i18n } = useLingui();
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700}>
        {i18n.number(value)}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}

/** The week at a glance: members, pips earned and redeemed, and the rewards running low. */
export function DashboardView({ data }: { data: DashboardData }) {
  const { t, i18n } = useLingui();
  const { report } = data;
  const next = data.contests.find((c) => c.status === 'open');
  const drawDate = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'long', timeStyle: 'short' });
  const low = report.stock.filter((row) => row.low);
  const joined = report.members.joined;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Stat
          label={t({ id: 'admin.dashboard.members', message: 'Members' })}
          value={report.members.total}
          hint={t({ id: 'admin.dashboard.joined', message: `${joined} joined this week` })}
        />
        <Stat label={t({ id: 'admin.dashboard.earned', message: 'Pips earned this week' })} value={report.pips.earned} />
        <Stat label={t({ id: 'admin.dashboard.redeemed', message: 'Pips redeemed this week' })} value={report.pips.redeemed} />
        <Stat label={t({ id: 'admin.dashboard.lowStock', message: 'Rewards low on codes' })} value={low.length} />
      </SimpleGrid>
      <Paper withBorder p="md" radius="md">
        <Text size="sm" c="dimmed">
          <Trans id="admin.dashboard.nextDraw">Next Chance to Win draw</Trans>
        </Text>
        {next ? (
          <Text fw={600}>
            {localText(next.name, i18n.locale)} · {drawDate.format(new Date(next.drawsAt))}
          </Text>
        ) : (
          <Text fw={600}>
            <Trans id="admin.dashboard.noDraw">None planned</Trans>
          </Text>
        )}
      </Paper>
      <EarnedPerDay report={report} />
      <Stack gap="xs">
        <Title order={2} size="h4">
          <Trans id="admin.dashboard.stockTitle">Gift-card codes left</Trans>
        </Title>
        {report.stock.length === 0 ? (
          <Text c="dimmed">
            <Trans id="admin.dashboard.noRewards">No live rewards yet.</Trans>
          </Text>
        ) : (
          <PagedTable
            label={t({ id: 'admin.dashboard.stockTitle', message: 'Gift-card codes left' })}
            minWidth={480}
            columns={[
              { header: <Trans id="admin.dashboard.reward">Reward</Trans>, cell: (row) => localText(row.title, i18n.locale) },
              { header: <Trans id="admin.dashboard.option">Option</Trans>, cell: (row) => localText(row.label, i18n.locale) },
              {
                header: <Trans id="admin.dashboard.left">Codes left</Trans>,
                cell: (row) => (
                  <>
                    {row.codesLeft} / {row.codesTotal} <StockBadge stock={row.stock} />
                  </>
                ),
              },
            ]}
            rows={report.stock}
            rowKey={(row) => row.optId}
          />
        )}
      </Stack>
    </Stack>
  );
}

/** The week's pips earned per day (every source together), and what earned the most. */
function EarnedPerDay({ report }: { report: DashboardData['report'] }) {
  const { t, i18n } = useLingui();
  const byDay = new Map<string, { pips: number; count: number }>();
  const bySource = new Map<string, { title: string; pips: number }>();
  for (const row of report.earnings) {
    const day = byDay.get(row.day) ?? { pips: 0, count: 0 };
    byDay.set(row.day, { pips: day.pips + row.pips, count: day.count + row.count });
    const key = `${row.kind}:${row.sourceId ?? ''}`;
    const source = bySource.get(key) ?? { title: localText(row.title, i18n.locale), pips: 0 };
    bySource.set(key, { ...source, pips: source.pips + row.pips });
  }
  const days = [...byDay.entries()].sort(([a], [b]) => b.localeCompare(a));
  const top = [...bySource.values()].sort((a, b) => b.pips - a.pips).slice(0, 5);
  const dayName = new Intl.DateTimeFormat(i18n.locale, { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });
  if (days.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          <Trans id="admin.dashboard.perDay">Pips earned per day</Trans>
        </Title>
        <PagedTable
          label={t({ id: 'admin.dashboard.perDay', message: 'Pips earned per day' })}
          minWidth={320}
          columns={[
            { header: <Trans id="admin.dashboard.day">Day (UTC)</Trans>, cell: ([day]) => dayName.format(new Date(`${day}T00:00:00Z`)) },
            { header: <Trans id="admin.members.pips">Pips</Trans>, cell: ([, total]) => i18n.number(total.pips) },
            { header: <Trans id="admin.dashboard.times">Times earned</Trans>, cell: ([, total]) => i18n.number(total.count) },
          ]}
          rows={days}
          rowKey={([day]) => day}
        />
      </Stack>
      <Stack gap="xs">
        <Title order={2} size="h4">
          <Trans id="admin.dashboard.topSources">What earned the most</Trans>
        </Title>
        {top.map((source) => (
          <Text key={source.title} size="sm">
            {source.title} · {i18n.number(source.pips)} pips
          </Text>
        ))}
      </Stack>
    </SimpleGrid>
  );
}
