import type { FastifyReply } from 'fastify';

/** The success envelope of every JSON response (failures are built by the error handler). */
export interface OkEnvelope<T> {
  status: 'OK';
  success: true;
  data: T;
  error: null;
}

export interface ErrorEnvelope {
  status: 'ERROR';
  success: false;
  data: null;
  error: { code: string; message: string };
  message: string;
}

export function ok<T>(data: T): OkEnvelope<T> {
  return { status: 'OK', success: true, data, error: null };
}

/**
 * The success envelope around data already written as JSON text (a read function's answer), as
 * the text Fastify sends unchanged: a string with a JSON content type is not serialized again.
 */
export function sendOkJson(reply: FastifyReply, dataJson: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(`{"status":"OK","success":true,"data":${dataJson},"error":null}`);
}

export function failure(code: string, message: string): ErrorEnvelope {
  return { status: 'ERROR', success: false, data: null, error: { code, message }, message };
}
