import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../../server/routes/index';
import { backends } from './helpers/databases';
import { createHarness, type CallOptions, type CallResult, type Harness } from './helpers/harness';
import { listOperations, sampleRequest, type Operation } from './helpers/openapiSamples';

/**
 * Malformed input must never produce a 5xx. Every operation of openapi.yaml gets its valid
 * sample request bent in many ways: each field missing, of the wrong kind, huge, or unicode
 * junk; duplicated query values; broken, empty, oversized or mistyped bodies; junk auth headers
 * and paths. Implemented calls must answer < 500; calls of later issues may also answer 501.
 */

const JUNK = [
  '',
  ' ',
  'x'.repeat(100_000),
  '\u0000',
  '\uD800',
  '😀'.repeat(40),
  '\u202E\u200B\uFEFF',
  "' OR 1=1 --",
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '-1',
  '1e309',
  '9007199254740993',
  '2147483648',
  'NaN',
  'null',
  '[]',
  '{"a":1}',
  '９９９９９９',
  ' 123456 ',
  'Ab1!'.repeat(100),
];

const JSON_JUNK: unknown[] = [null, 0, -1, 1.5, true, [], {}, 'x'.repeat(50_000), { $gt: '' }, ['a', 'b'], '\u0000', '\uD800', 2147483648];

const implemented = new Set(Object.keys(createHandlers({} as never)));
const operations = listOperations().filter((o) => o.routed);

