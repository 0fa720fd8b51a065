import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, Loader, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '../actors/useSelector';
import { Link, useSearchParams } from 'wouter';
import { useIsOffline, useSystemActor } from '../actors/hooks';
import { commonMessages } from '../components/errorMessages';
import { readPendingCommunity } from '../data/pendingCommunity';
import { safeReturnPath, type PendingOidcSignup } from '../data/pendingOidcSignup';
import { paths } from '../routing/paths';
import {
  cleanText,
  isMinor,
  validateCommunity,
  validateDateOfBirth,
  validateFirstName,
  validateGuardianConsent,
  validateLastName,
  validateTerms,
  validationMessages,
  type ValidationMessageId,
} from '../validation';
import { oidcErrorFallback, oidcErrorMessages } from './oidcMessages';
import { DateOfBirthInput } from '../components/DateOfBirthInput';
import { SubmitButton } from '../components/SubmitButton';

/** Where /community-scan sends the member back to once the community is known. */
const scanAndReturn = `${paths.communityScan}?${new URLSearchParams({ returnTo: paths.authCallback })}`;

/**
 * /auth/callback: where the server sends the browser back after Google or Apple. The oidcCallback
 * actor exchanges `?ticket=` once: a known member is signed in; a new one completes the signup
 * here (community, terms, date of birth, a guardian's permission under 18). With `?error=` it
 * says what went wrong.
 */
export default function AuthCallbackScreen() {
  const [params] = useSearchParams();
  const callback = useSystemActor('oidcCallback');
  const ticket = params.get('ticket');
  const error = params.get('error');
  const returnTo = safeReturnPath(params.get('returnTo'));

  useEffect(() => {
    callback.send({ type: 'callback.opened', ticket, error, returnTo });
  }, [callback, ticket, error, returnTo]);

  const failedCode = useSelector(callback, (s) => (s.matches('failed') ? (s.context.errorCode ?? 'UNKNOWN_ERROR') : null));
  const signup = useSelector(callback, (s) => (s.matches('signingUp') || s.matches('registering') ? (s.context.signup as PendingOidcSignup | null) : null));

  return (
    <Stack gap="lg">
      {failedCode ? <Failed code={failedCode} /> : signup ? <CompleteSignup signup={signup} /> : <Exchanging />}
    </Stack>
  );
}

function Exchanging() {
  const { t } = useLingui();
  return (
    <>
      <Title order={1} size="h2">
        <Trans id="pages.oidc.signingIn">Signing you in</Trans>
      </Title>
      <Loader aria-label={t({ id: 'pages.oidc.signingIn', message: 'Signing you in' })} mx="auto" />
    </>
  );
}

function Failed({ code }: { code: string }) {
  const { i18n } = useLingui();
  const message = code === 'NETWORK_ERROR' ? commonMessages.offline : (oidcErrorMessages[code] ?? oidcErrorFallback);
  return (
    <>
      <Title order={1} size="h2">
        <Trans id="pages.oidc.failedTitle">Sign-in did not finish</Trans>
      </Title>
      <Alert color="red" variant="light" role="alert">
        {i18n._(message)}
      </Alert>
      <Group grow>
        <Button component={Link} href={paths.login}>
          <Trans id="pages.oidc.backToLogin">Back to log in</Trans>
        </Button>
        <Button component={Link} href={paths.signup} variant="default">
          <Trans id="pages.oidc.toSignup">Sign up</Trans>
        </Button>
      </Group>
    </>
  );
}

type Field = 'firstName' | 'lastName' | 'dateOfBirth' | 'guardianConsent' | 'terms' | 'community';

