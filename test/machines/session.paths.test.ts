import { sessionMachine } from '../../machines/session.machine';
import { selectAccess, type SessionAccess } from '../../machines/session.selectors';
import type { AuthData, AuthResult, RegistrationPayload, SessionContext, SessionEvent, StoredCredentials } from '../../machines/session.types';
import { describeMachinePaths, type PathEvent } from './describePathCoverage';
import type { ActorOutputFixtures, EventFixtures, SerializeState } from './pathCoverage';
import { action, actorStarted, actorStopped, received, sendAction, type Effect } from './recording';

const payload: RegistrationPayload = {
  email: 'nia@example.com',
  password: 'Secret#123',
  firstName: 'Nia',
  lastName: 'Lopez',
  phone: '',
  customTermsAccepted: true,
  communityId: '1',
};
const auth7: AuthData = { authToken: 'token-0123456789', refreshToken: 'refresh-0123456789', userId: 7, isVerified: true };
const stored = (userId: string, isVerified: 'true' | 'false'): StoredCredentials => ({ authToken: 'token-0123456789', userId, email: `member${userId}@example.com`, isVerified });

const events = {
  'user.login': [{ type: 'user.login', email: 'ana@example.com', pwd: 'Secret#123', rememberMe: true }],
  'user.register': [{ type: 'user.register', payload }],
  'user.devLogin': [{ type: 'user.devLogin' }],
  'session.authenticated': [
    { type: 'session.authenticated', auth: auth7, email: 'ana@example.com', rememberMe: true },
    { type: 'session.authenticated', auth: { ...auth7, isVerified: false }, email: 'ana@example.com', rememberMe: false },
  ],
  'user.verified': [{ type: 'user.verified' }],
  'user.logout': [{ type: 'user.logout' }],
  'credentials.changed': [
    { type: 'credentials.changed', stored: stored('7', 'true') },
    { type: 'credentials.changed', stored: stored('8', 'false') },
    { type: 'credentials.changed', stored: null },
  ],
  'session.expired': [{ type: 'session.expired' }],
  'session.tokensRefreshed': [{ type: 'session.tokensRefreshed' }],
  'navigation.denied': [{ type: 'navigation.denied', origin: '/rewards' }],
  'navigation.originConsumed': [{ type: 'navigation.originConsumed' }],
  'push.registered': [{ type: 'push.registered', deviceId: 'web-device-7' }],
  'push.unregistered': [{ type: 'push.unregistered' }],
} satisfies EventFixtures<SessionEvent>;

const outputs = {
  restoreSession: [null, stored('7', 'true'), stored('7', 'false'), { ...stored('7', 'true'), authToken: 'short' }],
  login: [
    { ok: true, ...auth7 },
    { ok: true, ...auth7, isVerified: false },
    { ok: true, ...auth7, authToken: '' },
    { ok: false, code: 'INVALID_CREDENTIALS' },
  ],
  register: [{ ok: true, ...auth7, isVerified: false }, { ok: true, ...auth7, authToken: '', isVerified: false }, { ok: false, code: 'EMAIL_TAKEN' }],
  watchStoredCredentials: [undefined],
  verification: [undefined],
  unregisterPush: [undefined],
  clearUserData: [undefined],
  revokeSession: [undefined],
} satisfies ActorOutputFixtures<typeof sessionMachine>;

/** Graph key: the state and what the guards read (the member, verified, the auth flags). */
const serializeState: SerializeState = (s) => {
  const { userId, isVerified, isAuthenticated, isDevAuthenticated, isLoggingOut, deviceId } = s.context as SessionContext;
  return JSON.stringify({ value: s.value, userId, isVerified, isAuthenticated, isDevAuthenticated, isLoggingOut, deviceId });
};

/** `the login succeeds (verified)`, `the registration is refused (EMAIL_TAKEN)`. */
const authWords = (attempt: string, result: AuthResult) => {
  if (!result.ok) return `the ${attempt} is refused (${result.code})`;
  if (!result.authToken) return `the ${attempt} answers without a token`;
  return `the ${attempt} succeeds (${result.isVerified ? 'verified' : 'unverified'})`;
};

