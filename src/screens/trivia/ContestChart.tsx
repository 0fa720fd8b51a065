import { Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { Fragment } from 'react';
import type { TriviaChartData } from '../../../machines/trivia.types';
import { TableHead } from '../../components/TableHead';

/**
 * A contest's leaderboard (top 5, or top 4 and the member; ties share a rank) and team
 * scoreboard with the member's team marked: on the contest's screen and after its last answer.
 */
export function ContestChart({ chart }: { chart: TriviaChartData }) {
  return (
    <>
      <Stack gap="xs">
        <Title order={2} size="h4">
          <Trans id="pages.trivia.chart.leaders">Leaderboard</Trans>
        </Title>
        {chart.leaders.length === 0 ? (
          <Text c="dimmed">
            <Trans id="pages.trivia.chart.noLeaders">Nobody has answered yet: the first right answer leads.</Trans>
          </Text>
        ) : (
          <Table data-testid="trivia-leaders">
            <TableHead
              columns={[
                <Trans key="pages.trivia.chart.rankColumn" id="pages.trivia.chart.rankColumn">Rank</Trans>,
                <Trans key="pages.trivia.chart.nameColumn" id="pages.trivia.chart.nameColumn">Name</Trans>,
                <Trans key="pages.trivia.chart.correctColumn" id="pages.trivia.chart.correctColumn">Right answers</Trans>,
              ]}
            />
            <Table.Tbody>
              {chart.leaders.map((leader, i) => {
                const me = leader.userId === chart.userId;
                // Players between the top and the member are left out: a row says so.
                const skipped = i > 0 && leader.rank !== undefined && leader.rank - 1 > i;
                return (
                  <Fragment key={leader.userId}>
                    {skipped ? (
                      <Table.Tr data-testid="trivia-leaders-gap">
                        <Table.Td colSpan={3} c="dimmed" ta="center">
                          <span aria-hidden="true">…</span>
                          <VisuallyHidden>
                            <Trans id="pages.trivia.chart.gap">More players</Trans>
                          </VisuallyHidden>
                        </Table.Td>
                      </Table.Tr>
                    ) : null}
                  <Table.Tr fw={me ? 700 : undefined} aria-current={me ? 'true' : undefined}>
                    <Table.Td>{leader.rank}</Table.Td>
                    <Table.Td>
                      {leader.displayName ?? '?'}
                      {me ? (
                        <>
                          {' '}
                          <Trans id="pages.trivia.chart.youMark">(you)</Trans>
                        </>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{leader.correctAnswers}</Table.Td>
                  </Table.Tr>
                  </Fragment>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      {chart.teams && chart.teams.length > 0 ? (
        <Stack gap="xs">
          <Title order={2} size="h4">
            <Trans id="pages.trivia.chart.teams">Teams</Trans>
          </Title>
          <Table data-testid="trivia-teams">
            <TableHead
              columns={[
                <Trans key="pages.trivia.chart.teamColumn" id="pages.trivia.chart.teamColumn">Team</Trans>,
                <Trans key="pages.trivia.chart.correctColumn" id="pages.trivia.chart.correctColumn">Right answers</Trans>,
              ]}
            />
            <Table.Tbody>
              {chart.teams.map((team) => (
                <Table.Tr key={team.id} fw={team.mine ? 700 : undefined}>
                  <Table.Td>
                    {team.name}
                    {team.mine ? (
                      <>
                        {' '}
                        <Trans id="pages.trivia.chart.yourTeam">(your team)</Trans>
                      </>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{team.correctAnswers}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      ) : null}
    </>
  );
}
