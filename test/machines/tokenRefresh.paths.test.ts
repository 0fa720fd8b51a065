import { tokenRefreshMachine } from '../../machines/tokenRefresh.machine';
import type { TokenRefreshEvent } from '../../machines/tokenRefresh.types';
import {
  actorEvents,
  userEvents,
  type ActorOutputFixtures,
  type EventFixtures,
} from './pathCoverage';
import { describePathCoverage } from './describePathCoverage';

/** Two request ids: enough to show a second request joining the queue, and the queue stays finite. */
const eventFixtures = {
  'request.unauthorized': [
    { type: 'request.unauthorized', requestId: 'r1' },
    { type: 'request.unauthorized', requestId: 'r2' },
  ],
  'session.reset': [{ type: 'session.reset' }],
} satisfies EventFixtures<TokenRefreshEvent>;

const outputFixtures = {
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
} satisfies ActorOutputFixtures<typeof tokenRefreshMachine>;

const events = [...userEvents(eventFixtures), ...actorEvents(tokenRefreshMachine, outputFixtures)];
describePathCoverage('tokenRefresh', tokenRefreshMachine, { events });
