import { describe, expect, it } from 'vitest';
import { compileSchema, loadSpecification } from '../../../server/plugins/external/openapi';

/**
 * Issue 46: openapi.yaml's links, which an outside fuzzer's stateful phase follows from one
 * call's answer to the next. Each is checked against the document: its target exists, every
 * parameter it sets is one the target declares (path, query, header) and every body field one
 * its body takes (all the required ones given, as a link's body replaces the generated one),
 * each `$response.body#/data/...` pointer names a property of the source's response schema for
 * that status (of a type the target takes), each `$request...` expression a parameter or body
 * field of the source, and each literal is valid where it goes.
 */

type Json = Record<string, unknown>;
const spec = loadSpecification();

/** Follows local `$ref`s. */
function deref(node: unknown): Json {
  let at = node as Json;
  while (at && typeof at.$ref === 'string') {
    at = (at.$ref as string)
      .slice(2)
      .split('/')
      .reduce<Json>((parent, key) => parent[key.replace(/~1/g, '/').replace(/~0/g, '~')] as Json, spec);
  }
  return at;
}

/** A schema with its `$ref`s written out, for Ajv (which has not the document). */
function inline(node: unknown, depth = 0): unknown {
  if (Array.isArray(node)) return node.map((child) => inline(child, depth));
  if (typeof node !== 'object' || node === null) return node;
  if (depth > 20) return {};
  const resolved = typeof (node as Json).$ref === 'string' ? deref(node) : (node as Json);
  const next = resolved === node ? depth : depth + 1;
  return Object.fromEntries(Object.entries(resolved).filter(([key]) => key !== '$ref').map(([key, value]) => [key, inline(value, next)]));
}

interface Operation {
  operationId: string;
  label: string;
  parameters: { name: string; in: string; schema: Json }[];
  body?: Json;
  responses: Json;
}

const operations = new Map<string, Operation>();
for (const [path, item] of Object.entries(spec.paths as Record<string, Json>)) {
  for (const method of ['get', 'put', 'post', 'delete', 'patch']) {
    const op = item[method] as Json | undefined;
    if (!op) continue;
    const parameters = [...((item.parameters as unknown[]) ?? []), ...((op.parameters as unknown[]) ?? [])].map(deref) as Operation['parameters'];
    const content = deref(op.requestBody)?.content as Record<string, { schema: Json }> | undefined;
    operations.set(op.operationId as string, {
      operationId: op.operationId as string,
      label: `${method.toUpperCase()} ${path}`,
      parameters,
      body: content ? deref(Object.values(content)[0].schema) : undefined,
      responses: op.responses as Json,
    });
  }
}

/** The subschemas a value at `segments` of something of `schema` may be (allOf, oneOf, anyOf and $ref followed). */
function schemasAt(schema: Json, segments: string[]): Json[] {
  const node = deref(schema);
  if (!node || typeof node !== 'object') return [];
  const branches = [...((node.allOf as Json[]) ?? []), ...((node.oneOf as Json[]) ?? []), ...((node.anyOf as Json[]) ?? [])];
  const fromBranches = branches.flatMap((branch) => schemasAt(branch, segments));
  if (segments.length === 0) return [node, ...fromBranches];
  const [head, ...rest] = segments;
  const own: Json[] = [];
  if (/^\d+$/.test(head) && node.items) own.push(...schemasAt(node.items as Json, rest));
  const property = (node.properties as Record<string, Json> | undefined)?.[head];
  if (property) own.push(...schemasAt(property, rest));
  return [...own, ...fromBranches];
}

/** The JSON types a schema allows (a union over its branches); empty when it says nothing. */
function typesOf(schema: Json): Set<string> {
  const node = deref(schema);
  const types = new Set<string>();
  if (Array.isArray(node.type)) node.type.forEach((t) => types.add(String(t)));
  else if (typeof node.type === 'string') types.add(node.type);
  for (const branch of [...((node.oneOf as Json[]) ?? []), ...((node.anyOf as Json[]) ?? []), ...((node.allOf as Json[]) ?? [])]) {
    typesOf(branch).forEach((t) => types.add(t));
  }
  return types;
}

/** Whether a value of the source's types can fill the target: integers are numbers, and any scalar is text in a path or query. */
function fits(source: Set<string>, target: Set<string>, asText: boolean): boolean {
  const wanted = new Set(target);
  if (wanted.has('number')) wanted.add('integer');
  if (asText && wanted.has('string')) ['integer', 'number', 'boolean'].forEach((t) => wanted.add(t));
  return [...source].filter((t) => t !== 'null').every((t) => wanted.has(t));
}

interface Link {
  source: Operation;
  status: string;
  name: string;
  definition: Json;
}

const links: Link[] = [...operations.values()].flatMap((source) =>
  Object.entries(source.responses).flatMap(([status, response]) =>
    Object.entries((deref(response).links as Record<string, Json> | undefined) ?? {}).map(([name, definition]) => ({ source, status, name, definition: deref(definition) })),
  ),
);

