/**
 * The first-load bench's reference (test/bench/first-load.ts): the least a sign-in page made of
 * the design card's stack must load. React renders it, Mantine draws it (provider and the form's
 * components, per-component CSS), Lingui translates it, wouter routes it, an XState machine
 * drives the sign-in through @xstate/react, and openapi-fetch sends it, typed by openapi.yaml's
 * generated schema. Nothing of the product's own (no shell, no actor system, no offline queues,
 * no second language's catalog): what the bench measures here is the stack's floor, against
 * which /login's figure is read in the same run.
 */
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import { StrictMode, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { Alert, Button, Container, MantineProvider, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { i18n } from '@lingui/core';
import { I18nProvider, useLingui } from '@lingui/react';
import { Route, Switch, Redirect } from 'wouter';
import { assign, fromPromise, setup } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import createClient from 'openapi-fetch';
import type { paths } from '../../../src/api/schema';

const api = createClient<paths>({ baseUrl: '' });

const signIn = setup({
  types: { context: {} as { error: string | null }, events: {} as { type: 'submit'; email: string; pwd: string } },
  actors: {
    login: fromPromise(async ({ input }: { input: { email: string; pwd: string } }) => {
      const { data, error } = await api.POST('/mobile/login', {
        body: input,
        bodySerializer: (body) => new URLSearchParams(body as Record<string, string>),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      if (error || !data) throw new Error('login failed');
      return data;
    }),
  },
}).createMachine({
  id: 'signIn',
  context: { error: null },
  initial: 'idle',
  states: {
    idle: { on: { submit: 'sending' } },
    sending: {
      invoke: {
        src: 'login',
        input: ({ event }) => ({ email: (event as { email: string }).email, pwd: (event as { pwd: string }).pwd }),
        onDone: 'signedIn',
        onError: { target: 'idle', actions: assign({ error: 'failed' }) },
      },
    },
    signedIn: { type: 'final' },
  },
});

i18n.load('en', {
  title: 'Sign in',
  email: 'E-mail',
  password: 'Password',
  submit: 'Sign in',
  failed: 'The e-mail or the password is not right.',
});
i18n.activate('en');

function SignIn() {
  const { i18n: t } = useLingui();
  const actor = useActorRef(signIn);
  const busy = useSelector(actor, (s) => s.matches('sending'));
  const error = useSelector(actor, (s) => s.context.error);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    actor.send({ type: 'submit', email: String(form.get('email')), pwd: String(form.get('pwd')) });
  };
  return (
    <Container component="main" size="xs" py="xl">
      <form onSubmit={submit}>
        <Stack>
          <Title order={1}>{t._('title')}</Title>
          {error && <Alert color="red">{t._(error)}</Alert>}
          <TextInput name="email" type="email" label={t._('email')} required />
          <PasswordInput name="pwd" label={t._('password')} required />
          <Button type="submit" loading={busy}>
            {t._('submit')}
          </Button>
        </Stack>
      </form>
    </Container>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={{ primaryShade: 8 }}>
      <I18nProvider i18n={i18n}>
        <Switch>
          <Route path="/login" component={SignIn} />
          <Route>
            <Redirect to="/login" />
          </Route>
        </Switch>
      </I18nProvider>
    </MantineProvider>
  </StrictMode>,
);
