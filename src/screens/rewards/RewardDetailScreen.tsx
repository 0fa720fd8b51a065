import { Alert, Button, Code, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { PromoImage } from '../../components/PromoImage';
import { Trans, useLingui } from '@lingui/react/macro';
import { useParams } from 'wouter';
import type { Transaction } from '../../api/client';
import { commonMessages } from '../../components/errorMessages';
import { safeWebUrl } from '../../components/safeWebUrl';
import { showToast } from '../../actors/toast';
import { useResource } from '../../actors/hooks';
import { formatLongDate } from '../../i18n/relativeTime';
import { rewardsMessages } from './rewardsMessages';
import { LoadFailedAlert, SavedCopyNotice } from '../../components/LoadNotices';
import { TermsAccordion } from '../../components/TermsAccordion';

const isTransactionId = (value: number) => Number.isSafeInteger(value) && value > 0;

/**
 * One reward: its gift-card code with a copy button, the
 * terms and conditions, and Open / Claim to use it (POST /mobile/transaction, cached).
 */
export default function RewardDetailScreen() {
  const { id } = useParams<{ id: string }>();
  const transactionId = Number(id);
  return (
    <Stack gap="lg">
      {isTransactionId(transactionId) ? <RewardDetail transactionId={transactionId} /> : <RewardNotFound />}
    </Stack>
  );
}

function RewardNotFound() {
  return (
    <>
      <Title order={1} size="h2">
        <Trans id="pages.rewards.notFoundTitle">Reward not found</Trans>
      </Title>
      <Text c="dimmed">
        <Trans id="pages.rewards.notFound">We could not find this reward in your rewards.</Trans>
      </Text>
    </>
  );
}

function RewardDetail({ transactionId }: { transactionId: number }) {
  const { i18n } = useLingui();
  const reward = useResource('transaction', transactionId);

  if (reward.data) {
    return (
      <>
        {reward.fromCache && reward.error && (
          <SavedCopyNotice message={i18n._(rewardsMessages.cached)} />
        )}
        <RewardBody reward={reward.data} />
      </>
    );
  }
  // Until the reward is known, the page is titled by what it is.
  const title = (
    <Title order={1} size="h2">
      <Trans id="pages.rewards.detailTitle">Reward details</Trans>
    </Title>
  );
  if (reward.status === 'failed') {
    if (reward.error === 'NOT_FOUND') return <RewardNotFound />;
    return (
      <>
        {title}
        <LoadFailedAlert title={i18n._(rewardsMessages.loadError)} onRetry={reward.reload} />
      </>
    );
  }
  return (
    <>
      {title}
      <Stack gap="sm" role="status" aria-busy="true" aria-label={i18n._(commonMessages.loading)}>
        <Skeleton h={180} radius="lg" />
        <Skeleton h={28} w="60%" />
        <Skeleton h={80} />
      </Stack>
    </>
  );
}

function RewardBody({ reward }: { reward: Transaction }) {
  const { t, i18n } = useLingui();
  const url = safeWebUrl(reward.url);

  const copyCode = async (): Promise<boolean> => {
    if (!reward.code) return false;
    try {
      await navigator.clipboard.writeText(reward.code);
      showToast('success', () => t({ id: 'pages.rewards.codeCopied', message: 'Code copied' }), { id: 'reward-code-copied', inline: true });
      return true;
    } catch {
      showToast('error', () => t({ id: 'pages.rewards.copyFailed', message: 'Could not copy the code. Select it and copy it by hand.' }), {
        id: 'reward-code-copy-failed',
        inline: true,
      });
      return false;
    }
  };

  /** Claim: the code goes to the clipboard and the reward's site opens, ready to paste it. */
  const claim = () => {
    if (reward.code) void copyCode();
    if (url) window.open(url, '_blank', 'noopener,noreferrer');
  };

  return (
    <>
      {reward.imageUrl && <PromoImage src={reward.imageUrl} type="REDEEM" variant="hero" size={240} radius="var(--mantine-radius-lg)" />}
      <Stack gap={6}>
        <Title order={1} size="h2">
          {reward.name}
        </Title>
        <Text size="sm" c="dimmed">
          {i18n._(rewardsMessages.redeemedFor(reward.pips))} ·{' '}
          <time dateTime={reward.date}>{formatLongDate(reward.date, i18n.locale)}</time>
        </Text>
        {reward.description && <Text>{reward.description}</Text>}
      </Stack>

      <Paper withBorder p="md" radius="lg" component="section" aria-labelledby="reward-code">
        <Stack gap="sm">
          <Title order={2} size="h4" id="reward-code">
            <Trans id="pages.rewards.code">Your code</Trans>
          </Title>
          {reward.code ? (
            <Group gap="sm" wrap="wrap">
              <Code fz="lg" fw={700} px="md" py={6} data-testid="reward-code" style={{ userSelect: 'all', overflowWrap: 'anywhere' }}>
                {reward.code}
              </Code>
              <Button variant="light" onClick={() => void copyCode()}>
                <Trans id="pages.rewards.copyCode">Copy code</Trans>
              </Button>
            </Group>
          ) : (
            <Alert color="orange" variant="light" role="status">
              <Trans id="pages.rewards.noCode">No code found, contact support.</Trans>
            </Alert>
          )}
          {url && (
            <SimpleGrid cols={2} spacing="sm">
              <Button component="a" href={url} target="_blank" rel="noopener noreferrer" variant="default">
                <Trans id="pages.rewards.open">Open</Trans>
              </Button>
              <Button onClick={claim}>
                <Trans id="pages.rewards.claim">Claim</Trans>
              </Button>
            </SimpleGrid>
          )}
        </Stack>
      </Paper>

      {reward.terms && <TermsAccordion terms={reward.terms} />}
    </>
  );
}