const RESPONSE_POINTER = /^\$response\.body#(\/.*)$/;
const REQUEST_PARAMETER = /^\$request\.(path|query|header)\.(.+)$/;
const REQUEST_BODY = /^\$request\.body#(\/.*)$/;

/**
 * What an expression of a link on `source`'s `status` answer yields: the schemas its value may
 * have, or a problem. A value that is not an expression is a literal (its own schema).
 */
function evaluate(source: Operation, status: string, value: unknown): { schemas: Json[]; literal: boolean; problem?: string } {
  if (typeof value !== 'string' || !value.startsWith('$')) return { schemas: [], literal: true };
  const response = RESPONSE_POINTER.exec(value);
  if (response) {
    if (!response[1].startsWith('/data/')) return { schemas: [], literal: false, problem: `${value} does not point under the envelope's data` };
    const content = deref(source.responses[status])?.content as Record<string, { schema: Json }> | undefined;
    const schema = content?.['application/json']?.schema;
    const segments = response[1].slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    const schemas = schema ? schemasAt(schema, segments) : [];
    return schemas.length ? { schemas, literal: false } : { schemas, literal: false, problem: `${value} names nothing of the ${status} answer` };
  }
  const parameter = REQUEST_PARAMETER.exec(value);
  if (parameter) {
    const declared = source.parameters.find((p) => p.in === parameter[1] && p.name === parameter[2]);
    return declared ? { schemas: [declared.schema], literal: false } : { schemas: [], literal: false, problem: `${value}: the source has no such parameter` };
  }
  const body = REQUEST_BODY.exec(value);
  if (body) {
    const schemas = source.body ? schemasAt(source.body, body[1].slice(1).split('/')) : [];
    return schemas.length ? { schemas, literal: false } : { schemas, literal: false, problem: `${value}: the source's body has no such field` };
  }
  return { schemas: [], literal: false, problem: `${value} is not an expression this check knows` };
}

/** Every problem of one link; none for a good one. */
function problemsOf({ source, status, name, definition }: Link): string[] {
  const at = `${source.operationId} ${status} ${name}`;
  const problems: string[] = [];
  const target = operations.get(definition.operationId as string);
  if (!target) return [`${at}: no operation ${String(definition.operationId)}`];
  const check = (where: string, value: unknown, schema: Json, asText: boolean) => {
    const result = evaluate(source, status, value);
    if (result.problem) problems.push(`${at} ${where}: ${result.problem}`);
    else if (result.literal && compileSchema(inline(schema) as Json, !asText)(asText ? String(value) : value) !== true) problems.push(`${at} ${where}: ${JSON.stringify(value)} is not valid there`);
    else if (!result.literal && !result.schemas.some((s) => fits(typesOf(s), typesOf(schema), asText))) {
      problems.push(`${at} ${where}: ${String(value)} is ${[...typesOf(result.schemas[0])].join('|')}, the target takes ${[...typesOf(schema)].join('|')}`);
    }
  };
  for (const [key, value] of Object.entries((definition.parameters as Json | undefined) ?? {})) {
    const [place, parameterName] = key.includes('.') ? (key.split(/\.(.*)/s) as [string, string]) : [undefined, key];
    const declared = target.parameters.filter((p) => p.name === parameterName && (place === undefined || p.in === place));
    if (declared.length !== 1) {
      problems.push(`${at}: ${target.operationId} has ${declared.length ? 'several parameters' : 'no parameter'} ${key}`);
      continue;
    }
    // OpenAPI 3.1 writes a link's parameters as a map of strings (a literal too: '1', not 1).
    if (typeof value !== 'string') problems.push(`${at} ${key}: ${JSON.stringify(value)} is not a string`);
    else check(key, value, declared[0].schema, true);
  }
  if (definition.requestBody !== undefined) {
    const body = definition.requestBody;
    if (!target.body) problems.push(`${at}: ${target.operationId} takes no body`);
    else if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
      const properties = (deref(target.body).properties as Record<string, Json>) ?? {};
      for (const [field, value] of Object.entries(body)) {
        if (!properties[field]) problems.push(`${at}: ${target.operationId}'s body has no field ${field}`);
        else check(`body.${field}`, value, properties[field], false);
      }
      for (const required of (deref(target.body).required as string[] | undefined) ?? []) {
        if (!(required in body)) problems.push(`${at}: the body lacks ${target.operationId}'s required ${required}`);
      }
    } else {
      check('requestBody', body, target.body, false);
    }
  }
  if (definition.operationRef !== undefined) problems.push(`${at}: operationRef instead of operationId`);
  return problems;
}

