import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import { accountHandlers } from './account';
import { dashboardHandlers } from './dashboard';
import { earningHandlers } from './earning';
import { extensionHandlers } from './extensions';
import type { Handler, Handlers } from './handlers';
import { oidcHandlers } from './oidc';
import { questionnaireHandlers } from './questionnaires';
import { rewardHandlers } from './rewards';

export type { Handler, Handlers } from './handlers';

/** Every implemented operation of openapi.yaml, keyed by operationId. */
export function createHandlers(app: FastifyInstance): Handlers {
  return {
    ...accountHandlers(app),
    ...dashboardHandlers(app),
    ...earningHandlers(app),
    ...rewardHandlers(app),
    ...questionnaireHandlers(app),
    ...extensionHandlers(app),
    ...oidcHandlers(app),
  };
}

/** What an operation of a later issue answers: 501 in the envelope (after validation and auth). */
export function notImplemented(operationId: string): Handler {
  return async () => {
    throw new AppError('NOT_IMPLEMENTED', 501, `${operationId} is not implemented yet.`);
  };
}
