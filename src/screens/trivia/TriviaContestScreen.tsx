import { Button, Group, Paper, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { PipsBadge } from '../../components/PipsBadge';
import { Trans, useLingui } from '@lingui/react/macro';
import { TableHead } from '../../components/TableHead';
import { useSelector } from '../../actors/useSelector';
import { Fragment, useState } from 'react';
import { Link } from 'wouter';
import { selectRoundBusy, selectRoundChart, selectRoundError } from '../../../machines/triviaRound.selectors';
import { selectTriviaContests } from '../../../machines/triviaVerification.selectors';
import { useSystemActor } from '../../actors/hooks';
import { linkTo, paths } from '../../routing/paths';
import { triviaErrorFallback, triviaErrors } from './triviaMessages';
import { useTriviaRound } from './useTriviaRound';

/**
 * A team contest (`/trivia/contest/{id}`): join (with a display name, or initials), the member's
 * place, the leaderboard (top 5, or top 4 and the member; ties share a rank) and the team
 * scoreboard with the member's team marked.
 */
export default function TriviaContestScreen() {
  const { t, i18n } = useLingui();
  const { actor, contestId } = useTriviaRound({ open: true });
  const contest = useSelector(useSystemActor('triviaVerification'), (s) => selectTriviaContests(s).find((c) => c.id === contestId));
  const chart = useSelector(actor, selectRoundChart);
  const busy = useSelector(actor, selectRoundBusy);
  const error = useSelector(actor, selectRoundError);
  const [displayName, setDisplayName] = useState('');
  if (contestId === null) return null;
  // The leaderboard shows this name to everyone in the contest: never an e-mail address.
  const nameError = displayName.includes('@')
    ? t({ id: 'pages.trivia.contest.displayNameEmail', message: 'Choose a name, not an email address: everyone in the contest sees it.' })
    : null;
  const joined = contest?.assigned ?? false;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Title order={1} size="h2">
          {contest?.name ?? <Trans id="pages.trivia.contest.title">Trivia contest</Trans>}
        </Title>
        <PipsBadge>
          <Trans id="pages.trivia.contest.pips">5+ pips</Trans>
        </PipsBadge>
      </Group>
      <Group gap="sm">
        <Button component={Link} href={linkTo(paths.triviaContestInfo, { id: contestId })} variant="light">
          <Trans id="pages.trivia.contest.info">Rules and dates</Trans>
        </Button>
        {joined ? (
          <Button component={Link} href={linkTo(paths.triviaContestQuestion, { id: contestId })}>
            <Trans id="pages.trivia.contest.play">Answer questions</Trans>
          </Button>
        ) : null}
      </Group>
      {error ? (
        <Text c="red.9" role="alert">
          {i18n._(triviaErrors[error] ?? triviaErrorFallback)}
        </Text>
      ) : null}

      {!joined ? (
        <Paper withBorder p="lg" radius="lg">
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (nameError) return;
              actor.send({ type: 'user.join', ...(displayName.trim() ? { displayName: displayName.trim() } : {}) });
            }}
          >
            <Stack gap="sm" align="flex-start">
              <Text>
                <Trans id="pages.trivia.contest.joinText">Join a team and answer questions to earn pips for every right answer.</Trans>
              </Text>
              <TextInput
                label={t({ id: 'pages.trivia.contest.displayName', message: 'Name on the leaderboard (optional)' })}
                description={t({ id: 'pages.trivia.contest.displayNameHelp', message: 'Without one, your initials are shown.' })}
                value={displayName}
                error={nameError}
                maxLength={30}
                onChange={(event) => setDisplayName(event.currentTarget.value)}
              />
              <Button type="submit" loading={busy}>
                <Trans id="pages.trivia.contest.join">Join the contest</Trans>
              </Button>
            </Stack>
          </form>
        </Paper>
      ) : null}

      {chart ? (
        <>
          {joined ? (
            <Paper withBorder p="lg" radius="lg">
              <Stack gap={4} data-testid="trivia-my-place">
                <Title order={2} size="h4">
                  <Trans id="pages.trivia.chart.you">Your place</Trans>
                </Title>
                <Text>
                  <Trans id="pages.trivia.chart.rank">Rank {chart.userRank}</Trans>
                </Text>
                <Text>
                  <Trans id="pages.trivia.chart.correct">Right answers: {chart.userCorrectAnswers}</Trans>
                </Text>
                <Text>
                  <Trans id="pages.trivia.chart.pips">Pips earned: {chart.userTotalPips}</Trans>
                </Text>
              </Stack>
            </Paper>
          ) : null}
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
      ) : null}
    </Stack>
  );
}
