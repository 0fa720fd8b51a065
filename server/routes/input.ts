import type { FastifyRequest } from 'fastify';
import { validationError } from '../errors';
import { contentLanguage, type ContentLanguage } from '../i18n/localized';

/**
 * Typed reads of already-validated request parts. openapi.yaml validates first; these checks
 * only guard against a contract that drifts, so a surprise becomes a 400, never a 500.
 */
export interface Input {
  string(name: string): string;
  optionalString(name: string): string | undefined;
  optionalInteger(name: string): number | undefined;
  integer(name: string): number;
}

export function input(part: unknown, where: 'query' | 'body' | 'params'): Input {
  const values = (typeof part === 'object' && part !== null ? part : {}) as Record<string, unknown>;
  const optionalString = (name: string) => {
    const value = values[name];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string') throw validationError(name, `must be a string (${where})`);
    return value;
  };
  const optionalInteger = (name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '') return undefined;
    const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
    if (!Number.isSafeInteger(number)) throw validationError(name, `must be an integer (${where})`);
    return number;
  };
  return {
    string(name) {
      const value = optionalString(name);
      if (value === undefined) throw validationError(name, `is required (${where})`);
      return value;
    },
    optionalString,
    optionalInteger,
    integer(name) {
      const value = optionalInteger(name);
      if (value === undefined) throw validationError(name, `is required (${where})`);
      return value;
    },
  };
}

/** The language the member reads server content in (their Accept-Language; English by default). */
export const requestLanguage = (request: FastifyRequest): ContentLanguage => contentLanguage(request.headers['accept-language']);
