import { assertEvent, assign, fromCallback, fromPromise, sendTo, setup, type EventObject } from 'xstate';
import { verificationMachine } from './verification.machine';
import type {
  ApplyRestoredCredentialsParams,
  AuthData,
  AuthResult,
  LoginInput,
  LogoutInput,
  LogoutReason,
  NotifyLogoutErrorParams,
  RegistrationPayload,
  RestoredSession,
  SessionContext,
  SessionErrorCode,
  SessionEvent,
  StoreCredentialsParams,
  StoredCredentials,
} from './session.types';
import { pendingLogoutsActor, resourcesActor, tokenRefreshActor } from './system';

/** A stored token shorter than this is not restored. */
export const MIN_RESTORABLE_TOKEN_LENGTH = 10;

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+$/;

/**
 * Parses what app start found in storage: a token of at least 10
 * characters, a positive integer userId and an e-mail; otherwise null.
 */
export function restoreFrom(stored: StoredCredentials | null | undefined): RestoredSession | null {
  if (!stored) return null;
  const { authToken, email } = stored;
  if (typeof authToken !== 'string' || authToken.length < MIN_RESTORABLE_TOKEN_LENGTH) return null;
  const userId = typeof stored.userId === 'string' && /^\d+$/.test(stored.userId.trim()) ? Number(stored.userId) : stored.userId;
  if (typeof userId !== 'number' || !Number.isSafeInteger(userId) || userId <= 0) return null;
  if (typeof email !== 'string' || !EMAIL_SHAPE.test(email.trim())) return null;
  return { authToken, userId, email: email.trim(), isVerified: stored.isVerified === true || stored.isVerified === 'true' };
}

/** Whether stored credentials are good enough to restore the session at app start. */
export function isRestorable(stored: StoredCredentials | null | undefined): boolean {
  return restoreFrom(stored) !== null;
}

/** The code a login/register answer leaves the user logged out with, or null when it logs in. */
export function authFailureCode(result: AuthResult): SessionErrorCode | null {
  if (!result.ok) return result.code;
  return result.authToken ? null : 'NO_AUTH_TOKEN';
}

function authDataOf(result: AuthResult): AuthData {
  return result.ok
    ? { authToken: result.authToken, refreshToken: result.refreshToken, userId: result.userId, isVerified: result.isVerified }
    : { authToken: '', refreshToken: '', userId: 0, isVerified: false };
}

const loggedOutContext: Omit<SessionContext, 'logoutReason' | 'origin'> = {
  userId: null,
  email: null,
  isVerified: false,
  hasAuthToken: false,
  rememberMe: false,
  isAuthenticated: false,
  isDevAuthenticated: false,
  isLoggingOut: false,
  errorCode: null,
  deviceId: null,
  registeredForNotifications: false,
  codeJustSent: false,
};

/** Argument shape of the transition functions below (a done event of the login or register actor). */
type AuthDoneArgs = { context: SessionContext; event: { output: AuthResult } };

/**
 * What a login or register call ends in: its failure code, no token (still logged out), or the
 * logged-in session. The two differ only in the auth flags they set.
 */
const authOutcome = (flags: 'setLoginFlags' | 'setRegisterFlags') => {
  const attempt: 'login' | 'register' = flags === 'setLoginFlags' ? 'login' : 'register';
  return [
    {
      guard: { type: 'isAuthFailure', params: ({ event }: AuthDoneArgs) => ({ result: event.output }) },
      target: 'idle',
      actions: [
        { type: 'assignAuthError', params: ({ event }: AuthDoneArgs) => ({ code: authFailureCode(event.output) ?? 'UNKNOWN_ERROR' }) },
        { type: 'notifyAuthFailed', params: ({ event }: AuthDoneArgs) => ({ attempt, code: authFailureCode(event.output) ?? 'UNKNOWN_ERROR' }) },
      ],
    },
    {
      guard: { type: 'isTokenless', params: ({ event }: AuthDoneArgs) => ({ result: event.output }) },
      target: 'idle',
      actions: [
        { type: 'assignAuthError', params: { code: 'NO_AUTH_TOKEN' } },
        { type: 'notifyAuthFailed', params: { attempt, code: 'NO_AUTH_TOKEN' } },
      ],
    },
    {
      target: '#session.loggedIn',
      actions: [
        { type: 'assignAuth', params: ({ event }: AuthDoneArgs) => ({ result: event.output }) },
        flags,
        {
          type: 'storeCredentials',
          params: ({ context, event }: AuthDoneArgs) => ({ auth: authDataOf(event.output), email: context.email ?? '', rememberMe: context.rememberMe }),
        },
      ],
    },
  ] as const;
};

