/** Zero-width characters that paste in from chat apps and documents. */
const zeroWidth = /[\u200B-\u200D\u2060\uFEFF]/g;

/** Removes zero-width characters and surrounding whitespace. */
export function cleanText(value: string): string {
  return value.replace(zeroWidth, '').trim();
}

/** A string with something other than whitespace in it. */
export function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}

/** The trimmed length lies within [min, max]. */
export function hasTrimmedLengthWithin(value: string, min: number, max: number): boolean {
  const length = value.trim().length;
  return length >= min && length <= max;
}