const loggedOutContext = {
  userId: null as number | null,
  email: null as string | null,
  isVerified: false,
  rememberMe: false,
  isAuthenticated: false,
  isDevAuthenticated: false,
  isLoggingOut: false,
  errorCode: null as string | null,
  deviceId: null as string | null,
  registeredForNotifications: false,
  codeJustSent: false,
};

/**
 * The rules (the session, its auth flags, the logout and the app start; the machine's doc comment).
 * - App start reads storage: a token of at least 10 characters with a numeric userId and an
 *   e-mail restores the session (and the auth header); anything else is logged out.
 * - Login sends only e-mail and password; register the whole payload. A failure (or an answer
 *   without a token: NO_AUTH_TOKEN, or an adapter that broke: UNKNOWN_ERROR) stays logged out with
 *   the code and tells the member; success stores the credentials. Google / Apple sign-in is a
 *   login with the auth data it brings. Auth flags: login sets authenticated and clears dev and
 *   logging-out; register sets authenticated; dev login sets authenticated and dev-authenticated.
 * - Logged in, an unverified member has only the e-mail verification (invoked for them, told
 *   when a registration here has just had the server mail a code); verified
 *   (by the code, or told) the verified-only data loads: the dashboard and the profile.
 * - Another tab: a login there signs this tab in with the same session; another member there
 *   replaces this tab's; a logout there signs this tab out (the steps were done there); a
 *   verification there verifies this tab. Either way calls waiting for a token are dropped.
 * - Logout (the member, or the refresh failing: SESSION_EXPIRED) sets logging-out, drops the
 *   calls waiting for a token, then in order: unregister push, clear the member's local data,
 *   clear the tokens and the persisted user; a failing step raises the logout error toast and the
 *   next step runs anyway; at the end every flag and the user are cleared (the reason is kept).
 * - The origin a guard sent the member away from is kept until used, and cleared by logout.
 * - Notification registration: while logged in, a registration sets deviceId (and
 *   registeredForNotifications), a failure or an unregistration clears both; the logout's first
 *   step is given the deviceId to undo, and the logout clears it.
 */
