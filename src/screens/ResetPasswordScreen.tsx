import { useState, type FormEvent } from 'react';
import { Alert, Anchor, PasswordInput, Stack, Text, Title } from '@mantine/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearchParams } from 'wouter';
import { PASSWORD_TOKEN_FAILED, type PasswordResetFinishInput } from '../actors/accountRequests';
import { useIsOffline, useSubmission } from '../actors/hooks';
import { commonMessages } from '../components/errorMessages';
import { paths } from '../routing/paths';
import { validatePassword, validatePasswordConfirmation, validationMessages, type ValidationMessageId } from '../validation';
import { passwordMessages } from './passwordMessages';
import { SubmitButton } from '../components/SubmitButton';

const invalidLink = msg({
  id: 'pages.resetPassword.invalidLink',
  message: 'This reset link is invalid or has expired. Please ask for a new one.',
});

const finishErrors: Record<string, MessageDescriptor> = {
  INVALID_TOKEN: invalidLink,
  VALIDATION_ERROR: invalidLink,
  WEAK_PASSWORD: passwordMessages.weak,
  [PASSWORD_TOKEN_FAILED]: passwordMessages.tokenFailed,
  RATE_LIMITED: passwordMessages.rateLimited,
  NETWORK_ERROR: commonMessages.offline,
};
const finishFailure = msg({ id: 'pages.resetPassword.failure', message: 'We could not reset your password. Please try again.' });

/** `/reset-password?emailToken=&email=`: choose a new password with the token from the e-mail. */
export default function ResetPasswordScreen() {
  const { t, i18n } = useLingui();
  const [params] = useSearchParams();
  const online = !useIsOffline();
  const emailToken = params.get('emailToken')?.trim() ?? '';
  const email = params.get('email')?.trim() ?? '';

  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [touched, setTouched] = useState({ password: false, confirmation: false });
  const [submitted, setSubmitted] = useState(false);
  const [offlineTry, setOfflineTry] = useState(false);
  // Success goes on to /login (the request's binding): the toast, and a session of this browser ended.
  const finish = useSubmission<PasswordResetFinishInput>('passwordResetFinish');
  const failure: MessageDescriptor | null = offlineTry ? commonMessages.offline : finish.error ? (finishErrors[finish.error] ?? finishFailure) : null;

  const errors = {
    password: validatePassword(password),
    confirmation: validatePasswordConfirmation(password, confirmation),
  };
  const shown = (field: keyof typeof errors, id: ValidationMessageId | null) =>
    id && (submitted || touched[field]) ? i18n._(validationMessages[id]) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setOfflineTry(false);
    if (errors.password || errors.confirmation) return;
    if (!online) {
      setOfflineTry(true);
      return;
    }
    finish.submit({ emailToken, password, email });
  };

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        <Trans id="pages.resetPassword.title">Choose a new password</Trans>
      </Title>
      {!emailToken ? (
        <Alert color="red" variant="light" role="alert">
          {i18n._(invalidLink)}
        </Alert>
      ) : (
        <>
          {email && (
            <Text>
              <Trans id="pages.resetPassword.forEmail">
                For the account <strong>{email}</strong>.
              </Trans>
            </Text>
          )}
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <PasswordInput
                label={t({ id: 'pages.resetPassword.newPassword', message: 'New password' })}
                description={i18n._(passwordMessages.hint)}
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                onBlur={() => setTouched((prev) => ({ ...prev, password: true }))}
                error={shown('password', errors.password)}
                visibilityToggleButtonProps={{ 'aria-label': i18n._(passwordMessages.toggle) }}
              />
              <PasswordInput
                label={t({ id: 'pages.resetPassword.confirmPassword', message: 'Confirm new password' })}
                autoComplete="new-password"
                value={confirmation}
                onChange={(e) => setConfirmation(e.currentTarget.value)}
                onBlur={() => setTouched((prev) => ({ ...prev, confirmation: true }))}
                error={shown('confirmation', errors.confirmation)}
                visibilityToggleButtonProps={{ 'aria-label': i18n._(passwordMessages.toggle) }}
              />
              {failure && (
                <Text c="var(--mantine-color-error)" size="sm" role="alert">
                  {i18n._(failure)}
                </Text>
              )}
              <SubmitButton loading={finish.busy}>
                <Trans id="pages.resetPassword.submit">Reset password</Trans>
              </SubmitButton>
            </Stack>
          </form>
        </>
      )}
      <Text ta="center" size="sm">
        <Anchor component={Link} href={paths.forgotPassword} fw={600}>
          <Trans id="pages.resetPassword.newLink">Ask for a new link</Trans>
        </Anchor>
      </Text>
    </Stack>
  );
}
