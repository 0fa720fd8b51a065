import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { PipsBadge } from '../../components/PipsBadge';
import { Trans } from '@lingui/react/macro';
import { useSelector } from '../../actors/useSelector';
import { Link } from 'wouter';
import { selectAnsweredContests, selectTriviaContests, selectTriviaScanning } from '../../../machines/triviaVerification.selectors';
import { useSystemActor } from '../../actors/hooks';
import { linkTo, paths } from '../../routing/paths';

/**
 * Trivia (`/trivia/individual`): the question of the day (1 pip per right answer) and
 * the member's team contests, each marked with whether it still has questions (the trivia
 * verification's result).
 */
export default function IndividualTriviaScreen() {
  const verification = useSystemActor('triviaVerification');
  const contests = useSelector(verification, selectTriviaContests);
  const answered = useSelector(verification, selectAnsweredContests);
  const scanning = useSelector(verification, selectTriviaScanning);

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        <Trans id="pages.trivia.title">Trivia</Trans>
      </Title>
      <Paper withBorder p="lg" radius="lg">
        <Stack gap="sm" align="flex-start">
          <Group gap="xs">
            <Title order={2} size="h3">
              <Trans id="pages.trivia.daily.title">Question of the day</Trans>
            </Title>
            <PipsBadge size="md">
              <Trans id="pages.trivia.daily.pips">1+ pips</Trans>
            </PipsBadge>
          </Group>
          <Text c="dimmed">
            <Trans id="pages.trivia.daily.text">Answer a question and earn a pip when you are right. New questions every day.</Trans>
          </Text>
          <Button component={Link} href={paths.individualTriviaQuestion} size="md">
            <Trans id="pages.trivia.daily.play">Play trivia</Trans>
          </Button>
        </Stack>
      </Paper>

      <Stack gap="sm">
        <Title order={2} size="h3">
          <Trans id="pages.trivia.contests.title">Team contests</Trans>
        </Title>
        {contests.length === 0 ? (
          <Text c="dimmed">
            {scanning ? (
              <Trans id="pages.trivia.contests.loading">Looking for contests…</Trans>
            ) : (
              <Trans id="pages.trivia.contests.none">There are no team contests right now.</Trans>
            )}
          </Text>
        ) : (
          <Stack component="ul" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {contests.map((contest) => (
              <li key={contest.id}>
                <Paper component={Link} href={linkTo(paths.triviaContest, { id: contest.id })} withBorder p="md" radius="lg" style={{ display: 'block' }}>
                  {/* On a phone a long status (Spanish) goes under the name instead of being cut off. */}
                  <Group justify="space-between" gap="xs">
                    <Stack gap={2} style={{ flex: '1 1 12rem', minWidth: 0 }}>
                      <Text fw={700}>{contest.name}</Text>
                      <Text size="sm" c="dimmed">
                        {contest.assigned && contest.teamName ? (
                          <Trans id="pages.trivia.contests.team">Your team: {contest.teamName}</Trans>
                        ) : (
                          <Trans id="pages.trivia.contests.notJoined">Not joined yet</Trans>
                        )}
                      </Text>
                    </Stack>
                    {contest.status === 'ended' ? (
                      <Badge color="gray" variant="outline">
                        <Trans id="pages.trivia.contests.ended">Ended</Trans>
                      </Badge>
                    ) : contest.status === 'upcoming' ? (
                      <Badge color="gray" variant="outline">
                        <Trans id="pages.trivia.contests.upcoming">Soon</Trans>
                      </Badge>
                    ) : answered.includes(contest.id) ? (
                      <Badge color="teal.9" variant="outline">
                        <Trans id="pages.trivia.contests.allAnswered">All answered</Trans>
                      </Badge>
                    ) : (
                      <Badge variant="light">
                        <Trans id="pages.trivia.contests.hasQuestions">Questions waiting · 5+ pips</Trans>
                      </Badge>
                    )}
                  </Group>
                </Paper>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
