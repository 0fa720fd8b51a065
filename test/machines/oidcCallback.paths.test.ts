import { oidcCallbackMachine } from '../../machines/oidcCallback.machine';
import type { ExchangeTicketOutput, OidcCallbackEvent, PendingSignup, RegisterOutput, SignedIn } from '../../machines/oidcCallback.types';
import { describeMachinePaths, type PathEvent } from './describePathCoverage';
import type { ActorOutputFixtures, EventFixtures, SerializeState } from './pathCoverage';
import { action, actorStarted, actorStopped, sendAction, type Effect } from './recording';

const signedIn: SignedIn = {
  auth: { authToken: 'token-0123456789', refreshToken: 'refresh-0123456789', userId: 7, isVerified: true },
  email: 'ana@example.com',
  rememberMe: true,
};
const signup: PendingSignup = { ticket: 'ticket-signup', email: 'new@example.com', provider: 'google', firstName: 'Nia' };

const events = {
  'callback.opened': [
    { type: 'callback.opened', ticket: 'ticket-1', error: null, returnTo: '/rewards' },
    { type: 'callback.opened', ticket: 'ticket-2', error: null, returnTo: '/' },
    { type: 'callback.opened', ticket: null, error: 'access_denied', returnTo: '/' },
    { type: 'callback.opened', ticket: null, error: null, returnTo: '/' },
  ],
  'user.completeSignup': [{ type: 'user.completeSignup', input: { communityId: 'demo', customTermsAccepted: true } }],
} satisfies EventFixtures<OidcCallbackEvent>;

const outputs = {
  exchangeTicket: [
    { ok: true, outcome: 'signedIn', signedIn },
    { ok: true, outcome: 'signupRequired', signup },
    { ok: false, code: 'INVALID_TOKEN' },
  ],
  readPendingSignup: [signup, null],
  registerMember: [{ ok: true, signedIn }, { ok: false, code: 'EMAIL_TAKEN' }, { ok: false, code: 'VALIDATION_ERROR' }],
} satisfies ActorOutputFixtures<typeof oidcCallbackMachine>;

/** Graph key: the state, the ticket, where to go and the code (the signup is one fixture). */
const serializeState: SerializeState = (s) =>
  JSON.stringify({ value: s.value, ticket: s.context.ticket, returnTo: s.context.returnTo, errorCode: s.context.errorCode, signup: s.context.signup !== null });

/**
 * The rules (signing in with a provider, and signing up; the machine's doc comment): /auth/callback
 * opens with a ticket, an error, or neither.
 * - An error says what went wrong.
 * - A ticket is exchanged once (the page may be opened twice with it; a new ticket starts over):
 *   a known member is signed in: the session is told and the member goes where they were going;
 *   a new one gets the signup form, the first sign-in kept for this tab (the member may leave to
 *   scan the community code) and the used-up ticket taken out of the address.
 * - Neither (back from the community scan): the first sign-in kept for this tab is read again;
 *   none means the sign-in is no longer valid (INVALID_TOKEN). While the form is shown, the
 *   address losing its ticket changes nothing.
 * - The completed form registers the member: signed in, the pending sign-in is forgotten and the
 *   new member starts at the app's root; INVALID_TOKEN or EMAIL_TAKEN make the pending sign-in
 *   useless (forgotten, failed); other refusals are shown on the form for another try.
 * Whatever is under way when the page is opened anew is abandoned.
 */
