import { useState, type FormEvent } from 'react';
import { Alert, Button, Code, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearchParams } from 'wouter';
import type { OperatorSetupInput } from '../actors/accountRequests';
import { useIsOffline, useSubmission } from '../actors/hooks';
import type { components } from '../api/schema';
import { commonMessages } from '../components/errorMessages';
import { SubmitButton } from '../components/SubmitButton';
import { useFocusWhenShown } from '../components/useFocusWhenShown';
import { paths } from '../routing/paths';
import { normalizeEmail, validateEmail, validatePassword, validationMessages, type ValidationMessageId } from '../validation';
import { passwordMessages } from './passwordMessages';

const linkDead = msg({
  id: 'pages.setup.linkDead',
  message: 'This setup link does not work: it was used, it expired, or this server has an operator already. Restart the server for a new link while it has none.',
});

const setupErrors: Record<string, MessageDescriptor> = {
  INVALID_TOKEN: linkDead,
  INVALID_EMAIL: validationMessages['validation.email.invalid'],
  WEAK_PASSWORD: passwordMessages.weak,
  INVALID_CREDENTIALS: msg({ id: 'pages.setup.accountExists', message: 'An account uses this email already: enter its password to own the community with it.' }),
  RATE_LIMITED: passwordMessages.rateLimited,
  NETWORK_ERROR: commonMessages.offline,
};
const setupFailure = msg({ id: 'pages.setup.failure', message: 'We could not set up the community. Please try again.' });
const nameRequired = msg({ id: 'pages.setup.nameRequired', message: 'Enter the name of your community.' });

type Field = 'community' | 'email' | 'password';

/**
 * `/setup?token=`: the one-time link a server with no operator prints at start (issue 49). The
 * first community and its owner are made here, the server running; the owner then signs in and
 * opens the console.
 */
export default function SetupScreen() {
  const { t, i18n } = useLingui();
  const [params] = useSearchParams();
  const online = !useIsOffline();
  const token = params.get('token')?.trim() ?? '';
  const [community, setCommunity] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState<Record<Field, boolean>>({ community: false, email: false, password: false });
  const [submitted, setSubmitted] = useState(false);
  const [offlineTry, setOfflineTry] = useState(false);
  const setup = useSubmission<OperatorSetupInput>('operatorSetup');
  const done = setup.done ? (setup.value as components['schemas']['AdminSetupDone']) : null;
  const result = useFocusWhenShown<HTMLDivElement>(done !== null);
  const failure = offlineTry ? commonMessages.offline : setup.error ? (setupErrors[setup.error] ?? setupFailure) : null;

  const errors: Record<Field, MessageDescriptor | null> = {
    community: community.trim() ? null : nameRequired,
    email: messageOf(validateEmail(email)),
    password: messageOf(validatePassword(password)),
  };
  const shown = (field: Field) => (errors[field] && (submitted || touched[field]) ? i18n._(errors[field]) : undefined);
  const touch = (field: Field) => () => setTouched((prev) => ({ ...prev, [field]: true }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setOfflineTry(false);
    if (errors.community || errors.email || errors.password) return;
    if (!online) return setOfflineTry(true);
    setup.submit({ token, community: community.trim(), email: normalizeEmail(email), password });
  };

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        <Trans id="pages.setup.title">Set up your community</Trans>
      </Title>
      {done ? (
        <Alert ref={result} tabIndex={-1} color="teal" variant="light" role="status" title={t({ id: 'pages.setup.doneTitle', message: 'Your community is ready' })}>
          <Stack gap="sm">
            <Text size="sm">
              <Trans id="pages.setup.done">
                <strong>{done.name}</strong> is set up, and you own it. Sign in as <strong>{done.email}</strong> to open the console and add earn actions, rewards and more.
              </Trans>
            </Text>
            <Text size="sm">
              <Trans id="pages.setup.joinLink">Members join with this link: share it, or print it as a QR code poster (the operators' guide says how).</Trans>{' '}
              <Code>{done.joinLink}</Code>
            </Text>
            <Button component={Link} href={paths.admin.replace('/:view?', '')} w="fit-content">
              <Trans id="pages.setup.openConsole">Sign in and open the console</Trans>
            </Button>
          </Stack>
        </Alert>
      ) : !token ? (
        <Alert color="red" variant="light" role="alert">
          {i18n._(linkDead)}
        </Alert>
      ) : (
        <>
          <Text>
            <Trans id="pages.setup.instructions">
              This server has no operator yet. Name your community and choose how you sign in: you become its owner. The link works once.
            </Trans>
          </Text>
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <TextInput
                label={t({ id: 'pages.setup.community', message: 'Community name' })}
                maxLength={100}
                value={community}
                onChange={(e) => setCommunity(e.currentTarget.value)}
                onBlur={touch('community')}
                error={shown('community')}
              />
              <TextInput
                label={t({ id: 'pages.setup.email', message: 'Your email' })}
                description={t({ id: 'pages.setup.emailHint', message: 'An email with an account here already keeps that account (enter its password).' })}
                type="email"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                onBlur={touch('email')}
                error={shown('email')}
              />
              <PasswordInput
                label={t({ id: 'pages.setup.password', message: 'Password' })}
                description={i18n._(passwordMessages.hint)}
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                onBlur={touch('password')}
                error={shown('password')}
                visibilityToggleButtonProps={{ 'aria-label': i18n._(passwordMessages.toggle) }}
              />
              {failure && (
                <Text c="var(--mantine-color-error)" size="sm" role="alert">
                  {i18n._(failure)}
                </Text>
              )}
              <SubmitButton loading={setup.busy}>
                <Trans id="pages.setup.submit">Create the community</Trans>
              </SubmitButton>
            </Stack>
          </form>
        </>
      )}
    </Stack>
  );
}

const messageOf = (id: ValidationMessageId | null): MessageDescriptor | null => (id ? validationMessages[id] : null);
