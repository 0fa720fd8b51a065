// @vitest-environment node
/**
 * The contract (openapi.yaml) is valid, covers every call the app makes, matches the
 * generated client types and the client's operation table, and loads in the server's validator.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { validate } from '@readme/openapi-parser';
import fc from 'fast-check';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { NAVIGATIONS, OPERATIONS, pathParamNames, type OperationSpec } from '../../src/api/operations';
import { OPERATIONS_PATH, renderOperations, renderSchema, SCHEMA_PATH } from '../../scripts/gen-api';

const root = fileURLToPath(new URL('../../', import.meta.url));
const yamlPath = `${root}openapi.yaml`;
/** Every call the app makes to the server (method path), one a line. */
const callsPath = `${root}scripts/spec-calls.txt`;
const yamlText = readFileSync(yamlPath, 'utf8');

// The document is walked dynamically; its shape is checked by the assertions themselves.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
const doc = parse(yamlText) as Json;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const TAGS = ['account', 'dashboard', 'rewards', 'announcements', 'forms', 'contests', 'other', 'pwa', 'extensions', 'admin'];

interface DocOperation {
  method: string;
  path: string;
  operation: Json;
}

const docOperations: DocOperation[] = Object.entries(doc.paths as Json).flatMap(([path, item]) =>
  METHODS.filter((method) => item[method]).map((method) => ({ method, path, operation: item[method] })),
);

/** Follows a local `#/components/...` reference. */
function deref(node: Json): Json {
  if (typeof node?.$ref !== 'string') return node;
  return deref(
    node.$ref
      .slice(2)
      .split('/')
      .reduce((at: Json, key: string) => at[key], doc),
  );
}

/** Operations the browser navigates to: they answer a redirect, never an envelope. */
const isNavigation = (operation: Json) => operation['x-browser-navigation'] === true;

const normalisePath = (path: string) => path.replace(/\{[^}]*\}/g, '{}').replace(/\/+$/, '');

describe('openapi.yaml', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(doc) as Parameters<typeof validate>[0]);
    expect(result.valid ? [] : result.errors).toEqual([]);
  });

  it('describes every call the app makes', () => {
    const have = new Set(docOperations.map((o) => `${o.method.toUpperCase()} ${normalisePath(o.path)}`));
    const wanted = readFileSync(callsPath, 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => {
        const [method, path] = line.split(/\s+/);
        return `${method.toUpperCase()} ${normalisePath(path)}`;
      });
    expect(wanted.length).toBeGreaterThanOrEqual(38);
    expect(wanted.filter((call) => !have.has(call))).toEqual([]);
  });

  it('gives every operation a unique operationId, a known tag, a 200 (a redirect for navigations) and a default response', () => {
    const ids = docOperations.map((o) => o.operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { operation } of docOperations) {
      expect(operation.operationId, JSON.stringify(operation.summary)).toMatch(/^[a-z][A-Za-z]+$/);
      expect(operation.tags).toHaveLength(1);
      expect(TAGS).toContain(operation.tags[0]);
    }
    const navigations = docOperations.filter(({ operation }) => isNavigation(operation));
    const calls = docOperations.filter(({ operation }) => !isNavigation(operation));
    expect(navigations.length).toBeGreaterThan(0);
    for (const { operation } of navigations) {
      const statuses = Object.keys(operation.responses);
      expect(statuses.filter((status) => /^3\d\d$/.test(status)), operation.operationId).toHaveLength(1);
      expect(operation.responses['200'], operation.operationId).toBeUndefined();
      expect(operation.security, `${operation.operationId} is public`).toEqual([]);
    }
    for (const { operation } of calls) expect(operation.responses['200'], operation.operationId).toBeDefined();
    // The web manifest is served as a file, not an envelope: it has no error response.
    for (const { operation } of docOperations.filter(({ operation }) => operation.operationId !== 'getManifest')) {
      expect(operation.responses.default, operation.operationId).toBeDefined();
    }
  });

  it('refuses unknown fields in every request body', () => {
    for (const { operation } of docOperations) {
      const content = (operation.requestBody?.content ?? {}) as Json;
      for (const [mediaType, media] of Object.entries(content)) {
        expect(['application/x-www-form-urlencoded', 'application/json']).toContain(mediaType);
        // A body of several shapes (oneOf) refuses unknown fields in each.
        const schema = deref(media.schema);
        for (const shape of schema.oneOf ? (schema.oneOf as Json[]).map(deref) : [schema]) {
          expect(shape.additionalProperties, operation.operationId).toBe(false);
        }
      }
    }
  });

  it('accepts no NUL in any string pattern (PostgreSQL stores none; the server refuses it anyway)', () => {
    const patterns = new Set<string>();
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (typeof node !== 'object' || node === null) return;
      for (const [key, value] of Object.entries(node)) {
        if (key === 'pattern' && typeof value === 'string') patterns.add(value);
        else walk(value);
      }
    };
    walk(doc);
    expect(patterns.size).toBeGreaterThan(20);
    // Lookaheads are beyond fast-check's regex generator: generate without them, keep what the full pattern accepts.
    const withoutLookarounds = (pattern: string) => pattern.replace(/\(\?[!=](?:[^()]|\([^()]*\))*\)/g, '');
    for (const pattern of patterns) {
      const full = new RegExp(pattern, 'u');
      const valid = fc.stringMatching(new RegExp(withoutLookarounds(pattern))).filter((value) => full.test(value));
      fc.assert(
        fc.property(valid, fc.nat(), (value, at) => {
          const index = at % (value.length + 1);
          return !full.test(`${value.slice(0, index)}\u0000${value.slice(index)}`);
        }),
        { numRuns: 50, seed: 46 },
      );
    }
  });

  it('keeps envelope responses in the envelope', () => {
    const enveloped = docOperations.filter(({ operation }) => operation.operationId !== 'getManifest');
    // An operator's image is its bytes; only its failures are in the envelope.
    for (const { operation } of enveloped.filter(({ operation }) => !isNavigation(operation) && operation.operationId !== 'getImage')) {
      const ok = operation.responses['200'].content['application/json'].schema;
      expect(ok.allOf[0].$ref, operation.operationId).toBe('#/components/schemas/OkEnvelope');
    }
    const others = enveloped.flatMap(({ operation }) =>
      Object.entries(operation.responses as Json)
        .filter(([status]) => status !== '200')
        .map(([status, response]) => ({ operation, status, response })),
    );
    const redirects = others.filter(({ status }) => /^3\d\d$/.test(status));
    expect(redirects.length).toBeGreaterThan(0);
    for (const { operation, status, response } of redirects) {
      expect(deref(response).content, `${operation.operationId} ${status} has no body`).toBeUndefined();
    }
    for (const { response } of others.filter(({ status }) => !/^3\d\d$/.test(status))) {
      expect(deref(response).content['application/json'].schema.$ref).toBe('#/components/schemas/ErrorEnvelope');
    }
  });
});

