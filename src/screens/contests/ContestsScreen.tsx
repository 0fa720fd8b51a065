import type { ReactNode } from 'react';
import { Badge, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { selectContestData, selectContestLoading } from '../../../machines/chanceToWin.selectors';
import { selectAnsweredContests, selectTriviaContests, selectTriviaScanning } from '../../../machines/triviaVerification.selectors';
import type { ChanceToWin } from '../../api/client';
import { useNow, useSystemActor } from '../../actors/hooks';
import { useSelector } from '../../actors/useSelector';
import { featureIcons } from '../../components/navigation/featureIcons';
import { formatLongDate } from '../../i18n/relativeTime';
import { linkTo, paths } from '../../routing/paths';
import { dailyStateOf, drawStateOf, teamContestStateOf, type DailyState, type DrawState, type TeamContestState } from './contestStates';

/**
 * Contests (`/contests`, Home's tile): the question of the day, the member's team contests and
 * Chance to Win, each with where the member stands, each opening its own screen. Everything comes
 * from the actors that already hold it (the question of the day's round, the trivia verification,
 * the Chance to Win contest); this screen asks the server for nothing.
 */
export default function ContestsScreen() {
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          <Trans id="pages.contests.title">Contests</Trans>
        </Title>
        <Text c="dimmed">
          <Trans id="pages.contests.intro">Play to earn pips and to win prizes. Where you stand in each:</Trans>
        </Text>
      </Stack>
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} data-testid="contests-list">
        <DailyQuestion />
        <TeamContests />
        <ChanceToWinEntry />
      </Stack>
    </Stack>
  );
}

type Tone = 'new' | 'done' | 'quiet';

/** One contest: a card linking to its screen, its name, a line on where the member stands and a badge with its state. */
function ContestCard(props: { testId: string; state: string; href: string; icon: Icon; title: ReactNode; detail: ReactNode; badge?: ReactNode; tone?: Tone }) {
  const { testId, state, href, icon: IconOf, title, detail, badge, tone = 'new' } = props;
  return (
    <li>
      <Paper component={Link} href={href} withBorder p="md" radius="lg" style={{ display: 'block' }} data-testid={testId} data-state={state}>
        {/* On a phone a long badge (Spanish) goes under the name instead of being cut off. */}
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: '1 1 12rem', minWidth: 0 }}>
            <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
              <IconOf size={20} stroke={1.8} />
            </ThemeIcon>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={700}>{title}</Text>
              <Text size="sm" c="dimmed">
                {detail}
              </Text>
            </Stack>
          </Group>
          {badge && (
            <Badge
              variant={tone === 'new' ? 'light' : 'outline'}
              color={tone === 'done' ? 'teal.9' : tone === 'quiet' ? 'gray' : undefined}
              style={{ flex: 'none' }}
              data-testid="contest-state"
            >
              {badge}
            </Badge>
          )}
        </Group>
      </Paper>
    </li>
  );
}

function DailyQuestion() {
  const round = useSystemActor('individualTrivia');
  const state: DailyState = useSelector(round, dailyStateOf);
  return (
    <ContestCard
      testId="contest-daily"
      state={state}
      href={state === 'new' ? paths.individualTriviaQuestion : paths.individualTrivia}
      icon={featureIcons.trivia}
      title={<Trans id="pages.contests.daily.title">Question of the day</Trans>}
      detail={
        state === 'new' ? (
          <Trans id="pages.contests.daily.new">Answer today's question and earn a pip when you are right.</Trans>
        ) : state === 'answered' ? (
          <Trans id="pages.contests.daily.answered">You answered a question today.</Trans>
        ) : (
          <Trans id="pages.contests.daily.doneToday">No question left today: come back tomorrow.</Trans>
        )
      }
      badge={
        // The question's own words: Spanish agrees them with 'pregunta'.
        state === 'new' ? (
          <Trans id="pages.contests.daily.badgeNew">New</Trans>
        ) : (
          <Trans id="pages.contests.daily.badgeAnswered">Answered</Trans>
        )
      }
      tone={state === 'new' ? 'new' : 'done'}
    />
  );
}

function TeamContests() {
  const verification = useSystemActor('triviaVerification');
  const contests = useSelector(verification, selectTriviaContests);
  const answered = useSelector(verification, selectAnsweredContests);
  const scanning = useSelector(verification, selectTriviaScanning);
  if (contests.length === 0) {
    return (
      <li>
        <Text c="dimmed" size="sm" px="md" data-testid="contests-no-team">
          {scanning ? (
            <Trans id="pages.contests.team.loading">Looking for team contests…</Trans>
          ) : (
            <Trans id="pages.contests.team.none">There are no team contests right now.</Trans>
          )}
        </Text>
      </li>
    );
  }
  return contests.map((contest) => {
    const state = teamContestStateOf(contest, answered);
    return (
      <ContestCard
        key={contest.id}
        testId={`contest-team-${contest.id}`}
        state={state.kind}
        href={linkTo(paths.triviaContest, { id: contest.id })}
        icon={featureIcons.contests}
        title={contest.name}
        detail={<TeamDetail state={state} teamName={contest.teamName ?? null} />}
        badge={<TeamBadge state={state} />}
        tone={state.kind === 'open' ? 'new' : state.kind === 'answered' ? 'done' : 'quiet'}
      />
    );
  });
}