function sessionRules() {
  type Phase = 'restoring' | 'idle' | 'loggingIn' | 'registering' | 'unverified' | 'verified' | 'unregisteringPush' | 'clearingUserData' | 'revokingSession';
  let phase: Phase = 'restoring';
  let c = { ...loggedOutContext };
  let origin: string | null = null;
  let logoutReason: string | null = null;
  const loggedIn = () => phase === 'unverified' || phase === 'verified';
  const loadVerifiedData = (): Effect[] => [
    received('resources', { type: 'resource.open', resource: { key: 'dashboard' } }),
    received('resources', { type: 'resource.open', resource: { key: 'profile' } }),
  ];
  const resetTokenRefresh = sendAction('resetTokenRefresh', 'tokenRefresh', { type: 'session.reset' });
  /** Enters the logged-in state the member's verification says. */
  const enter = (): Effect[] => {
    phase = c.isVerified ? 'verified' : 'unverified';
    return c.isVerified ? loadVerifiedData() : [actorStarted('verification', { codeJustSent: c.codeJustSent })];
  };
  /** Leaves logged-in: the verification, if it ran, is stopped. */
  const leave = (): Effect[] => (phase === 'unverified' ? [actorStopped('verification')] : []);
  const restored = (s: StoredCredentials) => {
    const userId = Number(s.userId);
    c = { ...c, userId, email: String(s.email), isVerified: s.isVerified === 'true', isAuthenticated: true };
  };
  const restorable = (s: StoredCredentials | null): s is StoredCredentials =>
    !!s && typeof s.authToken === 'string' && s.authToken.length >= 10 && /^\d+$/.test(String(s.userId)) && Number(s.userId) > 0 && /@/.test(String(s.email));
  const failed = (attempt: 'login' | 'register', code: string): Effect[] => {
    phase = 'idle';
    c = { ...c, email: null, errorCode: code };
    return [action('notifyAuthFailed', { attempt, code })];
  };
  const authOutcome = (attempt: 'login' | 'register', result: AuthResult): Effect[] => {
    if (!result.ok) return failed(attempt, result.code);
    if (!result.authToken) return failed(attempt, 'NO_AUTH_TOKEN');
    const { authToken, refreshToken, userId, isVerified } = result;
    c = { ...c, userId, isVerified, errorCode: null, isAuthenticated: true };
    if (attempt === 'login') c = { ...c, isDevAuthenticated: false, isLoggingOut: false };
    // The server mailed the verification code with the registration: the resend waits from now.
    else c = { ...c, codeJustSent: true };
    return [action('storeCredentials', { auth: { authToken, refreshToken, userId, isVerified }, email: c.email ?? '', rememberMe: c.rememberMe }), ...enter()];
  };
  const startLogout = (reason: 'USER' | 'SESSION_EXPIRED'): Effect[] => {
    const effects = [resetTokenRefresh, ...leave(), actorStarted('unregisterPush', { userId: c.userId, reason, deviceId: c.deviceId })];
    c = { ...c, isLoggingOut: true };
    [phase, logoutReason] = ['unregisteringPush', reason];
    return effects;
  };
  const signOutHere = () => {
    c = { ...loggedOutContext };
    origin = null;
    phase = 'idle';
  };
  const only = (ok: boolean, event: string) => {
    if (!ok) throw new Error(`the rules take no ${event} while ${phase}`);
  };

  return {
    started: [actorStarted('watchStoredCredentials'), actorStarted('restoreSession')],
    on(event: PathEvent<SessionEvent>): Effect[] {
      switch (event.type) {
        case 'xstate.done.actor.restoreSession': {
          const found = event.output as StoredCredentials | null;
          if (!restorable(found)) {
            phase = 'idle';
            return [];
          }
          restored(found);
          return [action('applyRestoredCredentials', { authToken: found.authToken }), ...enter()];
        }
        case 'xstate.error.actor.restoreSession':
          phase = 'idle';
          return [];
        case 'navigation.denied':
          only(['idle', 'loggingIn', 'registering'].includes(phase), event.type);
          origin = event.origin;
          return [];
        case 'navigation.originConsumed':
          only(loggedIn(), event.type);
          origin = null;
          return [];
        case 'user.login':
          only(phase === 'idle', event.type);
          phase = 'loggingIn';
          c = { ...c, email: event.email, rememberMe: event.rememberMe, errorCode: null };
          return [actorStarted('login', { email: event.email, pwd: event.pwd })];
        case 'user.register':
          only(phase === 'idle', event.type);
          phase = 'registering';
          c = { ...c, email: event.payload.email, rememberMe: event.payload.rememberMe ?? false, errorCode: null };
          return [actorStarted('register', event.payload)];
        case 'xstate.done.actor.login':
          return authOutcome('login', event.output as AuthResult);
        case 'xstate.done.actor.register':
          return authOutcome('register', event.output as AuthResult);
        case 'xstate.error.actor.login':
          return failed('login', 'UNKNOWN_ERROR');
        case 'xstate.error.actor.register':
          return failed('register', 'UNKNOWN_ERROR');
        case 'user.devLogin':
          only(phase === 'idle' || loggedIn(), event.type);
          c = { ...c, isAuthenticated: true, isDevAuthenticated: true };
          return phase === 'idle' ? enter() : [];
        case 'session.authenticated': {
          only(phase === 'idle', event.type);
          const { auth, email, rememberMe } = event;
          c = { ...c, userId: auth.userId, email, rememberMe, isVerified: auth.isVerified, errorCode: null, isAuthenticated: true, isDevAuthenticated: false, isLoggingOut: false };
          return [action('storeCredentials', { auth, email, rememberMe }), ...enter()];
        }
        case 'credentials.changed': {
          const found = event.stored;
          if (phase === 'idle') {
            only(restorable(found), 'a sign-out elsewhere while signed out');
            restored(found as StoredCredentials);
            return enter();
          }
          only(loggedIn(), event.type);
          if (restorable(found) && Number(found.userId) !== c.userId) {
            const effects = [resetTokenRefresh, ...leave()];
            signOutHere();
            restored(found);
            return [...effects, ...enter()];
          }
          if (!restorable(found)) {
            const effects = [resetTokenRefresh, ...leave()];
            signOutHere();
            return effects;
          }
          only(found.isVerified === 'true' && !c.isVerified, 'the same session again');
          c = { ...c, isVerified: true };
          return [...leave(), ...enter()];
        }
        case 'user.verified':
          only(phase === 'unverified', event.type);
          c = { ...c, isVerified: true };
          return [action('storeVerified'), ...leave(), ...enter()];
        case 'xstate.done.actor.verification':
          only(phase === 'unverified', event.type);
          c = { ...c, isVerified: true };
          phase = 'verified';
          return [action('storeVerified'), ...loadVerifiedData()];
        case 'session.tokensRefreshed':
          only(loggedIn(), event.type);
          return [];
        case 'push.registered':
          only(loggedIn(), event.type);
          c = { ...c, deviceId: event.deviceId, registeredForNotifications: true };
          return [];
        case 'push.unregistered':
          only(loggedIn(), event.type);
          c = { ...c, deviceId: null, registeredForNotifications: false };
          return [];
        case 'user.logout':
          only(loggedIn(), event.type);
          return startLogout('USER');
        case 'session.expired':
          only(loggedIn(), event.type);
          return startLogout('SESSION_EXPIRED');
        case 'xstate.done.actor.unregisterPush':
        case 'xstate.error.actor.unregisterPush': {
          const notify = event.type.startsWith('xstate.error') ? [action('notifyLogoutError', { step: 'unregisterPush', error: event.error })] : [];
          phase = 'clearingUserData';
          return [...notify, actorStarted('clearUserData', { userId: c.userId, reason: logoutReason, deviceId: c.deviceId })];
        }
        case 'xstate.done.actor.clearUserData':
        case 'xstate.error.actor.clearUserData': {
          const notify = event.type.startsWith('xstate.error') ? [action('notifyLogoutError', { step: 'clearUserData', error: event.error })] : [];
          // Then the server ends the session (the logout call, or queued when offline), while
          // the tokens are still stored.
          phase = 'revokingSession';
          return [...notify, actorStarted('revokeSession', { userId: c.userId, reason: logoutReason, deviceId: c.deviceId })];
        }
        case 'xstate.done.actor.revokeSession':
        case 'xstate.error.actor.revokeSession': {
          // Sent or queued: the pending logouts look at what waits. A failure is said and the logout goes on.
          const after = event.type.startsWith('xstate.error')
            ? [action('notifyLogoutError', { step: 'revokeSession', error: event.error })]
            : [sendAction('checkPendingLogouts', 'pendingLogouts', { type: 'pendingLogouts.check' })];
          signOutHere();
          return [...after, action('clearTokens'), action('clearPersistedState')];
        }
        default:
          throw new Error(`the rules have no ${event.type}`);
      }
    },
    meaning: () => {
      const access: SessionAccess =
        phase === 'restoring'
          ? 'pending'
          : loggedIn()
            ? (phase as SessionAccess)
            : phase === 'unregisteringPush' || phase === 'clearingUserData' || phase === 'revokingSession'
              ? c.isVerified
                ? 'verified'
                : 'unverified'
              : 'anonymous';
      return {
        access,
        busy: ['loggingIn', 'registering', 'unregisteringPush', 'clearingUserData', 'revokingSession'].includes(phase),
        userId: c.userId,
        email: c.email,
        isAuthenticated: c.isAuthenticated,
        isDevAuthenticated: c.isDevAuthenticated,
        isLoggingOut: c.isLoggingOut,
        errorCode: c.errorCode,
        origin,
        logoutReason,
        deviceId: c.deviceId,
        registeredForNotifications: c.registeredForNotifications,
      };
    },
  };
}

