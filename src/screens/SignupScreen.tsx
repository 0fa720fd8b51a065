import { useMemo, useState, type FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { selectIsBusy, selectSessionError } from '../../machines/session.selectors';
import { rememberMeDefault } from '../data/credentials';
import { commonMessages } from '../components/errorMessages';
import { readPendingCommunity } from '../data/pendingCommunity';
import { useIsOffline, useSession, useSystemActor, useUnsentInput } from '../actors/hooks';
import { registerErrors } from '../actors/messages';
import { showToast } from '../actors/toast';
import { OidcButtons } from '../oidc/OidcButtons';
import { paths } from '../routing/paths';
import { DateOfBirthInput } from '../components/DateOfBirthInput';
import { SubmitButton } from '../components/SubmitButton';
import {
  cleanText,
  emptySignupValues,
  isMinor,
  normalizeEmail,
  validateSignup,
  validationMessages,
  type SignupField,
  type SignupValues,
} from '../validation';

/** Create an account in the community of the scanned join link. */
export default function SignupScreen() {
  const { t, i18n } = useLingui();
  const session = useSystemActor('session');
  const busy = useSession(selectIsBusy);
  const online = !useIsOffline();
  const community = useMemo(readPendingCommunity, []);

  const [values, setValues] = useState(emptySignupValues);
  const [touched, setTouched] = useState<Partial<Record<SignupField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  // The address the last registration was sent with: a taken one is marked on the e-mail field
  // until it is changed.
  const [sentEmail, setSentEmail] = useState<string | null>(null);
  const sessionError = useSession(selectSessionError);
  const emailTaken = sessionError === 'EMAIL_TAKEN' && sentEmail !== null && normalizeEmail(values.email) === sentEmail;

  // A new version of the app never reloads the page under a half-filled form.
  useUnsentInput('signup', JSON.stringify(values) !== JSON.stringify(emptySignupValues));

  const today = new Date();
  const errors = validateSignup(values, community?.communityId ?? null, today);
  const minor = isMinor(values.dateOfBirth, today);

  const set = <K extends keyof SignupValues>(field: K, value: SignupValues[K]) =>
    setValues((prev) => ({ ...prev, [field]: value }));
  const touch = (field: SignupField) => () => setTouched((prev) => ({ ...prev, [field]: true }));
  /** Live validation: a field shows its message once left, or after a submit attempt. */
  const errorOf = (field: SignupField) => {
    const id = errors[field];
    return id && (submitted || touched[field]) ? i18n._(validationMessages[id]) : undefined;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.values(errors).some(Boolean) || !community) return;
    if (!online) {
      showToast('error', () => i18n._(commonMessages.offline), { id: 'offline' });
      return;
    }
    setSentEmail(normalizeEmail(values.email));
    session.send({
      type: 'user.register',
      payload: {
        email: normalizeEmail(values.email),
        password: values.password,
        firstName: cleanText(values.firstName),
        lastName: cleanText(values.lastName),
        dayOfBirth: values.dateOfBirth,
        phone: cleanText(values.phone),
        customTermsAccepted: values.terms,
        communityId: community.communityId,
        ...(minor ? { guardianConsent: values.guardianConsent } : {}),
        rememberMe: rememberMeDefault(),
      },
    });
  };

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        <Trans id="pages.signup.title">Create your account</Trans>
      </Title>

      {community ? (
        <Paper withBorder p="md" radius="md">
          <Text size="sm" c="dimmed">
            <Trans id="pages.signup.communityLabel">Your community</Trans>
          </Text>
          <Text fw={700} fz="lg" data-testid="signup-community">
            {community.name}
          </Text>
        </Paper>
      ) : (
        // The first step, not a mistake: no form to fill (it could not be sent) until a community is known.
        <Alert color="indigo" variant="light" title={i18n._(validationMessages['validation.community.required'])} data-testid="signup-needs-community">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              <Trans id="pages.signup.communityHint">
                Open the join link or scan the QR code your community shared, then come back here.
              </Trans>
            </Text>
            <Button component={Link} href={paths.communityScan} variant="filled" color="indigo">
              <Trans id="pages.signup.scanCommunity">Scan your community QR code</Trans>
            </Button>
          </Stack>
        </Alert>
      )}

      {community && (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label={t({ id: 'pages.signup.email', message: 'Email' })}
              type="email"
              autoComplete="email"
              inputMode="email"
              value={values.email}
              onChange={(e) => set('email', e.currentTarget.value)}
              onBlur={touch('email')}
              error={errorOf('email') ?? (emailTaken ? i18n._(registerErrors.EMAIL_TAKEN) : undefined)}
            />
            <TextInput
              label={t({ id: 'pages.signup.phone', message: 'Phone (optional)' })}
              type="tel"
              autoComplete="tel"
              value={values.phone}
              onChange={(e) => set('phone', e.currentTarget.value)}
              onBlur={touch('phone')}
              error={errorOf('phone')}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <TextInput
                label={t({ id: 'pages.signup.firstName', message: 'First name' })}
                autoComplete="given-name"
                value={values.firstName}
                onChange={(e) => set('firstName', e.currentTarget.value)}
                onBlur={touch('firstName')}
                error={errorOf('firstName')}
              />
              <TextInput
                label={t({ id: 'pages.signup.lastName', message: 'Last name' })}
                autoComplete="family-name"
                value={values.lastName}
                onChange={(e) => set('lastName', e.currentTarget.value)}
                onBlur={touch('lastName')}
                error={errorOf('lastName')}
              />
            </SimpleGrid>
            <DateOfBirthInput
              label={t({ id: 'pages.signup.dateOfBirth', message: 'Date of birth' })}
              value={values.dateOfBirth}
              onChange={(value) => set('dateOfBirth', value)}
              onBlur={touch('dateOfBirth')}
              error={errorOf('dateOfBirth')}
            />
            <PasswordInput
              label={t({ id: 'pages.signup.password', message: 'Password' })}
              description={t({
                id: 'pages.signup.passwordHint',
                message: 'At least 8 characters, with a number, an uppercase and a lowercase letter and a special character.',
              })}
              autoComplete="new-password"
              value={values.password}
              onChange={(e) => set('password', e.currentTarget.value)}
              onBlur={touch('password')}
              error={errorOf('password')}
              visibilityToggleButtonProps={{
                'aria-label': t({ id: 'pages.login.togglePassword', message: 'Show or hide password' }),
              }}
            />
            <PasswordInput
              label={t({ id: 'pages.signup.confirmPassword', message: 'Confirm password' })}
              autoComplete="new-password"
              value={values.confirmPassword}
              onChange={(e) => set('confirmPassword', e.currentTarget.value)}
              onBlur={touch('confirmPassword')}
              error={errorOf('confirmPassword')}
              visibilityToggleButtonProps={{
                'aria-label': t({ id: 'pages.login.togglePassword', message: 'Show or hide password' }),
              }}
            />
            {minor && (
              <Checkbox
                label={t({
                  id: 'pages.signup.guardianConsent',
                  message: 'My parent or guardian allows me to use pips',
                })}
                checked={values.guardianConsent}
                onChange={(e) => {
                  set('guardianConsent', e.currentTarget.checked);
                  touch('guardianConsent')();
                }}
                error={errorOf('guardianConsent')}
              />
            )}
            <Checkbox
              label={t({ id: 'pages.signup.terms', message: 'I agree to the terms and conditions' })}
              description={
                // A new tab, so the half-filled form stays as it is.
                <Anchor href={paths.terms} target="_blank" rel="noopener" size="sm">
                  {t({ id: 'pages.signup.readTerms', message: 'Read the terms and conditions' })}
                </Anchor>
              }
              checked={values.terms}
              onChange={(e) => {
                set('terms', e.currentTarget.checked);
                touch('terms')();
              }}
              error={errorOf('terms')}
            />
            <SubmitButton loading={busy} mt="xs">
              <Trans id="pages.signup.submit">Create account</Trans>
            </SubmitButton>
          </Stack>
        </form>
      )}

      {community && <OidcButtons mode="signup" />}

      <Group justify="center" gap={4}>
        <Text size="sm">
          <Trans id="pages.signup.haveAccount">Already have an account?</Trans>
        </Text>
        <Anchor component={Link} href={paths.login} size="sm" fw={600}>
          <Trans id="pages.signup.logIn">Log in</Trans>
        </Anchor>
      </Group>
    </Stack>
  );
}
