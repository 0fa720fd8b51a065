import { useState, type FormEvent } from 'react';
import { Alert, Button, List, PasswordInput, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { PASSWORD_TOKEN_FAILED, type AccountDeletionInput } from '../actors/accountRequests';
import { useIsOffline, useMember, useResource, useSubmission } from '../actors/hooks';
import { commonMessages } from '../components/errorMessages';
import { paths } from '../routing/paths';
import { validationMessages } from '../validation';
import { passwordMessages } from './passwordMessages';

const deleteErrors: Record<string, MessageDescriptor> = {
  INCORRECT_PASSWORD: passwordMessages.incorrect,
  [PASSWORD_TOKEN_FAILED]: passwordMessages.tokenFailed,
  RATE_LIMITED: passwordMessages.rateLimited,
  NETWORK_ERROR: commonMessages.offline,
};
const deleteFailure = msg({ id: 'pages.deleteAccount.failure', message: 'We could not delete your account. Please try again.' });

/** Whether the account signs in with a password (accounts made through Google or Apple have none). */

/**
 * Delete account, confirmed twice: first what it means, then the password (or, for an
 * account without one, typing the confirmation word). The member is then logged out.
 */
export default function DeleteAccountScreen() {
  const [step, setStep] = useState<'explain' | 'confirm'>('explain');
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        <Trans id="pages.deleteAccount.title">Delete account</Trans>
      </Title>
      {step === 'explain' ? <Consequences onContinue={() => setStep('confirm')} /> : <Confirmation />}
    </Stack>
  );
}

function Consequences({ onContinue }: { onContinue: () => void }) {
  return (
    <>
      <Alert color="red" variant="light" title={<Trans id="pages.deleteAccount.warningTitle">This cannot be undone</Trans>}>
        <Text size="sm" mb="xs">
          <Trans id="pages.deleteAccount.warning">When you delete your account:</Trans>
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>
            <Trans id="pages.deleteAccount.consequence.data">your profile and your pips are removed for good;</Trans>
          </List.Item>
          <List.Item>
            <Trans id="pages.deleteAccount.consequence.rewards">rewards you have not used yet are lost;</Trans>
          </List.Item>
          <List.Item>
            <Trans id="pages.deleteAccount.consequence.logout">you are logged out on every device and cannot log in again.</Trans>
          </List.Item>
        </List>
      </Alert>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Button component={Link} href={paths.profile} variant="default">
          <Trans id="pages.deleteAccount.cancel">Cancel</Trans>
        </Button>
        <Button color="red.9" onClick={onContinue}>
          <Trans id="pages.deleteAccount.continue">Continue</Trans>
        </Button>
      </SimpleGrid>
    </>
  );
}

function Confirmation() {
  const { t, i18n } = useLingui();
  const online = !useIsOffline();
  const profile = useResource('profile');
  const user = profile.data ?? null;
  const loadFailed = profile.status === 'failed';
  const [password, setPassword] = useState('');
  const [typed, setTyped] = useState('');
  const [localProblem, setProblem] = useState<string | null>(null);
  // Success raises the toast, drops the account's queued items and logs out (the request's binding).
  const remove = useSubmission<AccountDeletionInput>('accountDeletion');
  const member = useMember();
  const problem = localProblem ?? (remove.error ? i18n._(deleteErrors[remove.error] ?? deleteFailure) : null);

  const confirmWord = t({ id: 'pages.deleteAccount.confirmWord', message: 'DELETE' });
  const withPassword = user ? user.hasPassword : true;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (withPassword && !password) {
      setProblem(i18n._(validationMessages['validation.password.required']));
      return;
    }
    if (!withPassword && typed.trim().toLocaleUpperCase() !== confirmWord.toLocaleUpperCase()) {
      setProblem(t({ id: 'pages.deleteAccount.typeToConfirm', message: `Type ${confirmWord} to confirm.` }));
      return;
    }
    if (!online) {
      setProblem(i18n._(commonMessages.offline));
      return;
    }
    remove.submit(withPassword ? { userId: member, password } : { userId: member });
  };

  if (loadFailed) {
    return (
      <Alert color="red" variant="light" role="alert">
        <Trans id="pages.profile.loadError">Failed to fetch user details</Trans>
      </Alert>
    );
  }
  if (!user) return <Skeleton h={120} aria-label={i18n._(commonMessages.loading)} />;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {withPassword ? (
          <PasswordInput
            label={t({ id: 'pages.deleteAccount.password', message: 'Enter your password to confirm' })}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={problem ?? undefined}
            visibilityToggleButtonProps={{ 'aria-label': i18n._(passwordMessages.toggle) }}
            data-autofocus
          />
        ) : (
          <TextInput
            label={t({ id: 'pages.deleteAccount.typeLabel', message: `Type ${confirmWord} to confirm` })}
            autoComplete="off"
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            error={problem ?? undefined}
          />
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Button component={Link} href={paths.profile} variant="default">
            <Trans id="pages.deleteAccount.cancel">Cancel</Trans>
          </Button>
          <Button type="submit" color="red.9" loading={remove.busy}>
            <Trans id="pages.deleteAccount.submit">Delete my account</Trans>
          </Button>
        </SimpleGrid>
      </Stack>
    </form>
  );
}
