import { Suspense, useEffect, useState } from 'react';
import { retryableLazy } from '../../components/retryableLazy';
import { Anchor, Badge, Button, Center, Group, Loader, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '../../actors/useSelector';
import { Link, useParams, useSearchParams } from 'wouter';
import { selectEarningPid, selectIsEarning } from '../../../machines/earnAction.selectors';
import { selectOpenContests, selectRunningContests } from '../../../machines/triviaVerification.selectors';
import type { ChanceToWin, Promo } from '../../api/client';
import { selectContestData } from '../../../machines/chanceToWin.selectors';
import { msg } from '@lingui/core/macro';
import { commonMessages } from '../../components/errorMessages';
import { featureIcons } from '../../components/navigation/featureIcons';
import { LoadFailedAlert } from '../../components/LoadNotices';
import { PipsBadge } from '../../components/PipsBadge';
import { safeWebUrl } from '../../components/safeWebUrl';
import type { PendingItem } from '../../../machines/connectivitySync.types';
import { earnWrite } from '../../actors/earnAction';
import { useIsOffline, useKeyForWrite, useNow, usePendingQueues, useResource, useSystemActor } from '../../actors/hooks';
import { formatRelative } from '../../i18n/relativeTime';
import { paths } from '../../routing/paths';
import { EarnActionCard } from './EarnActionCard';
import classes from './EarnScreen.module.css';
import { scrollBehavior } from '../../theme/motion';

// The camera, jsQR and the scanner's machine load only when the member opens the scanner.
const EarnQRScanner = retryableLazy(() => import('./EarnQRScanner'));

const earnLoadError = msg({ id: 'pages.earn.actions.loadError', message: 'Failed to fetch earn actions' });

/**
 * Earn (`/earn`, `/earn/{actionId}`): the trivia and Chance to Win cards, the QR code
 * scanner, the scans waiting to be sent, and the earn actions. `/earn?qr=<code>` is the link a
 * printed earn QR code holds: opened by a phone's camera app, it earns the code at once.
 */
export default function EarnScreen() {
  const { actionId } = useParams<{ actionId?: string }>();
  const [search, setSearch] = useSearchParams();
  const qr = search.get('qr');
  const [scanner, setScanner] = useState<{ open: boolean; link: string | null; key: number }>({ open: false, link: null, key: 0 });

  // The printed code's link: earn it in the scanner, then drop it from the address (a reload or
  // a shared screenshot of the URL must not scan it again).
  useEffect(() => {
    if (qr === null) return;
    setScanner((current) => ({ open: true, link: qr, key: current.key + 1 }));
    setSearch(
      (params) => {
        const next = new URLSearchParams(params);
        next.delete('qr');
        return next;
      },
      { replace: true },
    );
  }, [qr, setSearch]);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          <Trans id="pages.earn.title">Earn</Trans>
        </Title>
        <Text c="dimmed">
          <Trans id="pages.earn.intro">Scan codes, play and complete actions to earn pips.</Trans>
        </Text>
        <Group gap="md" mt={4}>
          <Anchor component={Link} href={paths.rewards} size="sm" fw={600}>
            <Trans id="pages.earn.links.rewards">My rewards</Trans>
          </Anchor>
          <Anchor component={Link} href={paths.announcements} size="sm" fw={600}>
            <Trans id="pages.earn.links.announcements">Announcements</Trans>
          </Anchor>
        </Group>
      </Stack>

      <PlayCards />

      <Paper component="section" aria-labelledby="earn-qr-heading" withBorder radius="lg" p="md">
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={2} size="h4" id="earn-qr-heading">
              <Trans id="pages.earn.qr.title">Scan a QR code</Trans>
            </Title>
            <Text size="sm" c="dimmed">
              <Trans id="pages.earn.qr.intro">Found an earn code? Scan it to get its pips.</Trans>
            </Text>
          </Stack>
          <Button
            variant={scanner.open ? 'default' : 'filled'}
            aria-expanded={scanner.open}
            aria-controls="earn-qr-scanner"
            onClick={() => setScanner((current) => ({ open: !current.open, link: null, key: current.key + 1 }))}
          >
            {scanner.open ? <Trans id="pages.earn.qr.close">Close the scanner</Trans> : <Trans id="pages.earn.qr.open">Scan a QR code</Trans>}
          </Button>
          <div id="earn-qr-scanner">
            {scanner.open && (
              <Suspense fallback={<ScannerLoading />}>
                <EarnQRScanner key={scanner.key} link={scanner.link} />
              </Suspense>
            )}
          </div>
        </Stack>
      </Paper>

      <PendingScans />

      <EarnActions highlightId={actionId} />
    </Stack>
  );
}