const notProvided = { ok: false, code: 'NOT_PROVIDED' } as const;

/**
 * The user's session: app-start restore, login/register, verification and the ordered logout.
 * Tokens never enter the context; `storeCredentials` and the logout steps own them.
 */
const sessionSetup = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    tags: {} as 'pending' | 'busy',
  },
  actors: {
    /** Reads authToken, userId, email and isVerified from storage; null when nothing is stored. */
    restoreSession: fromPromise<StoredCredentials | null>(async () => null),
    /** POST /mobile/login. Expected failures (INVALID_CREDENTIALS, offline...) come back as data. */
    login: fromPromise<AuthResult, LoginInput>(async () => notProvided),
    /** tokenize(register) for the password token, then POST /mobile/user/register. */
    register: fromPromise<AuthResult, RegistrationPayload>(async () => notProvided),
    /**
     * Sends `credentials.changed` whenever another tab changes the stored credentials (the
     * browser's storage event), so this tab follows a login or logout made elsewhere.
     */
    watchStoredCredentials: fromCallback<EventObject>(() => () => {}),
    /** Entering the e-mail code (invoked while the member is unverified). */
    verification: verificationMachine,
    /**
     * Logout step 1: delete the push device identifier (the server's and the browser's
     * subscription). May reject; logout goes on.
     */
    unregisterPush: fromPromise<void, LogoutInput>(async () => {}),
    /** Logout step 2: clear the user's local databases. May reject; logout goes on. */
    clearUserData: fromPromise<void, LogoutInput>(async () => {}),
    /**
     * Logout step 3: the server revokes the session's tokens (the logout call), or, offline, the
     * tokens join the pending logouts sent later. May reject; logout goes on.
     */
    revokeSession: fromPromise<void, LogoutInput>(async () => {}),
  },
  actions: {
    /** Persist tokens, rememberMe, userId, email, isVerified; set the auth header. */
    storeCredentials: (_, _params: StoreCredentialsParams) => {},
    /** App start: put the stored token back on the auth header. */
    applyRestoredCredentials: (_, _params: ApplyRestoredCredentialsParams) => {},
    /** Persist isVerified = true. */
    storeVerified: () => {},
    /** Requests still waiting for a token refresh are dropped: the session is ending. */
    resetTokenRefresh: sendTo(tokenRefreshActor, { type: 'session.reset' }),
    /** A logout may have been queued: the pending logouts send what waits. */
    checkPendingLogouts: sendTo(pendingLogoutsActor, { type: 'pendingLogouts.check' }),
    /**
     * A login or registration failed: the login screen says so under its form, a
     * failed registration raises an error toast.
     */
    notifyAuthFailed: (_, _params: { attempt: 'login' | 'register'; code: SessionErrorCode }) => {},
    /** Show the logout error toast (pages.login.logoutError); the logout still completes. */
    notifyLogoutError: (_, _params: NotifyLogoutErrorParams) => {},
    /** Logout step 3: remove the stored tokens and the auth header. */
    clearTokens: () => {},
    /** Logout step 5: remove the persisted user and announcements slices. */
    clearPersistedState: () => {},

    rememberAttempt: assign((_, params: { email: string; rememberMe: boolean }) => ({
      email: params.email,
      rememberMe: params.rememberMe,
      errorCode: null,
    })),
    assignAuthError: assign((_, params: { code: SessionErrorCode }) => ({ email: null, errorCode: params.code })),
    assignAuth: assign((_, params: { result: AuthResult }) => {
      const auth = authDataOf(params.result);
      return { userId: auth.userId, isVerified: auth.isVerified, hasAuthToken: true, errorCode: null };
    }),
    assignRestored: assign((_, params: { stored: StoredCredentials | null }) => {
      const restored = restoreFrom(params.stored);
      return restored
        ? { userId: restored.userId, email: restored.email, isVerified: restored.isVerified, hasAuthToken: true, isAuthenticated: true }
        : {};
    }),
    /** A sign-in finished outside the machine (Google / Apple): the same context as a login. */
    assignAuthenticated: assign((_, params: { auth: AuthData; email: string; rememberMe: boolean }) => ({
      userId: params.auth.userId,
      email: params.email,
      rememberMe: params.rememberMe,
      isVerified: params.auth.isVerified,
      hasAuthToken: true,
      errorCode: null,
    })),
    assignVerified: assign({ isVerified: true }),
    assignTokenHeld: assign({ hasAuthToken: true }),
    assignOrigin: assign((_, params: { origin: string }) => ({ origin: params.origin })),
    clearOrigin: assign({ origin: null }),
    /** Notification registration: success sets deviceId from the response message. */
    assignDevice: assign((_, params: { deviceId: string }) => ({ deviceId: params.deviceId, registeredForNotifications: true })),
    /** A failed registration or an unregistration clears both. */
    clearDevice: assign({ deviceId: null, registeredForNotifications: false }),
    /** Login sets authenticated, clears dev and logging-out. */
    setLoginFlags: assign({ isAuthenticated: true, isDevAuthenticated: false, isLoggingOut: false }),
    /** Register sets authenticated; the server mailed the verification code with it. */
    setRegisterFlags: assign({ isAuthenticated: true, codeJustSent: true }),
    /** Dev login sets authenticated and dev-authenticated. */
    setDevLoginFlags: assign({ isAuthenticated: true, isDevAuthenticated: true }),
    /** Start-logout sets logging-out and remembers why. */
    startLogout: assign((_, params: { reason: LogoutReason }) => ({ isLoggingOut: true, logoutReason: params.reason })),
    /** Logout clears all flags and the user. */
    clearSession: assign({ ...loggedOutContext, origin: null }),
  },
  guards: {
    isRestorable: (_, params: { stored: StoredCredentials | null }) => isRestorable(params.stored),
    isAuthFailure: (_, params: { result: AuthResult }) => !params.result.ok,
    /** A login that returns no token leaves the user logged out. */
    isTokenless: (_, params: { result: AuthResult }) => params.result.ok && !params.result.authToken,
    isVerified: ({ context }) => context.isVerified,
    /** Another tab signed a member in: this one restores the same session. */
    isSignedInElsewhere: (_, params: { stored: StoredCredentials | null }) => isRestorable(params.stored),
    /** Another tab signed in another member than this tab's. */
    isOtherMemberStored: ({ context }, params: { stored: StoredCredentials | null }) => {
      const restored = restoreFrom(params.stored);
      return restored !== null && restored.userId !== context.userId;
    },
    /** Another tab signed out: nothing restorable is stored any more. */
    isSignedOutElsewhere: (_, params: { stored: StoredCredentials | null }) => !isRestorable(params.stored),
    /** Another tab verified this member. */
    isVerifiedElsewhere: ({ context }, params: { stored: StoredCredentials | null }) => {
      const restored = restoreFrom(params.stored);
      return restored !== null && restored.userId === context.userId && restored.isVerified && !context.isVerified;
    },
  },
});

