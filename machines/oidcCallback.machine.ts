import { assertEvent, assign, fromPromise, or, sendTo, setup, stateIn } from 'xstate';
import type {
  CompleteSignupInput,
  ExchangeTicketOutput,
  OidcCallbackContext,
  OidcCallbackEvent,
  PendingSignup,
  RegisterOutput,
  SignedIn,
} from './oidcCallback.types';
import { sessionActor } from './system';

/** Refusals of the signup after which the pending sign-in is of no use: start over. */
export const EXPIRED_SIGNUP_CODES: readonly string[] = ['INVALID_TOKEN', 'EMAIL_TAKEN'];

const rootPath = '/';

/**
 * /auth/callback after Google or Apple. With a ticket: it is exchanged
 * once; a known member is signed in (the session is told, the member goes where they were
 * going); a new one completes the signup (community, terms, date of birth, a guardian's
 * permission under 18), kept for this tab so the member can scan the community code and come
 * back. With an error: it says what went wrong.
 */
export const oidcCallbackMachine = setup({
  types: {
    context: {} as OidcCallbackContext,
    events: {} as OidcCallbackEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** POST /web/auth/session ticket. */
    exchangeTicket: fromPromise<ExchangeTicketOutput, { ticket: string }>(async () => ({ ok: false, code: 'NOT_PROVIDED' })),
    /** The first sign-in kept for this tab, or null. */
    readPendingSignup: fromPromise<PendingSignup | null>(async () => null),
    /** POST /web/auth/register: the pending sign-in plus what the form adds. */
    registerMember: fromPromise<RegisterOutput, { signup: PendingSignup; input: CompleteSignupInput }>(async () => ({
      ok: false,
      code: 'NOT_PROVIDED',
    })),
  },
  actions: {
    /** Keep the first sign-in for this tab (the member may leave to scan the community code). */
    storePendingSignup: (_, _params: { signup: PendingSignup }) => {},
    clearPendingSignup: () => {},
    /** Go to an app path (replacing the callback's address: its ticket is used up). */
    navigate: (_, _params: { to: string }) => {},
    /** The session signs the member in with these auth data. */
    tellSessionAuthenticated: sendTo(
      sessionActor,
      (_, params: SignedIn) => ({ type: 'session.authenticated' as const, auth: params.auth, email: params.email, rememberMe: params.rememberMe }),
    ),
    assignOpened: assign(({ event }) => {
      assertEvent(event, 'callback.opened');
      return { ticket: event.ticket, returnTo: event.returnTo, signup: null, signedIn: null, errorCode: null };
    }),
    assignSignup: assign((_, params: { signup: PendingSignup }) => ({ signup: params.signup, errorCode: null })),
    assignSignedIn: assign((_, params: { signedIn: SignedIn }) => ({ signedIn: params.signedIn })),
    assignError: assign((_, params: { code: string }) => ({ errorCode: params.code })),
    /** A new member starts at the app's root. */
    assignReturnHome: assign({ returnTo: rootPath }),
  },
  guards: {
    hasError: ({ event }) => event.type === 'callback.opened' && event.error !== null,
    hasTicket: ({ event }) => event.type === 'callback.opened' && event.ticket !== null,
    /** React may open the same callback twice; a ticket is exchanged once. */
    isNewTicket: ({ context, event }) => event.type === 'callback.opened' && event.ticket !== null && event.ticket !== context.ticket,
    /** The address lost its used-up ticket while the signup form is shown: nothing to do. */
    isSigningUp: or([stateIn('#oidcCallback.signingUp'), stateIn('#oidcCallback.registering')]),
    isSignedIn: (_, params: { output: ExchangeTicketOutput }) => params.output.ok && params.output.outcome === 'signedIn',
    isSignupRequired: (_, params: { output: ExchangeTicketOutput }) => params.output.ok && params.output.outcome === 'signupRequired',
    hasSignup: (_, params: { signup: PendingSignup | null }) => params.signup !== null,
    isOk: (_, params: { output: { ok: boolean } }) => params.output.ok,
    isExpiredSignup: (_, params: { output: RegisterOutput }) => !params.output.ok && EXPIRED_SIGNUP_CODES.includes(params.output.code),
  },
}).createMachine({
  id: 'oidcCallback',
  initial: 'idle',
  context: { ticket: null, returnTo: rootPath, signup: null, signedIn: null, errorCode: null },
  on: {
    'callback.opened': [
      { guard: 'hasError', target: '.failed', actions: ['assignOpened', { type: 'assignError', params: ({ event }) => ({ code: event.error ?? 'UNKNOWN_ERROR' }) }] },
      { guard: 'isNewTicket', target: '.exchanging', actions: 'assignOpened' },
      // Same ticket again (a second render): the exchange already under way or done stands.
      { guard: 'hasTicket' },
      { guard: 'isSigningUp' },
      { target: '.restoring', actions: 'assignOpened' },
    ],
  },
  states: {
    idle: {},
    /** Back from the community scan: the first sign-in kept for this tab, if any. */
    restoring: {
      invoke: {
        id: 'readPendingSignup',
        src: 'readPendingSignup',
        onDone: [
          {
            guard: { type: 'hasSignup', params: ({ event }) => ({ signup: event.output }) },
            target: 'signingUp',
            actions: { type: 'assignSignup', params: ({ event }) => ({ signup: event.output as PendingSignup }) },
          },
          { target: 'failed', actions: { type: 'assignError', params: { code: 'INVALID_TOKEN' } } },
        ],
        onError: { target: 'failed', actions: { type: 'assignError', params: { code: 'INVALID_TOKEN' } } },
      },
    },
    exchanging: {
      tags: 'busy',
      invoke: {
        id: 'exchangeTicket',
        src: 'exchangeTicket',
        input: ({ context }) => ({ ticket: context.ticket ?? '' }),
        onDone: [
          {
            guard: { type: 'isSignedIn', params: ({ event }) => ({ output: event.output }) },
            target: 'signedIn',
            actions: {
              type: 'assignSignedIn',
              params: ({ event }) => ({ signedIn: (event.output as Extract<ExchangeTicketOutput, { outcome: 'signedIn' }>).signedIn }),
            },
          },
          {
            guard: { type: 'isSignupRequired', params: ({ event }) => ({ output: event.output }) },
            target: 'signingUp',
            actions: [
              {
                type: 'assignSignup',
                params: ({ event }) => ({ signup: (event.output as Extract<ExchangeTicketOutput, { outcome: 'signupRequired' }>).signup }),
              },
              { type: 'storePendingSignup', params: ({ event }) => ({ signup: (event.output as Extract<ExchangeTicketOutput, { outcome: 'signupRequired' }>).signup }) },
              // The ticket is used up: keep it out of the address bar and the history.
              { type: 'navigate', params: { to: '/auth/callback' } },
            ],
          },
          { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ code: event.output.ok ? 'UNKNOWN_ERROR' : event.output.code }) } },
        ],
        onError: { target: 'failed', actions: { type: 'assignError', params: { code: 'UNKNOWN_ERROR' } } },
      },
    },
    /** A first sign-in: the form asks what the signup rules need. */
    signingUp: {
      initial: 'editing',
      states: {
        editing: {},
        /** The last try failed for a reason the form can mend (or the network): the code says why. */
        failed: {},
      },
      on: { 'user.completeSignup': { target: 'registering', actions: { type: 'assignError', params: { code: '' } } } },
    },
    registering: {
      tags: 'busy',
      invoke: {
        id: 'registerMember',
        src: 'registerMember',
        input: ({ context, event }) => {
          assertEvent(event, 'user.completeSignup');
          return { signup: context.signup as PendingSignup, input: event.input };
        },
        onDone: [
          {
            guard: { type: 'isOk', params: ({ event }) => ({ output: event.output }) },
            target: 'signedIn',
            actions: [
              'clearPendingSignup',
              { type: 'assignSignedIn', params: ({ event }) => ({ signedIn: (event.output as Extract<RegisterOutput, { ok: true }>).signedIn }) },
              'assignReturnHome',
            ],
          },
          {
            guard: { type: 'isExpiredSignup', params: ({ event }) => ({ output: event.output }) },
            target: 'failed',
            actions: ['clearPendingSignup', { type: 'assignError', params: ({ event }) => ({ code: event.output.ok ? '' : event.output.code }) }],
          },
          {
            target: 'signingUp.failed',
            actions: { type: 'assignError', params: ({ event }) => ({ code: event.output.ok ? '' : event.output.code }) },
          },
        ],
        onError: { target: 'signingUp.failed', actions: { type: 'assignError', params: { code: 'UNKNOWN_ERROR' } } },
      },
    },
    /** The session is told; the member goes on. */
    signedIn: {
      entry: [
        { type: 'tellSessionAuthenticated', params: ({ context }) => context.signedIn as SignedIn },
        { type: 'navigate', params: ({ context }) => ({ to: context.returnTo }) },
      ],
    },
    /** The sign-in did not finish; the error code says why. */
    failed: {},
  },
});
