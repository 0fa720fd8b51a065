import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, Loader, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation, useSearchParams } from 'wouter';
import type { ApiResult, AuthData, OidcSession } from '../api/client';
import { api } from '../app/api';
import { rememberMeDefault } from '../app/credentials';
import { commonMessages } from '../app/errorMessages';
import { clearPendingCommunity, readPendingCommunity } from '../app/pendingCommunity';
import { SessionContext } from '../app/SessionContext';
import { useOnline } from '../app/useOnline';
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
import {
  clearPendingOidcSignup,
  readPendingOidcSignup,
  safeReturnPath,
  storePendingOidcSignup,
  type PendingOidcSignup,
} from './pendingOidcSignup';

/** A ticket works once: React may run the effect twice, so both runs share one exchange. */
const exchanges = new Map<string, Promise<ApiResult<OidcSession>>>();
function exchangeTicket(ticket: string): Promise<ApiResult<OidcSession>> {
  let exchange = exchanges.get(ticket);
  if (!exchange) {
    exchange = api.oidcSession({ ticket });
    exchanges.set(ticket, exchange);
  }
  return exchange;
}

/** Where /community-scan sends the member back to once the community is known. */
const scanAndReturn = `${paths.communityScan}?${new URLSearchParams({ returnTo: paths.authCallback })}`;

type View = { kind: 'exchanging' } | { kind: 'failed'; code: string } | { kind: 'signup'; signup: PendingOidcSignup } | { kind: 'empty' };

/**
 * /auth/callback: where the server sends the browser back after Google or Apple. With
 * `?ticket=` it exchanges the ticket: a known member is signed in; a new one completes the
 * signup here (community, terms, date of birth, a guardian's permission under 18). With
 * `?error=` it says what went wrong.
 */
export default function AuthCallbackScreen() {
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const session = SessionContext.useActorRef();
  const ticket = params.get('ticket');
  const error = params.get('error');
  const returnTo = safeReturnPath(params.get('returnTo'));

  const [view, setView] = useState<View>(() => {
    if (error) return { kind: 'failed', code: error };
    if (ticket) return { kind: 'exchanging' };
    const pending = readPendingOidcSignup();
    return pending ? { kind: 'signup', signup: pending } : { kind: 'empty' };
  });

  const signIn = (auth: AuthData, email: string, to: string) => {
    clearPendingOidcSignup();
    session.send({ type: 'session.authenticated', auth, email, rememberMe: rememberMeDefault() });
    navigate(to, { replace: true });
  };

  useEffect(() => {
    if (!ticket || error) return;
    let live = true;
    void exchangeTicket(ticket).then((result) => {
      if (!live) return;
      if (!result.success) {
        setView({ kind: 'failed', code: result.error });
        return;
      }
      if (result.data.outcome === 'signedIn') {
        signIn(result.data.auth, result.data.email, returnTo);
        return;
      }
      const { outcome: _outcome, ...signup } = result.data;
      storePendingOidcSignup(signup);
      // The ticket is used up: keep it out of the address bar and the history.
      navigate(paths.authCallback, { replace: true });
      setView({ kind: 'signup', signup });
    });
    return () => {
      live = false;
    };
    // signIn and navigate are stable enough; the exchange runs once per ticket.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ticket, error]);

  return (
    <Stack gap="lg">
      {view.kind === 'exchanging' && <Exchanging />}
      {view.kind === 'failed' && <Failed code={view.code} />}
      {view.kind === 'empty' && <Failed code="INVALID_TOKEN" />}
      {view.kind === 'signup' && (
        <CompleteSignup
          signup={view.signup}
          onSignedIn={(auth) => signIn(auth, view.signup.email, paths.root)}
          onExpired={(code) => {
            clearPendingOidcSignup();
            setView({ kind: 'failed', code });
          }}
        />
      )}
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

/** What a first Google / Apple sign-in still needs (SPEC §5 signup rules). */
function CompleteSignup({
  signup,
  onSignedIn,
  onExpired,
}: {
  signup: PendingOidcSignup;
  onSignedIn: (auth: AuthData) => void;
  onExpired: (code: string) => void;
}) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const [community] = useState(readPendingCommunity);
  const [firstName, setFirstName] = useState(signup.firstName);
  const [lastName, setLastName] = useState(signup.lastName);
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [guardianConsent, setGuardianConsent] = useState(false);
  const [terms, setTerms] = useState(false);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    if (Object.values(errors).some(Boolean) || !community) return;
    if (!online) {
      setFailure(i18n._(commonMessages.offline));
      return;
    }
    setBusy(true);
    const result = await api.oidcRegister({
      ticket: signup.ticket,
      communityId: community.communityId,
      customTermsAccepted: 'true',
      dayOfBirth: dateOfBirth,
      ...(minor ? { guardianConsent: guardianConsent ? 'true' : 'false' } : {}),
      firstName: cleanText(firstName),
      lastName: cleanText(lastName),
    });
    setBusy(false);
    if (result.success) {
      clearPendingCommunity();
      onSignedIn(result.data);
      return;
    }
    if (result.error === 'INVALID_TOKEN' || result.error === 'EMAIL_TAKEN') {
      onExpired(result.error);
      return;
    }
    const message = result.error === 'NETWORK_ERROR' ? commonMessages.offline : (oidcErrorMessages[result.error] ?? oidcErrorFallback);
    setFailure(i18n._(message));
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
          <TextInput
            label={t({ id: 'pages.oidc.dateOfBirth', message: 'Date of birth' })}
            type="date"
            autoComplete="bday"
            max={today.toISOString().slice(0, 10)}
            value={dateOfBirth}
            onChange={(e) => setDateOfBirth(e.currentTarget.value)}
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
          <Button type="submit" fullWidth loading={busy}>
            <Trans id="pages.oidc.submit">Create account</Trans>
          </Button>
        </Stack>
      </form>
    </>
  );
}