export const sessionMachine = sessionSetup
  .extend({
    actions: {
        /**
         * App start: a verified member's user details and dashboard load (announcements join
         * with their issue); the resources load them for the member once the app root tells them
         * who it is.
         */
        loadVerifiedData: sessionSetup.enqueueActions(({ enqueue, system }) => {
          enqueue.sendTo(resourcesActor({ system }), { type: 'resource.open', resource: { key: 'dashboard' } });
          enqueue.sendTo(resourcesActor({ system }), { type: 'resource.open', resource: { key: 'profile' } });
        }),
    },
  })
  .createMachine({
  id: 'session',
  initial: 'restoring',
  context: { ...loggedOutContext, origin: null, logoutReason: null },
  invoke: { id: 'watchStoredCredentials', src: 'watchStoredCredentials' },
  states: {
    /** App start: read storage, then go straight to where the user was. */
    restoring: {
      tags: 'pending',
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: [
          {
            guard: { type: 'isRestorable', params: ({ event }) => ({ stored: event.output }) },
            target: 'loggedIn',
            actions: [
              { type: 'assignRestored', params: ({ event }) => ({ stored: event.output }) },
              { type: 'applyRestoredCredentials', params: ({ event }) => ({ authToken: event.output?.authToken ?? '' }) },
            ],
          },
          { target: 'loggedOut' },
        ],
        onError: { target: 'loggedOut' },
      },
    },
    loggedOut: {
      initial: 'idle',
      on: {
        'navigation.denied': { actions: { type: 'assignOrigin', params: ({ event }) => ({ origin: event.origin }) } },
      },
      states: {
        idle: {
          on: {
            'user.login': {
              target: 'loggingIn',
              actions: { type: 'rememberAttempt', params: ({ event }) => ({ email: event.email, rememberMe: event.rememberMe }) },
            },
            'user.register': {
              target: 'registering',
              actions: {
                type: 'rememberAttempt',
                params: ({ event }) => ({ email: event.payload.email, rememberMe: event.payload.rememberMe ?? false }),
              },
            },
            'user.devLogin': { target: '#session.loggedIn', actions: 'setDevLoginFlags' },
            'credentials.changed': {
              guard: { type: 'isSignedInElsewhere', params: ({ event }) => ({ stored: event.stored }) },
              target: '#session.loggedIn',
              actions: { type: 'assignRestored', params: ({ event }) => ({ stored: event.stored }) },
            },
            'session.authenticated': {
              target: '#session.loggedIn',
              actions: [
                {
                  type: 'assignAuthenticated',
                  params: ({ event }) => ({ auth: event.auth, email: event.email, rememberMe: event.rememberMe }),
                },
                'setLoginFlags',
                {
                  type: 'storeCredentials',
                  params: ({ event }) => ({ auth: event.auth, email: event.email, rememberMe: event.rememberMe }),
                },
              ],
            },
          },
        },
        loggingIn: {
          tags: 'busy',
          invoke: {
            id: 'login',
            src: 'login',
            input: ({ event }) => {
              assertEvent(event, 'user.login');
              return { email: event.email, pwd: event.pwd };
            },
            onDone: authOutcome('setLoginFlags'),
            onError: {
              target: 'idle',
              actions: [
                { type: 'assignAuthError', params: { code: 'UNKNOWN_ERROR' } },
                { type: 'notifyAuthFailed', params: { attempt: 'login', code: 'UNKNOWN_ERROR' } },
              ],
            },
          },
        },
        registering: {
          tags: 'busy',
          invoke: {
            id: 'register',
            src: 'register',
            input: ({ event }) => {
              assertEvent(event, 'user.register');
              return event.payload;
            },
            onDone: authOutcome('setRegisterFlags'),
            onError: {
              target: 'idle',
              actions: [
                { type: 'assignAuthError', params: { code: 'UNKNOWN_ERROR' } },
                { type: 'notifyAuthFailed', params: { attempt: 'register', code: 'UNKNOWN_ERROR' } },
              ],
            },
          },
        },
      },
    },
    loggedIn: {
      initial: 'entering',
      on: {
        'user.logout': { target: 'loggingOut', actions: { type: 'startLogout', params: { reason: 'USER' } } },
        'session.expired': { target: 'loggingOut', actions: { type: 'startLogout', params: { reason: 'SESSION_EXPIRED' } } },
        'session.tokensRefreshed': { actions: 'assignTokenHeld' },
        'user.devLogin': { actions: 'setDevLoginFlags' },
        'navigation.originConsumed': { actions: 'clearOrigin' },
        'push.registered': { actions: { type: 'assignDevice', params: ({ event }) => ({ deviceId: event.deviceId }) } },
        'push.unregistered': { actions: 'clearDevice' },
        'credentials.changed': [
          {
            // Another member signed in, in another tab (which shares this tab's storage): this
            // tab drops its member's state and takes the stored session.
            guard: { type: 'isOtherMemberStored', params: ({ event }) => ({ stored: event.stored }) },
            target: '#session.loggedIn',
            reenter: true,
            actions: ['resetTokenRefresh', 'clearSession', { type: 'assignRestored', params: ({ event }) => ({ stored: event.stored }) }],
          },
          {
            // Signed out in another tab, which did the logout's steps: this tab forgets its session.
            guard: { type: 'isSignedOutElsewhere', params: ({ event }) => ({ stored: event.stored }) },
            target: 'loggedOut',
            actions: ['resetTokenRefresh', 'clearSession'],
          },
          {
            guard: { type: 'isVerifiedElsewhere', params: ({ event }) => ({ stored: event.stored }) },
            target: '.verified',
            actions: 'assignVerified',
          },
        ],
      },
      states: {
        /** Transient: every way in (restore, login, register, dev login) is routed by isVerified. */
        entering: {
          always: [{ guard: 'isVerified', target: 'verified' }, { target: 'unverified' }],
        },
        /** Only /verify is open. */
        unverified: {
          invoke: {
            id: 'verification',
            systemId: 'verification',
            src: 'verification',
            input: ({ context }) => ({ codeJustSent: context.codeJustSent }),
            onDone: { target: 'verified', actions: ['assignVerified', 'storeVerified'] },
          },
          on: { 'user.verified': { target: 'verified', actions: ['assignVerified', 'storeVerified'] } },
        },
        /** Every entry (restore, login, verification) loads the verified-only data. */
        verified: { entry: 'loadVerifiedData' },
      },
    },
    /**
     * The logout steps, in order. A failing step notifies and moves on to the next one: local data
     * is cleared whatever happened.
     */
    loggingOut: {
      tags: 'busy',
      entry: 'resetTokenRefresh',
      initial: 'unregisteringPush',
      states: {
        unregisteringPush: {
          invoke: {
            id: 'unregisterPush',
            src: 'unregisterPush',
            input: ({ context }) => ({ userId: context.userId, reason: context.logoutReason ?? 'USER', deviceId: context.deviceId }),
            onDone: { target: 'clearingUserData' },
            onError: {
              target: 'clearingUserData',
              actions: { type: 'notifyLogoutError', params: ({ event }) => ({ step: 'unregisterPush', error: event.error }) },
            },
          },
        },
        clearingUserData: {
          invoke: {
            id: 'clearUserData',
            src: 'clearUserData',
            input: ({ context }) => ({ userId: context.userId, reason: context.logoutReason ?? 'USER', deviceId: context.deviceId }),
            onDone: { target: 'revokingSession' },
            onError: {
              target: 'revokingSession',
              actions: { type: 'notifyLogoutError', params: ({ event }) => ({ step: 'clearUserData', error: event.error }) },
            },
          },
        },
        /** The server ends the session (an extra step), while the tokens are still stored. */
        revokingSession: {
          invoke: {
            id: 'revokeSession',
            src: 'revokeSession',
            input: ({ context }) => ({ userId: context.userId, reason: context.logoutReason ?? 'USER', deviceId: context.deviceId }),
            onDone: { target: 'clearingSession', actions: 'checkPendingLogouts' },
            onError: {
              target: 'clearingSession',
              actions: { type: 'notifyLogoutError', params: ({ event }) => ({ step: 'revokeSession', error: event.error }) },
            },
          },
        },
        /**
         * The synchronous steps, reached on every path. Resetting the whole store is the
         * app root's: it resets every member-scoped actor the moment the member's session ends.
         */
        clearingSession: {
          entry: ['clearTokens', 'clearPersistedState'],
          always: { target: '#session.loggedOut', actions: 'clearSession' },
        },
      },
    },
  },
});
