import { useEffect, useState } from 'react';
import { Button, Divider, Stack } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { selectOrigin } from '../../machines/session.selectors';
import { oidcStartPath, type AuthProvider } from '../api/client';
import { api } from '../app/api';
import { SessionContext } from '../app/SessionContext';
import { useOnline } from '../app/useOnline';
import { safeReturnPath } from './pendingOidcSignup';

let providersRequest: Promise<AuthProvider[]> | null = null;

/** The providers the server has set up, asked once per page load (again after a failure). */
function loadProviders(): Promise<AuthProvider[]> {
  providersRequest ??= api.getAuthProviders().then((result) => {
    if (result.success) return result.data.providers;
    providersRequest = null;
    return [];
  });
  return providersRequest;
}

/** Tests: forget the providers asked for earlier. */
export function resetOidcProviders(): void {
  providersRequest = null;
}

/**
 * "Continue with Google" / "Continue with Apple" for the login and signup screens: links to the
 * server's start call, one per provider configured there (none when none is). The page the
 * member was sent away from comes back after signing in. A first sign-in still asks for the
 * community and the terms (on /auth/callback).
 */
export function OidcButtons({ mode }: { mode: 'login' | 'signup' }) {
  const { t } = useLingui();
  const online = useOnline();
  const origin = SessionContext.useSelector(selectOrigin);
  const [providers, setProviders] = useState<AuthProvider[]>([]);

  useEffect(() => {
    let live = true;
    void loadProviders().then((list) => {
      if (live) setProviders(list);
    });
    return () => {
      live = false;
    };
  }, []);

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
