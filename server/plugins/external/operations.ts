import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import { pendingMigrations, pingDatabase } from '../../db/index';
import { pipTotals } from '../../db/repositories/users';
import { failure, ok } from '../../envelope';
import { RequestMetrics } from './requestMetrics';

/**
 * Operations endpoints, outside the API's prefixes and its contract:
 * - `GET /health`: liveness (the process answers; no database call).
 * - `GET /ready`: readiness: the database answers and every migration is applied; 503 otherwise.
 * - `GET /metrics`: Prometheus text: requests and latency per route, pips earned and redeemed.
 * Each app has its own registry (tests build many apps in one process).
 */
export default fp(
  async (app) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const metrics = new RequestMetrics(
      { requests: 'pips_http_requests_total', latency: 'pips_http_request_duration_seconds' },
      [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    );
    metrics.register(registry, {
      requests: 'HTTP requests answered, by method, route pattern and status.',
      latency: 'Time to answer an HTTP request, by method and route pattern.',
    });
    // Read from the balances at scrape time: exact across every instance sharing the database.
    const totals = () => pipTotals(app.db);
    new Gauge({
      name: 'pips_earned_total',
      help: 'Pips ever earned by members (from the balances, all instances).',
      registers: [registry],
      async collect() {
        this.set((await totals()).earned);
      },
    });
    new Gauge({
      name: 'pips_redeemed_total',
      help: 'Pips ever spent by members (from the balances, all instances).',
      registers: [registry],
      async collect() {
        this.set((await totals()).used);
      },
    });

    app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      // The route's pattern, never the raw URL (ids and tokens would make endless labels).
      const route = request.routeOptions.url ?? 'unmatched';
      metrics.record(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });

    app.get('/health', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok({ status: 'OK' as const });
    });

    app.get('/ready', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        await pingDatabase(app.db);
      } catch {
        return reply.code(503).send(failure('SERVICE_UNAVAILABLE', 'The database is not reachable.'));
      }
      const pending = await pendingMigrations(app.db);
      if (pending.length > 0) {
        return reply.code(503).send(failure('SERVICE_UNAVAILABLE', `Migrations not applied: ${pending.join(', ')}.`));
      }
      return ok({ status: 'OK' as const });
    });

    app.get('/metrics', async (_request, reply) => {
      reply.header('cache-control', 'no-store').type(registry.contentType);
      return registry.metrics();
    });
  },
  { name: 'operations', dependencies: ['db'] },
);
