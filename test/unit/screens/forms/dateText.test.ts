import { describe, expect, it } from 'vitest';
import { dateOrder, formatDateText, parseDateText, segmentAt, shapeDateText, stepDate } from '../../../../src/screens/forms/dateText';

const en = dateOrder('en');
const es = dateOrder('es');

/** Types `keys` one by one at the end of the field, as the field shapes each edit. */
const typeInto = (keys: string, order = en) => [...keys].reduce((text, key) => shapeDateText(text + key, text, order), '');

describe('a date typed as text', () => {
  it('follows the language: month, day, year in English; day, month, year in Spanish', () => {
    expect(en).toEqual(['month', 'day', 'year']);
    expect(es).toEqual(['day', 'month', 'year']);
    expect(formatDateText('2025-06-01', en)).toBe('06/01/2025');
    expect(formatDateText('2025-06-01', es)).toBe('01/06/2025');
  });

  it('puts the slashes in as the digits are typed, and the year stays whole', () => {
    const steps = [...'06012025'].reduce<string[]>((seen, key) => [...seen, shapeDateText((seen.at(-1) ?? '') + key, seen.at(-1) ?? '', en)], []);
    expect(steps).toEqual(['0', '06/', '06/0', '06/01/', '06/01/2', '06/01/20', '06/01/202', '06/01/2025']);
    expect(parseDateText(steps.at(-1)!, en)).toBe('2025-06-01');
    expect(parseDateText(typeInto('01062025', es), es)).toBe('2025-06-01');
    // A fifth digit of the year is dropped, not a new year begun.
    expect(typeInto('060120251')).toBe('06/01/2025');
  });

  it('takes slashes typed by the member, single-digit days and months, and a pasted run of digits', () => {
    expect(typeInto('6/1/2025')).toBe('6/1/2025');
    expect(typeInto('06//01')).toBe('06/01/');
    expect(parseDateText('6/1/2025', en)).toBe('2025-06-01');
    expect(parseDateText('1.6.2025', es)).toBe('2025-06-01');
    expect(shapeDateText('06012025', '', en)).toBe('06/01/2025');
    expect(parseDateText('06012025', en)).toBe('2025-06-01');
  });

  it('leaves the slashes alone when the member deletes', () => {
    expect(shapeDateText('06/0', '06/01', en)).toBe('06/0');
    expect(shapeDateText('06', '06/', en)).toBe('06');
  });

  it('names no day before the text is a whole, real date', () => {
    for (const text of ['', '06/01', '06/01/202', '02/30/2025', '13/01/2025', '06/01/25', 'ab/cd/efgh']) expect(parseDateText(text, en)).toBeNull();
    expect(parseDateText('13/01/2025', es)).toBe('2025-01-13');
    expect(parseDateText('02/29/2024', en)).toBe('2024-02-29');
  });

  it('steps the part under the caret, as arrow keys do in a date field', () => {
    expect(segmentAt('06/01/2025', 0)).toBe(0);
    expect(segmentAt('06/01/2025', 4)).toBe(1);
    expect(segmentAt('06/01/2025', 10)).toBe(2);
    expect(stepDate('2025-06-01', 'day', -1)).toBe('2025-06-30');
    expect(stepDate('2025-12-31', 'month', 1)).toBe('2025-01-31');
    expect(stepDate('2025-01-31', 'month', 1)).toBe('2025-02-28');
    expect(stepDate('2024-02-29', 'year', 1)).toBe('2025-02-28');
  });
});
