import { Alert, Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useLocation, useSearchParams } from 'wouter';
import { commonMessages } from '../app/errorMessages';
import { lookUpCommunity } from '../app/loaders';
import { paths } from '../routing/paths';

/** A join link (/community-scan?communityId=...) names the community the new member joins. */
export default function CommunityScanScreen() {
  const [params] = useSearchParams();
  const communityId = params.get('communityId')?.trim();
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        <Trans id="pages.communityScan.title">Join your community</Trans>
      </Title>
      {communityId ? (
        <CommunityLookup key={communityId} communityId={communityId} />
      ) : (
        <Text>
          <Trans id="pages.communityScan.openJoinLink">
            Open the join link your community shared to connect your account to it.
          </Trans>
        </Text>
      )}
    </Stack>
  );
}

function CommunityLookup({ communityId }: { communityId: string }) {
  const { i18n } = useLingui();
  const [, navigate] = useLocation();
  const lookup = useActorRef(lookUpCommunity, { input: { communityId } });
  const name = useSelector(lookup, (s) => (s.output?.success ? s.output.data.name : null));
  const failed = useSelector(lookup, (s) => s.status === 'error' || s.output?.success === false);

  if (failed) {
    return (
      <Alert color="red" variant="light" role="alert" title={i18n._(commonMessages.somethingWrong)}>
        {i18n._(commonMessages.tryAgain)}
      </Alert>
    );
  }
  if (!name) return <Loader aria-label={i18n._(commonMessages.loading)} mx="auto" />;
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Text size="sm" c="dimmed">
          <Trans id="pages.communityScan.found">You are joining</Trans>
        </Text>
        <Text fw={700} fz="xl">
          {name}
        </Text>
      </Paper>
      <Button fullWidth onClick={() => navigate(paths.signup)}>
        <Trans id="pages.communityScan.continue">Continue to sign up</Trans>
      </Button>
    </Stack>
  );
}