describe.each(backends)('malformed requests on $name', (backend) => {
  let h: Harness;
  let token: string;
  const failures: string[] = [];
  let requests = 0;

  beforeAll(async () => {
    // Real per-account limits stay on; per-address ones too, but high enough not to hide anything.
    h = await createHarness(backend);
  });
  afterAll(async () => {
    await h.close();
  });

  async function send(operation: Operation, label: string, options: CallOptions): Promise<CallResult> {
    requests++;
    let response: CallResult;
    try {
      response = await h.call({ token, ...options });
    } catch (error) {
      failures.push(`${operation.operationId} [${label}]: inject threw ${String(error)}`);
      throw error;
    }
    const allowed = response.status < 500 || (response.status === 501 && !implemented.has(operation.operationId));
    if (!allowed) failures.push(`${operation.operationId} [${label}]: ${response.status} ${response.text.slice(0, 200)}`);
    if (response.status >= 400 && (response.body?.success !== false || typeof response.body?.error?.code !== 'string')) {
      failures.push(`${operation.operationId} [${label}]: ${response.status} without the failure envelope: ${response.text.slice(0, 200)}`);
    }
    return response;
  }

  function base(operation: Operation) {
    const sample = sampleRequest(operation);
    return { method: operation.method as CallOptions['method'], url: sample.url, query: sample.query, body: sample.body };
  }

  function withBody(operation: Operation, body: Record<string, unknown> | undefined): Partial<CallOptions> {
    if (!operation.body || body === undefined) return {};
    if (operation.body.mediaType === 'application/json') return { json: body };
    return { form: Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])) };
  }

  it.each(operations.map((o) => [o.operationId, o] as const))('%s never answers 5xx to bad input', async (_id, operation) => {
    token = (await h.registerVerified()).authToken;
    const firstFailure = failures.length;
    const { method, url, query, body } = base(operation);

    // The valid sample itself.
    await send(operation, 'sample', { method, url, query, ...withBody(operation, body) });

    // Query parameters: missing, junk, duplicated.
    for (const parameter of operation.parameters.filter((p) => p.in === 'query')) {
      const { [parameter.name]: _dropped, ...rest } = query;
      await send(operation, `query ${parameter.name} missing`, { method, url, query: rest, ...withBody(operation, body) });
      for (const junk of JUNK) {
        await send(operation, `query ${parameter.name}=${junk.slice(0, 12)}`, {
          method,
          url,
          query: { ...query, [parameter.name]: junk },
          ...withBody(operation, body),
        });
      }
      const search = new URLSearchParams(query);
      search.append(parameter.name, 'second');
      search.append(parameter.name, 'third');
      await send(operation, `query ${parameter.name} repeated`, { method, url: `${url}?${search}`, ...withBody(operation, body) });
    }

    // Path parameters: junk in the path.
    for (const parameter of operation.parameters.filter((p) => p.in === 'path')) {
      for (const junk of ['%00', '%ZZ', '..', 'x'.repeat(600), '-1', '0', '1.5', '99999999999999999999', encodeURIComponent('😀')]) {
        const bent = operation.path.replace(`{${parameter.name}}`, junk).replace(/\{(\w+)\}/g, '1');
        await send(operation, `path ${parameter.name}=${junk.slice(0, 12)}`, { method, url: bent, query, ...withBody(operation, body) });
      }
    }

    // Body fields: missing, junk (text for forms, wrong JSON types for JSON), unknown fields.
    if (operation.body) {
      const fields = Object.keys((operation.body.schema.properties as object) ?? {});
      const json = operation.body.mediaType === 'application/json';
      for (const field of fields) {
        const { [field]: _dropped, ...rest } = body ?? {};
        await send(operation, `body ${field} missing`, { method, url, query, ...withBody(operation, rest) });
        for (const junk of json ? JSON_JUNK : JUNK) {
          await send(operation, `body ${field}=${String(JSON.stringify(junk)).slice(0, 12)}`, {
            method,
            url,
            query,
            ...withBody(operation, { ...body, [field]: junk }),
          });
        }
      }
      await send(operation, 'body unknown field', { method, url, query, ...withBody(operation, { ...body, isAdmin: 'true' }) });

      const raw = (label: string, contentType: string | undefined, payload: string | Buffer) =>
        send(operation, label, { method, url, query, body: payload as string, headers: contentType ? { 'content-type': contentType } : {} });
      await raw('no body', undefined, '');
      await raw('bad JSON', 'application/json', '{"a":');
      await raw('JSON array', 'application/json', '[1,2,3]');
      await raw('JSON null', 'application/json', 'null');
      await raw('JSON string', 'application/json', '"text"');
      await raw('proto poisoning', 'application/json', '{"__proto__":{"x":1}}');
      await raw('form proto', 'application/x-www-form-urlencoded', '__proto__[x]=1&constructor[prototype][y]=2');
      await raw('form nested', 'application/x-www-form-urlencoded', 'a[b]=c&a[]=d&&&=&%%%=%ZZ');
      await raw('form binary', 'application/x-www-form-urlencoded; charset=latin1', Buffer.from([0xff, 0xfe, 0x00, 0x3d, 0x26, 0x80]));
      await raw('text/plain', 'text/plain', 'hello');
      await raw('xml', 'application/xml', '<a/>');
      await raw('multipart', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--');
      await raw('bad media type', 'this is not/a media type;;', 'a=b');
      await raw('too large', json ? 'application/json' : 'application/x-www-form-urlencoded', `a=${'x'.repeat(h.config.bodyLimitBytes + 10)}`);
      await raw('no content type with body', undefined, 'a=b');
    } else if (method !== 'GET') {
      await send(operation, 'unexpected JSON body', { method, url, query, json: { a: 1 } });
      await send(operation, 'unexpected form body', { method, url, query, form: { a: '1' } });
    }

    // Auth header junk.
    for (const header of ['', 'Bearer', 'Bearer ', 'x'.repeat(10_000), 'null', 'Bearer Bearer abc', '\u00ff\u00fe', `${token} ${token}`]) {
      await send(operation, `authorization=${header.slice(0, 12)}`, { method, url, query, ...withBody(operation, body), token: header });
    }
    expect(failures.slice(firstFailure)).toEqual([]);
  });

  it('sent a great many malformed requests, and none got a 5xx', () => {
    expect(requests).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
    expect(h.violations).toEqual([]);
  });
});
