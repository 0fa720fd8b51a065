import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { PipsBadge } from '../../components/PipsBadge';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '../../actors/useSelector';
import { useState } from 'react';
import { Link } from 'wouter';
import { selectRoundBusy, selectRoundChart, selectRoundError } from '../../../machines/triviaRound.selectors';
import { selectTriviaContests } from '../../../machines/triviaVerification.selectors';
import { useSystemActor } from '../../actors/hooks';
import { linkTo, paths } from '../../routing/paths';
import { triviaErrorFallback, triviaErrors } from './triviaMessages';
import { ContestChart } from './ContestChart';
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
  // The round opens once the verification has recalled what it knows: joining waits for it.
  const opened = useSelector(actor, (s) => s.context.contestId !== null && s.context.contestId === contestId);
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
              <Button type="submit" loading={busy || !opened}>
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
          <ContestChart chart={chart} />
        </>
      ) : null}
    </Stack>
  );
}
