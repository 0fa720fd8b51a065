import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Stack, Text, TextInput, Title } from '@mantine/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { useIsOffline, useSubmission } from '../actors/hooks';
import type { PasswordResetStartInput } from '../actors/accountRequests';
import { commonMessages } from '../components/errorMessages';
import { paths } from '../routing/paths';
import { normalizeEmail, validateEmail, validationMessages, type ValidationMessageId } from '../validation';
import { SubmitButton } from '../components/SubmitButton';
import { useFocusWhenShown } from '../components/useFocusWhenShown';

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

/** Ask for a password reset link by e-mail. */
export default function ForgotPasswordScreen() {
  const { t, i18n } = useLingui();
  const online = !useIsOffline();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState<ValidationMessageId | null>(null);
  const [offlineTry, setOfflineTry] = useState(false);
  const start = useSubmission<PasswordResetStartInput>('passwordResetStart');
  const sentTo = start.done && typeof start.value === 'string' ? start.value : null;
  const result = useFocusWhenShown<HTMLDivElement>(sentTo !== null);
  const failure = offlineTry
    ? i18n._(commonMessages.offline)
    : start.error
      ? i18n._(startErrors[start.error] ?? startFailure)
      : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateEmail(email);
    setInvalid(problem);
    setOfflineTry(false);
    if (problem) return;
    if (!online) {
      setOfflineTry(true);
      return;
    }
    start.submit({ email: normalizeEmail(email) });
  };

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        <Trans id="pages.forgotPassword.title">Forgot your password?</Trans>
      </Title>
      {sentTo ? (
        <Alert ref={result} tabIndex={-1} color="teal" variant="light" role="status" title={t({ id: 'pages.forgotPassword.sentTitle', message: 'Check your email' })}>
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
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setEmail(value);
                  // A shown error goes as soon as the address is fixed.
                  if (invalid && !validateEmail(value)) setInvalid(null);
                }}
                onBlur={() => email && setInvalid(validateEmail(email))}
                error={invalid ? i18n._(validationMessages[invalid]) : undefined}
              />
              {failure && (
                <Text c="var(--mantine-color-error)" size="sm" role="alert">
                  {failure}
                </Text>
              )}
              <SubmitButton loading={start.busy}>
                <Trans id="pages.forgotPassword.submit">Send reset link</Trans>
              </SubmitButton>
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
