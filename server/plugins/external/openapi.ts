import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import fp from 'fastify-plugin';
import { parse as parseYaml } from 'yaml';
import { AppError, validationError } from '../../errors';

/**
 * A route handler for one operationId (the routes give them their request and reply types from
 * the generated contract types; here they are only passed on to fastify-openapi-glue).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type OperationHandler = (request: FastifyRequest<any>, reply: FastifyReply) => Promise<unknown>;

/** What an operation of a later issue answers: 501 in the envelope (after validation and auth). */
export function notImplemented(operationId: string): OperationHandler {
  return async () => {
    throw new AppError('NOT_IMPLEMENTED', 501, `${operationId} is not implemented yet.`);
  };
}

/** The contract, at the repository root. */
export const OPENAPI_PATH = fileURLToPath(new URL('../../../openapi.yaml', import.meta.url));

const specCache = new Map<string, { mtimeMs: number; spec: Record<string, unknown> }>();

/**
 * Where a parsed contract is kept between processes, as JSON named by the SHA-256 of its YAML
 * text: in the project's `node_modules/.cache` (as Vite and Babel keep theirs), not in a folder
 * other users of the machine can write to, since the contract drives the server's validation.
 */
export const SPEC_CACHE_DIR = join(dirname(OPENAPI_PATH), 'node_modules', '.cache', 'pips-openapi');

/**
 * Reads and parses openapi.yaml (cached in memory until the file changes). Parsing the YAML is
 * about half a second of CPU at each start of the server; its result is kept as JSON in
 * `cacheDir`, named by the text's hash, so a later process with the same contract reads that in
 * a few milliseconds. A cache that cannot be read or written is ignored: the YAML is parsed.
 */
export function loadSpecification(path = OPENAPI_PATH, cacheDir = SPEC_CACHE_DIR): Record<string, unknown> {
  const { mtimeMs } = statSync(path);
  const cached = specCache.get(path);
  if (cached && cached.mtimeMs === mtimeMs) return structuredClone(cached.spec);
  const text = readFileSync(path, 'utf8');
  const cacheFile = join(cacheDir, `${createHash('sha256').update(text).digest('hex')}.json`);
  let spec = readCachedSpecification(cacheFile);
  if (!spec) {
    spec = parseYaml(text) as Record<string, unknown>;
    writeCachedSpecification(cacheFile, spec);
  }
  specCache.set(path, { mtimeMs, spec });
  return structuredClone(spec);
}

