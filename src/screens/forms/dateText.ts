import { partOrder } from '../../components/DateOfBirthInput';
import { isIsoDate } from '../../forms/isoDate';

/**
 * A date typed as text in the member's language's order (English MM/DD/YYYY, Spanish DD/MM/YYYY):
 * the questionnaire's date field. Pure functions; the field is DateField.tsx.
 */
export type DateSegment = 'day' | 'month' | 'year';
export type DateOrder = readonly DateSegment[];

/** Digits per segment. */
const width: Record<DateSegment, number> = { day: 2, month: 2, year: 4 };
const SEPARATOR = '/';
const separators = /[/.\-\s]+/g;

/** The order a language writes a day's parts in (the date of birth's fields follow it too). */
export const dateOrder = (locale: string): DateOrder => partOrder(locale);

const pad = (value: number, digits: number) => String(value).padStart(digits, '0');

/** 'YYYY-MM-DD' written in `order`: 2025-06-01 is 06/01/2025 in English, 01/06/2025 in Spanish. */
export function formatDateText(iso: string, order: DateOrder): string {
  const [year, month, day] = iso.split('-').map(Number);
  const values: Record<DateSegment, number> = { year, month, day };
  return order.map((segment) => pad(values[segment], width[segment])).join(SEPARATOR);
}

/**
 * The day a text names in `order`, as 'YYYY-MM-DD', or null when it names none yet: three parts
 * (day and month of one or two digits, a four-digit year) between slashes, dots, dashes or spaces,
 * or eight digits in a row; a real calendar day.
 */
export function parseDateText(text: string, order: DateOrder): string | null {
  const trimmed = text.trim();
  let parts: string[];
  if (/^\d{8}$/.test(trimmed)) {
    parts = [];
    let at = 0;
    for (const segment of order) {
      parts.push(trimmed.slice(at, at + width[segment]));
      at += width[segment];
    }
  } else {
    parts = trimmed.split(separators);
  }
  if (parts.length !== 3) return null;
  const values: Partial<Record<DateSegment, string>> = {};
  for (const [index, segment] of order.entries()) {
    const part = parts[index];
    const valid = segment === 'year' ? /^\d{4}$/.test(part) : /^\d{1,2}$/.test(part);
    if (!valid) return null;
    values[segment] = part;
  }
  const iso = `${values.year}-${values.month!.padStart(2, '0')}-${values.day!.padStart(2, '0')}`;
  return isIsoDate(iso) ? iso : null;
}

/**
 * The text as the field shows it after an edit, from what the input holds now and held before:
 * only digits and single slashes; digits typed in a row are grouped (06012025 is 06/01/2025), a
 * slash comes by itself after a full day or month typed at the end, a part stops at its length.
 */
export function shapeDateText(raw: string, previous: string, order: DateOrder): string {
  const grew = raw.length > previous.length && raw.startsWith(previous);
  let text = raw.replace(/[^\d/.\-\s]/g, '').replace(separators, SEPARATOR);
  if (/^\d+$/.test(text)) {
    const groups: string[] = [];
    let at = 0;
    for (const segment of order) {
      if (at >= text.length) break;
      groups.push(text.slice(at, at + width[segment]));
      at += width[segment];
    }
    text = groups.join(SEPARATOR);
  } else {
    text = text
      .split(SEPARATOR)
      .slice(0, order.length)
      .map((part, index) => part.slice(0, width[order[index]]))
      .join(SEPARATOR);
  }
  if (grew && /\d$/.test(text)) {
    const parts = text.split(SEPARATOR);
    const last = parts.length - 1;
    if (last < order.length - 1 && parts[last].length === width[order[last]]) text += SEPARATOR;
  }
  return text;
}

/** Which part of the text the caret stands in (the parts are separated by slashes). */
export function segmentAt(text: string, caret: number): number {
  return Math.min(text.slice(0, caret).split(SEPARATOR).length - 1, 2);
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * ArrowUp / ArrowDown on a full date: one day, month or year more or less, by the part under the
 * caret, as a browser's own date field does (a day or month goes round; a day past the month's
 * last becomes its last). Returns the new 'YYYY-MM-DD'.
 */
export function stepDate(iso: string, segment: DateSegment, delta: 1 | -1): string {
  let [year, month, day] = iso.split('-').map(Number);
  if (segment === 'year') year = Math.min(9999, Math.max(1, year + delta));
  if (segment === 'month') month = ((month - 1 + delta + 12) % 12) + 1;
  if (segment === 'day') {
    const last = daysIn(year, month);
    day = ((day - 1 + delta + last) % last) + 1;
  }
  day = Math.min(day, daysIn(year, month));
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}
