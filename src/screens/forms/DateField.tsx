import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { TextInput } from '@mantine/core';
import { useLingui } from '@lingui/react';
import { isIsoDate } from '../../forms/isoDate';
import { dateOrder, formatDateText, parseDateText, segmentAt, shapeDateText, stepDate } from './dateText';
import { dateFormatMessage, dateSegmentLetters } from './formMessages';

export interface DateFieldProps {
  id: string;
  label: string;
  description?: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  min?: string;
  max?: string;
  /** 'YYYY-MM-DD' once the text names a day; else the text as typed ('' when empty). */
  value: string;
  onChange: (value: string) => void;
}

/** Today on the member's clock, as 'YYYY-MM-DD'. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/**
 * A questionnaire's date: a text field in the member's language's order (MM/DD/YYYY in English,
 * DD/MM/YYYY in Spanish), the format written under it. Digits typed in a row become the date
 * (06012025), the slashes coming by themselves; ArrowUp and ArrowDown change the day, month or
 * year under the caret (an empty field starts from today). Not the browser's own date field: it
 * follows the browser's language, not the app's, and re-setting its value as the member types
 * (a controlled React input) loses the digits typed.
 */
export function DateField({ id, label, description, error, required, disabled, min, max, value, onChange }: DateFieldProps) {
  const { i18n } = useLingui();
  const order = dateOrder(i18n.locale);
  // What the member typed: shown as typed while it names the value (6/1/2025 stays so); a value
  // set otherwise (a saved draft, another language's order) is shown in this language's order.
  const [typed, setTyped] = useState('');
  const shown = isIsoDate(value) ? (parseDateText(typed, order) === value ? typed : formatDateText(value, order)) : value;
  const input = useRef<HTMLInputElement>(null);
  const caret = useRef<[number, number] | null>(null);
  useLayoutEffect(() => {
    if (!caret.current || !input.current) return;
    input.current.setSelectionRange(...caret.current);
    caret.current = null;
  });

  const set = (text: string) => {
    setTyped(text);
    onChange(parseDateText(text, order) ?? text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if ((event.key !== 'ArrowUp' && event.key !== 'ArrowDown') || event.altKey || event.ctrlKey || event.metaKey) return;
    const delta = event.key === 'ArrowUp' ? 1 : -1;
    const current = parseDateText(shown, order);
    if (shown !== '' && current === null) return;
    event.preventDefault();
    const segmentIndex = current === null ? 0 : segmentAt(shown, event.currentTarget.selectionStart ?? 0);
    let next = current === null ? today() : stepDate(current, order[segmentIndex], delta);
    if (current === null && min && next < min) next = min;
    if (current === null && max && next > max) next = max;
    const text = formatDateText(next, order);
    // The caret stays on the part it changed, selected, as in a browser's date field.
    const start = text.split('/').slice(0, segmentIndex).join('/').length + (segmentIndex > 0 ? 1 : 0);
    caret.current = [start, start + text.split('/')[segmentIndex].length];
    set(text);
  };

  const letters = order.map((segment) => i18n._(dateSegmentLetters[segment])).join('/');
  const formatHint = i18n._(dateFormatMessage(letters));
  return (
    <TextInput
      ref={input}
      id={id}
      label={label}
      description={description ? `${description} ${formatHint}` : formatHint}
      error={error}
      required={required}
      disabled={disabled}
      value={shown}
      placeholder={letters}
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
      onChange={(event) => set(shapeDateText(event.currentTarget.value, shown, order))}
      onKeyDown={onKeyDown}
    />
  );
}
