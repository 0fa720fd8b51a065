import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BodyOf, OperationId, ParamsOf, QueryOf, ReplyOf } from '../api/types';

/**
 * The request of an operation, typed from openapi.yaml's generated types. By the time a handler
 * runs, the openapi plugin has validated every part against the contract (integers parsed,
 * unknown fields refused), so the types hold without checking again here.
 */
export type RequestOf<K extends OperationId> = FastifyRequest<{ Body: BodyOf<K>; Querystring: QueryOf<K>; Params: ParamsOf<K> }>;

/** A route handler for one operationId: the success envelope of its 200 answer, or a redirect. */
export type Handler<K extends OperationId> = (request: RequestOf<K>, reply: FastifyReply) => Promise<ReplyOf<K> | FastifyReply>;

/** Handlers keyed by operationId (a subset: the others answer 501 NOT_IMPLEMENTED). */
export type Handlers = { [K in OperationId]?: Handler<K> };
