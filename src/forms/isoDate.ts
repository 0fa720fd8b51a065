const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written 'YYYY-MM-DD' (2023-02-30 is not one). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = isoDatePattern.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day); // not Date.UTC, which reads years 0-99 as 1900-1999
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
