import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { modalNotices, showToast, toastTimings } from '../../../src/app/toast';
import Toasts from '../../../src/components/Toasts';
import { activateLocale, i18n } from '../../../src/i18n/i18n';
import { theme } from '../../../src/theme/theme';

async function renderToasts() {
  await activateLocale('en');
  return render(
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <Toasts />
      </MantineProvider>
    </I18nProvider>,
  );
}

afterEach(() => {
  cleanup();
  notifications.clean();
  modalNotices.clear();
});

describe('toasts (SPEC §9)', () => {
  it('keeps the timings of the spec', () => {
    expect(toastTimings).toEqual({ defaultMs: 5000, inlineMs: 3000, closeMs: 300, offsetPx: 20 });
    expect(theme.components?.Modal?.defaultProps).toMatchObject({ transitionProps: { transition: 'fade', duration: 300 } });
  });

  it.each(['error', 'success', 'info', 'warning'] as const)('shows a %s toast', async (kind) => {
    await renderToasts();
    act(() => showToast(kind, `A ${kind} toast`));
    const toast = await screen.findByText(`A ${kind} toast`);
    expect(toast.closest('[data-kind]')?.getAttribute('data-kind')).toBe(kind);
  });

  it('closes a toast after 5000 ms, an inline one after 3000 ms', () => {
    const show = vi.spyOn(notifications, 'show');
    showToast('info', 'Longer');
    showToast('success', 'Saved', { inline: true });
    showToast('error', 'Stays', { autoClose: false });
    expect(show.mock.calls.map(([n]) => [n.message, n.autoClose])).toEqual([
      ['Longer', 5000],
      ['Saved', 3000],
      ['Stays', false],
    ]);
    show.mockRestore();
  });

  it('really closes an inline toast after about 3 s (300 ms close animation)', async () => {
    await renderToasts();
    act(() => showToast('success', 'Saved', { inline: true }));
    await screen.findByText('Saved');
    const shownAt = Date.now();
    await waitFor(() => expect(screen.queryByText('Saved')).toBeNull(), { timeout: 5000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(2900);
  }, 8000);

  it('shows the same id once', async () => {
    await renderToasts();
    act(() => {
      showToast('error', 'Once', { id: 'same' });
      showToast('error', 'Once', { id: 'same' });
    });
    await screen.findByText('Once');
    expect(screen.getAllByText('Once')).toHaveLength(1);
  });

  it('shows modal notices one at a time in a dialog', async () => {
    await renderToasts();
    act(() => {
      showToast('modal', 'First notice', { title: 'Heads up' });
      showToast('modal', 'Second notice');
    });
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('First notice');
    expect(dialog.textContent).toContain('Heads up');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getByRole('dialog').textContent).toContain('Second notice'));
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
