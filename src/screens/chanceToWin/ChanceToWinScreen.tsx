import { useEffect, useRef, type PointerEvent } from 'react';
import { Anchor, Badge, Box, Drawer, Group, Loader, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '../../actors/useSelector';
import { DRAG_DISMISS_PX } from '../../../machines/archiveDrawer.machine';
import { selectContestData, selectContestError, selectContestLoading } from '../../../machines/chanceToWin.selectors';
import type { ChanceToWin, ChanceToWinContest } from '../../api/client';
import { drawProofPath } from '../../api/operations';
import { useNow, useResource, useSystemActor } from '../../actors/hooks';
import type { CheckedContest } from '../../data/resourceFetchers';
import { formatLongDate } from '../../i18n/relativeTime';
import { LoadFailedAlert } from '../../components/LoadNotices';

/** Time left until the drawing, in days, hours and minutes. */
function useTimeLeft(drawingDate: string): { days: number; hours: number; minutes: number; past: boolean } {
  const now = useNow() || Date.now();
  const ms = Math.max(0, Date.parse(drawingDate) - now);
  return { days: Math.floor(ms / 86_400_000), hours: Math.floor(ms / 3_600_000) % 24, minutes: Math.floor(ms / 60_000) % 60, past: ms === 0 };
}

/**
 * Chance to Win (`/chance-to-win`): the current contest's threshold progress, the time
 * left, the qualified players under fictional names (the server's, in the member's language), the
 * last contest's results (the winners under the same fictional names; "You won" for the winner,
 * and the member's own entry id), and the archive drawer (opened from the card icon) where each
 * drawn contest's draw is recomputed in the browser (docs/features.md, "Verifiable draws").
 */
export default function ChanceToWinScreen() {
  const { t } = useLingui();
  const chanceToWin = useSystemActor('chanceToWin');
  const contest = useSelector(chanceToWin, selectContestData) as ChanceToWin | null;
  const loading = useSelector(chanceToWin, selectContestLoading);
  const error = useSelector(chanceToWin, selectContestError);
  const archive = useResource('chanceToWinArchive');
  const lastContest: ChanceToWinContest | CheckedContest | null = contest?.lastContest ?? archive.data?.[0] ?? null;

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        <Trans id="pages.chanceToWin.title">Chance to Win</Trans>
      </Title>

      {loading ? (
        <Loader aria-label={t({ id: 'pages.chanceToWin.loading', message: 'Loading the contest' })} />
      ) : contest ? (
        <CurrentContestCard contest={contest} />
      ) : error ? (
        <LoadFailedAlert
          title={t({ id: 'pages.chanceToWin.loadError', message: 'The contest could not be loaded.' })}
          onRetry={() => chanceToWin.send({ type: 'page.visible' })}
        />
      ) : (
        <Text c="dimmed">
          <Trans id="pages.chanceToWin.none">There is no contest right now. Keep earning pips: the next one starts soon.</Trans>
        </Text>
      )}

      {lastContest && (
        <Paper component="section" aria-labelledby="ctw-last" withBorder radius="lg" p="md">
          <Title order={2} size="h4" id="ctw-last">
            <Trans id="pages.chanceToWin.lastResults">Last contest's results</Trans>
          </Title>
          <Text fw={600} mt="xs">
            {lastContest.name}
          </Text>
          <WinnersLine contest={lastContest} />
          <YourPart contest={lastContest} />
        </Paper>
      )}

      <ArchiveDrawer />
    </Stack>
  );
}

