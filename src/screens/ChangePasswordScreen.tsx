import { useState, type ChangeEvent, type FormEvent } from 'react';
import { PasswordInput, Stack, Text, Title } from '@mantine/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { PASSWORD_TOKEN_FAILED, type PasswordChangeInput } from '../actors/accountRequests';
import { useIsOffline, useMember, useSubmission, useUnsentInput } from '../actors/hooks';
import { commonMessages } from '../components/errorMessages';
import {
  validateNewPassword,
  validatePasswordConfirmation,
  validationMessages,
  type ValidationMessageId,
} from '../validation';
import { passwordMessages } from './passwordMessages';
import { SubmitButton } from '../components/SubmitButton';

const changeErrors: Record<string, MessageDescriptor> = {
  INCORRECT_PASSWORD: passwordMessages.incorrect,
  PASSWORD_UNCHANGED: validationMessages['validation.password.sameAsCurrent'],
  WEAK_PASSWORD: passwordMessages.weak,
  [PASSWORD_TOKEN_FAILED]: passwordMessages.tokenFailed,
  RATE_LIMITED: passwordMessages.rateLimited,
  NETWORK_ERROR: commonMessages.offline,
};
const changeFailure = msg({ id: 'pages.changePassword.failure', message: 'We could not change your password. Please try again.' });

type Field = 'current' | 'next' | 'confirmation';

/** Change password: current, new (password rules, different from the current) and confirmation. */
export default function ChangePasswordScreen() {
  const { t, i18n } = useLingui();
  const online = !useIsOffline();
  const [values, setValues] = useState<Record<Field, string>>({ current: '', next: '', confirmation: '' });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [offlineTry, setOfflineTry] = useState(false);
  // Success goes back to the profile with a toast (the request's binding).
  const change = useSubmission<PasswordChangeInput>('passwordChange');
  const member = useMember();
  const failure: MessageDescriptor | null = offlineTry ? commonMessages.offline : change.error ? (changeErrors[change.error] ?? changeFailure) : null;
  useUnsentInput('changePassword', Object.values(values).some(Boolean) && !change.done);

  const errors: Record<Field, ValidationMessageId | null> = {
    current: values.current ? null : 'validation.password.required',
    next: validateNewPassword(values.current, values.next),
    confirmation: validatePasswordConfirmation(values.next, values.confirmation),
  };
  const errorOf = (field: Field) => {
    const id = errors[field];
    return id && (submitted || touched[field]) ? i18n._(validationMessages[id]) : undefined;
  };
  const field = (name: Field) => ({
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setValues((prev) => ({ ...prev, [name]: value }));
    },
    onBlur: () => setTouched((prev) => ({ ...prev, [name]: true })),
    error: errorOf(name),
    visibilityToggleButtonProps: { 'aria-label': i18n._(passwordMessages.toggle) },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setOfflineTry(false);
    if (Object.values(errors).some(Boolean)) return;
    if (!online) {
      setOfflineTry(true);
      return;
    }
    change.submit({ userId: member, currentPassword: values.current, newPassword: values.next });
  };

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        <Trans id="pages.changePassword.title">Change password</Trans>
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label={t({ id: 'pages.changePassword.current', message: 'Current password' })}
            autoComplete="current-password"
            {...field('current')}
          />
          <PasswordInput
            label={t({ id: 'pages.changePassword.new', message: 'New password' })}
            description={i18n._(passwordMessages.hint)}
            autoComplete="new-password"
            {...field('next')}
          />
          <PasswordInput
            label={t({ id: 'pages.changePassword.confirm', message: 'Confirm new password' })}
            autoComplete="new-password"
            {...field('confirmation')}
          />
          {failure && (
            <Text c="var(--mantine-color-error)" size="sm" role="alert">
              {i18n._(failure)}
            </Text>
          )}
          <SubmitButton loading={change.busy}>
            <Trans id="pages.changePassword.submit">Change password</Trans>
          </SubmitButton>
        </Stack>
      </form>
    </Stack>
  );
}
