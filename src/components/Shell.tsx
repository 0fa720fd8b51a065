import type { ReactNode } from 'react';
import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { Logo } from './Logo';

const programUrl = import.meta.env.VITE_PROGRAM_URL || 'https://github.com/';

/** Top bar (logo to /), the screen, and the 'Powered by' footer. */
export function Shell({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Container size="xs" py="sm">
          <Group justify="space-between">
            <Anchor
              component={Link}
              href="/"
              underline="never"
              c="inherit"
              aria-label={t({ id: 'components.header.homeLink', message: 'pips home' })}
            >
              <Group gap="xs">
                <Logo size={30} />
                <Text fw={800} fz="xl" lh={1}>
                  pips
                </Text>
              </Group>
            </Anchor>
          </Group>
        </Container>
      </Box>
      <Container component="main" size="xs" py="lg" w="100%" style={{ flex: 1 }}>
        {children}
      </Container>
      <Box component="footer" py="md">
        <Group justify="center" gap={6}>
          <Text size="sm" c="dimmed">
            <Trans id="components.footer.poweredBy">Powered by</Trans>
          </Text>
          <Anchor href={programUrl} target="_blank" rel="noopener noreferrer" underline="never" c="inherit">
            <Group gap={4}>
              <Logo size={18} title={t({ id: 'components.footer.programLogo', message: 'pips rewards program' })} />
              <Text size="sm" fw={700}>
                pips
              </Text>
            </Group>
          </Anchor>
        </Group>
      </Box>
    </Box>
  );
}
