import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Plural, Trans } from '@lingui/react/macro';
import { useSelector } from '../../actors/useSelector';
import { Link } from 'wouter';
import { selectRoundChart, selectRoundFinished, selectRoundResult } from '../../../machines/triviaRound.selectors';
import { linkTo, paths } from '../../routing/paths';
import { ContestChart } from './ContestChart';
import { useTriviaRound } from './useTriviaRound';

/**
 * The result of an answer (`.../answer`): right or wrong, the pips earned (with an earn action's
 * it completed), the right answer, the streak. After the last question: no Next, but the end
 * said, and a contest's leaderboard and team scoreboard.
 */
export default function TriviaAnswerScreen() {
  const { actor, contestId } = useTriviaRound({ open: false });
  const shown = useSelector(actor, selectRoundResult);
  const finished = useSelector(actor, selectRoundFinished);
  const chart = useSelector(actor, selectRoundChart);
  const questionPath = contestId === null ? paths.individualTriviaQuestion : linkTo(paths.triviaContestQuestion, { id: contestId });
  if (!shown?.result || !shown.question) {
    return (
      <Stack gap="lg" align="flex-start">
        <Title order={1} size="h2">
          <Trans id="pages.trivia.answer.title">Your answer</Trans>
        </Title>
        <Button component={Link} href={questionPath}>
          <Trans id="pages.trivia.answer.toQuestion">Go to the question</Trans>
        </Button>
      </Stack>
    );
  }
  const { result, question } = shown;
  const right = question.answers.find((a) => a.id === result.correctAnswerId)?.text;
  const pips = result.pipsEarned;
  const actionPips = result.actionPips;
  const streak = result.streakDays ?? 0;
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        <Trans id="pages.trivia.answer.title">Your answer</Trans>
      </Title>
      <Paper withBorder p="lg" radius="lg">
        <Stack gap="sm" role="status">
          <Text size="xl" fw={700} c={result.correct ? 'teal.9' : 'red.9'}>
            {result.correct ? <Trans id="pages.trivia.answer.right">Right!</Trans> : <Trans id="pages.trivia.answer.wrong">Not quite.</Trans>}
          </Text>
          <Text>
            <Plural id="pages.trivia.answer.pips" value={pips} _0="No pips this time." one="You earned # pip." other="You earned # pips." />
          </Text>
          {actionPips > 0 ? (
            <Text fw={600} data-testid="trivia-action-pips">
              <Plural
                id="pages.trivia.answer.actionPips"
                value={actionPips}
                one="And # pip for completing an earn action."
                other="And # pips for completing an earn action."
              />
            </Text>
          ) : null}
          {right ? (
            <Text>
              <Trans id="pages.trivia.answer.rightAnswer">The right answer: {right}</Trans>
            </Text>
          ) : null}
          {contestId === null && result.streakDays !== null ? (
            <Text c="dimmed">
              <Plural id="pages.trivia.answer.streak" value={streak} one="You have played # day in a row." other="You have played # days in a row." />
            </Text>
          ) : null}
        </Stack>
      </Paper>
      {finished ? (
        <Paper withBorder p="lg" radius="lg" data-testid="trivia-finished">
          <Stack gap="md" align="flex-start">
            <Text fw={600}>
              {contestId === null ? (
                <Trans id="pages.trivia.answer.dayDone">That was today's last question. Come back tomorrow for more.</Trans>
              ) : (
                <Trans id="pages.trivia.contest.allAnswered">You have answered every question of this contest.</Trans>
              )}
            </Text>
            <Button component={Link} href={contestId === null ? paths.individualTrivia : linkTo(paths.triviaContest, { id: contestId })} variant="light">
              <Trans id="pages.trivia.back">Back</Trans>
            </Button>
          </Stack>
        </Paper>
      ) : (
        <Button size="md" onClick={() => actor.send({ type: 'user.next' })}>
          <Trans id="pages.trivia.answer.next">Next question</Trans>
        </Button>
      )}
      {finished && chart ? <ContestChart chart={chart} /> : null}
      {!finished && contestId !== null ? (
        <Button component={Link} href={linkTo(paths.triviaContest, { id: contestId })} variant="light">
          <Trans id="pages.trivia.contest.toChart">See the leaderboard</Trans>
        </Button>
      ) : null}
    </Stack>
  );
}