describe('src/api', () => {
  it('schema.d.ts (the types of the client and the server) is what `npm run gen:api` generates from openapi.yaml', async () => {
    const generated = await renderSchema(yamlPath);
    const committed = readFileSync(SCHEMA_PATH, 'utf8');
    expect(committed === generated, 'src/api/schema.d.ts is stale: run `npm run gen:api`').toBe(true);
  });

  it('operations.generated.ts (the operation table) is what `npm run gen:api` generates from openapi.yaml', () => {
    const committed = readFileSync(OPERATIONS_PATH, 'utf8');
    expect(committed === renderOperations(doc), 'src/api/operations.generated.ts is stale: run `npm run gen:api`').toBe(true);
  });

  it('lists every navigation operation, with its method and path, apart from the callable ones', () => {
    const navigations = docOperations.filter((o) => isNavigation(o.operation));
    expect(Object.keys(NAVIGATIONS).sort()).toEqual(navigations.map((o) => o.operation.operationId).sort());
    for (const { method, path, operation } of navigations) {
      const spec = NAVIGATIONS[operation.operationId as keyof typeof NAVIGATIONS];
      expect(`${spec.method} ${spec.path}`).toBe(`${method.toUpperCase()} ${path}`);
    }
  });

  it("the client's operation table matches the document", () => {
    const byId = new Map(
      docOperations.filter((o) => !isNavigation(o.operation)).map((o) => [o.operation.operationId as string, o]),
    );
    expect(Object.keys(OPERATIONS).sort()).toEqual([...byId.keys()].sort());

    for (const [id, spec] of Object.entries(OPERATIONS) as [string, OperationSpec][]) {
      const { method, path, operation } = byId.get(id)!;
      expect(`${spec.method} ${spec.path}`, id).toBe(`${method.toUpperCase()} ${path}`);

      const parameters = ((operation.parameters ?? []) as Json[]).map(deref);
      const pathNames = parameters.filter((p) => p.in === 'path').map((p) => p.name);
      expect(pathNames.sort(), id).toEqual(pathParamNames(spec.path).sort());
      const inQuery = parameters.some((p) => p.in === 'query');
      const media = Object.keys(operation.requestBody?.content ?? {});
      const location = inQuery
        ? 'query'
        : media[0] === 'application/x-www-form-urlencoded'
          ? 'form'
          : media[0] === 'application/json'
            ? 'json'
            : 'none';
      expect(inQuery && media.length > 0, `${id} mixes query and body`).toBe(false);
      expect(spec.params, id).toBe(location);

      const security = (operation.security ?? doc.security) as Json[];
      const auth = security.length === 0 ? 'none' : security.some((s) => Object.keys(s).length === 0) ? 'optional' : 'required';
      expect(spec.auth, id).toBe(auth);

      const enveloped = 'application/json' in operation.responses['200'].content;
      expect(spec.enveloped !== false, id).toBe(enveloped);
    }
  });
});

