import { sessionMachine } from '../../machines/session.machine';
import type { SessionEvent } from '../../machines/session.types';
import {
  actorEvents,
  userEvents,
  type ActorOutputFixtures,
  type EventFixtures,
  type SerializeState,
} from './pathCoverage';
import { describePathCoverage } from './describePathCoverage';

const eventFixtures = {
  'user.login': [{ type: 'user.login', email: 'ana@example.com', pwd: 'Secret#123', rememberMe: true }],
  'user.register': [
    {
      type: 'user.register',
      payload: {
        email: 'ana@example.com',
        password: 'Secret#123',
        firstName: 'Ana',
        lastName: 'Lopez',
        phone: '',
        customTermsAccepted: true,
        communityId: '1',
      },
    },
  ],
  'user.devLogin': [{ type: 'user.devLogin' }],
  'session.authenticated': [
    {
      type: 'session.authenticated',
      auth: { authToken: 'token-0123456789', refreshToken: 'refresh-0123456789', userId: 7, isVerified: true },
      email: 'ana@example.com',
      rememberMe: true,
    },
    {
      type: 'session.authenticated',
      auth: { authToken: 'token-0123456789', refreshToken: 'refresh-0123456789', userId: 7, isVerified: false },
      email: 'ana@example.com',
      rememberMe: false,
    },
  ],
  'user.verified': [{ type: 'user.verified' }],
  'user.logout': [{ type: 'user.logout' }],
  'session.expired': [{ type: 'session.expired' }],
  'session.tokensRefreshed': [{ type: 'session.tokensRefreshed' }],
  'navigation.denied': [{ type: 'navigation.denied', origin: '/rewards' }],
  'navigation.originConsumed': [{ type: 'navigation.originConsumed' }],
} satisfies EventFixtures<SessionEvent>;

const auth = { authToken: 'token-0123456789', refreshToken: 'refresh-0123456789', userId: 7 };

const outputFixtures = {
  restoreSession: [
    null,
    { authToken: 'token-0123456789', userId: '7', email: 'ana@example.com', isVerified: 'true' },
    { authToken: 'token-0123456789', userId: '7', email: 'ana@example.com', isVerified: 'false' },
    { authToken: 'short', userId: '7', email: 'ana@example.com', isVerified: 'true' },
  ],
  login: [
    { ok: true, ...auth, isVerified: true },
    { ok: true, ...auth, isVerified: false },
    { ok: true, ...auth, authToken: '', isVerified: true },
    { ok: false, code: 'INVALID_CREDENTIALS' },
  ],
  register: [
    { ok: true, ...auth, isVerified: false },
    { ok: true, ...auth, authToken: '', isVerified: false },
    { ok: false, code: 'EMAIL_TAKEN' },
  ],
  unregisterPush: [undefined],
  clearUserData: [undefined],
} satisfies ActorOutputFixtures<typeof sessionMachine>;

/** Traversal key: the state and the auth flags (SPEC §4) the app reads; ids and codes vary freely. */
const serializeState: SerializeState = (s) => {
  const { isAuthenticated, isDevAuthenticated, isLoggingOut } = s.context as Record<string, unknown>;
  return JSON.stringify({ value: s.value, isAuthenticated, isDevAuthenticated, isLoggingOut });
};

const events = [...userEvents(eventFixtures), ...actorEvents(sessionMachine, outputFixtures)];
describePathCoverage('session', sessionMachine, { events, serializeState });
