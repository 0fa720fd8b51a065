import { fromPromise } from 'xstate';
import { oidcCallbackMachine } from '../../machines/oidcCallback.machine';
import type { CompleteSignupInput, ExchangeTicketOutput, PendingSignup, RegisterOutput } from '../../machines/oidcCallback.types';
import type { OperationInput } from '../api/client';

type OidcRegisterInput = OperationInput<'oidcRegister'>;
import { rememberMeDefault } from '../data/credentials';
import { clearPendingCommunity } from '../data/pendingCommunity';
import { clearPendingOidcSignup, readPendingOidcSignup, storePendingOidcSignup, type PendingOidcSignup } from '../data/pendingOidcSignup';
import type { SystemApi } from './api';
import type { Navigate } from './navigation';

/**
 * The Google / Apple callback bound to the browser: the ticket exchange and the first sign-in's
 * registration calls, the pending sign-up kept in this tab's storage, the router.
 */
export function oidcCallbackLogic({ systemApi: { apiOf }, navigate }: { systemApi: SystemApi; navigate: Navigate }) {
  return oidcCallbackMachine.provide({
    actors: {
      exchangeTicket: fromPromise<ExchangeTicketOutput, { ticket: string }>(async ({ input, signal, system }) => {
        const result = await apiOf(system).oidcSession({ ticket: input.ticket }, { signal });
        if (!result.success) return { ok: false, code: result.error };
        if (result.data.outcome === 'signedIn') {
          return { ok: true, outcome: 'signedIn', signedIn: { auth: result.data.auth, email: result.data.email, rememberMe: rememberMeDefault() } };
        }
        const { outcome: _outcome, ...signup } = result.data;
        return { ok: true, outcome: 'signupRequired', signup };
      }),
      readPendingSignup: fromPromise<PendingSignup | null>(async () => readPendingOidcSignup()),
      registerMember: fromPromise<RegisterOutput, { signup: PendingSignup; input: CompleteSignupInput }>(async ({ input, signal, system }) => {
        const result = await apiOf(system).oidcRegister({ ...(input.input as Omit<OidcRegisterInput, 'ticket'>), ticket: input.signup.ticket }, { signal });
        if (!result.success) return { ok: false, code: result.error };
        clearPendingCommunity();
        return { ok: true, signedIn: { auth: result.data, email: input.signup.email, rememberMe: rememberMeDefault() } };
      }),
    },
    actions: {
      storePendingSignup: (_, { signup }) => storePendingOidcSignup(signup as PendingOidcSignup),
      clearPendingSignup: () => clearPendingOidcSignup(),
      navigate: (_, { to }) => navigate(to, { replace: true }),
    },
  });
}
