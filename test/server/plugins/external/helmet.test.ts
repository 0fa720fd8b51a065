import { describe, expect, it } from 'vitest';
import { helmetOptions, securityHeaders } from '../../../../server/plugins/external/helmet';
import { backends } from '../../helpers/databases';
import { useHarness } from '../../helpers/harness';

describe('the security headers, computed once', () => {
  it('allow no inline or foreign script, forbid framing and referrers, and pin https only when served over https', () => {
    const plain = securityHeaders(helmetOptions(false));
    const csp = plain['content-security-policy'];
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(plain['x-content-type-options']).toBe('nosniff');
    expect(plain['x-frame-options']).toBe('DENY');
    expect(plain['referrer-policy']).toBe('no-referrer');
    expect(plain['strict-transport-security']).toBeUndefined();

    const secure = securityHeaders(helmetOptions(true));
    expect(secure['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    expect(secure['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});

describe.each(backends)('security headers on every response on $name', (backend) => {
  const h = useHarness(backend);
  const expected = securityHeaders(helmetOptions(false));

  it('on an answer, an error envelope, an unknown path and the app shell alike', async () => {
    const responses = [
      await h.call({ url: '/api/health' }),
      await h.call({ url: '/mobile/dashboard' }),
      await h.call({ url: '/mobile/no-such-call' }),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 401, 404]);
    for (const response of responses) {
      for (const [name, value] of Object.entries(expected)) expect(response.headers[name], name).toBe(value);
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });
});
