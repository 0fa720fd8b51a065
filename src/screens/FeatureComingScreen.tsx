import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { paths } from '../routing/paths';
import { comingFeatures, type ComingFeature } from './comingFeatures';

/**
 * The one placeholder for screens of later issues: their route and guard are real, the feature
 * is not there yet, and the screen says so instead of pretending.
 */
export default function FeatureComingScreen({ feature }: { feature: ComingFeature }) {
  const { i18n } = useLingui();
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {i18n._(comingFeatures[feature])}
      </Title>
      <Paper withBorder p="lg" radius="lg">
        <Stack gap="md">
          <Text fw={600}>
            <Trans id="pages.comingSoon.title">This part of pips is on its way</Trans>
          </Text>
          <Text c="dimmed">
            <Trans id="pages.comingSoon.text">It is not available in this version of the app yet.</Trans>
          </Text>
          <Button component={Link} href={paths.home} variant="light">
            <Trans id="pages.comingSoon.backHome">Back to home</Trans>
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
