import type { FastifyInstance } from 'fastify';
import { accountHandlers } from './account';
import { adminHandlers } from './admin';
import { announcementHandlers } from './announcements';
import { contestHandlers } from './contests';
import { dashboardHandlers } from './dashboard';
import { earnHandlers } from './earn';
import { extensionHandlers } from './extensions';
import type { Handlers } from './handlers';
import { oidcHandlers } from './oidc';
import { promoHandlers } from './promos';
import { questionnaireHandlers } from './questionnaires';
import { rewardHandlers } from './rewards';
import { triviaHandlers } from './trivia';

export type { Handler, Handlers, RequestOf } from './handlers';

/**
 * The hot operations whose handlers check the session in the same statement as their work
 * (`app.verifiedWith`, `app.callerOf`): the openapi plugin's preHandler skips its own lookup.
 */
export const SELF_AUTHENTICATING: ReadonlySet<string> = new Set(['getDashboard', 'getDashboardActions', 'getPromos', 'redeem', 'earnQr']);

/** Every implemented operation of openapi.yaml, keyed by operationId. */
export function createHandlers(app: FastifyInstance): Handlers {
  return {
    ...accountHandlers(app),
    ...dashboardHandlers(app),
    ...promoHandlers(app),
    ...earnHandlers(app),
    ...rewardHandlers(app),
    ...questionnaireHandlers(app),
    ...announcementHandlers(app),
    ...extensionHandlers(app),
    ...oidcHandlers(app),
    ...contestHandlers(app),
    ...triviaHandlers(app),
    ...adminHandlers(app),
  };
}
