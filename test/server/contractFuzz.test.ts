import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setOperatorRole } from '../../server/db/repositories/operators/roles';
import { compileSchema } from '../../server/plugins/external/openapi';
import { createHandlers } from '../../server/routes/index';
import { backends } from './helpers/databases';
import { createHarness, type CallOptions, type Harness } from './helpers/harness';
import { listOperations, sampleRequest, type Operation } from './helpers/openapiSamples';

type Schema = Record<string, unknown>;

/** Requests per operation and backend: bounded so the whole file stays within seconds (FUZZ_RUNS for a longer hunt). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
/** A fixed seed, so a failure repeats (FUZZ_SEED to explore others). */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

/** openapi.yaml's pattern for free text: PostgreSQL stores neither NUL nor a lone surrogate. */
const TEXT_PATTERN = '^[^\\u0000\\uD800-\\uDFFF]*$';

/** Lookaheads are beyond fast-check's regex generator: generate without them, then keep what the full pattern accepts. */
const stripLookarounds = (pattern: string) => pattern.replace(/\(\?[!=](?:[^()]|\([^()]*\))*\)/g, '');

/**
 * A fast-check arbitrary of the values a JSON schema (as openapi.yaml writes them) accepts:
 * enums, patterns, lengths, ranges, arrays and objects with their required keys; text in full
 * unicode where the schema does not restrict it.
 */
export function arbitraryOf(schema: Schema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if (Array.isArray(schema.allOf)) {
    // The members' constraints join the schema's own; conditionals (if/then) are left to the
    // validity filter of requestOf.
    const { allOf, ...own } = schema;
    return arbitraryOf(Object.assign({}, ...(allOf as Schema[]).filter((member) => member.if === undefined), own) as Schema);
  }
  const choices = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  if (Array.isArray(choices)) return fc.oneof(...choices.map(arbitraryOf));
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((t) => t !== 'null') : (schema.type as string | undefined);
  switch (type) {
    case 'integer':
      return fc.integer({
        min: typeof schema.minimum === 'number' ? schema.minimum : -(2 ** 31),
        max: typeof schema.maximum === 'number' ? schema.maximum : 2 ** 31 - 1,
      });
    case 'number':
      return fc.double({
        min: typeof schema.minimum === 'number' ? schema.minimum : -1e9,
        max: typeof schema.maximum === 'number' ? schema.maximum : 1e9,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(arbitraryOf((schema.items as Schema) ?? {}), {
        minLength: typeof schema.minItems === 'number' ? schema.minItems : 0,
        maxLength: Math.min(typeof schema.maxItems === 'number' ? schema.maxItems : 4, 4),
      });
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const record = Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, arbitraryOf(value)]));
      return fc.record(record, { requiredKeys: ((schema.required as string[] | undefined) ?? []).filter((k) => k in properties) });
    }
    default: {
      const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
      const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : 256;
      const fits = (s: string) => [...s].length >= minLength && [...s].length <= maxLength;
      if (schema.format === 'date-time') return fc.date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
      if (schema.pattern === TEXT_PATTERN) {
        // Free text (any code point but NUL and lone surrogates), in full unicode.
        return fc
          .string({ unit: 'binary', minLength, maxLength: Math.min(maxLength, 64) })
          .filter((s) => new RegExp(TEXT_PATTERN, 'u').test(s) && fits(s));
      }
      if (typeof schema.pattern === 'string') {
        const full = new RegExp(schema.pattern, 'u');
        return fc
          .stringMatching(new RegExp(stripLookarounds(schema.pattern)))
          .filter((s) => full.test(s) && fits(s));
      }
      return fc.string({ unit: 'binary-ascii', minLength, maxLength: Math.min(maxLength, 64) }).filter(fits);
    }
  }
}

/** Whether a generated value is one the schema accepts (the server's own Ajv settings, typed values). */
const accepts = (schema: Schema) => {
  const validate = compileSchema(schema, true);
  return (value: unknown) => validate(value) === true;
};

/**
 * A path parameter's value: from its schema, or often what the harness holds (its community) and
 * small ids, which rows made by earlier requests have, so calls reach their handlers' work.
 */
function pathValueOf(parameter: Operation['parameters'][number], communityId: string): fc.Arbitrary<unknown> {
  const generated = arbitraryOf(parameter.schema);
  if (parameter.name === 'communityId') return fc.oneof(fc.constant(communityId), generated);
  if (parameter.schema.type === 'integer') return fc.oneof(fc.integer({ min: 1, max: 12 }), generated);
  return generated;
}