describe("the server's validator (fastify-openapi-glue, strict Ajv)", () => {
  it('builds every route and validates a few requests', async () => {
    const { default: Fastify } = await import('fastify');
    const { default: formbody } = await import('@fastify/formbody');
    const { default: glue } = await import('fastify-openapi-glue');

    const app = Fastify({ ajv: { customOptions: { removeAdditional: false, strict: true } } });
    await app.register(formbody);
    app.setErrorHandler((error: { statusCode?: number; validation?: unknown; message: string }, _request, reply) =>
      reply.code(error.statusCode ?? 500).send({
        status: 'ERROR',
        success: false,
        data: null,
        error: { code: error.validation ? 'VALIDATION_ERROR' : 'INTERNAL_ERROR', message: error.message },
      }),
    );
    await app.register(glue, {
      specification: yamlPath,
      operationResolver: () => async () => ({ status: 'OK', success: true, data: { status: 'OK' }, error: null }),
    });
    try {
      await app.ready();
      expect(app.printRoutes({ commonPrefix: false }).length).toBeGreaterThan(0);
      const form = { 'content-type': 'application/x-www-form-urlencoded' };
      const status = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: string, headers = form) =>
        (await app.inject({ method, url, payload, headers: payload === undefined ? {} : headers })).statusCode;

      expect(await status('POST', '/mobile/verify', 'op=resend')).toBe(200);
      expect(await status('POST', '/mobile/verify', 'code=12345')).toBe(400);
      expect(await status('POST', '/mobile/verify', 'code=123456&op=resend')).toBe(400);
      expect(await status('POST', '/mobile/login', 'email=a%40b.co&pwd=x&admin=1')).toBe(400);
      expect(await status('POST', '/api/tokenize', 'tokenType=register')).toBe(400);
      expect(await status('POST', '/api/tokenize', 'tokenType=changePassword&password=x')).toBe(400);
      expect(await status('POST', '/mobile/redeem', 'pid=1&optId=2&amount=2')).toBe(400);
      expect(await status('GET', '/mobile/dashboard/actions?page=1&size=1001')).toBe(400);
      expect(await status('GET', '/mobile/promos/get?type=BOTH')).toBe(400);
      expect(await status('GET', '/web/user/email?email=not-an-email')).toBe(400);
      expect(
        await status(
          'POST',
          '/mobile/user/register?email=a%40b.co&firstName=A&lastName=B&passwordToken=t&customTermsAccepted=maybe&communityId=demo',
        ),
      ).toBe(400);
      expect(await status('POST', '/mobile/announcements/1/status?type=USER_INDIVIDUAL&status=READ')).toBe(200);
      expect(await status('PUT', '/mobile/contest/trivia/abc/join')).toBe(400);
      expect(await status('POST', '/api/tokenize', 'tokenType=confirmPassword')).toBe(400);
      expect(await status('GET', '/web/auth/github/start')).toBe(400);
      expect(await status('GET', '/web/auth/google/start?returnTo=%2F%2Fevil.example')).toBe(400);
      expect(await status('GET', '/web/auth/google/start?returnTo=https%3A%2F%2Fevil.example')).toBe(400);
      expect(await status('GET', '/web/auth/google/start?returnTo=%2Frewards%3Fid%3D1')).toBe(200);
      expect(await status('GET', '/web/auth/google/callback?code=c&state=s&scope=openid&authuser=0')).toBe(200);
      expect(await status('POST', '/web/auth/apple/callback', 'code=c&state=s&user=%7B%7D&extra=1')).toBe(400);
      expect(await status('POST', '/web/auth/oidc/register', 'ticket=t&communityId=demo')).toBe(400);
    } finally {
      await app.close();
    }
  }, 60_000);
});
