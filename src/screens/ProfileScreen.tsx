import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Alert, Anchor, Button, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import IconLifebuoy from '@tabler/icons-react/dist/esm/icons/IconLifebuoy.mjs';
import { Link } from 'wouter';
import { selectIsLoggingOut } from '../../machines/session.selectors';
import type { User } from '../api/client';
import type { ProfileUpdateInput } from '../actors/accountRequests';
import { useIsOffline, useResource, useSession, useSubmission, useSystemActor, useUnsentInput } from '../actors/hooks';
import { commonMessages } from '../components/errorMessages';
import { PushSwitch } from '../components/push/PushSwitch';
import { linkTo, paths } from '../routing/paths';
import {
  cleanText,
  validateFirstName,
  validateLastName,
  validatePhone,
  validationMessages,
  type ValidationMessageId,
} from '../validation';

const updateErrors: Record<string, MessageDescriptor> = { NETWORK_ERROR: commonMessages.offline };
const updateFailure = msg({ id: 'pages.profile.updateFailure', message: 'Failed to update user profile' });

/** Profile: edit name and phone, notifications (issue 9), change password, language, log out, delete account. */
export default function ProfileScreen() {
  const { i18n } = useLingui();
  const session = useSystemActor('session');
  const loggingOut = useSession(selectIsLoggingOut);
  const profile = useResource('profile');
  const user = profile.data ?? null;
  const failed = profile.status === 'failed';

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        <Trans id="pages.profile.title">Profile</Trans>
      </Title>

      {failed ? (
        <Alert color="red" variant="light" role="alert">
          <Trans id="pages.profile.loadError">Failed to fetch user details</Trans>
        </Alert>
      ) : user ? (
        <ProfileForm key={user.userId} user={user} />
      ) : (
        <Stack gap="sm" role="status" aria-busy="true" aria-label={i18n._(commonMessages.loading)}>
          <Skeleton h={56} />
          <Skeleton h={56} />
          <Skeleton h={56} />
        </Stack>
      )}

      <PushSwitch />

      <Paper withBorder p="md" radius="lg" component="section" aria-labelledby="profile-account">
        <Stack gap="md">
          <Title order={2} size="h4" id="profile-account">
            <Trans id="pages.profile.account">Account</Trans>
          </Title>
          <Button component={Link} href={paths.changePassword} variant="light">
            <Trans id="pages.profile.changePassword">Change password</Trans>
          </Button>
          <Button variant="default" loading={loggingOut} onClick={() => session.send({ type: 'user.logout' })}>
            <Trans id="pages.profile.logout">Log out</Trans>
          </Button>
        </Stack>
      </Paper>

      {user?.runsCommunity ? (
        <Button component={Link} href={linkTo(paths.admin)} variant="default">
          <Trans id="pages.profile.console">Community console</Trans>
        </Button>
      ) : null}

      <Button component={Link} href={paths.support} variant="default" leftSection={<IconLifebuoy size={18} aria-hidden />}>
        <Trans id="pages.profile.support">Help and support</Trans>
      </Button>

      <Text ta="center" size="sm">
        <Anchor component={Link} href={paths.deleteAccount} c="red.9" fw={600}>
          <Trans id="pages.profile.deleteAccount">Delete account</Trans>
        </Anchor>
      </Text>
    </Stack>
  );
}

type Field = 'firstName' | 'lastName' | 'phone';

const editable = (user: User): Record<Field, string> => ({ firstName: user.firstName, lastName: user.lastName, phone: user.phone });
const sameValues = (a: Record<Field, string>, b: Record<Field, string>) =>
  a.firstName === b.firstName && a.lastName === b.lastName && a.phone === b.phone;

/** The editable details; the e-mail and community are shown, not edited. */
function ProfileForm({ user }: { user: User }) {
  const { t, i18n } = useLingui();
  const online = !useIsOffline();
  const [values, setValues] = useState<Record<Field, string>>(() => editable(user));
  // The cached profile shows first; when the fresh one arrives, the form follows it unless the
  // member has typed meanwhile (their input is never overwritten).
  const [shown, setShown] = useState(user);
  if (shown !== user) {
    setShown(user);
    if (sameValues(values, editable(shown))) setValues(editable(user));
  }
  // Success raises the toast and reloads the profile (the request's binding).
  const update = useSubmission<ProfileUpdateInput>('profileUpdate');
  const failure: MessageDescriptor | null = update.error ? (updateErrors[update.error] ?? updateFailure) : null;
  const edited = !sameValues(values, editable(user));
  useUnsentInput('profile', edited);

  const errors: Record<Field, ValidationMessageId | null> = {
    firstName: validateFirstName(values.firstName),
    lastName: validateLastName(values.lastName),
    phone: validatePhone(values.phone),
  };
  const errorOf = (field: Field) => (errors[field] ? i18n._(validationMessages[errors[field]]) : undefined);
  const set = (field: Field) => (e: ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setValues((prev) => ({ ...prev, [field]: value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Offline the form is read-only (the notice says why).
    if (Object.values(errors).some(Boolean) || !online) return;
    update.submit({
      firstName: cleanText(values.firstName),
      lastName: cleanText(values.lastName),
      phone: cleanText(values.phone),
      // The stored date of birth goes back unchanged (never a made-up one).
      ...(user.dayOfBirth ? { dayOfBirth: user.dayOfBirth } : {}),
    });
  };

  return (
    <Paper withBorder p="md" radius="lg" component="section" aria-labelledby="profile-details">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4" id="profile-details">
            <Trans id="pages.profile.details">Your details</Trans>
          </Title>
          {!online && (
            <Alert color="yellow" variant="light" role="status">
              <Trans id="pages.profile.offline">
                You are offline: this is your profile as saved on this device. You can edit it when you are back online.
              </Trans>
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            <div>
              <Text size="sm" c="dimmed">
                <Trans id="pages.profile.email">Email</Trans>
              </Text>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {user.email}
              </Text>
            </div>
            <div>
              <Text size="sm" c="dimmed">
                <Trans id="pages.profile.community">Community</Trans>
              </Text>
              <Text fw={600}>{user.communityName}</Text>
            </div>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              label={t({ id: 'pages.profile.firstName', message: 'First name' })}
              autoComplete="given-name"
              value={values.firstName}
              onChange={set('firstName')}
              disabled={!online}
              error={errorOf('firstName')}
            />
            <TextInput
              label={t({ id: 'pages.profile.lastName', message: 'Last name' })}
              autoComplete="family-name"
              value={values.lastName}
              onChange={set('lastName')}
              disabled={!online}
              error={errorOf('lastName')}
            />
          </SimpleGrid>
          <TextInput
            label={t({ id: 'pages.profile.phone', message: 'Phone (optional)' })}
            type="tel"
            autoComplete="tel"
            value={values.phone}
            onChange={set('phone')}
              disabled={!online}
            error={errorOf('phone')}
          />
          {failure && (
            <Text c="var(--mantine-color-error)" size="sm" role="alert">
              {i18n._(failure)}
            </Text>
          )}
          <Button type="submit" loading={update.busy} disabled={!online}>
            <Trans id="pages.profile.save">Save changes</Trans>
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
