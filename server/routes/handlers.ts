import type { FastifyReply, FastifyRequest } from 'fastify';

/** A route handler for one operationId of openapi.yaml. */
export type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** The service object handed to fastify-openapi-glue: operationId -> handler. */
export type Handlers = Record<string, Handler>;