function readCachedSpecification(file: string): Record<string, unknown> | undefined {
  try {
    const spec: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return spec !== null && typeof spec === 'object' && !Array.isArray(spec) ? (spec as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Written whole or not at all (a file of its own, then renamed: processes starting together may
 * both write it); the caches of earlier versions of the contract are removed. Not written when
 * JSON cannot hold the contract as parsed (YAML's `.inf`, say, would come back as null).
 */
function writeCachedSpecification(file: string, spec: Record<string, unknown>): void {
  const json = JSON.stringify(spec);
  if (!isDeepStrictEqual(JSON.parse(json), spec)) return;
  const partial = `${file}.${process.pid}.${Date.now()}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(partial, json);
    renameSync(partial, file);
    for (const name of readdirSync(dirname(file))) {
      if (name.endsWith('.json') && join(dirname(file), name) !== file) rmSync(join(dirname(file), name), { force: true });
    }
  } catch {
    // A read-only install: the next start parses the YAML again.
    try {
      rmSync(partial, { force: true });
    } catch {
      // no folder to write in at all
    }
  }
}

type AddFormats = (ajv: Ajv2020) => Ajv2020;
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ??
  (addFormatsModule as unknown as AddFormats)) as AddFormats;

function createAjv(coerce: boolean): Ajv2020 {
  const ajv = new Ajv2020({
    // OpenAPI keywords such as `example` or `x-…` are not JSON Schema: ignore them.
    strict: false,
    // Unknown fields must fail validation (additionalProperties: false), not vanish.
    removeAdditional: false,
    useDefaults: true,
    // Query strings and form bodies are text: '5' may be an integer. JSON bodies are not coerced.
    coerceTypes: coerce ? 'array' : false,
    allErrors: false,
    // Errors carry the failing keyword's value, so a message can name it ("delta: must not be 0").
    verbose: true,
  });
  addFormats(ajv);
  return ajv;
}

/** Shared across app instances: compiled validators are reused by schema text. */
const ajvText = createAjv(true);
const ajvJson = createAjv(false);
const compiled = new Map<string, ValidateFunction>();

export function compileSchema(schema: Record<string, unknown>, json: boolean): ValidateFunction {
  // A schema with its own $id may not be added twice to one Ajv: give it a fresh one.
  if (schema.$id !== undefined) return createAjv(!json).compile(schema);
  const key = `${json ? 'json' : 'text'}:${JSON.stringify(schema)}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = (json ? ajvJson : ajvText).compile(schema);
    compiled.set(key, validate);
  }
  return validate;
}

/** What the contract says about a route, kept in its config by the onRoute hook. */
export interface OperationInfo {
  operationId?: string;
  /** Media types of the request body; undefined when the operation takes no body. */
  bodyMediaTypes?: string[];
  verifiedOnly: boolean;
  /** The checks of the operation's tags (`OpenapiPluginOptions.tagGuards`), run after verification. */
  guards: readonly TagGuard[];
}

/** A check every operation of a tag passes before its handler runs (it throws to refuse). */
export type TagGuard = (request: FastifyRequest) => Promise<unknown>;

export interface ContractViolation {
  operationId: string;
  method: string;
  url: string;
  statusCode: number;
  errors: unknown;
  body: unknown;
}

export interface OpenapiPluginOptions {
  /** operationId -> handler; operations without one answer 501 NOT_IMPLEMENTED. */
  handlers: Partial<Record<string, OperationHandler>>;
  specification?: Record<string, unknown>;
  /**
   * Verified-only operations whose handlers check the session in their own statement (one round
   * trip with the call's work); the preHandler leaves them alone.
   */
  selfAuthenticating?: ReadonlySet<string>;
  /**
   * Checks by tag of openapi.yaml, run for each operation of the tag once its caller is verified
   * and before its handler: `admin` refuses a member who runs no community (403 FORBIDDEN).
   */
  tagGuards?: Readonly<Record<string, TagGuard>>;
  /** When set, every JSON response is checked against its response schema (tests). */
  onContractViolation?: (violation: ContractViolation) => void;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    operation?: OperationInfo;
  }
}

function mediaTypeOf(request: FastifyRequest): string | undefined {
  const header = request.headers['content-type'];
  if (typeof header !== 'string' || header.trim() === '') return undefined;
  return header.split(';')[0].trim().toLowerCase();
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** Text PostgreSQL cannot store: a NUL character, or a lone UTF-16 surrogate (`"\ud800"` in JSON). */
// With the u flag a surrogate pair is one code point: only a lone surrogate matches \p{Cs}.
const unstorable = (text: string) => text.includes('\u0000') || /\p{Cs}/u.test(text);

/** The path of the first string PostgreSQL cannot store ('' for the value itself), or null. */
function findUnstorable(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return unstorable(value) ? path : null;
  if (typeof value !== 'object' || value === null || depth > 32) return null;
  for (const [key, child] of Object.entries(value)) {
    const childPath = path ? `${path}.${key}` : key;
    if (unstorable(key)) return childPath;
    const found = findUnstorable(child, childPath, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Wires openapi.yaml into Fastify: routes and request validation (fastify-openapi-glue with
 * Ajv 2020, no coercion of JSON bodies, unknown fields refused), content types the operation
 * does not declare refused with 415, the `authToken` security scheme, `x-verified-only`, and
 * operations without a handler answering 501 NOT_IMPLEMENTED.
 */
async function openapiPlugin(app: FastifyInstance, options: OpenapiPluginOptions): Promise<void> {
  const specification = options.specification ?? loadSpecification();
  const tagGuards = options.tagGuards ?? {};
  // The operations that declare `security: []` (no account at all): no tag's guard applies to them.
  const openToAnyone = new Set(
    Object.values((specification.paths ?? {}) as Record<string, Record<string, { operationId?: string; security?: unknown[] }>>)
      .flatMap((item) => Object.values(item))
      .filter((operation) => typeof operation?.operationId === 'string' && Array.isArray(operation.security) && operation.security.length === 0)
      .map((operation) => operation.operationId as string),
  );

  app.setValidatorCompiler(({ schema, httpPart, ...rest }) => {
    const contentType = (rest as { contentType?: string }).contentType;
    const json = httpPart === 'body' && contentType !== undefined && /json/i.test(contentType);
    return compileSchema(schema as Record<string, unknown>, json);
  });
  // Responses are written as they are: the contract is checked in tests, not by dropping fields.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  app.addHook('onRoute', (route) => {
    const schema = route.schema as Record<string, unknown> | undefined;
    if (!schema || typeof schema.operationId !== 'string') return;
    const body = schema.body as { content?: Record<string, unknown> } | undefined;
    // A call that takes a larger body than the server's limit says so in openapi.yaml (an image upload).
    if (typeof schema['x-body-limit'] === 'number') route.bodyLimit = schema['x-body-limit'];
    // A query parameter the operation does not declare is refused (400 naming it), as an unknown
    // body field is; a page the browser navigates to (a provider's callback adds its own) ignores it.
    if (schema['x-browser-navigation'] !== true) {
      schema.querystring = { type: 'object', properties: {}, ...(schema.querystring as object | undefined), additionalProperties: false };
    }
    route.config = {
      ...route.config,
      operation: {
        operationId: schema.operationId,
        bodyMediaTypes: body?.content ? Object.keys(body.content).map((type) => type.toLowerCase()) : undefined,
        verifiedOnly: schema['x-verified-only'] === true,
        // `x-open-to-members`: the one call of a guarded tag any verified account makes (accepting an
        // operator invitation); `security: []`: a call of the tag that needs no account at all (setup).
        guards:
          schema['x-open-to-members'] === true || openToAnyone.has(schema.operationId)
            ? []
            : (Array.isArray(schema.tags) ? (schema.tags as string[]) : []).flatMap((tag) => tagGuards[tag] ?? []),
      },
    } as typeof route.config;
  });

  // A form call sent without any body is an empty form, so missing fields are named in the 400.
  // Callback-style hooks: no promise per hook and request on every call's path.
  app.addHook('onRequest', (request, _reply, done) => {
    const declared = request.routeOptions.config.operation?.bodyMediaTypes;
    if (declared && mediaTypeOf(request) === undefined && !hasBody(request) && request.method !== 'GET') {
      request.headers['content-type'] = declared[0];
    }
    done();
  });

  /** The body's media type is one the operation takes (415 otherwise). */
  const checkMediaType = (request: FastifyRequest) => {
    const operation = request.routeOptions.config.operation;
    if (!operation) return;
    const mediaType = mediaTypeOf(request);
    const declared = operation.bodyMediaTypes;
    if (declared === undefined) {
      if (hasBody(request) && request.body !== undefined && request.body !== '') {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'This call takes no request body.');
      }
      return;
    }
    if (mediaType === undefined || !declared.includes(mediaType)) {
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        415,
        `Content-Type must be ${declared.join(' or ')}${mediaType ? ` (got ${mediaType})` : ''}.`,
      );
    }
  };

  // PostgreSQL text and jsonb cannot hold NUL or a lone surrogate, and no field of the contract
  // needs them: refuse them up front.
  const checkStorable = (request: FastifyRequest) => {
    if (!request.routeOptions.config.operation) return;
    for (const [part, value] of [['query', request.query], ['body', request.body], ['path', request.params]] as const) {
      const field = findUnstorable(value);
      if (field !== null) throw validationError(field || part, `must be valid text without NUL characters (${part})`);
    }
  };

  app.addHook('preValidation', (request, _reply, done) => {
    try {
      checkMediaType(request);
      checkStorable(request);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });

  const selfAuthenticating = options.selfAuthenticating ?? new Set<string>();
  const guarded = async (request: FastifyRequest, verify: boolean, guards: readonly TagGuard[]) => {
    if (verify) await app.requireVerified(request);
    for (const guard of guards) await guard(request);
  };
  app.addHook('preHandler', (request, _reply, done) => {
    const operation = request.routeOptions.config.operation;
    if (!operation) return done();
    const verify = operation.verifiedOnly && !selfAuthenticating.has(operation.operationId ?? '');
    if (!verify && operation.guards.length === 0) return done();
    guarded(request, verify, operation.guards).then(() => done(), done);
  });

  if (options.onContractViolation) {
    const report = options.onContractViolation;
    app.addHook('onSend', async (request, reply, payload) => {
      const operationId = request.routeOptions.config.operation?.operationId;
      const responses = (request.routeOptions.schema as { response?: Record<string, unknown> } | undefined)?.response;
      if (!operationId || !responses || typeof payload !== 'string') return payload;
      const status = reply.statusCode;
      const entry = (responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default) as
        | { content?: Record<string, { schema?: Record<string, unknown> }> }
        | undefined;
      const schema = entry?.content?.['application/json']?.schema;
      const contentType = String(reply.getHeader('content-type') ?? '');
      if (!schema || !contentType.includes('json') || contentType.includes('manifest')) {
        if (!entry) report({ operationId, method: request.method, url: request.url, statusCode: status, errors: 'status not declared', body: payload });
        return payload;
      }
      let body: unknown;
      try {
        body = JSON.parse(payload);
      } catch {
        body = payload;
      }
      const validate = compileSchema(schema, true);
      if (!validate(body)) {
        report({ operationId, method: request.method, url: request.url, statusCode: status, errors: validate.errors, body });
      }
      return payload;
    });
  }

  // The manifest's media type appears only in a response; a request body of that type is refused.
  app.addContentTypeParser('application/manifest+json', (_request, _payload, done) => {
    done(new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'Unsupported Content-Type.'), undefined);
  });

  await app.register(openapiGlue, {
    specification,
    operationResolver: (operationId: string) => options.handlers[operationId] ?? notImplemented(operationId),
    securityHandlers: {
      async authToken(request: FastifyRequest) {
        // The hot operations check the session in their own statement (one round trip).
        if (selfAuthenticating.has(request.routeOptions.config.operation?.operationId ?? '')) return;
        await app.requireAuth(request);
      },
    },
  });
}

export default fp(openapiPlugin, { name: 'openapi', dependencies: ['sessions', 'errorHandler'] });
