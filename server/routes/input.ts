import { validationError } from '../errors';

/**
 * Typed reads of already-validated request parts. openapi.yaml validates first; these checks
 * only guard against a contract that drifts, so a surprise becomes a 400, never a 500.
 */
export interface Input {
  string(name: string): string;
  optionalString(name: string): string | undefined;
  optionalInteger(name: string): number | undefined;
}

export function input(part: unknown, where: 'query' | 'body' | 'params'): Input {
  const values = (typeof part === 'object' && part !== null ? part : {}) as Record<string, unknown>;
  const optionalString = (name: string) => {
    const value = values[name];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string') throw validationError(name, `must be a string (${where})`);
    return value;
  };
  return {
    string(name) {
      const value = optionalString(name);
      if (value === undefined) throw validationError(name, `is required (${where})`);
      return value;
    },
    optionalString,
    optionalInteger(name) {
      const value = values[name];
      if (value === undefined || value === null || value === '') return undefined;
      const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
      if (!Number.isSafeInteger(number)) throw validationError(name, `must be an integer (${where})`);
      return number;
    },
  };
}