/**
 * Which team contests still have questions for the member, by the trivia verification:
 * their names, or that every running contest is answered; nothing before the first check or
 * without a running contest.
 */
function TriviaContestsNote() {
  const { i18n } = useLingui();
  const verification = useSystemActor('triviaVerification');
  const open = useSelector(verification, selectOpenContests, sameContestIds);
  const running = useSelector(verification, selectRunningContests, sameContestIds);
  if (running.length === 0) return null;
  if (open.length === 0) {
    return (
      <Text size="sm" mt={4} data-testid="earn-trivia-contests">
        <Trans id="pages.earn.trivia.contestsDone">You answered every team contest.</Trans>
      </Text>
    );
  }
  const names = new Intl.ListFormat(i18n.locale, { style: 'long', type: 'conjunction' }).format(open.map((contest) => contest.name));
  return (
    <Text size="sm" mt={4} fw={600} data-testid="earn-trivia-contests">
      <Trans id="pages.earn.trivia.contestsOpen">Questions waiting in {names}</Trans>
    </Text>
  );
}

/** The current draw's prize and threshold, once the Chance to Win actor holds them. */
function ChanceToWinNote() {
  const chanceToWin = useSystemActor('chanceToWin');
  const contest = useSelector(chanceToWin, selectContestData) as ChanceToWin | null;
  if (!contest) return null;
  const { prize, thresholdInPips } = contest;
  return (
    <Text size="sm" mt={4} fw={600} data-testid="earn-chance-to-win-prize">
      {prize ? (
        <Trans id="pages.earn.chanceToWin.prizeLine">A chance to win {prize} with {thresholdInPips} pips</Trans>
      ) : (
        <Trans id="pages.earn.chanceToWin.thresholdLine">Enter the draw with {thresholdInPips} pips</Trans>
      )}
    </Text>
  );
}

const sameContestIds = (a: readonly { id: number }[], b: readonly { id: number }[]) => a.length === b.length && a.every((c, i) => c.id === b[i].id);

/** Trivia (1+ pips), Chance to Win (a prize draw) and Forms. */
function PlayCards() {
  const { t } = useLingui();
  const cards = [
    {
      href: paths.individualTrivia,
      icon: featureIcons.trivia,
      title: t({ id: 'pages.earn.trivia.title', message: 'Trivia' }),
      text: t({ id: 'pages.earn.trivia.text', message: 'Answer questions and earn a pip for each right answer.' }),
      pips: t({ id: 'pages.earn.trivia.pips', message: '1+ pips' }),
      note: <TriviaContestsNote />,
    },
    {
      href: paths.chanceToWin,
      icon: featureIcons.chanceToWin,
      title: t({ id: 'pages.earn.chanceToWin.title', message: 'Chance to Win' }),
      text: t({ id: 'pages.earn.chanceToWin.chanceText', message: 'Earn enough pips for a chance to win the prize.' }),
      // What the draw gives is a chance at its prize, not pips.
      pips: t({ id: 'pages.earn.chanceToWin.badge', message: 'Prize draw' }),
      note: <ChanceToWinNote />,
    },
    {
      href: '/forms',
      icon: featureIcons.forms,
      title: t({ id: 'pages.earn.forms.title', message: 'Forms' }),
      text: t({ id: 'pages.earn.forms.text', message: 'Answer a questionnaire and earn its pips.' }),
    },
  ];
  return (
    <nav aria-label={t({ id: 'pages.earn.play', message: 'Play' })}>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        {cards.map(({ href, icon: Icon, title, text, pips, note }) => (
          <Paper key={href} component={Link} href={href} withBorder p="md" radius="lg" className={classes.card}>
            <Group justify="space-between" wrap="nowrap" align="center" gap="xs">
              <Group wrap="nowrap" gap="xs">
                <ThemeIcon variant="light" size="md" radius="md" aria-hidden>
                  <Icon size={18} stroke={1.8} />
                </ThemeIcon>
                <Text fw={700}>{title}</Text>
              </Group>
              {pips && <PipsBadge size="md">{pips}</PipsBadge>}
            </Group>
            <Text size="sm" c="dimmed" mt={4}>
              {text}
            </Text>
            {note}
          </Paper>
        ))}
      </SimpleGrid>
    </nav>
  );
}

