import { Button, Stack, Text, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { useResource } from '../actors/hooks';
import { appNameOf } from '../appName';
import { Logo } from '../components/Logo';
import { paths } from '../routing/paths';

/** Welcome text with the app name from the web manifest (src/appName.ts). */
export default function WelcomeScreen() {
  const appName = appNameOf(useResource('manifest').data?.name);
  return (
    <Stack gap="lg" align="center" ta="center" py="xl">
      <Logo size={72} />
      <Title order={1} size="h2">
        <Trans id="pages.welcome.title">Welcome to {appName}</Trans>
      </Title>
      <Text c="dimmed">
        <Trans id="pages.welcome.text">Earn pips in your community and trade them for rewards.</Trans>
      </Text>
      <Button component={Link} href={paths.signup} fullWidth>
        <Trans id="pages.welcome.continueWithEmail">Continue with email</Trans>
      </Button>
      <Button component={Link} href={paths.login} variant="subtle" fullWidth>
        <Trans id="pages.welcome.logIn">I already have an account</Trans>
      </Button>
    </Stack>
  );
}
