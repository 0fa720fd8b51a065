import { describe, expect, it } from 'vitest';
import { createHandlers } from '../../../../server/routes/index';
import { backends } from '../../helpers/databases';
import { useHarness, expectFailure, expectOk } from '../../helpers/harness';
import { compileSchema } from '../../../../server/plugins/external/openapi';
import { listOperations, sampleRequest, type Operation } from '../../helpers/openapiSamples';

const operations = listOperations();

describe('openapi.yaml and the handlers', () => {
  it('has a handler for every operation of this issue, and no handler without an operation', () => {
    const ids = new Set(operations.map((o) => o.operationId));
    const handlers = Object.keys(createHandlers({} as never));
    expect(handlers.filter((id) => !ids.has(id))).toEqual([]);
    for (const id of [
      'tokenize', 'registerUser', 'login', 'verify', 'changePassword', 'resetPasswordStart', 'resetPasswordFinish',
      'refreshSession', 'emailExists', 'getUser', 'updateUser', 'deleteUser', 'setDeviceIdentifier',
      'deleteDeviceIdentifier', 'getDashboard', 'getCommunity', 'health',
    ]) {
      expect(handlers, id).toContain(id);
    }
  });
});

describe('the handlers', () => {
  it('has a handler for every routed operation (none is left answering 501 NOT_IMPLEMENTED)', () => {
    const implemented = new Set(Object.keys(createHandlers({} as never)));
    const missing = operations.filter((o) => o.routed && !implemented.has(o.operationId)).map((o) => o.operationId);
    expect(missing).toEqual([]);
  });
});

