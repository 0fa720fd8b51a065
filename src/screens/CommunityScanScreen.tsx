import { useEffect } from 'react';
import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '../actors/useSelector';
import { useLocation, useSearchParams } from 'wouter';
import { selectAccess } from '../../machines/session.selectors';
import { selectAccepted } from '../../machines/qrScanner.selectors';
import type { Community } from '../api/client';
import { useSession, useSystemActor } from '../actors/hooks';
import { safeReturnPath } from '../data/pendingOidcSignup';
import { paths } from '../routing/paths';
import { QrScanner } from '../scanner/QrScanner';
import { communityLinkFor } from '../scanner/communityLink';
import { describeCommunityRejection } from '../scanner/communityScanMessages';

/**
 * /community-scan: scan the community's QR code, see the community by name, go on to
 * sign up. A community QR code holds a link to this page with `?communityId=`, so a phone's own
 * camera app opens it here: that id is checked at once, without the in-app camera.
 */
export default function CommunityScanScreen() {
  const [params] = useSearchParams();
  const communityId = params.get('communityId');
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        <Trans id="pages.communityScan.title">Join your community</Trans>
      </Title>
      <CommunityScan key={communityId ?? ''} communityId={communityId} />
    </Stack>
  );
}

function CommunityScan({ communityId }: { communityId: string | null }) {
  // The community scanner (an app-wide actor) remembers the accepted community for the sign-up.
  const scanner = useSystemActor('communityScanner');
  const community = useSelector(scanner, selectAccepted<Community>);

  // Opening the screen starts the camera (or checks the link it was opened with); leaving stops it.
  useEffect(() => {
    if (communityId !== null) {
      scanner.send({ type: 'link.opened', text: communityLinkFor(communityId, window.location.origin) });
    } else {
      scanner.send({ type: 'user.start' });
    }
    return () => scanner.send({ type: 'user.cancel' });
  }, [scanner, communityId]);

  if (community) return <YourCommunity community={community} onScanAgain={() => scanner.send({ type: 'user.retry' })} />;
  return (
    <Stack gap="md">
      <Text>
        <Trans id="pages.communityScan.intro">
          Scan the QR code your community shared with you to connect your account to it.
        </Trans>
      </Text>
      <QrScanner scanner={scanner} describeRejection={describeCommunityRejection} />
    </Stack>
  );
}

function YourCommunity({ community, onScanAgain }: { community: Community; onScanAgain: () => void }) {
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  // A flow that sent the member here to scan (e.g. finishing a Google/Apple sign-up) asks to come back.
  const returnTo = safeReturnPath(params.get('returnTo'));
  const next = returnTo === '/' ? paths.signup : returnTo;
  const { t } = useLingui();
  const access = useSession(selectAccess);
  const signedIn = access === 'verified' || access === 'unverified';
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md" aria-labelledby="your-community-label">
        <Text size="sm" c="gray.7" id="your-community-label">
          <Trans id="pages.communityScan.yourCommunity">Your community</Trans>
        </Text>
        <Text fw={700} fz="xl" data-testid="scanned-community">
          {community.name}
        </Text>
      </Paper>
      {signedIn ? (
        <>
          <Alert color="blue" variant="light" title={t({ id: 'pages.communityScan.signedInTitle', message: 'You are already signed in' })}>
            <Trans id="pages.communityScan.signedInNote">
              Your account already belongs to a community. This code is for new members who want to join it.
            </Trans>
          </Alert>
          <Button fullWidth onClick={() => navigate(paths.home)}>
            <Trans id="pages.communityScan.goHome">Go to home</Trans>
          </Button>
        </>
      ) : (
        <Button fullWidth onClick={() => navigate(next)}>
          <Trans id="pages.communityScan.continue">Continue to sign up</Trans>
        </Button>
      )}
      <Button variant="subtle" onClick={onScanAgain}>
        <Trans id="pages.communityScan.scanAnother">Scan a different code</Trans>
      </Button>
    </Stack>
  );
}