describeMachinePaths({
  name: 'session',
  machine: sessionMachine,
  events,
  outputs,
  serializeState,
  meaning: (s) => ({
    access: selectAccess(s),
    busy: s.hasTag('busy'),
    userId: s.context.userId,
    email: s.context.email,
    isAuthenticated: s.context.isAuthenticated,
    isDevAuthenticated: s.context.isDevAuthenticated,
    isLoggingOut: s.context.isLoggingOut,
    errorCode: s.context.errorCode,
    origin: s.context.origin,
    logoutReason: s.context.logoutReason,
    deviceId: s.context.deviceId,
    registeredForNotifications: s.context.registeredForNotifications,
  }),
  oracle: sessionRules,
  words: {
    events: {
      'user.login': 'the member logs in',
      'user.register': 'the member registers',
      'user.devLogin': 'a developer signs in',
      'session.authenticated': (e) => `a provider signs in member ${e.auth.userId} (${e.auth.isVerified ? 'verified' : 'unverified'})`,
      'user.verified': 'the member verifies the e-mail',
      'user.logout': 'the member logs out',
      'credentials.changed': (e) =>
        e.stored ? `another tab holds member ${e.stored.userId}'s session (${e.stored.isVerified === 'true' ? 'verified' : 'unverified'})` : 'another tab logs out',
      'session.expired': 'the token refresh fails',
      'session.tokensRefreshed': 'the tokens are refreshed',
      'navigation.denied': (e) => `a guard turns the member away from ${e.origin}`,
      'navigation.originConsumed': 'the member is sent back there',
      'push.registered': 'notifications are registered',
      'push.unregistered': 'notifications are unregistered',
      'xstate.done.actor.restoreSession': (e) => {
        const found = e.output as StoredCredentials | null;
        if (!found) return 'nothing is stored';
        if ((found.authToken ?? '').length < 10) return 'a session with a broken token is stored';
        return `member ${found.userId}'s session is stored (${found.isVerified === 'true' ? 'verified' : 'unverified'})`;
      },
      'xstate.error.actor.restoreSession': 'the storage cannot be read',
      'xstate.done.actor.login': (e) => authWords('login', e.output as AuthResult),
      'xstate.error.actor.login': 'the login breaks',
      'xstate.done.actor.register': (e) => authWords('registration', e.output as AuthResult),
      'xstate.error.actor.register': 'the registration breaks',
      'xstate.done.actor.verification': 'the member enters the right code',
      'xstate.done.actor.unregisterPush': 'notifications are undone',
      'xstate.error.actor.unregisterPush': 'undoing notifications fails',
      'xstate.done.actor.clearUserData': "the member's local data is cleared",
      'xstate.error.actor.clearUserData': 'clearing the local data fails',
      'xstate.done.actor.revokeSession': 'the server ends the session',
      'xstate.error.actor.revokeSession': 'ending it on the server fails',
    },
    start: 'the app starts and reads the stored session',
    outcome: (m) => {
      const origin = m.origin ? `, ${m.origin} kept for after sign-in` : '';
      switch (m.access) {
        case 'pending':
          return 'the app waits for the stored session';
        case 'anonymous': {
          if (m.busy) return `the member waits for the answer${origin}`;
          if (m.errorCode) return `signed out, the member is told why (${m.errorCode})${origin}`;
          const reason = m.logoutReason === 'SESSION_EXPIRED' ? ' (the session expired)' : m.logoutReason ? ' (logged out)' : '';
          return `signed out${reason}${origin}`;
        }
        default: {
          const who = m.isDevAuthenticated ? 'the developer' : `member ${m.userId}`;
          if (m.isLoggingOut) return `${who} is being logged out${m.logoutReason === 'SESSION_EXPIRED' ? ' (the session expired)' : ''}`;
          const push = m.registeredForNotifications ? ', notifications registered' : '';
          return `${who} is signed in, ${m.access === 'verified' ? 'verified' : 'only the e-mail verification open'}${push}${origin}`;
        }
      }
    },
  },
});
