import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Anchor, Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'wouter';
import { selectUserId } from '../../machines/session.selectors';
import { changePassword, PASSWORD_TOKEN_FAILED } from '../app/accountActions';
import { api } from '../app/api';
import { commonMessages } from '../app/errorMessages';
import { SessionContext } from '../app/SessionContext';
import { showToast } from '../app/toast';
import { useApiAction } from '../app/useApiAction';
import { useOnline } from '../app/useOnline';
import { paths } from '../routing/paths';
import {
  validateNewPassword,
  validatePasswordConfirmation,
  validationMessages,
  type ValidationMessageId,
} from '../validation';
import { passwordMessages } from './passwordMessages';

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

/** Change password: current, new (rules of SPEC §5, different from the current) and confirmation. */
export default function ChangePasswordScreen() {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const online = useOnline();
  const userId = SessionContext.useSelector(selectUserId);
  const [values, setValues] = useState<Record<Field, string>>({ current: '', next: '', confirmation: '' });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<MessageDescriptor | null>(null);
  const change = useApiAction(
    (input: { userId: number; currentPassword: string; newPassword: string }, signal) => changePassword(api, input, signal),
  );

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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    if (Object.values(errors).some(Boolean) || userId === null) return;
    if (!online) {
      setFailure(commonMessages.offline);
      return;
    }
    const result = await change.run({ userId, currentPassword: values.current, newPassword: values.next });
    if (!result) return;
    if (!result.ok) {
      setFailure(changeErrors[result.code] ?? changeFailure);
      return;
    }
    showToast('success', t({ id: 'pages.changePassword.success', message: 'Your password has been changed.' }), {
      id: 'password-changed',
    });
    navigate(paths.profile);
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
          <Button type="submit" fullWidth loading={change.pending}>
            <Trans id="pages.changePassword.submit">Change password</Trans>
          </Button>
        </Stack>
      </form>
      <Text ta="center" size="sm">
        <Anchor component={Link} href={paths.profile} fw={600}>
          <Trans id="pages.changePassword.back">Back to profile</Trans>
        </Anchor>
      </Text>
    </Stack>
  );
}
