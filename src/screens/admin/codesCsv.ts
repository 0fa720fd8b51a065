/** At most this many codes go in one import (the operator API's limit). */
export const MAX_CODES = 10_000;

/** The codes of a CSV text, and the line of the text the first one is on (2 after a header). */
export interface CsvCodes {
  codes: string[];
  firstLine: number;
}

/**
 * The gift-card codes of a CSV file or pasted text: the first column of every line, without
 * quotes around it; a first line that only says `code` or `codes` is a header and left out, and
 * so is the empty line after the last line break. Blank lines stay, so the preview names them by
 * their line in the text (the n-th code is on line `firstLine + n - 1`).
 */
export function csvCodes(text: string): CsvCodes {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const codes = lines.map((line) => {
    const first = line.split(',')[0].trim();
    return /^".*"$/.test(first) ? first.slice(1, -1).replace(/""/g, '"').trim() : first;
  });
  if (codes.length > 0 && /^codes?$/i.test(codes[0])) {
    codes.shift();
    return { codes, firstLine: 2 };
  }
  return { codes, firstLine: 1 };
}

/** The codes alone (see csvCodes). */
export const codesFromCsv = (text: string): string[] => csvCodes(text).codes;