function ScannerLoading() {
  const { i18n } = useLingui();
  return (
    <Center py="xl">
      <Loader aria-label={i18n._(commonMessages.loading)} />
    </Center>
  );
}

/** Scans (and earn actions) made offline, shown as pending until the connectivity sync sends them. */
function PendingScans() {
  const { t, i18n } = useLingui();
  const { earn } = usePendingQueues();
  const now = useNow();
  if (earn.length === 0) return null;
  const describe = (item: PendingItem) => item.title ?? t({ id: 'pages.earn.pending.qr', message: 'QR code scan' });
  return (
    <Paper component="section" aria-labelledby="earn-pending-heading" withBorder radius="lg" p="md">
      <Stack gap="xs">
        <Title order={2} size="h4" id="earn-pending-heading">
          <Trans id="pages.earn.pending.title">Waiting to be sent</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans id="pages.earn.pending.intro">These will be sent when you are back online.</Trans>
        </Text>
        <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
          {earn.map((item) => (
            <Group component="li" key={item.id} justify="space-between" wrap="nowrap" gap="xs">
              {/* The description wraps; the time and the badge keep their whole width ("PENDIENTE" was cut on phones). */}
              <Text size="sm" miw={0}>
                {describe(item)}
              </Text>
              <Group gap="xs" wrap="nowrap" style={{ flex: 'none' }}>
                <Text size="xs" c="dimmed">
                  {formatRelative(item.timestamp, now, i18n)}
                </Text>
                <Badge color="yellow.9" variant="outline">
                  <Trans id="pages.earn.pending.badge">Pending</Trans>
                </Badge>
              </Group>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}

/** The earn actions of GET /mobile/promos/get?type=EARN: cached first, then the network. */
function EarnActions({ highlightId }: { highlightId?: string }) {
  const { i18n } = useLingui();
  const promos = useResource('earnPromos');
  const earn = useSystemActor('earnAction');
  const keyForWrite = useKeyForWrite();
  const earningPid = useSelector(earn, selectEarningPid);
  const busy = useSelector(earn, selectIsEarning);
  const offline = useIsOffline();
  const list = promos.data;
  const highlighted = list?.find((promo) => String(promo.id) === highlightId) ?? null;

  useEffect(() => {
    if (highlighted) document.getElementById(`earn-action-${highlighted.id}`)?.scrollIntoView?.({ behavior: scrollBehavior(), block: 'center' });
  }, [highlighted]);

  // Sent inside the click: a promo's page opens in a tab the browser allows only now.
  const startEarning = (promo: Promo) => {
    const idempotencyKey = keyForWrite(earnWrite(promo.id));
    earn.send({ type: 'user.earn', pid: promo.id, url: safeWebUrl(promo.url), online: !offline, idempotencyKey });
  };

  return (
    <Stack component="section" aria-labelledby="earn-actions-heading" gap="sm">
      <Title order={2} size="h4" id="earn-actions-heading">
        <Trans id="pages.earn.actions.title">Ways to earn</Trans>
      </Title>

      {!list ? (
        promos.status === 'failed' ? (
          <LoadFailedAlert title={i18n._(earnLoadError)} onRetry={promos.reload} />
        ) : promos.status === 'loading' ? (
          <Stack gap="sm" role="status" aria-busy="true" aria-label={i18n._(commonMessages.loading)}>
            <Skeleton h={96} radius="lg" />
            <Skeleton h={96} radius="lg" />
          </Stack>
        ) : null
      ) : (
        <>
          {promos.fromCache && promos.error && (
            <Text size="sm" c="dimmed" role="status">
              <Trans id="pages.earn.actions.cached">These are the actions saved on this device: they could not be refreshed.</Trans>
            </Text>
          )}
          {highlightId !== undefined && !highlighted && (
            <Text size="sm" role="status">
              <Trans id="pages.earn.actions.notFound">This action is no longer available.</Trans>
            </Text>
          )}
          {list.length === 0 ? (
            <Text c="dimmed">
              <Trans id="pages.earn.actions.empty">No other ways to earn right now. Come back soon.</Trans>
            </Text>
          ) : (
            // Two per row on a wide window (the column is wide there), one on phones.
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
              {list.map((promo) => (
                <EarnActionCard
                  key={promo.id}
                  promo={promo}
                  highlighted={promo === highlighted}
                  earning={earningPid === promo.id}
                  busy={busy}
                  onEarn={startEarning}
                />
              ))}
            </SimpleGrid>
          )}
        </>
      )}
    </Stack>
  );
}
