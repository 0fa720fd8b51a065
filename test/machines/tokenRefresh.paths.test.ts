import { tokenRefreshMachine } from '../../machines/tokenRefresh.machine';
import type { RefreshPreconditions, RefreshSessionOutput, TokenRefreshEvent } from '../../machines/tokenRefresh.types';
import { describeMachinePaths, type PathEvent } from './describePathCoverage';
import type { ActorOutputFixtures, EventFixtures } from './pathCoverage';
import { action, actorStarted, actorStopped, sendAction, type Effect } from './recording';

/** Two request ids: enough to show a second request joining the queue, and the queue stays finite. */
const events = {
  'request.unauthorized': [
    { type: 'request.unauthorized', requestId: 'r1' },
    { type: 'request.unauthorized', requestId: 'r2' },
  ],
  'session.reset': [{ type: 'session.reset' }],
} satisfies EventFixtures<TokenRefreshEvent>;

const outputs = {
  readRefreshPreconditions: [
    { rememberMe: 'true', hasRefreshToken: true },
    { rememberMe: 'false', hasRefreshToken: true },
    { rememberMe: null, hasRefreshToken: true },
    { rememberMe: 'true', hasRefreshToken: false },
  ],
  refreshSession: [
    { ok: true, authToken: 'new-auth-token', refreshToken: 'new-refresh-token' },
    { ok: true, authToken: '', refreshToken: '' },
    { ok: false, serverCode: 'INVALID_REFRESH_TOKEN' },
  ],
  // A callback actor: it only sends request.unauthorized, it never answers.
  watchUnauthorized: [undefined],
} satisfies ActorOutputFixtures<typeof tokenRefreshMachine>;

/**
 * The rules (the session refresh): the first call that got 401/403 starts one
 * refresh; later ones wait in the queue (each once). A refresh is allowed only when rememberMe is
 * exactly 'true' (else REFRESH_DISABLED) and a refresh token is stored (else
 * MISSING_REFRESH_TOKEN). A success stores the rotated tokens first, tells the session, then
 * retries every waiting call with the new token. Any failure (refused, no token in the answer,
 * the call broke: REFRESH_FAILED) rejects every waiting call, toasts that the session expired and
 * logs the member out. The session ending drops the queue and abandons the refresh, without
 * logging out again.
 */
function tokenRefreshRules() {
  let phase: 'idle' | 'checking' | 'refreshing' = 'idle';
  let queue: string[] = [];
  let errorCode: string | null = null;
  const fail = (code: string): Effect[] => {
    const effects = [
      action('rejectQueued', { requestIds: queue, code }),
      action('notifySessionExpired', { code }),
      sendAction('expireSession', 'session', { type: 'session.expired' }),
    ];
    [phase, queue, errorCode] = ['idle', [], code];
    return effects;
  };
  return {
    // The API client's 401s are heard from the start (they arrive as request.unauthorized).
    started: [actorStarted('watchUnauthorized')],
    on(event: PathEvent<TokenRefreshEvent>): Effect[] {
      switch (event.type) {
        case 'request.unauthorized':
          if (!queue.includes(event.requestId)) queue = [...queue, event.requestId];
          if (phase !== 'idle') return [];
          phase = 'checking';
          errorCode = null;
          return [actorStarted('readRefreshPreconditions')];
        case 'session.reset': {
          if (phase === 'idle') throw new Error('nothing to reset');
          const abandoned = phase === 'checking' ? 'readRefreshPreconditions' : 'refreshSession';
          const effects = [action('rejectQueued', { requestIds: queue, code: 'SESSION_RESET' }), actorStopped(abandoned)];
          [phase, queue, errorCode] = ['idle', [], 'SESSION_RESET'];
          return effects;
        }
        case 'xstate.done.actor.readRefreshPreconditions': {
          const pre = event.output as RefreshPreconditions;
          if (pre.rememberMe !== 'true') return fail('REFRESH_DISABLED');
          if (!pre.hasRefreshToken) return fail('MISSING_REFRESH_TOKEN');
          phase = 'refreshing';
          return [actorStarted('refreshSession')];
        }
        case 'xstate.error.actor.readRefreshPreconditions':
        case 'xstate.error.actor.refreshSession':
          return fail('REFRESH_FAILED');
        case 'xstate.done.actor.refreshSession': {
          const output = event.output as RefreshSessionOutput;
          if (!output.ok || !output.authToken) return fail('REFRESH_FAILED');
          const effects = [
            action('storeRefreshedTokens', { authToken: output.authToken, refreshToken: output.refreshToken }),
            sendAction('tellSessionRefreshed', 'session', { type: 'session.tokensRefreshed' }),
            action('retryQueued', { authToken: output.authToken, requestIds: queue }),
          ];
          [phase, queue, errorCode] = ['idle', [], null];
          return effects;
        }
        default:
          throw new Error(`the rules have no ${event.type}`);
      }
    },
    meaning: () => ({ busy: phase !== 'idle', queue, errorCode }),
  };
}

describeMachinePaths({
  name: 'tokenRefresh',
  machine: tokenRefreshMachine,
  events,
  outputs,
  meaning: (s) => ({ busy: s.hasTag('busy'), queue: s.context.queue, errorCode: s.context.errorCode }),
  oracle: tokenRefreshRules,
  words: {
    events: {
      'request.unauthorized': (e) => `call ${e.requestId} is refused as unauthorized`,
      'session.reset': 'the session ends',
      'xstate.done.actor.readRefreshPreconditions': (e) => {
        const pre = e.output as RefreshPreconditions;
        const remember = pre.rememberMe === null ? 'no remember-me choice' : `remember me ${pre.rememberMe === 'true' ? 'on' : 'off'}`;
        return `${remember}, ${pre.hasRefreshToken ? 'a refresh token stored' : 'no refresh token stored'}`;
      },
      'xstate.error.actor.readRefreshPreconditions': 'reading the stored settings breaks',
      'xstate.done.actor.refreshSession': (e) => {
        const output = e.output as RefreshSessionOutput;
        if (!output.ok) return `the refresh is refused (${output.serverCode})`;
        return output.authToken ? 'the refresh gives new tokens' : 'the refresh answers without a token';
      },
      'xstate.error.actor.refreshSession': 'the refresh call breaks',
    },
    outcome: (m) => {
      if (m.busy) return `a refresh runs while ${m.queue.join(' and ')} wait${m.queue.length === 1 ? 's' : ''}`;
      if (m.errorCode === 'SESSION_RESET') return 'the waiting calls are dropped, with no second logout';
      if (m.errorCode) return `the waiting calls fail (${m.errorCode}) and the member is logged out`;
      return 'no refresh runs and no call waits';
    },
  },
});
