import { createHash } from 'node:crypto';

/** JSON with every object's keys sorted, so the same answers always give the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The SHA-256 (hex) of a questionnaire's answers: part of the idempotency fingerprint. */
export const answersFingerprint = (answers: unknown) => createHash('sha256').update(canonicalJson(answers)).digest('hex');