/**
 * One generated request of an operation: path and query parameters and a body from their
 * schemas, kept only when each part is valid by its schema (conditionals, property counts), so
 * every request is one the contract accepts.
 */
function requestOf(operation: Operation, communityId: string): fc.Arbitrary<CallOptions> {
  const pathParameters = operation.parameters.filter((p) => p.in === 'path');
  const queryParameters = operation.parameters.filter((p) => p.in === 'query');
  const path = fc.record(Object.fromEntries(pathParameters.map((p) => [p.name, pathValueOf(p, communityId)])));
  const query = fc.record(Object.fromEntries(queryParameters.map((p) => [p.name, arbitraryOf(p.schema).filter(accepts(p.schema))])), {
    requiredKeys: queryParameters.filter((p) => p.required).map((p) => p.name),
  });
  const body = operation.body ? arbitraryOf(operation.body.schema).filter(accepts(operation.body.schema)) : fc.constant(undefined);
  return fc.tuple(path, query, body).map(([pathValues, queryValues, bodyValue]) => {
    let url = operation.path;
    for (const [name, value] of Object.entries(pathValues)) url = url.replace(`{${name}}`, encodeURIComponent(String(value)));
    const options: CallOptions = {
      method: operation.method as CallOptions['method'],
      url,
      query: Object.fromEntries(Object.entries(queryValues).map(([k, v]) => [k, String(v)])),
    };
    if (operation.body && bodyValue !== undefined) {
      if (operation.body.mediaType === 'application/json') options.json = bodyValue;
      else options.form = Object.fromEntries(Object.entries(bodyValue as object).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
    }
    return options;
  });
}

const implemented = new Set(Object.keys(createHandlers({} as never)));
/** Every operation of openapi.yaml: the operator API's, the images and the manifest included. */
const operations = listOperations();
/** The API's prefixes (openapi.yaml, "Paths"): nothing under them is ever a page. */
const isApiPath = (url: string) => /^\/(api|mobile|web|admin|images)(\/|$|\?)/.test(url);
/** The paths of openapi.yaml under the API's prefixes: every one but the manifest's. */
const apiPaths = [...new Set(operations.map((o) => o.path))].filter(isApiPath);

/**
 * Contract fuzzing (issues 13 and 46): for every operation of openapi.yaml, requests generated by
 * fast-check from its own schemas (as a verified member, as the owner of the harness's community,
 * and with a bad token): no 5xx, never VALIDATION_ERROR for input the schemas accept, never a
 * page (text/html) from an API path, every answer but the manifest and an image in the envelope
 * and matching its documented response schema
 * (the harness checks each JSON answer against openapi.yaml), and the ledger's invariants hold
 * afterwards. The hand-written mutations (wrong types, missing fields, junk, oversized URLs)
 * are test/server/malformed.test.ts.
 */
describe.each(backends)('contract fuzzing on $name', (backend) => {
  let h: Harness;
  let token: string;
  let operatorToken: string;
  const tally: Record<string, number> = {};

  beforeAll(async () => {
    h = await createHarness(backend);
    token = (await h.registerVerified()).authToken;
    const operator = await h.registerVerified();
    await setOperatorRole(h.db, operator.userId, h.community.id, 'owner');
    operatorToken = operator.authToken;
  });
  afterAll(async () => {
    if (process.env.FUZZ_TALLY) console.log(`contract fuzzing on ${backend.name}: answers by status`, tally);
    await h?.close();
  });

  it.each(operations.map((o) => [o.operationId, o] as const))('%s answers schema-made requests within its contract', async (_id, operation) => {
    // The sample request must be a valid one, or the generator would be tested instead of the server.
    expect(sampleRequest(operation).url.startsWith('/')).toBe(true);
    h.violations.length = 0;
    const failed: string[] = [];
    await fc.assert(
      fc.asyncProperty(requestOf(operation, h.community.id), fc.constantFrom('member', 'operator', 'bad token'), async (request, who) => {
        const response = await h.call({ ...request, token: who === 'member' ? token : who === 'operator' ? operatorToken : 'Bearer not-a-token' });
        const label = `${operation.operationId} ${request.method} ${request.url} ${JSON.stringify(request.query)} ${JSON.stringify(request.form ?? request.json ?? null).slice(0, 200)}`;
        if (process.env.FUZZ_TALLY) tally[`${response.status}`] = (tally[`${response.status}`] ?? 0) + 1;
        const allowed = response.status < 500 || (response.status === 501 && !implemented.has(operation.operationId));
        if (!allowed) failed.push(`${label}: ${response.status} ${response.text.slice(0, 200)}`);
        const body = response.body as { success?: unknown; error?: { code?: unknown } } | null;
        const contentType = String(response.headers['content-type'] ?? '');
        if (isApiPath(request.url) && contentType.includes('text/html')) failed.push(`${label}: ${response.status} a page from an API path`);
        // The manifest is the one JSON answer outside the envelope (openapi.yaml, "Envelope").
        const json = contentType.includes('json') && !contentType.includes('manifest');
        if (json && typeof body?.success !== 'boolean') failed.push(`${label}: ${response.status} outside the envelope`);
        if (json && response.status >= 400 && typeof body?.error?.code !== 'string') failed.push(`${label}: ${response.status} failure without a code`);
        // The contract says exactly what the server enforces: input its schemas accept is never
        // refused as invalid (other refusals, such as a wrong token or an unknown id, may come).
        // The operator API also checks what a schema cannot say (dates in order, a CSV's columns,
        // an IANA time zone, one right answer, a questionnaire's payload): for its operator such a
        // refusal names the field.
        const refused = body?.error?.code === 'VALIDATION_ERROR' ? String((body.error as { message?: unknown }).message) : null;
        if (refused !== null && (who !== 'operator' || !/^[^:]{1,80}: \S/.test(refused))) failed.push(`${label}: schema-valid input refused: ${response.text.slice(0, 200)}`);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    expect(failed).toEqual([]);
    expect(h.violations.map((v) => `${v.method} ${v.url} ${v.statusCode}: ${JSON.stringify(v.errors).slice(0, 300)}`)).toEqual([]);
  });

  it('knows every path of openapi.yaml but the manifest as the API\'s', () => {
    expect([...new Set(operations.map((o) => o.path))].filter((path) => !isApiPath(path))).toEqual(['/manifest.webmanifest']);
  });

  it.each(apiPaths)('%s answers the methods it has not with 405 and Allow, in the envelope', async (path) => {
    const declared = operations.filter((o) => o.path === path);
    const methods = declared.map((o) => o.method);
    const allow = [...methods, ...(methods.includes('GET') ? ['HEAD'] : [])].sort().join(', ');
    const others = ['GET', 'PUT', 'POST', 'DELETE', 'PATCH'].filter((m) => !methods.includes(m));
    const answers: string[] = [];
    for (const method of others) {
      const response = await h.call({ method: method as CallOptions['method'], url: sampleRequest(declared[0]).url, token });
      const got = String(response.headers.allow ?? '').split(', ').sort().join(', ');
      answers.push(`${method} ${response.status} ${response.body?.error?.code} ${got} ${String(response.headers['content-type'])}`);
    }
    expect(answers).toEqual(others.map((method) => `${method} 405 METHOD_NOT_ALLOWED ${allow} application/json; charset=utf-8`));
  });

  it.each(apiPaths.filter((path) => path.includes('{')))('%s answers a path parameter over 512 characters with 414, in the envelope', async (path) => {
    const declared = operations.filter((o) => o.path === path);
    const answers: string[] = [];
    for (const { method, parameters } of declared) {
      for (const parameter of parameters.filter((p) => p.in === 'path')) {
        const url = path.replace(`{${parameter.name}}`, 'x'.repeat(600)).replace(/\{(\w+)\}/g, '1');
        const response = await h.call({ method: method as CallOptions['method'], url, token });
        answers.push(`${method} ${parameter.name} ${response.status} ${response.body?.error?.code} ${String(response.headers['content-type'])}`);
      }
    }
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.filter((answer) => !answer.endsWith(' 414 VALIDATION_ERROR application/json; charset=utf-8'))).toEqual([]);
  });

  it('leaves the ledger consistent: every balance equals its ledger rows', async () => {
    const { rows } = await sql<{ id: number; available: number; earned: number; used: number; sum: string; credits: string; debits: string }>`
      select u.id, u.available_pips as available, u.total_earned_pips as earned, u.total_used_pips as used,
             coalesce(sum(l.delta), 0) as sum,
             coalesce(sum(l.delta) filter (where l.delta > 0), 0) as credits,
             coalesce(-sum(l.delta) filter (where l.delta < 0), 0) as debits
      from users u left join ledger_entries l on l.user_id = u.id
      group by u.id
    `.execute(h.db);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect({ id: row.id, available: row.available, earned: row.earned, used: row.used }).toEqual({
        id: row.id,
        available: Number(row.sum),
        earned: Number(row.credits),
        used: Number(row.debits),
      });
    }
  });
});
