import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { PipsBadge } from '../../components/PipsBadge';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '../../actors/useSelector';
import { Link, useParams } from 'wouter';
import { selectTriviaContests } from '../../../machines/triviaVerification.selectors';
import { useSystemActor } from '../../actors/hooks';
import { linkTo, paths } from '../../routing/paths';
import { formatLongDateTime } from '../../i18n/relativeTime';

/** A contest's rules (`/trivia/contest/{id}/info`): dates, the member's team, pips per right answer. */
export default function TriviaContestInfoScreen() {
  const { i18n } = useLingui();
  const { id } = useParams<{ id: string }>();
  const contestId = Number(id);
  const contest = useSelector(useSystemActor('triviaVerification'), (s) => selectTriviaContests(s).find((c) => c.id === contestId));
  const date = (iso?: string) => (iso ? formatLongDateTime(iso, i18n.locale) : '—');
  const pips = contest?.pipsPerCorrectAnswer ?? 0;
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {contest?.name ?? <Trans id="pages.trivia.contest.title">Trivia contest</Trans>}
      </Title>
      <Paper withBorder p="lg" radius="lg">
        <Stack gap="sm">
          <PipsBadge>
            <Trans id="pages.trivia.contest.pips">5+ pips</Trans>
          </PipsBadge>
          {contest?.rules ? <Text>{contest.rules}</Text> : null}
          <Text>
            <Trans id="pages.trivia.info.dates">From {date(contest?.startsAt)} to {date(contest?.endsAt)}</Trans>
          </Text>
          <Text>
            <Trans id="pages.trivia.info.pips">Pips for each right answer: {pips}</Trans>
          </Text>
          <Text>
            {contest?.teamName ? (
              <Trans id="pages.trivia.info.team">Your team: {contest.teamName}</Trans>
            ) : (
              <Trans id="pages.trivia.contests.notJoined">Not joined yet</Trans>
            )}
          </Text>
        </Stack>
      </Paper>
      <Button component={Link} href={linkTo(paths.triviaContest, { id: contestId })} variant="light" style={{ alignSelf: 'flex-start' }}>
        <Trans id="pages.trivia.back">Back</Trans>
      </Button>
    </Stack>
  );
}