function TeamDetail({ state, teamName }: { state: TeamContestState; teamName: string | null }) {
  const { i18n } = useLingui();
  switch (state.kind) {
    case 'upcoming': {
      if (!state.startsAt) return <Trans id="pages.contests.team.soon">A team contest starting soon.</Trans>;
      const date = formatLongDate(state.startsAt, i18n.locale);
      return <Trans id="pages.contests.team.startsOn">A team contest starting on {date}.</Trans>;
    }
    case 'ended':
      return <Trans id="pages.contests.team.ended">This team contest has ended: see the leaderboard.</Trans>;
    case 'answered':
      return <Trans id="pages.contests.team.allAnswered">You answered every question.</Trans>;
    case 'open':
      return state.joined && teamName ? (
        <Trans id="pages.contests.team.waiting">Your team: {teamName}. Questions are waiting.</Trans>
      ) : (
        <Trans id="pages.contests.team.join">Join a team and answer its questions.</Trans>
      );
  }
}

function TeamBadge({ state }: { state: TeamContestState }) {
  switch (state.kind) {
    case 'upcoming':
      return <Trans id="pages.contests.state.soon">Soon</Trans>;
    case 'ended':
      return <Trans id="pages.contests.state.ended">Ended</Trans>;
    case 'answered':
      return <Trans id="pages.contests.state.answered">Answered</Trans>;
    case 'open':
      return <Trans id="pages.contests.state.new">New</Trans>;
  }
}

function ChanceToWinEntry() {
  const chanceToWin = useSystemActor('chanceToWin');
  const contest = useSelector(chanceToWin, selectContestData) as ChanceToWin | null;
  const loading = useSelector(chanceToWin, selectContestLoading);
  const now = useNow() || Date.now();
  const state = drawStateOf(contest, now);
  return (
    <ContestCard
      testId="contest-chance-to-win"
      state={loading ? 'loading' : state.kind}
      href={paths.chanceToWin}
      icon={featureIcons.chanceToWin}
      title={
        contest ? (
          <Trans id="pages.contests.chanceToWin.titleNamed">Chance to Win: {contest.name}</Trans>
        ) : (
          <Trans id="pages.contests.chanceToWin.title">Chance to Win</Trans>
        )
      }
      detail={loading ? <Trans id="pages.contests.chanceToWin.loading">Loading the draw…</Trans> : <DrawDetail state={state} prize={contest?.prize ?? null} />}
      badge={loading || state.kind === 'none' ? undefined : <DrawBadge state={state} />}
      tone={state.kind === 'qualified' ? 'done' : state.kind === 'earning' ? 'new' : 'quiet'}
    />
  );
}

function DrawDetail({ state, prize }: { state: DrawState; prize: string | null }) {
  const { i18n } = useLingui();
  switch (state.kind) {
    case 'none':
      return <Trans id="pages.contests.chanceToWin.none">No draw right now: the next one starts soon.</Trans>;
    case 'drawing':
      return <Trans id="pages.contests.chanceToWin.drawing">The drawing is under way.</Trans>;
    case 'qualified': {
      const date = formatLongDate(state.drawingDate, i18n.locale);
      return <Trans id="pages.contests.chanceToWin.qualified">You're in the draw, drawing on {date}.</Trans>;
    }
    case 'earning': {
      const date = formatLongDate(state.drawingDate, i18n.locale);
      const missing = state.missing;
      return prize ? (
        <Trans id="pages.contests.chanceToWin.earningPrize">
          {missing} more pips for a chance to win {prize}, drawing on {date}.
        </Trans>
      ) : (
        <Trans id="pages.contests.chanceToWin.earning">{missing} more pips to enter the draw, drawing on {date}.</Trans>
      );
    }
  }
}

function DrawBadge({ state }: { state: DrawState }) {
  switch (state.kind) {
    case 'none':
      return null;
    case 'drawing':
      return <Trans id="pages.contests.state.drawing">Drawing</Trans>;
    case 'qualified':
      return <Trans id="pages.contests.state.qualified">Qualified</Trans>;
    case 'earning':
      return <Trans id="pages.contests.state.open">Open</Trans>;
  }
}
