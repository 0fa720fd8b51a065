import { loadSpecification } from '../../../server/plugins/external/openapi';

type Schema = Record<string, unknown>;

export interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required: boolean;
  schema: Schema;
}

/** One operation of openapi.yaml with its $refs resolved. */
export interface Operation {
  operationId: string;
  method: string;
  path: string;
  parameters: Parameter[];
  /** Media type and schema of the request body, if any. */
  body?: { mediaType: string; schema: Schema; required: boolean };
  needsAuth: boolean;
  verifiedOnly: boolean;
  /** false for `x-no-fastify-config` operations (served outside the API routes, e.g. the manifest). */
  routed: boolean;
  tags: string[];
  /** An operator call a member who runs no community may make (`x-open-to-members`). */
  openToMembers: boolean;
  /** `x-browser-navigation`: the browser navigates there (a redirect answers, not an envelope). */
  navigation: boolean;
}

const METHODS = ['get', 'post', 'put', 'delete', 'patch'];

function resolver(spec: Schema) {
  const resolve = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(resolve);
    if (typeof value !== 'object' || value === null) return value;
    const ref = (value as Schema).$ref;
    if (typeof ref === 'string') {
      const target = ref
        .replace(/^#\//, '')
        .split('/')
        .reduce<unknown>((node, key) => (node as Schema)[key.replace(/~1/g, '/').replace(/~0/g, '~')], spec);
      const { $ref: _ignored, ...rest } = value as Schema;
      return { ...(resolve(target) as Schema), ...(resolve(rest) as Schema) };
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v)]));
  };
  return resolve;
}

/** Every operation in openapi.yaml. */
export function listOperations(): Operation[] {
  const spec = loadSpecification();
  const resolve = resolver(spec);
  const globalSecurity = spec.security as unknown[] | undefined;
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(spec.paths as Record<string, Schema>)) {
    const shared = ((item.parameters as unknown[]) ?? []).map(resolve) as Parameter[];
    for (const method of METHODS) {
      const op = item[method] as Schema | undefined;
      if (!op) continue;
      const parameters = [...shared, ...(((op.parameters as unknown[]) ?? []).map(resolve) as Parameter[])];
      const requestBody = resolve(op.requestBody) as
        | { required?: boolean; content: Record<string, { schema: Schema }> }
        | undefined;
      const [mediaType, content] = requestBody ? Object.entries(requestBody.content)[0] : [];
      const security = (op.security as unknown[] | undefined) ?? globalSecurity ?? [];
      operations.push({
        operationId: op.operationId as string,
        method: method.toUpperCase(),
        path,
        parameters,
        body: mediaType && content ? { mediaType, schema: content.schema, required: requestBody?.required ?? false } : undefined,
        needsAuth: security.length > 0 && !security.some((s) => Object.keys(s as object).length === 0),
        verifiedOnly: op['x-verified-only'] === true,
        routed: op['x-no-fastify-config'] !== true,
        tags: Array.isArray(op.tags) ? (op.tags as string[]) : [],
        openToMembers: op['x-open-to-members'] === true,
        navigation: op['x-browser-navigation'] === true,
      });
    }
  }
  return operations;
}

const CANDIDATE_STRINGS = ['EARN', '123456', '2000-01-02', 'es', 'abcdefgh-1234', 'demo-abc', 'user@example.com', 'a'];

/** A value that satisfies a (simple) schema: enough to reach a handler with a valid request. */
export function sampleValue(schema: Schema, name = ''): unknown {
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object': {
      const result: Record<string, unknown> = {};
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      for (const key of (schema.required as string[] | undefined) ?? []) {
        result[key] = properties[key] ? sampleValue(properties[key], key) : 'a';
      }
      return result;
    }
    default: {
      const min = typeof schema.minLength === 'number' ? schema.minLength : 1;
      const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
      const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern, 'u') : null;
      const candidates = name === 'password' || name === 'pwd' ? ['Abcdef1!', ...CANDIDATE_STRINGS] : CANDIDATE_STRINGS;
      for (const candidate of candidates) {
        if ((!pattern || pattern.test(candidate)) && candidate.length >= min && candidate.length <= max) return candidate;
      }
      return 'a'.repeat(Math.max(min, 1));
    }
  }
}

/** A minimal valid request for an operation (path, query, body). */
export function sampleRequest(operation: Operation): {
  url: string;
  query: Record<string, string>;
  body?: Record<string, unknown>;
} {
  let url = operation.path;
  const query: Record<string, string> = {};
  for (const parameter of operation.parameters) {
    if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, encodeURIComponent(String(sampleValue(parameter.schema, parameter.name))));
    if (parameter.in === 'query' && parameter.required) query[parameter.name] = String(sampleValue(parameter.schema, parameter.name));
  }
  const body = operation.body ? (sampleValue(operation.body.schema) as Record<string, unknown>) : undefined;
  return { url, query, body };
}
