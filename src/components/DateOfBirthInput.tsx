import { useId, useMemo, useState, type FocusEvent, type ReactElement } from 'react';
import { Group, Input, NativeSelect, TextInput } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';

type Part = 'day' | 'month' | 'year';
type Parts = Record<Part, string>;

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The parts of a stored `YYYY-MM-DD` value (empty parts for anything else). */
export function splitDate(value: string): Parts {
  const match = isoDate.exec(value);
  if (!match) return { day: '', month: '', year: '' };
  return { year: match[1]!, month: String(Number(match[2])), day: String(Number(match[3])) };
}

/**
 * The value the form checks: '' when nothing is filled in, `YYYY-MM-DD` from the three parts
 * otherwise. A missing part leaves its place empty ('1990--10'), which the date check refuses
 * as not a valid date, as it refuses 30 February.
 */
export function joinDate({ day, month, year }: Parts): string {
  if (!day && !month && !year) return '';
  const pad = (part: string, width: number) => (part ? part.padStart(width, '0') : '');
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** The order of day, month and year in the locale's dates (en-US: month, day, year; es: day, month, year). */
export function partOrder(locale: string): Part[] {
  const order = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'numeric', year: 'numeric' })
    .formatToParts(new Date(2000, 11, 31))
    .map((part) => part.type)
    .filter((type): type is Part => type === 'day' || type === 'month' || type === 'year');
  return order.length === 3 ? order : ['day', 'month', 'year'];
}

/** The month names in the locale, capitalised as the first word of a list item. */
function monthNames(locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, month) => {
    const name = format.format(new Date(Date.UTC(2000, month, 1)));
    return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
  });
}

/**
 * A date of birth as three fields (day, month by name, year) in the order of the member's
 * language, instead of the browser's date field, whose format follows the browser's language
 * (mm/dd/yyyy in an English browser while the app speaks Spanish) and whose calendar is a long
 * way back to a birth year. A group named by the label; each field has its own label and the
 * browser's birthday autofill; `onBlur` once the focus leaves the three.
 */
export function DateOfBirthInput({
  label,
  value,
  onChange,
  onBlur,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | null;
}) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const [parts, setParts] = useState<Parts>(() => splitDate(value));
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const order = useMemo(() => partOrder(locale), [locale]);
  const months = useMemo(() => monthNames(locale), [locale]);
  const set = (part: Part, text: string) => {
    const next = { ...parts, [part]: part === 'month' ? text : text.replace(/\D/g, '') };
    setParts(next);
    onChange(joinDate(next));
  };
  const leave = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onBlur?.();
  };
  // Each field's own label is lighter than the group's. The message is the group's description,
  // read as the focus enters the group; each field is marked invalid (Mantine sets a field's own
  // aria-describedby from its wrapper, which has no message of its own).
  const shared = { error: Boolean(error), size: 'md', labelProps: { fw: 400, size: 'sm' } } as const;
  /** The day or the year: digits only, on the phone's number pad. */
  const digits = (part: 'day' | 'year', label: string, width: number, length: number) => (
    <TextInput
      key={part}
      w={width}
      label={label}
      inputMode="numeric"
      pattern="[0-9]*"
      maxLength={length}
      autoComplete={`bday-${part}`}
      value={parts[part]}
      onChange={(event) => set(part, event.currentTarget.value)}
      {...shared}
    />
  );
  const fields: Record<Part, ReactElement> = {
    day: digits('day', t({ id: 'components.dateOfBirth.day', message: 'Day' }), 72, 2),
    month: (
      <NativeSelect
        key="month"
        style={{ flex: 1, minWidth: 128 }}
        label={t({ id: 'components.dateOfBirth.month', message: 'Month' })}
        autoComplete="bday-month"
        value={parts.month}
        onChange={(event) => set('month', event.currentTarget.value)}
        data={[{ value: '', label: '' }, ...months.map((name, index) => ({ value: String(index + 1), label: name }))]}
        {...shared}
      />
    ),
    year: digits('year', t({ id: 'components.dateOfBirth.year', message: 'Year' }), 96, 4),
  };
  return (
    <div role="group" aria-labelledby={labelId} aria-describedby={error ? errorId : undefined} onBlur={leave}>
      <Input.Label id={labelId} labelElement="div" size="md">
        {label}
      </Input.Label>
      <Group gap="sm" align="flex-start" wrap="nowrap">
        {order.map((part) => fields[part])}
      </Group>
      {error ? (
        <Input.Error id={errorId} mt={5} size="md">
          {error}
        </Input.Error>
      ) : null}
    </div>
  );
}
