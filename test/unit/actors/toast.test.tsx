import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { notifications, notificationsStore } from '@mantine/notifications';
import { hideToast, maxToasts, modalNotices, showToast, toastTimings } from '../../../src/actors/toast';
import { syncMessages } from '../../../src/actors/syncMessages';
import Toasts from '../../../src/components/Toasts';
import { commonMessages } from '../../../src/components/errorMessages';
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

describe('toasts', () => {
  it('keeps its timings', () => {
    expect(toastTimings).toEqual({ defaultMs: 5000, inlineMs: 3000, closeMs: 300, offsetPx: 20 });
    expect(theme.components?.Modal?.defaultProps).toMatchObject({ transitionProps: { transition: 'fade', duration: 300 } });
  });

  it.each(['error', 'success', 'info', 'warning'] as const)('shows a %s toast', async (kind) => {
    await renderToasts();
    act(() => showToast(kind, `A ${kind} toast`));
    const toast = await screen.findByText(`A ${kind} toast`);
    expect(toast.closest('[data-kind]')?.getAttribute('data-kind')).toBe(kind);
  });

  it('shows at most three toasts at once: a new one closes the oldest at once, an update closes none', async () => {
    expect(maxToasts).toBe(3);
    await renderToasts();
    act(() => {
      for (const n of [1, 2, 3, 4, 5]) showToast('info', `Toast ${n}`);
    });
    expect(notificationsStore.getState().notifications.map((n) => n.message)).toEqual(['Toast 3', 'Toast 4', 'Toast 5']);
    expect(notificationsStore.getState().queue).toEqual([]);
    await waitFor(() => expect(screen.queryByText('Toast 2')).toBeNull());
    expect(screen.getByText('Toast 5')).toBeTruthy();
    // The sync toast changing in place is no new toast.
    act(() => showToast('info', 'Waiting to sync', { id: 'sync' }));
    act(() => showToast('success', 'Synced', { id: 'sync' }));
    expect(notificationsStore.getState().notifications.map((n) => n.message)).toEqual(['Toast 4', 'Toast 5', 'Synced']);
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

  it('hides a toast by its id at once, and leaves the others (nothing shown under the id: nothing happens)', async () => {
    await renderToasts();
    act(() => {
      showToast('info', 'Please log in', { id: 'guard.loginRequired' });
      showToast('success', 'Saved');
    });
    await screen.findByText('Please log in');
    act(() => hideToast('guard.loginRequired'));
    await waitFor(() => expect(screen.queryByText('Please log in')).toBeNull());
    expect(screen.getByText('Saved')).toBeTruthy();
    act(() => hideToast('guard.loginRequired'));
    expect(notificationsStore.getState().notifications.map((n) => n.message)).toEqual(['Saved']);
  });

  it('shows the same id once', async () => {
    await renderToasts();
    act(() => {
      showToast('error', 'Once', { id: 'same' });
      showToast('error', 'Once', { id: 'same' });
    });
    await screen.findByText('Once');
    expect(screen.getAllByText('Once')).toHaveLength(1);
  });

  it('changes a toast raised again under its id in place (waiting to sync becomes synced)', async () => {
    await renderToasts();
    act(() => showToast('info', '2 offline actions waiting to sync…', { id: 'sync-earn' }));
    const waiting = await screen.findByText('2 offline actions waiting to sync…');
    const toast = waiting.closest('[data-kind]')!;

    act(() => showToast('success', '2 offline actions synced.', { id: 'sync-earn' }));

    await waitFor(() => expect(screen.queryByText('2 offline actions waiting to sync…')).toBeNull());
    expect(screen.getAllByText('2 offline actions synced.')).toHaveLength(1);
    // The same toast element, now a success.
    expect(screen.getByText('2 offline actions synced.').closest('[data-kind]')).toBe(toast);
    expect(toast.getAttribute('data-kind')).toBe('success');
  });

  it('a toast taking the place of one that stays (the sync: waiting, then synced) closes after its own full 5000 ms', async () => {
    await renderToasts();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      act(() => showToast('info', '1,000 offline actions waiting to sync…', { id: 'sync-earn', autoClose: false }));
      act(() => vi.advanceTimersByTime(60_000));
      expect(screen.getByText('1,000 offline actions waiting to sync…')).toBeTruthy();
      act(() => showToast('success', '1,000 offline actions synced.', { id: 'sync-earn' }));
      const shown = () => notificationsStore.getState().notifications.map((n) => n.id);
      act(() => vi.advanceTimersByTime(toastTimings.defaultMs - 100));
      expect(shown()).toEqual(['sync-earn']);
      expect(screen.getByText('1,000 offline actions synced.')).toBeTruthy();
      // Its timer ends: the container closes it.
      act(() => vi.advanceTimersByTime(100));
      expect(shown()).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('updates a toast raised again before the container showed it, instead of queueing a second one', () => {
    const update = vi.spyOn(notifications, 'update');
    showToast('info', 'First', { id: 'early' });
    showToast('success', 'Second', { id: 'early' });
    expect(update).toHaveBeenCalledTimes(1);
    expect(update.mock.calls[0][0]).toMatchObject({ id: 'early', message: 'Second', color: 'teal' });
    update.mockRestore();
  });

  it('a toast and a modal notice written in the language shown follow a language switch while on screen', async () => {
    await renderToasts();
    act(() => {
      showToast('error', () => i18n._(syncMessages.offline), { id: 'connectivity-offline', title: () => i18n._(commonMessages.somethingWrong) });
      showToast('modal', () => i18n._(syncMessages.online));
    });
    await screen.findByText(i18n._(syncMessages.offline));
    const english = [syncMessages.offline, commonMessages.somethingWrong, syncMessages.online].map((m) => i18n._(m));
    expect(screen.getByRole('dialog').textContent).toContain(english[2]);
    const closeButton = () => document.querySelector('[data-kind="error"] button');
    expect(closeButton()?.getAttribute('aria-label')).toBe('Close notification');

    await act(() => activateLocale('es'));
    expect(closeButton()?.getAttribute('aria-label')).toBe('Cerrar notificación');

    const spanish = [syncMessages.offline, commonMessages.somethingWrong, syncMessages.online].map((m) => i18n._(m));
    spanish.forEach((text, n) => expect(text).not.toBe(english[n]));
    expect(await screen.findByText(spanish[0])).toBeTruthy();
    expect(screen.getByText(spanish[1])).toBeTruthy();
    expect(screen.getByRole('dialog').textContent).toContain(spanish[2]);
    for (const text of english) expect(document.body.textContent).not.toContain(text);
    await act(() => activateLocale('en'));
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

describe('the toast host', () => {
  it('is wanted only once a toast or a notice is raised', async () => {
    // earlier tests raised toasts in this module; a fresh copy of the module starts clean
    vi.resetModules();
    const fresh = await import('../../../src/actors/toast');
    const { notificationsStore } = await import('@mantine/notifications');
    notificationsStore.setState({ notifications: [], queue: [], defaultPosition: 'top-right', limit: 5 });
    expect(fresh.toastHost.wanted()).toBe(false);
    const changed = vi.fn();
    const unsubscribe = fresh.toastHost.subscribe(changed);
    fresh.showToast('modal', 'A notice');
    expect(changed).toHaveBeenCalled();
    expect(fresh.toastHost.wanted()).toBe(true);
    // once wanted, it stays mounted when the notice is closed
    fresh.modalNotices.clear();
    expect(fresh.toastHost.wanted()).toBe(true);
    unsubscribe();
  });
});
