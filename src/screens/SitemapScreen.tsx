import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { routeTable, type RouteAccess } from '../routing/routeTable';
import { useResource } from '../actors/hooks';
import { describeRoute } from './sitemapDescriptions';

const hasRequiredParam = (pattern: string) => /:\w+(?!\?)(\/|$)/.test(pattern);
const withoutOptionalParams = (pattern: string) => pattern.replace(/\/:\w+\?/g, '');

/** Sitemap preview (issue 12): every route of the app with a line on what it is, grouped by who may open it. */
export default function SitemapScreen() {
  const { t, i18n } = useLingui();
  const signInProviders = (useResource('authProviders').data?.length ?? 0) > 0;
  const groups: { title: string; access: RouteAccess[] }[] = [
    { title: t({ id: 'pages.sitemap.public', message: 'Before you log in' }), access: ['root', 'guest', 'public', 'verify'] },
    { title: t({ id: 'pages.sitemap.open', message: 'Open to everyone' }), access: ['open'] },
    { title: t({ id: 'pages.sitemap.members', message: 'For members' }), access: ['protected'] },
  ];
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        <Trans id="pages.sitemap.title">Sitemap</Trans>
      </Title>
      {groups.map(({ title, access }) => (
        <Stack key={title} gap="xs" component="section">
          <Title order={2} size="h4">
            {title}
          </Title>
          <List spacing={4} size="sm">
            {routeTable
              .filter((route) => access.includes(route.access))
              .map(({ pattern }) => {
                const description = describeRoute(pattern, { signInProviders });
                return (
                <List.Item key={pattern}>
                  {hasRequiredParam(pattern) ? (
                    <Text span size="sm" ff="monospace" c="dimmed">
                      {pattern}
                    </Text>
                  ) : (
                    <Anchor component={Link} href={withoutOptionalParams(pattern)} size="sm" ff="monospace">
                      {pattern}
                    </Anchor>
                  )}
                  {description ? (
                    <Text size="sm" c="dimmed">
                      {i18n._(description)}
                    </Text>
                  ) : null}
                </List.Item>
                );
              })}
          </List>
        </Stack>
      ))}
    </Stack>
  );
}
