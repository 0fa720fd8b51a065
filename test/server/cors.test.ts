import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from './helpers/databases';
import { createHarness, type Harness } from './helpers/harness';

/**
 * CORS (issue 13): only the origins the operator configured may call the API from another site;
 * with none configured (the default: the PWA is same-origin) no site gets an allow header.
 */
describe.each(backends.filter((b) => b.name === 'pglite'))('CORS on $name', (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(backend);
  });
  afterAll(() => h?.close());

  const preflight = (app: Harness['app'], origin: string) =>
    app.inject({
      method: 'OPTIONS',
      url: '/mobile/dashboard',
      headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });

  it('gives no site an allow header when no origin is configured', async () => {
    const answer = await h.app.inject({ method: 'GET', url: '/mobile/promos/get', headers: { origin: 'https://evil.example' } });
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    const asked = await preflight(h.app, 'https://evil.example');
    expect(asked.headers['access-control-allow-origin']).toBeUndefined();
    expect(asked.statusCode).toBeGreaterThanOrEqual(400);
    expect(asked.statusCode).toBeLessThan(500);
  });

  it('answers the preflight and the call of a configured origin, and nobody else', async () => {
    const app = await h.buildApp({ corsOrigins: ['https://app.example.org'] });

    const allowed = await preflight(app, 'https://app.example.org');
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example.org');
    expect(String(allowed.headers['access-control-allow-methods'])).toContain('GET');
    expect(String(allowed.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    expect(allowed.headers['access-control-allow-credentials']).toBeUndefined();

    const call = await app.inject({ method: 'GET', url: '/mobile/dashboard', headers: { origin: 'https://app.example.org' } });
    expect(call.statusCode).toBe(401);
    expect(call.headers['access-control-allow-origin']).toBe('https://app.example.org');
    expect(String(call.headers['access-control-expose-headers']).toLowerCase()).toContain('x-request-id');

    for (const origin of ['https://evil.example', 'https://app.example.org.evil.example', 'http://app.example.org']) {
      const refused = await preflight(app, origin);
      expect(refused.headers['access-control-allow-origin'], origin).toBeUndefined();
      const other = await app.inject({ method: 'GET', url: '/mobile/dashboard', headers: { origin } });
      expect(other.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
  });
});
