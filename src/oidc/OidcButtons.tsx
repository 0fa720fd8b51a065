import { Button, Divider, Stack } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { selectOrigin } from '../../machines/session.selectors';
import { useIsOffline, useResource, useSession } from '../actors/hooks';
import { oidcStartPath } from '../api/client';
import { safeReturnPath } from '../data/pendingOidcSignup';

/**
 * "Continue with Google" / "Continue with Apple" for the login and signup screens: links to the
 * server's start call, one per provider configured there (none when none is). The page the
 * member was sent away from comes back after signing in. A first sign-in still asks for the
 * community and the terms (on /auth/callback).
 */
export function OidcButtons({ mode }: { mode: 'login' | 'signup' }) {
  const { t } = useLingui();
  const online = !useIsOffline();
  const origin = useSession(selectOrigin);
  const providers = useResource('authProviders').data ?? [];

  if (providers.length === 0) return null;
  const base = import.meta.env.VITE_API_URL ?? '';
  const returnTo = safeReturnPath(origin);
  return (
    <Stack gap="sm" data-testid={`oidc-buttons-${mode}`}>
      <Divider
        label={
          mode === 'login'
            ? t({ id: 'pages.oidc.orLogIn', message: 'or log in with' })
            : t({ id: 'pages.oidc.orSignUp', message: 'or sign up with' })
        }
        labelPosition="center"
      />
      {providers.map(({ id, name }) => (
        <Button
          key={id}
          component="a"
          href={online ? `${base}${oidcStartPath(id, returnTo)}` : undefined}
          aria-disabled={!online || undefined}
          disabled={!online}
          variant="default"
          fullWidth
        >
          {t({ id: 'pages.oidc.continueWith', message: `Continue with ${name}` })}
        </Button>
      ))}
    </Stack>
  );
}