describe("openapi.yaml's links", () => {
  it('each names an operation, sets only what it declares, and takes its values from what the source answers', () => {
    console.log(`openapi.yaml: ${links.length} links from ${new Set(links.map((l) => l.source.operationId)).size} operations`);
    expect(links.length).toBeGreaterThan(100);
    expect(links.flatMap(problemsOf)).toEqual([]);
  });

  it('chain the main journeys, and each operator create to the edit and archive of what it made', () => {
    const pairs = new Set(links.map((l) => `${l.source.operationId} -> ${l.definition.operationId as string}`));
    const chains = [
      // register, verify, login, dashboard
      'tokenize -> registerUser', 'registerUser -> verify', 'registerUser -> refreshSession', 'login -> getDashboard', 'verify -> getDashboard',
      // earn and redeem, rewards, transaction
      'getDashboard -> earn', 'getPromos -> earn', 'getPromos -> redeem', 'redeem -> getTransaction', 'getGiftCards -> getTransaction',
      // announcements, status
      'getAnnouncements -> setAnnouncementStatus',
      // question of the day, answer
      'getIndividualTriviaQuestion -> answerIndividualTrivia',
      // contest join, question, answer, charts
      'getTriviaContests -> joinTriviaContest', 'joinTriviaContest -> getTriviaContestQuestion', 'getTriviaContestQuestion -> answerTriviaContest', 'answerTriviaContest -> getTriviaCharts',
      // each /admin create, then get, put and archive
      'adminCreateCommunity -> adminShowCommunity', 'adminCreateCommunity -> adminUpdateCommunity',
      'adminCreatePromo -> adminUpdatePromo', 'adminCreatePromo -> adminArchivePromo', 'adminCreatePromo -> adminListRewardOptions',
      'adminAddRewardOption -> adminUpdateRewardOption', 'adminImportCodes -> adminListCodes', 'adminListCodes -> adminVoidCode',
      'adminCreateQrCode -> adminListQrCodes', 'adminCreateQrCode -> adminUpdateQrCode', 'adminCreateQrCode -> adminEndQrCode',
      'adminCreateAnnouncement -> adminListAnnouncements', 'adminCreateAnnouncement -> adminUpdateAnnouncement',
      'adminCreateQuestionnaire -> adminListQuestionnaires', 'adminCreateQuestionnaire -> adminUpdateQuestionnaire', 'adminCreateQuestionnaire -> adminArchiveQuestionnaire',
      'adminCreateChanceToWin -> adminListChanceToWin', 'adminCreateChanceToWin -> adminUpdateChanceToWin',
      'adminCreateTriviaContest -> adminTrivia', 'adminCreateTriviaContest -> adminUpdateTriviaContest',
      'adminImportTriviaQuestions -> adminListTriviaQuestions', 'adminListTriviaQuestions -> adminUpdateTriviaQuestion',
      'adminSetOperator -> adminRevokeInvitation', 'adminListMembers -> adminShowMember', 'adminListCommunities -> adminShowCommunity',
    ];
    expect(chains.filter((chain) => !pairs.has(chain))).toEqual([]);
    // An archive that is an edit says so in the body it sends.
    for (const target of ['adminUpdateCommunity', 'adminUpdateAnnouncement', 'adminUpdateChanceToWin', 'adminUpdateTriviaContest', 'adminUpdateTriviaQuestion']) {
      expect(links.some((l) => l.definition.operationId === target && (l.definition.requestBody as Json | undefined)?.archived === true), target).toBe(true);
    }
  });

  it('the check finds a wrong link (a pointer to nothing, an undeclared parameter, a missing required field, a literal of the wrong kind)', () => {
    const source = operations.get('getPromos')!;
    const wrong = (definition: Json) => problemsOf({ source, status: '200', name: 'Wrong', definition });
    expect(wrong({ operationId: 'earn', requestBody: { pid: '$response.body#/data/promos/0/id' } })).toEqual([]);
    expect(wrong({ operationId: 'earn', requestBody: { pid: '$response.body#/data/promos/0/nothing' } })).toHaveLength(1);
    expect(wrong({ operationId: 'earn', requestBody: { pid: '$response.body#/promos/0/id' } })).toHaveLength(1);
    expect(wrong({ operationId: 'earn', requestBody: { pid: '$response.body#/data/promos/0/title' } })).toHaveLength(1);
    expect(wrong({ operationId: 'redeem', requestBody: { pid: '$response.body#/data/promos/0/id' } })).toHaveLength(2);
    expect(wrong({ operationId: 'setAnnouncementStatus', parameters: { 'query.nothing': '1' } })).toHaveLength(1);
    expect(wrong({ operationId: 'getGiftCards', parameters: { 'query.page': 1 } })).toHaveLength(1);
    expect(wrong({ operationId: 'setAnnouncementStatus', parameters: { 'path.id': '$response.body#/data/promos/0/id', 'query.status': 'MAYBE' } })).toHaveLength(1);
    expect(wrong({ operationId: 'noSuchOperation' })).toHaveLength(1);
  });
});