function oidcCallbackRules() {
  type View = 'idle' | 'restoring' | 'exchanging' | 'signingUp' | 'signupFailed' | 'registering' | 'signedIn' | 'failed';
  let view: View = 'idle';
  let ticket: string | null = null;
  let returnTo = '/';
  let pending: PendingSignup | null = null;
  let error: string | null = null;
  const calls: Partial<Record<View, string>> = { restoring: 'readPendingSignup', exchanging: 'exchangeTicket', registering: 'registerMember' };
  const leave = (): Effect[] => {
    const call = calls[view];
    return call ? [actorStopped(call)] : [];
  };
  const signIn = (who: SignedIn): Effect[] => {
    view = 'signedIn';
    return [
      sendAction('tellSessionAuthenticated', 'session', { type: 'session.authenticated', ...who }, who),
      action('navigate', { to: returnTo }),
    ];
  };
  const fail = (code: string, effects: Effect[] = []): Effect[] => {
    [view, error] = ['failed', code];
    return effects;
  };
  return {
    started: [],
    on(event: PathEvent<OidcCallbackEvent>): Effect[] {
      switch (event.type) {
        case 'callback.opened': {
          const signingUp = view === 'signingUp' || view === 'signupFailed' || view === 'registering';
          if (event.error === null && ((event.ticket !== null && event.ticket === ticket) || (event.ticket === null && signingUp))) {
            return []; // the same callback again (a second render), or the address losing its used ticket
          }
          const effects = leave();
          [ticket, returnTo, pending, error] = [event.ticket, event.returnTo, null, null];
          if (event.error !== null) return fail(event.error, effects);
          if (event.ticket !== null) {
            view = 'exchanging';
            return [...effects, actorStarted('exchangeTicket', { ticket: event.ticket })];
          }
          view = 'restoring';
          return [...effects, actorStarted('readPendingSignup')];
        }
        case 'xstate.done.actor.readPendingSignup': {
          const kept = event.output as PendingSignup | null;
          if (!kept) return fail('INVALID_TOKEN');
          [view, pending] = ['signingUp', kept];
          return [];
        }
        case 'xstate.error.actor.readPendingSignup':
          return fail('INVALID_TOKEN');
        case 'xstate.done.actor.exchangeTicket': {
          const output = event.output as ExchangeTicketOutput;
          if (!output.ok) return fail(output.code);
          if (output.outcome === 'signedIn') return signIn(output.signedIn);
          [view, pending] = ['signingUp', output.signup];
          return [action('storePendingSignup', { signup: output.signup }), action('navigate', { to: '/auth/callback' })];
        }
        case 'xstate.error.actor.exchangeTicket':
          return fail('UNKNOWN_ERROR');
        case 'user.completeSignup':
          if (view !== 'signingUp' && view !== 'signupFailed') throw new Error('no signup form');
          [view, error] = ['registering', ''];
          return [actorStarted('registerMember', { signup: pending, input: event.input })];
        case 'xstate.done.actor.registerMember': {
          const output = event.output as RegisterOutput;
          if (output.ok) {
            returnTo = '/';
            return [action('clearPendingSignup'), ...signIn(output.signedIn)];
          }
          if (output.code === 'INVALID_TOKEN' || output.code === 'EMAIL_TAKEN') return fail(output.code, [action('clearPendingSignup')]);
          [view, error] = ['signupFailed', output.code];
          return [];
        }
        case 'xstate.error.actor.registerMember':
          [view, error] = ['signupFailed', 'UNKNOWN_ERROR'];
          return [];
        default:
          throw new Error(`the rules have no ${event.type}`);
      }
    },
    meaning: () => ({
      view,
      busy: view === 'exchanging' || view === 'registering',
      error: view === 'failed' || view === 'signupFailed' ? error : null,
      signup: view === 'signingUp' || view === 'signupFailed' ? pending : null,
    }),
  };
}

describeMachinePaths({
  name: 'oidcCallback',
  machine: oidcCallbackMachine,
  events,
  outputs,
  serializeState,
  meaning: (s) => {
    const view = s.matches({ signingUp: 'failed' }) ? 'signupFailed' : s.matches('signingUp') ? 'signingUp' : (s.value as string);
    return {
      view,
      busy: s.hasTag('busy'),
      error: s.matches('failed') || s.matches({ signingUp: 'failed' }) ? s.context.errorCode : null,
      signup: s.matches('signingUp') ? s.context.signup : null,
    };
  },
  oracle: oidcCallbackRules,
  words: {
    events: {
      'callback.opened': (e) => {
        if (e.error) return `the callback opens with the error ${e.error}`;
        return e.ticket ? `the callback opens with ${e.ticket} (going to ${e.returnTo})` : 'the callback opens without a ticket';
      },
      'user.completeSignup': 'the member completes the signup form',
      'xstate.done.actor.exchangeTicket': (e) => {
        const output = e.output as ExchangeTicketOutput;
        if (!output.ok) return `the ticket is refused (${output.code})`;
        return output.outcome === 'signedIn' ? 'the ticket signs a known member in' : 'the ticket is a new member';
      },
      'xstate.error.actor.exchangeTicket': 'the exchange breaks',
      'xstate.done.actor.readPendingSignup': (e) => (e.output ? 'the sign-in kept for the tab is found' : 'no sign-in was kept'),
      'xstate.error.actor.readPendingSignup': 'the kept sign-in cannot be read',
      'xstate.done.actor.registerMember': (e) => {
        const output = e.output as RegisterOutput;
        return output.ok ? 'the member is registered' : `the registration is refused (${output.code})`;
      },
      'xstate.error.actor.registerMember': 'the registration breaks',
    },
    outcome: (m) =>
      ({
        idle: 'the page waits for the callback',
        restoring: 'the page reads the kept sign-in',
        exchanging: 'the page shows the sign-in under way',
        signingUp: 'the signup form shows',
        signupFailed: `the signup form shows the error ${m.error}`,
        registering: 'the signup form shows it is registering',
        signedIn: 'the member is signed in and sent on',
        failed: `the page says what went wrong (${m.error})`,
      })[m.view] ?? m.view,
  },
});
