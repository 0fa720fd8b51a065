import { fromPromise } from 'xstate';
import { sessionMachine } from '../../machines/session.machine';
import type { AuthResult, LoginInput, LogoutInput, RegistrationPayload, StoredCredentials } from '../../machines/session.types';
import type { Api, ApiResult, AuthData } from '../api/client';
import { i18n } from '../i18n/i18n';
import { clearCredentials, readStoredCredentials, storeCredentials, storeVerified } from './credentials';
import { actorMessages } from './actorMessages';
import { clearPendingCommunity } from './pendingCommunity';
import { showToast } from './toast';

/** An API answer as the session machine reads it: auth data, or the error code as data. */
export function toAuthResult(result: ApiResult<AuthData>): AuthResult {
  if (!result.success) return { ok: false, code: result.error };
  const { authToken, refreshToken, userId, isVerified } = result.data;
  return { ok: true, authToken, refreshToken, userId, isVerified };
}

/**
 * SPEC §3 registration: tokenize(register) turns the password into a password token, then
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

export interface SessionDeps {
  api: Api;
  readStored?: () => StoredCredentials | null;
}

/**
 * The session machine bound to the browser: the API client, localStorage and the local
 * databases. Push unregistration arrives with a later issue; until then that logout step keeps
 * the machine's default (nothing to undo).
 */
/** The local databases (Dexie) load with the first logout, not with the login screen. */
const userData = () => import('../data/clearUserData');

export function createSessionLogic({ api, readStored = readStoredCredentials }: SessionDeps) {
  return sessionMachine.provide({
    actors: {
      restoreSession: fromPromise(async () => readStored()),
      login: fromPromise<AuthResult, LoginInput>(async ({ input, signal }) =>
        toAuthResult(await api.login(input, { signal })),
      ),
      register: fromPromise<AuthResult, RegistrationPayload>(({ input, signal }) => registerAccount(api, input, signal)),
      clearUserData: fromPromise<void, LogoutInput>(async ({ input }) => (await userData()).clearUserData(input.userId)),
    },
    actions: {
      storeCredentials: (_, { auth, email, rememberMe }) => storeCredentials({ ...auth, email, rememberMe }),
      storeVerified: () => storeVerified(),
      clearTokens: () => clearCredentials(),
      resetStores: () => void userData().then((data) => data.resetDataStores()),
      clearPersistedState: () => void userData().then((data) => data.clearPersistedUser()).catch(() => {}),
      notifyLogoutError: () => showToast('error', i18n._(actorMessages.logoutError), { id: 'logout-error' }),
    },
  });
}

export type SessionLogic = ReturnType<typeof createSessionLogic>;
