import { useState, type FormEvent } from 'react';
import { Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '../actors/useSelector';
import { selectEmail } from '../../machines/session.selectors';
import {
  selectCodeJustSent,
  selectIsResending,
  selectIsVerifying,
  selectResendError,
  selectResendSucceeded,
  selectResendWaitSeconds,
  selectVerifyError,
} from '../../machines/verification.selectors';
import { commonMessages } from '../components/errorMessages';
import { useSession, useSystemActor, useVerification } from '../actors/hooks';
import { validationMessages } from '../validation';

const verifyErrors: Record<string, MessageDescriptor> = {
  INVALID_CODE_FORMAT: validationMessages['validation.code.invalid'],
  INVALID_CODE: msg({ id: 'pages.verifyEmail.invalidCode', message: 'Invalid code. Please try again.' }),
  CODE_EXPIRED: msg({
    id: 'pages.verifyEmail.codeExpired',
    message: 'This code has expired. Use Resend code to get a new one.',
  }),
  CODE_ATTEMPTS_EXCEEDED: msg({
    id: 'pages.verifyEmail.attemptsExceeded',
    message: 'Too many wrong codes. Use Resend code to get a new one.',
  }),
  NETWORK_ERROR: commonMessages.offline,
};
const verifyFailure = msg({ id: 'pages.verifyEmail.failure', message: 'We could not verify your account. Please try again.' });

// A refusal because a code went out a moment ago is no error: the countdown shows instead.
const resendErrors: Record<string, MessageDescriptor> = {
  NETWORK_ERROR: commonMessages.offline,
};
const resendFailure = msg({
  id: 'pages.verifyEmail.resendFailure',
  message: 'Failed to re-send verification code. Please try again.',
});

/** Enter the 6-digit code from the e-mail, or ask for a new one. */
export default function VerifyScreen() {
  const { t, i18n } = useLingui();
  const session = useSystemActor('session');
  const email = useSession(selectEmail);
  // The session runs the verification while the member is unverified.
  const verification = useVerification();
  const verifying = useSelector(verification, (s) => (s ? selectIsVerifying(s) : false));
  const resending = useSelector(verification, (s) => (s ? selectIsResending(s) : false));
  const verifyError = useSelector(verification, (s) => (s ? selectVerifyError(s) : null));
  const resendError = useSelector(verification, (s) => (s ? selectResendError(s) : null));
  const resent = useSelector(verification, (s) => (s ? selectResendSucceeded(s) : false));
  const justSent = useSelector(verification, (s) => (s ? selectCodeJustSent(s) : false));
  const wait = useSelector(verification, (s) => (s ? selectResendWaitSeconds(s) : 0));
  const countdown = `${Math.floor(wait / 60)}:${String(wait % 60).padStart(2, '0')}`;
  const [code, setCode] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    verification?.send({ type: 'user.submit', code });
  };

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        <Trans id="pages.verifyAccount.title">Verify your account</Trans>
      </Title>
      <Text>
        {email ? (
          <Trans id="pages.verifyAccount.instructionsWithEmail">
            We sent a 6-digit code to <strong>{email}</strong>. Enter it below to finish setting up your account.
          </Trans>
        ) : (
          <Trans id="pages.verifyAccount.instructions">
            We sent a 6-digit code to your email. Enter it below to finish setting up your account.
          </Trans>
        )}
      </Text>

      <form onSubmit={submit} noValidate>
        <Stack gap="md" align="center">
          <TextInput
            label={t({ id: 'pages.verifyAccount.codeLabel', message: 'Verification code' })}
            w="100%"
            size="lg"
            inputMode="numeric"
            autoComplete="one-time-code"
            // The screen's one task: the field takes the keys (and a phone opens its keypad) at once.
            autoFocus
            maxLength={6}
            styles={{ input: { letterSpacing: '0.5em', textAlign: 'center', fontVariantNumeric: 'tabular-nums' } }}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, ''))}
            error={Boolean(verifyError)}
          />
          {verifyError && (
            <Text c="var(--mantine-color-error)" size="sm" role="alert" ta="center">
              {i18n._(verifyErrors[verifyError] ?? verifyFailure)}
            </Text>
          )}
          <Button type="submit" fullWidth loading={verifying} disabled={resending}>
            <Trans id="pages.verifyAccount.submit">Verify</Trans>
          </Button>
        </Stack>
      </form>

      {justSent && (
        <Text c="teal.9" size="sm" role="status" ta="center">
          <Trans id="pages.verifyAccount.codeJustSent">A code was just sent to your email. You can ask for a new one when the countdown ends.</Trans>
        </Text>
      )}
      {resent && (
        <Text c="teal.9" size="sm" role="status" ta="center">
          <Trans id="pages.verifyAccount.resendSuccess">Verification code re-sent: please check your email.</Trans>
        </Text>
      )}
      {resendError && (
        <Text c="var(--mantine-color-error)" size="sm" role="alert" ta="center">
          {i18n._(resendErrors[resendError] ?? resendFailure)}
        </Text>
      )}

      <Group justify="space-between">
        <Anchor
          component="button"
          type="button"
          onClick={() => verification?.send({ type: 'user.resend' })}
          disabled={resending || verifying || wait > 0}
        >
          {wait > 0 ? (
            <Trans id="pages.verifyAccount.resendIn">Resend code in {countdown}</Trans>
          ) : (
            <Trans id="pages.verifyAccount.resend">Resend code</Trans>
          )}
        </Anchor>
        <Anchor component="button" type="button" c="dimmed" onClick={() => session.send({ type: 'user.logout' })}>
          <Trans id="pages.verifyAccount.logout">Log out</Trans>
        </Anchor>
      </Group>
    </Stack>
  );
}
