/**
 * Types of the wire, derived from the types `npm run gen:api` generates from openapi.yaml
 * (`src/api/schema.d.ts`, the one copy the PWA's client and the server share; a test fails when
 * it drifts). Handlers and services use these instead of hand copies, so a field added to or
 * removed from the contract is a type error on the server.
 */
// The generated types of the contract are the one thing of src/ the server imports (types only).
import type { components, operations } from '../../src/api/schema';

/** Every operationId of openapi.yaml. */
export type OperationId = keyof operations;

/** A schema of `components.schemas`, e.g. `Schema<'User'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

type Operation<K extends OperationId> = operations[K];

/** The request body of an operation (form or JSON), as validated against the contract. */
export type BodyOf<K extends OperationId> =
  Operation<K> extends { requestBody: { content: infer C } }
    ? C[keyof C]
    : Operation<K> extends { requestBody?: { content: infer C } }
      ? C[keyof C] | undefined
      : undefined;

type PartOf<K extends OperationId, Part extends 'query' | 'path'> = Operation<K>['parameters'] extends infer P
  ? P extends { [key in Part]?: infer V }
    ? [V] extends [never]
      ? Record<string, never>
      : NonNullable<V>
    : Record<string, never>
  : Record<string, never>;

/** The query string of an operation (integers already parsed by validation). */
export type QueryOf<K extends OperationId> = PartOf<K, 'query'>;

/** The path parameters of an operation. */
export type ParamsOf<K extends OperationId> = PartOf<K, 'path'>;

/** The JSON body of an operation's 200 answer (the success envelope), or never for redirects. */
export type ReplyOf<K extends OperationId> = Operation<K>['responses'] extends { 200: { content: { 'application/json': infer J } } }
  ? J
  : never;

/** The `data` of an operation's success envelope. */
export type DataOf<K extends OperationId> = ReplyOf<K> extends { data: infer D } ? D : never;
