import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../helpers/databases';
import { createHarness, TEST_PASSWORD, type Harness } from '../../helpers/harness';
import { SPANISH_ERROR_MESSAGES } from '../../../../server/i18n/errorMessages';

/**
 * The server's answers once it drains (SIGTERM, issue 46): what a client sees instead of
 * Fastify's bare `503 {"error":"Service Unavailable"}`. The real signal under load is in
 * test/server/shutdownLoad.test.ts.
 */
describe.each(backends)('draining on $name', (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(backend);
  });
  afterAll(() => h.close());

  it('answers every request that arrives after drain() 503 SERVICE_UNAVAILABLE in the envelope, with Retry-After, X-Request-Id and Connection: close', async () => {
    const member = await h.registerVerified();
    expect((await h.call({ url: '/mobile/dashboard', token: member.authToken })).status).toBe(200);

    await h.app.drain();
    const calls = [
      await h.call({ url: '/mobile/dashboard', token: member.authToken }),
      await h.call({ method: 'POST', url: '/mobile/login', form: { email: member.email, pwd: TEST_PASSWORD } }),
      await h.call({ url: '/ready' }),
      await h.call({ url: '/login' }),
    ];
    for (const answer of calls) {
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({
        status: 'ERROR',
        success: false,
        data: null,
        error: { code: 'SERVICE_UNAVAILABLE', message: 'The server is restarting; please try again in a few seconds.' },
        message: 'The server is restarting; please try again in a few seconds.',
      });
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
      expect(answer.headers.connection).toBe('close');
    }
    // A member whose app asks in Spanish reads it in Spanish.
    const spanish = await h.call({ url: '/mobile/dashboard', token: member.authToken, headers: { 'accept-language': 'es' } });
    expect(spanish.status).toBe(503);
    expect(spanish.body.error).toEqual({ code: 'SERVICE_UNAVAILABLE', message: SPANISH_ERROR_MESSAGES.SERVICE_UNAVAILABLE });
    // A proxy's request id is kept on the 503 too.
    const traced = await h.call({ url: '/mobile/dashboard', headers: { 'x-request-id': 'proxy-req-0001' } });
    expect(traced.headers['x-request-id']).toBe('proxy-req-0001');
    expect(h.violations).toEqual([]);
  });
});