/** What a first Google / Apple sign-in still needs. */
function CompleteSignup({ signup }: { signup: PendingOidcSignup }) {
  const { t, i18n } = useLingui();
  const online = !useIsOffline();
  const callback = useSystemActor('oidcCallback');
  const busy = useSelector(callback, (s) => s.hasTag('busy'));
  const failedCode = useSelector(callback, (s) => (s.matches({ signingUp: 'failed' }) ? s.context.errorCode : null));
  const [community] = useState(readPendingCommunity);
  const [firstName, setFirstName] = useState(signup.firstName);
  const [lastName, setLastName] = useState(signup.lastName);
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [guardianConsent, setGuardianConsent] = useState(false);
  const [terms, setTerms] = useState(false);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [offlineTry, setOfflineTry] = useState(false);
  const failure = offlineTry
    ? i18n._(commonMessages.offline)
    : failedCode
      ? i18n._(failedCode === 'NETWORK_ERROR' ? commonMessages.offline : (oidcErrorMessages[failedCode] ?? oidcErrorFallback))
      : null;

  const today = new Date();
  const minor = isMinor(dateOfBirth, today);
  const errors: Record<Field, ValidationMessageId | null> = {
    firstName: validateFirstName(firstName),
    lastName: validateLastName(lastName),
    dateOfBirth: validateDateOfBirth(dateOfBirth, today),
    guardianConsent: validateGuardianConsent(dateOfBirth, guardianConsent, today),
    terms: validateTerms(terms),
    community: validateCommunity(community?.communityId),
  };
  const errorOf = (field: Field) => {
    const id = errors[field];
    return id && (submitted || touched[field]) ? i18n._(validationMessages[id]) : undefined;
  };
  const touch = (field: Field) => () => setTouched((prev) => ({ ...prev, [field]: true }));
  const providerName = signup.provider === 'apple' ? 'Apple' : 'Google';
  const email = signup.email;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setOfflineTry(false);
    if (Object.values(errors).some(Boolean) || !community) return;
    if (!online) {
      setOfflineTry(true);
      return;
    }
    callback.send({
      type: 'user.completeSignup',
      input: {
        communityId: community.communityId,
        customTermsAccepted: 'true',
        dayOfBirth: dateOfBirth,
        ...(minor ? { guardianConsent: guardianConsent ? 'true' : 'false' } : {}),
        firstName: cleanText(firstName),
        lastName: cleanText(lastName),
      },
    });
  };

  return (
    <>
      <Title order={1} size="h2">
        <Trans id="pages.oidc.completeTitle">Finish creating your account</Trans>
      </Title>
      <Text>
        <Trans id="pages.oidc.completeIntro">
          You are signing up with {providerName} as {email}.
        </Trans>
      </Text>

      {community ? (
        <Paper withBorder p="md" radius="md" aria-labelledby="oidc-community-label">
          <Text size="sm" c="gray.7" id="oidc-community-label">
            <Trans id="pages.oidc.communityLabel">Your community</Trans>
          </Text>
          <Text fw={700} fz="lg" data-testid="oidc-community">
            {community.name}
          </Text>
        </Paper>
      ) : (
        <Alert color="red" variant="light" role="alert" title={i18n._(validationMessages['validation.community.required'])}>
          <Stack gap="xs">
            <Trans id="pages.oidc.communityHint">Scan the QR code your community shared, then come back here to finish.</Trans>
            <Anchor component={Link} href={scanAndReturn} fw={600}>
              <Trans id="pages.oidc.scanCommunity">Scan your community QR code</Trans>
            </Anchor>
          </Stack>
        </Alert>
      )}

      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              label={t({ id: 'pages.oidc.firstName', message: 'First name' })}
              autoComplete="given-name"
              value={firstName}
              onChange={(e) => setFirstName(e.currentTarget.value)}
              onBlur={touch('firstName')}
              error={errorOf('firstName')}
            />
            <TextInput
              label={t({ id: 'pages.oidc.lastName', message: 'Last name' })}
              autoComplete="family-name"
              value={lastName}
              onChange={(e) => setLastName(e.currentTarget.value)}
              onBlur={touch('lastName')}
              error={errorOf('lastName')}
            />
          </SimpleGrid>
          <DateOfBirthInput
            label={t({ id: 'pages.oidc.dateOfBirth', message: 'Date of birth' })}
            value={dateOfBirth}
            onChange={setDateOfBirth}
            onBlur={touch('dateOfBirth')}
            error={errorOf('dateOfBirth')}
          />
          {minor && (
            <Checkbox
              label={t({ id: 'pages.oidc.guardianConsent', message: 'My parent or guardian allows me to use pips' })}
              checked={guardianConsent}
              onChange={(e) => {
                setGuardianConsent(e.currentTarget.checked);
                touch('guardianConsent')();
              }}
              error={errorOf('guardianConsent')}
            />
          )}
          <Checkbox
            label={t({ id: 'pages.oidc.terms', message: 'I agree to the terms and conditions' })}
            checked={terms}
            onChange={(e) => {
              setTerms(e.currentTarget.checked);
              touch('terms')();
            }}
            error={errorOf('terms')}
          />
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <SubmitButton loading={busy}>
            <Trans id="pages.oidc.submit">Create account</Trans>
          </SubmitButton>
        </Stack>
      </form>
    </>
  );
}
