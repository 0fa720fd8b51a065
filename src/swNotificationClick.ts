/// <reference lib="webworker" />

/** Only paths of this app are opened from a notification; anything else opens the announcements. */
export const appPath = (url: unknown): string =>
  typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/announcements';

/**
 * What a click on an announcement's notification does (issue 9): focus an open window of the app
 * and take it to the notification's page, or open a new window there when none is open (or the
 * open one cannot be moved).
 */
export async function openFromNotification(
  clients: Pick<Clients, 'matchAll' | 'openWindow'>,
  origin: string,
  url: string,
): Promise<void> {
  const pages = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  const page = pages.find((client) => new URL(client.url).origin === origin) as WindowClient | undefined;
  if (page) {
    // Focusing needs the click's user activation; without it the page is still taken there.
    const focused = await page.focus().catch(() => page);
    const navigated = await focused.navigate(new URL(url, origin).href).catch(() => null);
    if (navigated) return;
  }
  await clients.openWindow(url);
}
