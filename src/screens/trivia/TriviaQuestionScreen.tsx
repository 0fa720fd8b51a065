import { Alert, Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '../../actors/useSelector';
import { Link } from 'wouter';
import {
  selectRoundAnswering,
  selectRoundBusy,
  selectRoundChart,
  selectRoundCanSkip,
  selectRoundChosen,
  selectRoundError,
  selectRoundExhausted,
  selectRoundQuestion,
} from '../../../machines/triviaRound.selectors';
import { commonMessages } from '../../components/errorMessages';
import { linkTo, paths } from '../../routing/paths';
import { triviaErrorFallback, triviaErrors } from './triviaMessages';
import { ContestChart } from './ContestChart';
import { useTriviaRound } from './useTriviaRound';

/** A trivia question (`/trivia/individual/question`, `/trivia/contest/{id}/question`): its answers as large buttons. */
export default function TriviaQuestionScreen() {
  const { i18n } = useLingui();
  const { actor, contestId } = useTriviaRound({ open: true, afterResult: true });
  const question = useSelector(actor, selectRoundQuestion);
  const answering = useSelector(actor, selectRoundAnswering);
  const chosen = useSelector(actor, selectRoundChosen);
  const busy = useSelector(actor, selectRoundBusy);
  const canSkip = useSelector(actor, selectRoundCanSkip);
  const exhausted = useSelector(actor, selectRoundExhausted);
  const error = useSelector(actor, selectRoundError);
  const chart = useSelector(actor, selectRoundChart);
  const back = contestId === null ? paths.individualTrivia : linkTo(paths.triviaContest, { id: contestId });

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {contestId === null ? <Trans id="pages.trivia.daily.title">Question of the day</Trans> : <Trans id="pages.trivia.contest.questionTitle">Contest question</Trans>}
      </Title>
      {question ? (
        <Paper withBorder p="lg" radius="lg">
          <Stack gap="md">
            <Text size="lg" fw={600} id="trivia-question">
              {question.text}
            </Text>
            <Stack gap="sm" role="group" aria-labelledby="trivia-question">
              {question.answers.map((answer) => (
                <Button
                  key={answer.id}
                  size="lg"
                  // 'default' rather than 'light': its hover keeps the text's contrast (WCAG AA)
                  variant={answering && chosen === answer.id ? 'filled' : 'default'}
                  loading={answering && chosen === answer.id}
                  disabled={answering}
                  onClick={() => actor.send({ type: 'user.answer', answerId: answer.id })}
                  styles={{ label: { whiteSpace: 'normal' } }}
                  h="auto"
                  py="sm"
                >
                  {answer.text}
                </Button>
              ))}
            </Stack>
            {canSkip ? (
              <Button variant="subtle" onClick={() => actor.send({ type: 'user.skip' })}>
                <Trans id="pages.trivia.skip">Skip this question</Trans>
              </Button>
            ) : null}
          </Stack>
        </Paper>
      ) : exhausted ? (
        <>
          <Paper withBorder p="lg" radius="lg">
            <Stack gap="sm" align="flex-start">
              <Text fw={600} role="status">
                {contestId === null ? (
                  <Trans id="pages.trivia.noQuestions">Please try again tomorrow.</Trans>
                ) : (
                  <Trans id="pages.trivia.contest.allAnswered">You have answered every question of this contest.</Trans>
                )}
              </Text>
              <Button component={Link} href={back} variant="light">
                <Trans id="pages.trivia.back">Back</Trans>
              </Button>
            </Stack>
          </Paper>
          {contestId !== null && chart ? <ContestChart chart={chart} /> : null}
        </>
      ) : error ? (
        <Alert color="red" variant="light" role="alert" title={i18n._(commonMessages.somethingWrong)}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{i18n._(triviaErrors[error] ?? triviaErrorFallback)}</Text>
            <Button variant="light" color="red" onClick={() => actor.send({ type: 'user.retry' })}>
              <Trans id="pages.trivia.retry">Try again</Trans>
            </Button>
          </Stack>
        </Alert>
      ) : busy ? (
        <Center py="xl">
          <Loader aria-label={i18n._(commonMessages.loading)} />
        </Center>
      ) : null}
    </Stack>
  );
}
