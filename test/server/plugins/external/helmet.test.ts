import { describe, expect, it } from 'vitest';
import { apiHeaders, helmetOptions, securityHeaders } from '../../../../server/plugins/external/helmet';
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

describe('the headers of an API answer', () => {
  it('are OWASP\'s REST set: a CSP that allows nothing and no framing, nosniff, no referrer, no caching; HSTS only over https', () => {
    const plain = apiHeaders(false);
    expect(plain).toEqual({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'cross-origin-resource-policy': 'same-origin',
      'cache-control': 'no-store',
    });
    expect(apiHeaders(true)['strict-transport-security']).toBe(securityHeaders(helmetOptions(true))['strict-transport-security']);
  });
});

describe.each(backends)('security headers on every response on $name', (backend) => {
  const h = useHarness(backend);

  it('on an answer, an error envelope and an unknown API path: the API set', async () => {
    const responses = [
      await h.call({ url: '/api/health' }),
      await h.call({ url: '/mobile/dashboard' }),
      await h.call({ url: '/mobile/no-such-call' }),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 401, 404]);
    for (const response of responses) {
      for (const [name, value] of Object.entries(apiHeaders(false))) expect(response.headers[name], name).toBe(value);
      expect(response.headers['x-powered-by']).toBeUndefined();
      expect(response.headers['x-xss-protection']).toBeUndefined();
    }
  });

  it('on the app shell and a page route: the document set, with its own caching', async () => {
    for (const url of ['/', '/login', '/manifest.webmanifest']) {
      const response = await h.call({ url });
      expect(response.status, url).toBe(200);
      for (const [name, value] of Object.entries(securityHeaders(helmetOptions(false)))) expect(response.headers[name], `${url} ${name}`).toBe(value);
      expect(response.headers['cache-control'], url).not.toBe('no-store');
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });
});
