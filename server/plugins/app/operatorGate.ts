import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { runsCommunity } from '../../db/repositories/operators/roles';
import { AppError } from '../../errors';
import type { AuthContext } from './sessions';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The caller of an operator API call (tag `admin` of openapi.yaml): a verified account with
     * a role in some community. A member who runs none is refused with 403 FORBIDDEN before the
     * call looks anything up, so the answer never tells which ids exist.
     */
    requireOperator(request: FastifyRequest): Promise<AuthContext>;
  }
}

export default fp(
  async (app) => {
    app.decorate('requireOperator', async (request: FastifyRequest) => {
      const auth = await app.requireVerified(request);
      // One read of operator_roles by its primary key's first column.
      if (!(await runsCommunity(app.db, auth.userId))) {
        throw new AppError('FORBIDDEN', 403, 'The operator API is for the operators of a community; this account runs none.');
      }
      return auth;
    });
  },
  { name: 'operatorGate', dependencies: ['db', 'sessions'] },
);
