import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import IconExternalLink from '@tabler/icons-react/dist/esm/icons/IconExternalLink.mjs';
import IconLifebuoy from '@tabler/icons-react/dist/esm/icons/IconLifebuoy.mjs';
import IconMail from '@tabler/icons-react/dist/esm/icons/IconMail.mjs';
import IconPhone from '@tabler/icons-react/dist/esm/icons/IconPhone.mjs';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CommunitySupport } from '../api/client';
import { Link } from 'wouter';
import { selectAccess } from '../../machines/session.selectors';
import { useResource, useSession, type ResourceView } from '../actors/hooks';
import { readPendingCommunity } from '../data/pendingCommunity';
import { paths } from '../routing/paths';
import { commonMessages } from '../components/errorMessages';
import { LoadFailedAlert, SavedCopyNotice } from '../components/LoadNotices';

const supportMessages = {
  loadError: msg({ id: 'pages.support.loadError', message: 'Failed to fetch the support contact' }),
  cached: msg({ id: 'pages.support.cached', message: 'You are offline: this is the support contact saved on this device.' }),
};

/** The operator's help page: https only, whatever the server or the cache gave. */
const httpsUrl = (url: string | null): string | null => {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
};

/** Buttons whose label (a long e-mail address) wraps on a phone instead of being cut. */
const wrapping = {
  justify: 'flex-start',
  h: 'auto',
  mih: 42,
  py: 8,
  styles: { label: { whiteSpace: 'normal', overflowWrap: 'anywhere', textAlign: 'left' } },
} as const;

/** A dialable tel: link: digits and a leading +. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * Help and support (/support, open to everyone): how to reach the community's operator, as the
 * operator set it with `community:support`. A member sees their own community's contact
 * (GET /mobile/community/support, cached per member and language, so the last copy shows
 * offline); a visitor sees the contact of the community they picked from a join link or QR code,
 * or how to find their community when they have picked none. The operator's text comes in the
 * reader's language.
 */
export default function SupportScreen() {
  const verified = useSession(selectAccess) === 'verified';
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        <Trans id="pages.support.title">Help and support</Trans>
      </Title>
      {verified ? <MemberSupport /> : readPendingCommunity() ? <VisitorSupport /> : <NoCommunityYet />}
    </Stack>
  );
}

function MemberSupport() {
  return <SupportLoad support={useResource('support')} />;
}

function VisitorSupport() {
  return <SupportLoad support={useResource('guestSupport')} />;
}

function SupportLoad({ support }: { support: ResourceView<CommunitySupport> }) {
  const { i18n } = useLingui();
  return (
    <>
      {support.fromCache && support.error && <SavedCopyNotice message={i18n._(supportMessages.cached)} onRetry={support.reload} />}

      {support.data ? (
        <SupportContact support={support.data} />
      ) : support.status === 'failed' ? (
        <LoadFailedAlert title={i18n._(supportMessages.loadError)} onRetry={support.reload} />
      ) : (
        <Stack gap="sm" role="status" aria-busy="true" aria-label={i18n._(commonMessages.loading)}>
          <Skeleton h={20} w="70%" />
          <Skeleton h={96} radius="lg" />
          <Skeleton h={36} radius="md" />
          <Skeleton h={36} radius="md" />
        </Stack>
      )}
    </>
  );
}

/** A visitor who has not picked a community: where the contact will come from. */
function NoCommunityYet() {
  return (
    <Paper withBorder p="lg" radius="lg">
      <Stack gap="sm">
        <Text fw={600}>
          <Trans id="pages.support.visitorTitle">Support comes from your community</Trans>
        </Text>
        <Text c="dimmed">
          <Trans id="pages.support.visitor">
            Each community's team answers its own members. Log in, or open your community's join link or scan its QR code, and
            this page shows how to reach them.
          </Trans>
        </Text>
        <Group gap="sm">
          <Button component={Link} href={paths.login} variant="filled">
            <Trans id="pages.support.visitorLogin">Log in</Trans>
          </Button>
          <Button component={Link} href={paths.communityScan} variant="light">
            <Trans id="pages.support.visitorScan">Scan your community's QR code</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function SupportContact({ support }: { support: CommunitySupport }) {
  const { communityName, contact } = support;
  if (!contact) {
    return (
      <Paper withBorder p="lg" radius="lg">
        <Stack gap="xs">
          <Text fw={600}>
            <Trans id="pages.support.noneTitle">No support contact yet</Trans>
          </Text>
          <Text c="dimmed">
            <Trans id="pages.support.none">
              {communityName} has not set a support contact yet. Please ask the people who run your community directly.
            </Trans>
          </Text>
        </Stack>
      </Paper>
    );
  }
  const link = httpsUrl(contact.url);
  return (
    <Stack gap="md">
      <Text c="dimmed">
        <Trans id="pages.support.intro">How to reach the people who run {communityName}.</Trans>
      </Text>
      {contact.text && (
        <Paper withBorder p="md" radius="lg">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
              <IconLifebuoy size={22} stroke={1.8} />
            </ThemeIcon>
            <Text mt={6} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', minWidth: 0 }}>
              {contact.text}
            </Text>
          </Group>
        </Paper>
      )}
      <Stack gap="sm" component="section" aria-labelledby="support-contact">
        <Title order={2} size="h4" id="support-contact">
          <Trans id="pages.support.contactTitle">Contact</Trans>
        </Title>
        <Button component="a" href={`mailto:${contact.email}`} leftSection={<IconMail size={18} aria-hidden />} variant="filled" {...wrapping}>
          <Trans id="pages.support.email">Email {contact.email}</Trans>
        </Button>
        {contact.phone && (
          <Button component="a" href={telHref(contact.phone)} leftSection={<IconPhone size={18} aria-hidden />} variant="light" {...wrapping}>
            <Trans id="pages.support.phone">Call {contact.phone}</Trans>
          </Button>
        )}
        {link && (
          <Anchor href={link} target="_blank" rel="noopener noreferrer" fw={600} style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
            <Trans id="pages.support.link">Open the help page</Trans>
            <IconExternalLink size={16} aria-hidden />
          </Anchor>
        )}
      </Stack>
    </Stack>
  );
}