function CurrentContestCard({ contest }: { contest: ChanceToWin }) {
  const { t, i18n } = useLingui();
  const left = useTimeLeft(contest.drawingDate);
  const missing = Math.max(0, contest.thresholdInPips - contest.earnedPips);
  const percent = Math.min(100, Math.round((contest.earnedPips / contest.thresholdInPips) * 100));
  return (
    <Paper component="section" aria-labelledby="ctw-current" withBorder radius="lg" p="md">
      <Stack gap="sm">
        <Title order={2} size="h3" id="ctw-current">
          {contest.name}
        </Title>
        {contest.prize && (
          <Text>
            <Trans id="pages.chanceToWin.prize">Prize: {contest.prize}</Trans>
          </Text>
        )}
        <Progress value={percent} size="lg" radius="xl" aria-label={t({ id: 'pages.chanceToWin.progress', message: 'Progress to the threshold' })} />
        {/* Qualified, the figures say so: '37 of 20 pips earned' under a full bar read as a mistake. */}
        <Text fw={700} data-testid="ctw-status">
          {missing > 0 ? (
            <Trans id="pages.chanceToWin.missing">{missing} more pips to qualify</Trans>
          ) : (
            <Trans id="pages.chanceToWin.qualifiedWith">
              You're in the draw: {contest.earnedPips} pips earned, {contest.thresholdInPips} needed
            </Trans>
          )}
        </Text>
        <Text size="sm" c="dimmed" data-testid="ctw-earned">
          {missing > 0 ? (
            <Trans id="pages.chanceToWin.earned">
              {contest.earnedPips} of {contest.thresholdInPips} pips earned since {formatLongDate(contest.startDate, i18n.locale)}
            </Trans>
          ) : (
            <Trans id="pages.chanceToWin.countedSince">Pips earned since {formatLongDate(contest.startDate, i18n.locale)} count.</Trans>
          )}
        </Text>
        <Text size="sm">
          {left.past ? (
            <Trans id="pages.chanceToWin.drawingSoon">The drawing is under way.</Trans>
          ) : (
            <Trans id="pages.chanceToWin.timeLeft">
              Drawing in {left.days} d {left.hours} h {left.minutes} min ({formatLongDate(contest.drawingDate, i18n.locale)})
            </Trans>
          )}
        </Text>
        <Title order={3} size="h5" mt="xs">
          <Trans id="pages.chanceToWin.players">Players in the draw</Trans>
        </Title>
        {contest.players.length === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans id="pages.chanceToWin.noPlayers">Nobody has qualified yet.</Trans>
          </Text>
        ) : (
          <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }} data-testid="ctw-players">
            {contest.players.map((player) => (
              <Group component="li" key={player.playerId} justify="space-between">
                <Text size="sm">
                  {player.name}
                  {player.isYou && (
                    <Badge ml="xs" size="sm" variant="light">
                      <Trans id="pages.chanceToWin.you">you</Trans>
                    </Badge>
                  )}
                </Text>
                <Text size="sm" c="dimmed">
                  <Trans id="pages.chanceToWin.playerPips">{player.earnedPips} pips</Trans>
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function WinnersLine({ contest }: { contest: ChanceToWinContest }) {
  const { t } = useLingui();
  const count = contest.winners.length;
  const names = contest.winners.map((winner) => winner.name).join(', ');
  return count === 0 ? (
    <Text size="sm" c="dimmed">
      <Trans id="pages.chanceToWin.noWinners">No winners: nobody qualified.</Trans>
    </Text>
  ) : (
    <Text size="sm" data-testid="ctw-winners">
      {t({ id: 'pages.chanceToWin.winnersLine', message: plural(count, { one: `Winner: ${names}`, other: `Winners: ${names}` }) })}
    </Text>
  );
}

/** The member's own part in a drawn contest: "You won" when they did, and their entry id to find in the proof. */
function YourPart({ contest }: { contest: ChanceToWinContest }) {
  const won = contest.winners.some((winner) => winner.isYou);
  const entryId = contest.yourEntryId;
  if (!won && entryId == null) return null;
  return (
    <Group gap="md" mt={4}>
      {won && (
        <Text fw={700} c="teal.9" data-testid="ctw-you-won">
          <Trans id="pages.chanceToWin.youWon">You won</Trans>
        </Text>
      )}
      {entryId != null && (
        <Text size="sm" data-testid="ctw-your-entry">
          <Trans id="pages.chanceToWin.yourEntry">Your entry: #{entryId}</Trans>
        </Text>
      )}
    </Group>
  );
}

/**
 * The archive drawer, opened from the top bar's card icon: from the bottom on
 * portrait phones, from the right otherwise. Its header is the handle: a drag of more than 100 px
 * towards the edge it came from closes it, a shorter one springs back; the x button and a click
 * on the backdrop close it too. The list itself scrolls as usual.
 */
function ArchiveDrawer() {
  const { t } = useLingui();
  const drawer = useSystemActor('archiveDrawer');
  const opened = useSelector(drawer, (s) => s.matches('open'));
  const portraitPhone = useMediaQuery('(orientation: portrait) and (max-width: 600px)') ?? false;
  const drag = useRef<{ start: number; distance: number } | null>(null);
  const panel = useRef<HTMLDivElement | null>(null);
  const position = portraitPhone ? 'bottom' : 'right';
  const follow = (distance: number) => {
    if (panel.current) panel.current.style.translate = distance === 0 ? '' : portraitPhone ? `0 ${distance}px` : `${distance}px 0`;
  };
  useEffect(() => {
    if (opened) follow(0);
  });

  const coordinate = (event: PointerEvent) => (portraitPhone ? event.clientY : event.clientX);
  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    // The x button keeps its own click.
    if ((event.target as Element).closest('button')) return;
    drag.current = { start: coordinate(event), distance: 0 };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    if (!drag.current) return;
    drag.current.distance = Math.max(0, coordinate(event) - drag.current.start);
    follow(drag.current.distance);
  };
  const onPointerUp = () => {
    if (!drag.current) return;
    const { distance } = drag.current;
    drag.current = null;
    if (distance <= DRAG_DISMISS_PX) follow(0);
    drawer.send({ type: 'drawer.dragEnd', distance });
  };

  return (
    <Drawer.Root
      opened={opened}
      onClose={() => drawer.send({ type: 'drawer.close' })}
      position={position}
      size={portraitPhone ? '80%' : 'md'}
      transitionProps={{ duration: 300 }}
    >
      <Drawer.Overlay data-testid="ctw-archive-backdrop" />
      <Drawer.Content ref={panel} data-testid="ctw-archive" radius={portraitPhone ? 'lg' : 0}>
        <Drawer.Header
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          style={{ touchAction: 'none', cursor: 'grab', position: 'relative' }}
          data-testid="ctw-archive-handle"
        >
          {portraitPhone && (
            <Box
              aria-hidden="true"
              pos="absolute"
              top={6}
              left="50%"
              w={40}
              h={4}
              bg="gray.4"
              style={{ borderRadius: 2, transform: 'translateX(-50%)' }}
            />
          )}
          <Drawer.Title fw={700}>{t({ id: 'pages.chanceToWin.archive.title', message: 'Past contests' })}</Drawer.Title>
          <Drawer.CloseButton aria-label={t({ id: 'pages.chanceToWin.archive.close', message: 'Close' })} />
        </Drawer.Header>
        <Drawer.Body>
          <ArchiveList />
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}

function ArchiveList() {
  const { t, i18n } = useLingui();
  const archive = useResource('chanceToWinArchive');
  if (!archive.data) {
    return archive.status === 'failed' ? (
      <LoadFailedAlert title={t({ id: 'pages.chanceToWin.archive.loadError', message: 'The past contests could not be loaded.' })} onRetry={archive.reload} />
    ) : (
      <Loader aria-label={t({ id: 'pages.chanceToWin.archive.loading', message: 'Loading the past contests' })} />
    );
  }
  if (archive.data.length === 0) {
    return (
      <Text c="dimmed">
        <Trans id="pages.chanceToWin.archive.empty">No contest has been drawn yet.</Trans>
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
      {archive.data.map((contest) => (
        <Paper component="li" key={contest.id} withBorder radius="md" p="sm" data-testid={`ctw-archive-${contest.id}`}>
          <Text fw={700}>{contest.name}</Text>
          <ContestDates contest={contest} locale={i18n.locale} />
          <WinnersLine contest={contest} />
          <YourPart contest={contest} />
          <DrawProof contest={contest} />
        </Paper>
      ))}
    </Stack>
  );
}

/** A past contest's days: both, or one when it started and was drawn the same day. */
function ContestDates({ contest, locale }: { contest: ChanceToWinContest; locale: string }) {
  const start = formatLongDate(contest.startDate, locale);
  const drawn = formatLongDate(contest.drawingDate, locale);
  return (
    <Text size="sm">
      {start === drawn ? (
        <Trans id="pages.chanceToWin.archive.drawnOn">Drawn {drawn}</Trans>
      ) : (
        <Trans id="pages.chanceToWin.archive.dates">
          From {start}, drawn {drawn}
        </Trans>
      )}
    </Text>
  );
}

/**
 * The browser's own check of the draw, in words, and the published proof it checked under a
 * disclosure: the hashes are for whoever wants to check again, not for reading in the list.
 */
function DrawProof({ contest }: { contest: CheckedContest }) {
  const proof = contest.proof;
  if (!proof) return null;
  const verdict = contest.check.verdict;
  const winning = contest.winners.map((winner) => `#${winner.entryId}`).join(', ');
  return (
    <Stack gap={6} mt="xs" align="flex-start">
      <Badge color={verdict === 'verified' ? 'teal' : verdict === 'notDrawn' ? 'gray' : 'red'} variant="light" data-testid="ctw-verdict">
        {verdict === 'verified' ? (
          <Trans id="pages.chanceToWin.proof.verified">Verified</Trans>
        ) : verdict === 'notDrawn' ? (
          <Trans id="pages.chanceToWin.proof.notDrawn">Not drawn yet</Trans>
        ) : (
          <Trans id="pages.chanceToWin.proof.mismatch">Does not match: this draw cannot be verified</Trans>
        )}
      </Badge>
      <Box component="details" data-testid="ctw-proof" maw="100%">
        {/* A control to tap: the body's size, and a finger's 44 px on a touch screen (src/theme/app.css). */}
        <Text component="summary" size="sm" c="dimmed" style={{ cursor: 'pointer' }} className="pips-touch-target">
          <Trans id="pages.chanceToWin.proof.summary">Proof of the draw</Trans>
        </Text>
        <Stack gap={2} mt={4}>
          <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
            <Trans id="pages.chanceToWin.proof.commitment">Commitment: {proof.commitment}</Trans>
          </Text>
          {proof.seed && (
            <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
              <Trans id="pages.chanceToWin.proof.seed">Seed: {proof.seed}</Trans>
            </Text>
          )}
          <Text size="xs">
            <Trans id="pages.chanceToWin.proof.entries">Entries: {proof.entryCount ?? 0}</Trans>
          </Text>
          {proof.entriesHash && (
            <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
              <Trans id="pages.chanceToWin.proof.hash">Entry list hash: {proof.entriesHash}</Trans>
            </Text>
          )}
          {winning && (
            <Text size="xs">
              <Trans id="pages.chanceToWin.proof.winningEntries">Winning entries: {winning}</Trans>
            </Text>
          )}
          {/* Anyone can read it without an account: the member may share it or check it with other tools. */}
          <Anchor size="sm" href={`${import.meta.env.VITE_API_URL ?? ''}${drawProofPath(contest.id)}`} target="_blank" rel="noopener noreferrer" data-testid="ctw-public-proof">
            <Trans id="pages.chanceToWin.proof.public">Public proof (every entry id)</Trans>
          </Anchor>
        </Stack>
      </Box>
    </Stack>
  );
}
