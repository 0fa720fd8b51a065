/** At most this many codes go in one import (the operator API's limit). */
export const MAX_CODES = 10_000;

/**
 * The gift-card codes of a CSV file or pasted text: the first column of every line, without
 * quotes around it; a first line that only says `code` or `codes` is a header and left out, and
 * so is the empty line after the last line break. Blank lines stay, so the preview names them.
 */
export function codesFromCsv(text: string): string[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const codes = lines.map((line) => {
    const first = line.split(',')[0].trim();
    return /^".*"$/.test(first) ? first.slice(1, -1).replace(/""/g, '"').trim() : first;
  });
  if (codes.length > 0 && /^codes?$/i.test(codes[0])) codes.shift();
  return codes;
}
