import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestMetrics } from '../../../../server/plugins/external/requestMetrics';

const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
const HELP = { requests: 'Requests.', latency: 'Latency.' };
const NAMES = { requests: 'x_requests_total', latency: 'x_duration_seconds' };

describe('RequestMetrics', () => {
  it('gives the same Prometheus text as prom-client\'s Counter and Histogram for the same answers', async () => {
    const ours = new Registry();
    const metrics = new RequestMetrics(NAMES, BUCKETS);
    metrics.register(ours, HELP);

    const theirs = new Registry();
    const counter = new Counter({ name: NAMES.requests, help: HELP.requests, labelNames: ['method', 'route', 'status'], registers: [theirs] });
    const histogram = new Histogram({ name: NAMES.latency, help: HELP.latency, labelNames: ['method', 'route'], buckets: BUCKETS, registers: [theirs] });

    const answers: Array<[string, string, number, number]> = [
      ['GET', '/mobile/dashboard', 200, 0.0004],
      ['GET', '/mobile/dashboard', 200, 0.001],
      ['GET', '/mobile/dashboard', 401, 0.003],
      ['POST', '/mobile/redeem', 200, 0.02],
      ['POST', '/mobile/redeem', 400, 3],
      ['GET', 'unmatched', 404, 0.25],
      ['GET', '/mobile/dashboard', 200, 0.7],
    ];
    for (const [method, route, status, seconds] of answers) {
      metrics.record(method, route, status, seconds);
      counter.inc({ method, route, status: String(status) });
      histogram.observe({ method, route }, seconds);
    }
    const text = await ours.metrics();
    expect(text).toBe(await theirs.metrics());
    expect(text).toContain('x_requests_total{method="GET",route="/mobile/dashboard",status="200"} 3');
    expect(text).toContain('x_duration_seconds_bucket{le="0.001",method="GET",route="/mobile/dashboard"} 2');
    expect(text).toContain('x_duration_seconds_bucket{le="+Inf",method="POST",route="/mobile/redeem"} 2');
  });

  it('answers empty metrics before any request', async () => {
    const registry = new Registry();
    new RequestMetrics(NAMES, BUCKETS).register(registry, HELP);
    expect(await registry.metrics()).toBe('# HELP x_requests_total Requests.\n# TYPE x_requests_total counter\n\n# HELP x_duration_seconds Latency.\n# TYPE x_duration_seconds histogram\n');
  });
});
