import { useState, type FormEvent } from 'react';
import { Alert, Button, List, PasswordInput, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { deleteAccount, PASSWORD_TOKEN_FAILED } from '../app/accountActions';
import { api } from '../app/api';
import { commonMessages } from '../app/errorMessages';
import { loadUser } from '../app/loaders';
import { SessionContext } from '../app/SessionContext';
import { showToast } from '../app/toast';
import { useApiAction } from '../app/useApiAction';
import { useOnline } from '../app/useOnline';
import { selectUserId } from '../../machines/session.selectors';
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
 * Delete account, confirmed twice (SPEC §2): first what it means, then the password (or, for an
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
  const online = useOnline();
  const session = SessionContext.useActorRef();
  const loader = useActorRef(loadUser);
  const user = useSelector(loader, (s) => (s.output?.success ? s.output.data : null));
  const loadFailed = useSelector(loader, (s) => s.status === 'error' || s.output?.success === false);
  const [password, setPassword] = useState('');
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const remove = useApiAction((input: { password?: string }, signal) => deleteAccount(api, input, signal));

  const confirmWord = t({ id: 'pages.deleteAccount.confirmWord', message: 'DELETE' });
  const withPassword = user ? user.hasPassword : true;

  const submit = async (event: FormEvent) => {
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
    const result = await remove.run(withPassword ? { password } : {});
    if (!result) return;
    if (!result.ok) {
      setProblem(i18n._(deleteErrors[result.code] ?? deleteFailure));
      return;
    }
    showToast('success', t({ id: 'pages.deleteAccount.deleted', message: 'Your account has been deleted.' }), {
      id: 'account-deleted',
    });
    // A logout keeps the member's queued pips for their next sign-in; a deleted account has none.
    const userId = selectUserId(session.getSnapshot());
    if (userId) await import('../data/clearUserData').then((data) => data.dropOfflineQueues(userId)).catch(() => {});
    session.send({ type: 'user.logout' });
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
          <Button type="submit" color="red.9" loading={remove.pending}>
            <Trans id="pages.deleteAccount.submit">Delete my account</Trans>
          </Button>
        </SimpleGrid>
      </Stack>
    </form>
  );
}
