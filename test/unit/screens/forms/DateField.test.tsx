import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { DateField } from '../../../../src/screens/forms/DateField';
import { activateLocale, i18n } from '../../../../src/i18n/i18n';
import { theme } from '../../../../src/theme/theme';

/** The field as the wizard holds it: the value it reports is the value it is given back. */
function renderField(initial = '', props: { min?: string; max?: string } = {}) {
  const reported = vi.fn<(value: string) => void>();
  function Held() {
    const [value, setValue] = useState(initial);
    return (
      <DateField
        id="visit"
        label="Visit"
        value={value}
        onChange={(next) => {
          reported(next);
          setValue(next);
        }}
        {...props}
      />
    );
  }
  render(
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <Held />
      </MantineProvider>
    </I18nProvider>,
  );
  const input = screen.getByRole('textbox') as HTMLInputElement;
  /** Types each key at the end of the field, one input event each, as a keyboard does. */
  const typeKeys = (keys: string) => {
    for (const key of keys) fireEvent.change(input, { target: { value: input.value + key } });
  };
  return { input, reported, typeKeys };
}

beforeEach(async () => {
  await activateLocale('en');
});

afterEach(async () => {
  cleanup();
  await activateLocale('en');
});

describe('DateField', () => {
  it('takes a date typed digit by digit in English order, and reports the day once it is whole', () => {
    const { input, reported, typeKeys } = renderField();
    expect(screen.getByText('Type the date as MM/DD/YYYY.')).toBeTruthy();
    expect(input.getAttribute('aria-describedby')).toBeTruthy();
    typeKeys('0601202');
    // The year's first digits do not empty the field.
    expect(input.value).toBe('06/01/202');
    expect(reported).toHaveBeenLastCalledWith('06/01/202');
    typeKeys('5');
    expect(input.value).toBe('06/01/2025');
    expect(reported).toHaveBeenLastCalledWith('2025-06-01');
  });

  it('takes the Spanish order in Spanish, and shows a stored day in it', async () => {
    await activateLocale('es');
    const { input, reported, typeKeys } = renderField();
    expect(screen.getByText('Escribe la fecha como DD/MM/AAAA.')).toBeTruthy();
    typeKeys('01062025');
    expect(input.value).toBe('01/06/2025');
    expect(reported).toHaveBeenLastCalledWith('2025-06-01');
    cleanup();
    expect(renderField('2025-06-01').input.value).toBe('01/06/2025');
  });

  it('shows the day again in the new order when the language changes', async () => {
    const { input, typeKeys } = renderField();
    typeKeys('06012025');
    await act(() => activateLocale('es'));
    expect(input.value).toBe('01/06/2025');
  });

  it('steps the day, month or year under the caret with the arrow keys', () => {
    const { input, reported } = renderField('2025-06-01');
    input.setSelectionRange(4, 4);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(input.value).toBe('06/02/2025');
    expect(reported).toHaveBeenLastCalledWith('2025-06-02');
    // The changed part stays selected: the next press changes it again.
    expect([input.selectionStart, input.selectionEnd]).toEqual([3, 5]);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.value).toBe('06/30/2025');
    input.setSelectionRange(0, 0);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(input.value).toBe('07/30/2025');
  });

  it('starts an empty field from today, within the allowed days', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 2, 15, 12) });
    try {
      const { input } = renderField();
      fireEvent.keyDown(input, { key: 'ArrowUp' });
      expect(input.value).toBe('03/15/2026');
      cleanup();
      const late = renderField('', { max: '2025-12-31' });
      fireEvent.keyDown(late.input, { key: 'ArrowDown' });
      expect(late.input.value).toBe('12/31/2025');
    } finally {
      vi.useRealTimers();
    }
  });
});
