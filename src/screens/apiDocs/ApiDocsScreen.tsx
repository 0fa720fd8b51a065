import { Suspense, useState, type FormEvent } from 'react';
import { retryableLazy } from '../../components/retryableLazy';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { EmailCheckInput } from '../../actors/accountRequests';
import { useSubmission } from '../../actors/hooks';
import { commonMessages } from '../../components/errorMessages';
import { normalizeEmail, validateEmail, validationMessages, type ValidationMessageId } from '../../validation';

// The OpenAPI viewer is large: its own chunk, fetched only here, after the page shows.
const ApiDocsViewer = retryableLazy(() => import('./ApiDocsViewer'));

const checkErrors: Record<string, MessageDescriptor> = {
  NETWORK_ERROR: commonMessages.offline,
  RATE_LIMITED: msg({ id: 'pages.apiDocs.check.rateLimited', message: 'Too many checks from here. Please wait a minute and try again.' }),
  INVALID_EMAIL: validationMessages['validation.email.invalid'],
};
const checkFailed = msg({ id: 'pages.apiDocs.check.failed', message: 'The check failed. Please try again.' });

/**
 * API docs (issue 12): the server's contract, openapi.yaml, in a maintained OpenAPI
 * viewer, and the API testing page's e-mail-exists check (GET /web/user/email) run against the
 * real server. Open to everyone.
 */
export default function ApiDocsScreen() {
  const { i18n } = useLingui();
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        <Trans id="pages.apiDocs.title">API docs</Trans>
      </Title>
      <Text>
        <Trans id="pages.apiDocs.intro">
          Every call the app makes to the pips server, with its parameters, answers and error codes, as written in the
          server's contract (openapi.yaml).
        </Trans>
      </Text>
      {i18n.locale !== 'en' && (
        <Text size="sm" c="dimmed" data-testid="api-docs-english">
          <Trans id="pages.apiDocs.inEnglish">The reference below is in English, the language the contract is written in.</Trans>
        </Text>
      )}
      <EmailCheck />
      <Suspense
        fallback={
          <Stack gap="sm" role="status" aria-busy="true" aria-label={i18n._(commonMessages.loading)}>
            <Skeleton h={48} />
            <Skeleton h={48} />
            <Skeleton h={48} />
          </Stack>
        }
      >
        <ApiDocsViewer />
      </Suspense>
    </Stack>
  );
}

/** The API testing page: does an account use this e-mail? */
function EmailCheck() {
  const { t, i18n } = useLingui();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState<ValidationMessageId | null>(null);
  const [asked, setAsked] = useState('');
  const check = useSubmission<EmailCheckInput>('emailCheck');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const normalized = normalizeEmail(email);
    const problem = validateEmail(normalized);
    setInvalid(problem);
    if (problem) return;
    setAsked(normalized);
    check.submit({ email: normalized });
  };

  const failure = check.error ? (checkErrors[check.error] ?? checkFailed) : null;
  return (
    <Paper withBorder p="md" radius="lg" component="section" aria-labelledby="api-try">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="api-try">
            <Trans id="pages.apiDocs.check.title">Try the API: is an email in use?</Trans>
          </Title>
          <Text size="sm" c="dimmed">
            <Trans id="pages.apiDocs.check.explain">Sends GET /web/user/email to the server and shows its answer.</Trans>
          </Text>
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label={t({ id: 'pages.apiDocs.check.email', message: 'Email' })}
              type="email"
              autoComplete="off"
              value={email}
              onChange={(e) => {
                setEmail(e.currentTarget.value);
                setInvalid(null);
              }}
              error={invalid ? i18n._(validationMessages[invalid]) : undefined}
              style={{ flex: '1 1 16rem' }}
            />
            <Button type="submit" loading={check.busy}>
              <Trans id="pages.apiDocs.check.submit">Check</Trans>
            </Button>
          </Group>
          <div role="status" aria-live="polite">
            {check.done && !check.busy && asked ? (
              // A long address wraps inside the card instead of widening the page on a phone.
              <Text fw={600} data-testid="email-check-result" style={{ overflowWrap: 'anywhere' }}>
                {check.value === true ? (
                  <Trans id="pages.apiDocs.check.taken">An account uses {asked}.</Trans>
                ) : (
                  <Trans id="pages.apiDocs.check.free">No account uses {asked}.</Trans>
                )}
              </Text>
            ) : null}
          </div>
          {failure ? (
            <Alert color="red" variant="light" role="alert">
              {i18n._(failure)}
            </Alert>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}
