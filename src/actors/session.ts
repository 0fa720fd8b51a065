import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { sessionMachine } from '../../machines/session.machine';
import type { AuthResult, LoginInput, LogoutInput, RegistrationPayload, StoredCredentials } from '../../machines/session.types';
import { verificationMachine } from '../../machines/verification.machine';
import type { VerificationCallOutput, VerifyCodeInput } from '../../machines/verification.types';
import type { Api, ApiResult, AuthData } from '../api/client';
import {
  credentialKeys,
  clearCredentials,
  readAuthToken,
  readRefreshToken,
  readStoredCredentials,
  storeCredentials,
  storeVerified,
} from '../data/credentials';
import { clearPendingCommunity } from '../data/pendingCommunity';
import { i18n } from '../i18n/i18n';
import { actorMessages, registerErrorFallback, registerErrors } from './messages';
import type { SystemApi } from './api';
import { revokeSession } from './pendingLogouts';
import type { PushBrowser } from './pushBrowser';
import { showToast } from './toast';
import { browserOnline } from './watchOnline';

/** An API answer as the session machine reads it: auth data, or the error code as data. */
export function toAuthResult(result: ApiResult<AuthData>): AuthResult {
  if (!result.success) return { ok: false, code: result.error };
  const { authToken, refreshToken, userId, isVerified } = result.data;
  return { ok: true, authToken, refreshToken, userId, isVerified };
}

/**
 * Registration: tokenize(register) turns the password into a password token, then
 * registerUser gets exactly the registration payload (password, verifyPassword and
 * termsAccepted never leave the browser; phone is '' when absent).
 */
export async function registerAccount(api: Api, input: RegistrationPayload, signal?: AbortSignal): Promise<AuthResult> {
  const tokenized = await api.tokenize({ tokenType: 'register', password: input.password }, { signal });
  if (!tokenized.success) return { ok: false, code: tokenized.error };
  const passwordToken = tokenized.data.token;
  if (!passwordToken) return { ok: false, code: 'PASSWORD_TOKEN_FAILED' };

  const result = await api.registerUser(
    {
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      passwordToken,
      dayOfBirth: input.dayOfBirth || undefined,
      phone: input.phone ?? '',
      customTermsAccepted: input.customTermsAccepted ? 'true' : 'false',
      communityId: input.communityId,
      guardianConsent: input.guardianConsent === undefined ? undefined : input.guardianConsent ? 'true' : 'false',
    },
    { signal },
  );
  if (result.success) clearPendingCommunity();
  return toAuthResult(result);
}

const storedKeys = new Set<string>(Object.values(credentialKeys));

/**
 * The browser's storage event: another tab logged in, out, or verified. A cleared storage
 * (`key` null) counts too.
 */
export function watchStoredCredentials(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
  read: () => StoredCredentials | null = readStoredCredentials,
) {
  return fromCallback<EventObject>(({ sendBack }) => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && !storedKeys.has(event.key)) return;
      sendBack({ type: 'credentials.changed', stored: read() });
    };
    target.addEventListener('storage', onStorage as EventListener);
    return () => target.removeEventListener('storage', onStorage as EventListener);
  });
}

const toCallOutput = (result: ApiResult<unknown>): VerificationCallOutput =>
  result.success ? { ok: true } : { ok: false, code: result.error };

/** The local databases (Dexie) load with the first logout, not with the login screen. */
const userData = () => import('../data/clearUserData');

export interface SessionDeps {
  systemApi: SystemApi;
  readStored?: () => StoredCredentials | null;
  storage?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** The browser's Web Push surface (the logout drops this browser's subscription). */
  push?: PushBrowser;
}

/**
 * The session machine bound to the browser: the API client, localStorage (and its storage event,
 * so tabs agree on who is signed in), and the local databases; the e-mail verification it invokes
 * bound to the verify call; the logout's first step drops the push subscription (browser and server).
 */
export function sessionLogic({ systemApi: { apiOf }, readStored = readStoredCredentials, storage, push }: SessionDeps) {
  return sessionMachine.provide({
    actors: {
      restoreSession: fromPromise(async () => readStored()),
      watchStoredCredentials: watchStoredCredentials(storage, () => readStored()),
      login: fromPromise<AuthResult, LoginInput>(async ({ input, signal, system }) => toAuthResult(await apiOf(system).login(input, { signal }))),
      register: fromPromise<AuthResult, RegistrationPayload>(({ input, signal, system }) => registerAccount(apiOf(system), input, signal)),
      verification: verificationMachine.provide({
        actors: {
          verifyCode: fromPromise<VerificationCallOutput, VerifyCodeInput>(async ({ input, signal, system }) =>
            toCallOutput(await apiOf(system).verify({ code: input.code }, { signal })),
          ),
          resendCode: fromPromise<VerificationCallOutput>(async ({ signal, system }) =>
            toCallOutput(await apiOf(system).verify({ op: 'resend' }, { signal })),
          ),
          // The resend's countdown: a tick a second while it runs.
          resendTimer: fromCallback(({ sendBack }) => {
            const timer = setInterval(() => sendBack({ type: 'cooldown.tick' }), 1000);
            return () => clearInterval(timer);
          }),
        },
      }),
      // The push helpers come with the first logout (a visit that never logs out never loads them).
      unregisterPush: fromPromise<void, LogoutInput>(async ({ input, system }) => {
        const { browserPush, unregisterPushOnLogout } = await import('./pushBrowser');
        await unregisterPushOnLogout(apiOf(system), push ?? browserPush, input);
      }),
      clearUserData: fromPromise<void, LogoutInput>(async ({ input }) => (await userData()).clearUserData(input.userId)),
      revokeSession: fromPromise<void, LogoutInput>(({ system }) =>
        revokeSession(
          apiOf(system),
          { authToken: readAuthToken() ?? undefined, refreshToken: readRefreshToken() ?? undefined },
          browserOnline(),
        ),
      ),
    },
    actions: {
      storeCredentials: (_, { auth, email, rememberMe }) => storeCredentials({ ...auth, email, rememberMe }),
      storeVerified: () => storeVerified(),
      clearTokens: () => clearCredentials(),
      clearPersistedState: () => void userData().then((data) => data.clearPersistedUser()).catch(() => {}),
      notifyLogoutError: () => showToast('error', () => i18n._(actorMessages.logoutError), { id: 'logout-error' }),
      // A failed login is said under the login form, a taken e-mail on the sign-up form's e-mail
      // field; any other failed registration raises a toast.
      notifyAuthFailed: (_, { attempt, code }) => {
        if (attempt === 'register' && code !== 'EMAIL_TAKEN') {
          showToast('error', () => i18n._(registerErrors[code] ?? registerErrorFallback), { id: 'signup-error' });
        }
      },
    },
  });
}
