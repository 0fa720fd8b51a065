import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import IconMapSearch from '@tabler/icons-react/dist/esm/icons/IconMapSearch.mjs';
import { Link, useLocation } from 'wouter';
import { paths } from '../routing/paths';

/** An unknown URL: says so (no silent redirect) and offers the way home (`/` picks login or Home). */
export default function NotFoundScreen() {
  const [location] = useLocation();
  return (
    <Stack gap="lg" align="center" ta="center" py="xl">
      <IconMapSearch size={56} stroke={1.5} color="var(--mantine-color-gray-6)" aria-hidden />
      <Title order={1} size="h2">
        <Trans id="pages.notFound.title">Page not found</Trans>
      </Title>
      <Paper withBorder p="lg" radius="lg" w="100%">
        <Stack gap="md">
          <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            <Trans id="pages.notFound.text">There is no page at {location} in pips. The link may be old or mistyped.</Trans>
          </Text>
          <Button component={Link} href={paths.root}>
            <Trans id="pages.notFound.home">Go to the home page</Trans>
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