describe.each(backends)('contract plumbing on $name', (backend) => {
  const h = useHarness(backend);

  it('authenticates, checks verification and validates before any handler runs', async () => {
    const unverified = await h.register();
    expectFailure(await h.call({ url: '/mobile/contest/trivia/3/charts' }), 401, 'UNAUTHORIZED');
    expectFailure(await h.call({ url: '/mobile/contest/trivia/3/charts', token: unverified.authToken }), 403, 'ACCOUNT_NOT_VERIFIED');
    const verified = await h.registerVerified();
    const invalid = await h.call({ url: '/mobile/contest/trivia/abc/charts', token: verified.authToken });
    expectFailure(invalid, 400, 'VALIDATION_ERROR');
    expect(invalid.body.error.message).toMatch(/id/);
  });

  it('refuses a query parameter an operation does not declare with 400 naming it, on every operation but the browser navigations', async () => {
    const member = await h.registerVerified();
    const answers: string[] = [];
    // The body is validated before the query: operations whose minimal sample body is not a valid
    // one (a date, a non-empty change) are left out.
    const validSample = (o: Operation) => !o.body || compileSchema(o.body.schema, o.body.mediaType === 'application/json')(sampleRequest(o).body) === true;
    const covered = operations.filter((o) => o.routed && !o.navigation && validSample(o));
    for (const operation of covered) {
      const sample = sampleRequest(operation);
      const body = operation.body?.mediaType === 'application/json' ? { json: sample.body } : sample.body ? { form: sample.body as Record<string, string> } : {};
      const response = await h.call({ method: operation.method as 'GET', url: sample.url, query: { ...sample.query, cacheBuster: '1' }, ...body, token: member.authToken });
      answers.push(`${operation.operationId} ${response.status} ${response.body?.error?.code} ${response.body?.error?.message}`);
    }
    expect(covered.length).toBeGreaterThan(80);
    expect(covered.filter((o) => o.tags.includes('admin')).length).toBeGreaterThan(30);
    expect(answers.filter((answer) => !answer.endsWith(' 400 VALIDATION_ERROR cacheBuster (query): is not an allowed field'))).toEqual([]);
    // The declared ones still pass; a provider's own parameters on its callback are ignored.
    expectOk(await h.call({ url: '/mobile/promos/get', query: { type: 'EARN' }, token: member.authToken }));
    const callback = await h.call({ url: '/web/auth/google/callback', query: { code: 'c', state: 's', scope: 'openid', authuser: '0', prompt: 'none' } });
    expect(callback.status).toBe(302);
  });

  it('names the offending field in validation errors', async () => {
    const missing = expectFailure(await h.call({ method: 'POST', url: '/mobile/login', form: { email: 'a@example.com' } }), 400, 'VALIDATION_ERROR');
    expect(missing.error.message).toMatch(/pwd/);
    const unknown = expectFailure(
      await h.call({ method: 'POST', url: '/mobile/login', form: { email: 'a@example.com', pwd: 'x', admin: 'true' } }),
      400,
      'VALIDATION_ERROR',
    );
    expect(unknown.error.message).toMatch(/admin/);
    const pattern = expectFailure(await h.call({ url: '/web/user/email', query: { email: 'no-at-sign' } }), 400, 'VALIDATION_ERROR');
    expect(pattern.error.message).toMatch(/email/);
    expect(pattern.error.message).not.toContain('no-at-sign');
  });

  it('refuses content types the operation does not declare (415)', async () => {
    const form = 'email=a%40example.com&pwd=x';
    const json = JSON.stringify({ email: 'a@example.com', pwd: 'x' });
    expectFailure(await h.call({ method: 'POST', url: '/mobile/login', body: json, headers: { 'content-type': 'application/json' } }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectFailure(await h.call({ method: 'POST', url: '/mobile/login', body: form, headers: { 'content-type': 'text/plain' } }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectFailure(await h.call({ method: 'POST', url: '/mobile/login', body: form, headers: { 'content-type': 'application/xml' } }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectFailure(await h.call({ method: 'POST', url: '/mobile/login', body: form, headers: { 'content-type': 'application/manifest+json' } }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectFailure(await h.call({ method: 'POST', url: '/mobile/login', body: form, headers: { 'content-type': 'not a media type' } }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    // A call without a body refuses one.
    expectFailure(await h.call({ method: 'PUT', url: '/web/user/password/reset/start', query: { email: 'a@example.com' }, json: { x: 1 } }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    // The questionnaire answers take JSON only.
    const user = await h.registerVerified();
    expectFailure(await h.call({ method: 'POST', url: '/web/questionnaires/1/answers', form: { answers: 'x' }, token: user.authToken }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    // A charset parameter is fine.
    expectFailure(
      await h.call({ method: 'POST', url: '/mobile/login', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' } }),
      401,
      'INVALID_CREDENTIALS',
    );
  });

  it('treats a form call without a body as an empty form', async () => {
    const response = expectFailure(await h.call({ method: 'POST', url: '/mobile/login' }), 400, 'VALIDATION_ERROR');
    expect(response.error.message).toMatch(/email|pwd/);
  });

  it('answers 400 for malformed JSON and prototype poisoning', async () => {
    const user = await h.registerVerified();
    const post = (body: string) =>
      h.call({ method: 'POST', url: '/web/questionnaires/1/answers', body, headers: { 'content-type': 'application/json' }, token: user.authToken });
    expectFailure(await post('{"answers":'), 400, 'VALIDATION_ERROR');
    expectFailure(await post(''), 400, 'VALIDATION_ERROR');
    expectFailure(await post('{"answers":{},"__proto__":{"admin":true}}'), 400, 'VALIDATION_ERROR');
    expectFailure(await post('{"answers":{"constructor":{"prototype":{"x":1}}}}'), 400, 'VALIDATION_ERROR');
  });

  it('answers 413 for a body over the limit', async () => {
    const response = await h.call({ method: 'POST', url: '/mobile/login', form: { email: 'a@example.com', pwd: 'x'.repeat(h.config.bodyLimitBytes) } });
    expectFailure(response, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('answers 404 NOT_FOUND and 405 METHOD_NOT_ALLOWED on API paths', async () => {
    expectFailure(await h.call({ url: '/mobile/nothing-here' }), 404, 'NOT_FOUND');
    expectFailure(await h.call({ method: 'POST', url: '/api/nothing' }), 404, 'NOT_FOUND');
    expectFailure(await h.call({ url: '/web' }), 404, 'NOT_FOUND');
    const wrongMethod = await h.call({ method: 'GET', url: '/mobile/login' });
    expectFailure(wrongMethod, 405, 'METHOD_NOT_ALLOWED');
    expect(wrongMethod.headers.allow).toBe('POST');
    expectFailure(await h.call({ method: 'DELETE', url: `/web/community/${h.community.id}` }), 405, 'METHOD_NOT_ALLOWED');
  });

  it('sends defensive headers and keeps API answers out of caches', async () => {
    const response = await h.call({ url: '/api/health' });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(String(response.headers['content-type'])).toMatch(/^application\/json/);
  });

  it('reports responses that break their schema (the check itself works)', async () => {
    const seen: unknown[] = [];
    const { buildApp } = await import('../../../../server/app');
    const { loadSpecification } = await import('../../../../server/plugins/external/openapi');
    const spec = loadSpecification() as { components: { schemas: { StatusOk: { properties: { status: { enum: string[] } } } } } };
    spec.components.schemas.StatusOk.properties.status.enum = ['NEVER'];
    const app = await buildApp({ db: h.db, mailer: h.mailer, config: h.config, specification: spec, onContractViolation: (v) => seen.push(v) });
    try {
      const response = await app.inject({ url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatchObject({ operationId: 'health', statusCode: 200 });
    } finally {
      await app.close();
    }
  });

  it('serves the manifest as application/manifest+json, not enveloped', async () => {
    const response = await h.call({ url: '/manifest.webmanifest' });
    expect(response.status).toBe(200);
    expect(String(response.headers['content-type'])).toMatch(/^application\/manifest\+json/);
    expect(response.body.name).toBeTruthy();
    expect(response.body.success).toBeUndefined();
  });

  it('accepts what the login call documents and nothing else', async () => {
    const user = await h.register();
    expectOk(await h.call({ method: 'POST', url: '/mobile/login', form: { email: user.email, pwd: user.password } }));
  });
});
