import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { api } from '../app/api';
import { commonMessages } from '../app/errorMessages';
import { useApiAction } from '../app/useApiAction';
import { useOnline } from '../app/useOnline';
import { paths } from '../routing/paths';
import { normalizeEmail, validateEmail, validationMessages, type ValidationMessageId } from '../validation';

const startErrors: Record<string, MessageDescriptor> = {
  EMAIL_NOT_FOUND: msg({
    id: 'pages.forgotPassword.emailNotFound',
    message: 'Email not found. Please check your email and try again.',
  }),
  RATE_LIMITED: msg({
    id: 'pages.forgotPassword.rateLimited',
    message: 'Too many reset requests. Please wait a while before asking again.',
  }),
  NETWORK_ERROR: commonMessages.offline,
};
const startFailure = msg({
  id: 'pages.forgotPassword.failure',
  message: 'We could not send the reset email. Please try again.',
});

/** Ask for a password reset link by e-mail (SPEC §2, §8). */
export default function ForgotPasswordScreen() {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState<ValidationMessageId | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const start = useApiAction((address: string, signal) => api.resetPasswordStart({ email: address }, { signal }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateEmail(email);
    setInvalid(problem);
    setFailure(null);
    if (problem) return;
    if (!online) {
      setFailure(i18n._(commonMessages.offline));
      return;
    }
    const address = normalizeEmail(email);
    const result = await start.run(address);
    if (!result) return;
    if (result.success) setSentTo(address);
    else setFailure(i18n._(startErrors[result.error] ?? startFailure));
  };

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        <Trans id="pages.forgotPassword.title">Forgot your password?</Trans>
      </Title>
      {sentTo ? (
        <Alert color="teal" variant="light" role="status" title={t({ id: 'pages.forgotPassword.sentTitle', message: 'Check your email' })}>
          <Trans id="pages.forgotPassword.sent">
            We sent a link to reset your password to <strong>{sentTo}</strong>. Open it on this device to choose a new
            password. The link works for a limited time.
          </Trans>
        </Alert>
      ) : (
        <>
          <Text>
            <Trans id="pages.forgotPassword.instructions">
              Enter the email of your account and we will send you a link to choose a new password.
            </Trans>
          </Text>
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <TextInput
                label={t({ id: 'pages.forgotPassword.email', message: 'Email' })}
                type="email"
                autoComplete="email"
                inputMode="email"
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                onBlur={() => email && setInvalid(validateEmail(email))}
                error={invalid ? i18n._(validationMessages[invalid]) : undefined}
              />
              {failure && (
                <Text c="var(--mantine-color-error)" size="sm" role="alert">
                  {failure}
                </Text>
              )}
              <Button type="submit" fullWidth loading={start.pending}>
                <Trans id="pages.forgotPassword.submit">Send reset link</Trans>
              </Button>
            </Stack>
          </form>
        </>
      )}
      <Text ta="center" size="sm">
        <Anchor component={Link} href={paths.login} fw={600}>
          <Trans id="pages.forgotPassword.backToLogin">Back to log in</Trans>
        </Anchor>
      </Text>
    </Stack>
  );
}
