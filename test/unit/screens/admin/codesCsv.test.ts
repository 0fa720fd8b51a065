import { describe, expect, it } from 'vitest';
import { codesFromCsv, csvCodes } from '../../../../src/screens/admin/codesCsv';

describe('codesFromCsv', () => {
  it('takes the first column of every line, without a code header or the empty line after the last break', () => {
    expect(codesFromCsv('code,value\nA-1,5\n"B-2",10\r\nC-3\n')).toEqual(['A-1', 'B-2', 'C-3']);
  });

  it('keeps blank and repeated lines, so the preview can name them', () => {
    expect(codesFromCsv('A-1\n\n  \nA-1')).toEqual(['A-1', '', '', 'A-1']);
  });

  it('reads a byte-order mark, quotes with doubled quotes inside, and a Codes header in any case', () => {
    expect(codesFromCsv('\uFEFFCODES\n"X""1"\n')).toEqual(['X"1']);
  });

  it('keeps a first line that is a code', () => {
    expect(codesFromCsv('CODE-1\nCODE-2')).toEqual(['CODE-1', 'CODE-2']);
  });

  it('gives nothing for an empty file', () => {
    expect(codesFromCsv('')).toEqual([]);
  });

  it('says which line of the text the first code is on, so a skipped code is named by its line', () => {
    expect(csvCodes('code\nA-1\nA-1\n')).toEqual({ codes: ['A-1', 'A-1'], firstLine: 2 });
    expect(csvCodes('A-1\nA-1')).toEqual({ codes: ['A-1', 'A-1'], firstLine: 1 });
  });
});
