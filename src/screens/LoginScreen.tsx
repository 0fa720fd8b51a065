import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Group, PasswordInput, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearchParams } from 'wouter';
import { selectIsBusy, selectSessionError } from '../../machines/session.selectors';
import { rememberMeDefault, storeRememberMe } from '../data/credentials';
import { useIsOffline, useSession, useSystemActor } from '../actors/hooks';
import { OidcButtons } from '../oidc/OidcButtons';
import { paths } from '../routing/paths';
import { offlineTitle } from '../components/offlineTitle';
import { normalizeEmail, validateEmail, validationMessages, type ValidationMessageId } from '../validation';
import { SubmitButton } from '../components/SubmitButton';

/** Login errors that mean "these credentials did not work", shown under the form. */
const credentialErrors = new Set(['INVALID_CREDENTIALS', 'NO_AUTH_TOKEN', 'VALIDATION_ERROR', 'INVALID_EMAIL']);

/** Email, password, remember me; nothing is sent while offline. */
export default function LoginScreen() {
  const { t, i18n } = useLingui();
  const session = useSystemActor('session');
  const busy = useSession(selectIsBusy);
  const errorCode = useSession(selectSessionError);
  const online = !useIsOffline();
  // A finished password reset sends the member here with their address filled in.
  const [params] = useSearchParams();

  const [email, setEmail] = useState(() => params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(rememberMeDefault);
  const [errors, setErrors] = useState<{ email?: ValidationMessageId | null; password?: ValidationMessageId | null }>({});
  // The session's error belongs to this screen only once the user has tried to log in here.
  const [attempted, setAttempted] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      email: validateEmail(email),
      password: password ? null : ('validation.password.required' as const),
    };
    setErrors(found);
    if (found.email || found.password || !online) return;
    setAttempted(true);
    session.send({ type: 'user.login', email: normalizeEmail(email), pwd: password, rememberMe });
  };

  const message = (id: ValidationMessageId | null | undefined) => (id ? i18n._(validationMessages[id]) : undefined);

  let failure: string | null = null;
  if (!attempted || busy) {
    failure = null;
  } else if (errorCode && credentialErrors.has(errorCode)) {
    failure = t({
      id: 'pages.login.invalidCredentials',
      message: 'Login failed, please check your email and password and try again.',
    });
  } else if (errorCode === 'RATE_LIMITED') {
    failure = t({ id: 'pages.login.rateLimited', message: 'Too many attempts. Please wait a minute and try again.' });
  } else if (errorCode) {
    failure = t({ id: 'pages.login.failure', message: 'We could not log you in right now. Please try again.' });
  }

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        <Trans id="pages.login.title">Log in</Trans>
      </Title>

      {!online && (
        <Alert color="yellow" variant="light" role="status" title={i18n._(offlineTitle)}>
          <Trans id="pages.login.offlineDuringLogin">
            Connect to the internet to log in. Nothing is sent while you are offline.
          </Trans>
        </Alert>
      )}

      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t({ id: 'pages.login.email', message: 'Email' })}
            type="email"
            autoComplete="username"
            inputMode="email"
            value={email}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setEmail(value);
              // A shown error goes as soon as the address is fixed (a new one waits for the blur).
              if (errors.email && !validateEmail(value)) setErrors((prev) => ({ ...prev, email: null }));
            }}
            onBlur={() => email && setErrors((prev) => ({ ...prev, email: validateEmail(email) }))}
            error={message(errors.email)}
          />
          <PasswordInput
            label={t({ id: 'pages.login.password', message: 'Password' })}
            autoComplete="current-password"
            value={password}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setPassword(value);
              if (errors.password && value) setErrors((prev) => ({ ...prev, password: null }));
            }}
            error={message(errors.password)}
            visibilityToggleButtonProps={{
              'aria-label': t({ id: 'pages.login.togglePassword', message: 'Show or hide password' }),
            }}
          />
          <Group justify="flex-end">
            {/* On a touch screen the small link takes a finger's 44 px (src/theme/app.css). */}
            <Anchor component={Link} href={paths.forgotPassword} size="sm" className="pips-touch-target">
              <Trans id="pages.login.forgotPassword">Forgot password?</Trans>
            </Anchor>
          </Group>
          <Switch
            label={t({ id: 'pages.login.rememberMe', message: 'Keep me logged in' })}
            checked={rememberMe}
            onChange={(e) => {
              const checked = e.currentTarget.checked;
              setRememberMe(checked);
              storeRememberMe(checked);
            }}
          />
          {failure && online && (
            <Text c="var(--mantine-color-error)" size="sm" role="alert">
              {failure}
            </Text>
          )}
          <SubmitButton loading={busy} disabled={!online}>
            <Trans id="pages.login.submit">Log in</Trans>
          </SubmitButton>
        </Stack>
      </form>

      <OidcButtons mode="login" />

      <Text ta="center" size="sm">
        <Trans id="pages.login.noAccount">New here?</Trans>{' '}
        <Anchor component={Link} href={paths.signup} fw={600}>
          <Trans id="pages.login.signUp">Sign up</Trans>
        </Anchor>
      </Text>
    </Stack>
  );
}
