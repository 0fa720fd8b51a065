import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { DateOfBirthInput, joinDate, partOrder, splitDate } from '../../../src/components/DateOfBirthInput';
import { activateLocale, i18n } from '../../../src/i18n/i18n';
import { theme } from '../../../src/theme/theme';

/** The group's fields, in their order on screen. */
const fieldsOf = (group: HTMLElement) => [...group.querySelectorAll<HTMLElement>('input, select')];

function renderInput(props: { value?: string; error?: string } = {}) {
  const onChange = vi.fn<(value: string) => void>();
  const onBlur = vi.fn();
  render(
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <DateOfBirthInput label="Date of birth" value={props.value ?? ''} onChange={onChange} onBlur={onBlur} error={props.error} />
        <button type="button">Next</button>
      </MantineProvider>
    </I18nProvider>,
  );
  const group = screen.getByRole('group', { name: 'Date of birth' });
  const labels = () => fieldsOf(group).map((field) => field.getAttribute('autocomplete'));
  return { onChange, onBlur, group, labels };
}

beforeEach(async () => {
  await activateLocale('en');
});

afterEach(async () => {
  cleanup();
  await activateLocale('en');
});

describe('DateOfBirthInput', () => {
  it('orders its fields as the language writes dates: month, day, year in English; day, month, year in Spanish', async () => {
    expect(partOrder('en')).toEqual(['month', 'day', 'year']);
    expect(partOrder('es')).toEqual(['day', 'month', 'year']);
    expect(renderInput().labels()).toEqual(['bday-month', 'bday-day', 'bday-year']);
    cleanup();
    await activateLocale('es');
    const { group, labels } = renderInput();
    expect(labels()).toEqual(['bday-day', 'bday-month', 'bday-year']);
    const month = within(group).getByLabelText('Mes');
    expect([...month.querySelectorAll('option')].slice(1, 4).map((option) => option.textContent)).toEqual(['Enero', 'Febrero', 'Marzo']);
    expect(within(group).getByLabelText('Día')).toBeTruthy();
    expect(within(group).getByLabelText('Año')).toBeTruthy();
  });

  it('gives the date as YYYY-MM-DD once the three are filled in, and keeps only digits in the day and the year', () => {
    const { onChange, group } = renderInput();
    fireEvent.change(within(group).getByLabelText('Day'), { target: { value: '9x' } });
    expect(onChange).toHaveBeenLastCalledWith('--09');
    fireEvent.change(within(group).getByLabelText('Month'), { target: { value: '12' } });
    fireEvent.change(within(group).getByLabelText('Year'), { target: { value: '1990' } });
    expect(onChange).toHaveBeenLastCalledWith('1990-12-09');
    expect((within(group).getByLabelText('Day') as HTMLInputElement).value).toBe('9');
  });

  it("shows a stored date in its fields, and says what is wrong as the group's description, every field marked", () => {
    const { group } = renderInput({ value: '2001-02-03', error: 'Please enter a valid date.' });
    expect((within(group).getByLabelText('Day') as HTMLInputElement).value).toBe('3');
    expect((within(group).getByLabelText('Month') as HTMLSelectElement).value).toBe('2');
    expect((within(group).getByLabelText('Year') as HTMLInputElement).value).toBe('2001');
    const error = screen.getByText('Please enter a valid date.');
    expect(group.getAttribute('aria-describedby')).toBe(error.id);
    expect(fieldsOf(group).map((field) => field.getAttribute('aria-invalid'))).toEqual(['true', 'true', 'true']);
  });

  it('is left (onBlur) only when the focus goes outside its three fields', () => {
    const { onBlur, group } = renderInput();
    const [first, second] = fieldsOf(group);
    fireEvent.blur(first!, { relatedTarget: second });
    expect(onBlur).not.toHaveBeenCalled();
    fireEvent.blur(second!, { relatedTarget: screen.getByRole('button', { name: 'Next' }) });
    expect(onBlur).toHaveBeenCalledTimes(1);
  });

  it('splits and joins: nothing is empty, a missing part leaves its place empty', () => {
    expect(joinDate({ day: '', month: '', year: '' })).toBe('');
    expect(joinDate({ day: '7', month: '', year: '1990' })).toBe('1990--07');
    expect(splitDate('1990-12-07')).toEqual({ day: '7', month: '12', year: '1990' });
    expect(splitDate('not a date')).toEqual({ day: '', month: '', year: '' });
  });
});
