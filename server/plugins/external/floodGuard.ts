import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import type { Limit } from '../../config';
import { rateLimited } from '../../errors';
import { isApiPath } from './static';

/**
 * A coarse per-address request limit for every API call, kept in memory per instance
 * (@fastify/rate-limit). The precise limits (login, verify, resend, reset…) are database-backed
 * and shared by all instances: see plugins/app/rateLimit.ts. max <= 0 turns the guard off.
 */
export default fp<{ limit: Limit }>(
  async (app, { limit }) => {
    if (limit.max <= 0) return;
    await app.register(rateLimit, {
      global: true,
      max: limit.max,
      timeWindow: limit.windowSeconds * 1000,
      // Only API calls count: loading the PWA's files is not a flood.
      allowList: (request) => !isApiPath(request.url),
      errorResponseBuilder: (_request, context) => rateLimited(Math.max(1, Math.ceil(context.ttl / 1000))),
    });
  },
  { name: 'floodGuard', dependencies: ['errorHandler'] },
);
