import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { createMember, logIn, relaxedLimits, toastTexts, type Member } from './support/accounts';
import { createCommunity, operatorCli } from './support/operator';
import { reserveProduct, runScriptOnFolder, type ProductPlace, type RunningProduct } from './support/serverProcess';
import { appStarted } from './support/screens';
import { startStack, type SmtpSink, type Stack } from './support/stack';

/** `announce()` of the server, `count` times, on the product's folder before it starts (support/announceMany.ts). */
async function announceMany(place: ProductPlace, communityId: string, count: number): Promise<void> {
  await runScriptOnFolder(place, 'test/e2e/support/announceMany.ts', [place.dataDir, communityId, String(count)]);
}

/**
 * Announcements in Chromium against the real server: made by the operator's CLI (and, for the
 * hundred that show 99+, by the server's announce()), the bell, reading, deleting, their reverts
 * when the server fails (route interception), offline reads sent on reconnect, internal links,
 * paging on scroll, Spanish.
 */
describe('announcements in Chromium', () => {
  let stack: Stack;
  let sink: SmtpSink;
  let product: RunningProduct;
  let small: string;
  let big: string;
  let member: Member;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    const place = await reserveProduct();
    const admin = operatorCli(place);
    small = await createCommunity(place, 'Announce Small');
    big = await createCommunity(place, 'Announce Big');
    await announceMany(place, small, 2);
    await announceMany(place, big, 101);
    const created = await admin(
      'announcement:create', '--community', small, '--title', 'Trivia night', '--title-es', 'Noche de trivia',
      '--text', 'Join us at 8', '--text-es', 'Únete a las 8', '--link', '/earn',
    );
    expect(created).toMatch(/Created announcement #\d+ "Trivia night"/);
    expect(await admin('announcement:list', '--community', small)).toContain('"Trivia night" (en+es)  link /earn  read 0  deleted 0');
    ({ sink, product } = stack = await startStack({ ...relaxedLimits }, place));
    member = await createMember(product, sink, { label: 'announce', communityId: small });
    context = await stack.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    page = await context.newPage();
    await logIn(page, product, member);
    await page.waitForURL('**/home', { timeout: 15_000 });
  }, 180_000);

  afterAll(() => stack?.stop());

  const bell = () => page.getByTestId('bell-count').innerText().catch(() => '');
  const card = (title: string) => page.getByTestId('announcement').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  const records = async () => {
    const response = await fetch(`${product.url}/mobile/announcements/users`, { method: 'POST', headers: { Authorization: member.authToken } });
    return ((await response.json()) as { data: { usersAnnouncements: { id: number; status: number }[] } }).data.usersAnnouncements;
  };

  it('shows the unread count on the bell, which opens the list newest first', async () => {
    await expect.poll(bell).toBe('3');
    await page.getByRole('link', { name: 'Announcements, 3 unread' }).click();
    await page.waitForURL('**/announcements');
    await expect.poll(() => page.getByTestId('announcement').count()).toBe(3);
    const titles = await page.getByTestId('announcement').getByRole('heading').allInnerTexts();
    expect(titles).toEqual(['Trivia night', 'Bulk 2', 'Bulk 1']);
  });

  it('marks read and deletes at once, and the server keeps both', async () => {
    await card('Trivia night').getByRole('button', { name: 'Mark as read' }).click();
    await expect.poll(() => card('Trivia night').getAttribute('data-unread')).toBe('false');
    await expect.poll(bell).toBe('2');
    await card('Bulk 2').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => card('Bulk 2').count()).toBe(0);
    await expect.poll(bell).toBe('1');
    await expect.poll(async () => (await records()).map((r) => r.status).sort()).toEqual([3, 4]);
    await page.reload();
    await expect.poll(() => page.getByTestId('announcement').getByRole('heading').allInnerTexts()).toEqual(['Trivia night', 'Bulk 1']);
  });

  it('reverts a delete and a read the server refuses, saying so', async () => {
    await page.route('**/mobile/announcements/*/status?**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ status: 'ERROR', success: false, data: null, error: { code: 'INTERNAL_ERROR', message: 'down' } }),
      }),
    );
    await card('Bulk 1').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Failed to delete announcement, change reverted.'));
    await expect.poll(() => page.getByTestId('announcement').getByRole('heading').allInnerTexts()).toEqual(['Trivia night', 'Bulk 1']);
    await expect.poll(bell).toBe('1');
    await card('Bulk 1').getByRole('button', { name: 'Mark as read' }).click();
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Failed to mark as read, change reverted.'));
    await expect.poll(() => card('Bulk 1').getAttribute('data-unread')).toBe('true');
    await expect.poll(bell).toBe('1');
    await page.unroute('**/mobile/announcements/*/status?**');
    expect((await records()).length).toBe(2);
  });

  it('keeps a read made offline and sends it when the connection returns; the list shows offline', async () => {
    // Offline, the page comes from the service worker: wait until it controls the page.
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.ready.then(() => Boolean(navigator.serviceWorker.controller))), { timeout: 20_000 })
      .toBe(true);
    await context.setOffline(true);
    await page.reload().catch(() => undefined);
    await expect.poll(() => card('Bulk 1').count()).toBe(1);
    await card('Bulk 1').getByRole('button', { name: 'Mark as read' }).click();
    await expect.poll(() => card('Bulk 1').getAttribute('data-unread')).toBe('false');
    await expect.poll(bell).toBe('');
    expect((await records()).length).toBe(2);
    await context.setOffline(false);
    await expect.poll(async () => (await records()).map((r) => r.status).sort(), { timeout: 15_000 }).toEqual([3, 3, 4]);
  });

  it('offline, a switch to Spanish shows the list saved in English, saying it is the saved copy', async () => {
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Español', exact: true }).click();
    await page.getByText('Mostrando los anuncios guardados en este dispositivo.').waitFor({ timeout: 15_000 });
    // no list was ever saved in Spanish: the English one shows, not the load error
    await expect.poll(() => card('Trivia night').count()).toBe(1);
    await page.getByRole('button', { name: 'English', exact: true }).click();
    await context.setOffline(false);
    await expect.poll(() => page.getByText('Showing the announcements saved on this device.').count(), { timeout: 15_000 }).toBe(0);
  });

  it('opens an internal link in the app', async () => {
    await card('Trivia night').getByRole('link', { name: 'Open' }).click();
    await page.waitForURL('**/earn');
  });

  it('shows the content in Spanish to a member whose app is in Spanish', async () => {
    const es = await stack.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-ES' });
    const spanish = await es.newPage();
    const other = await createMember(product, sink, { label: 'anuncios', communityId: small });
    await spanish.goto(`${product.url}/login`);
    await appStarted(spanish);
    await spanish.locator('input[type="email"]').fill(other.email);
    await spanish.locator('input[type="password"]').first().fill(other.password);
    await spanish.locator('button[type="submit"]').click();
    await spanish.waitForURL('**/home', { timeout: 15_000 });
    await expect.poll(() => spanish.getByTestId('bell-count').innerText()).toBe('3');
    await spanish.getByRole('link', { name: 'Anuncios, 3 sin leer' }).click();
    await spanish.waitForURL('**/announcements');
    await expect.poll(() => spanish.getByTestId('announcement').getByRole('heading').allInnerTexts()).toEqual(['Noche de trivia', 'Lote 2', 'Lote 1']);
    expect(await spanish.getByText('Únete a las 8').isVisible()).toBe(true);
    expect(await spanish.getByRole('button', { name: 'Marcar como leído' }).count()).toBe(3);
    // On a 390 px phone, in Spanish, each card's actions stay on one line: open, mark as read, and
    // the bin (named 'Eliminar'), each at least 36 px tall.
    for (const card of await spanish.getByTestId('announcement').all()) {
      const boxes = await Promise.all(
        [card.getByRole('button', { name: 'Marcar como leído' }), card.getByRole('button', { name: 'Eliminar' })].map((b) => b.boundingBox()),
      );
      const [mark, bin] = boxes.map((box) => box!);
      expect(Math.abs(mark.y + mark.height / 2 - (bin.y + bin.height / 2))).toBeLessThan(2);
      expect(Math.min(mark.height, bin.height, bin.width)).toBeGreaterThanOrEqual(36);
      expect(bin.x + bin.width).toBeLessThanOrEqual(390);
    }
    await es.close();
  });

  it('shows 99+ above 99 and appends the next page of 30 as the member scrolls', async () => {
    const many = await createMember(product, sink, { label: 'many', communityId: big });
    const other = await stack.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    const bigPage = await other.newPage();
    await logIn(bigPage, product, many);
    await bigPage.waitForURL('**/home', { timeout: 15_000 });
    await expect.poll(() => bigPage.getByTestId('bell-count').innerText()).toBe('99+');
    await bigPage.getByTestId('bell').click();
    await bigPage.waitForURL('**/announcements');
    await expect.poll(() => bigPage.getByTestId('announcement').count()).toBe(30);
    await bigPage.getByTestId('announcement').last().scrollIntoViewIfNeeded();
    await bigPage.mouse.wheel(0, 20_000);
    await expect.poll(() => bigPage.getByTestId('announcement').count()).toBeGreaterThanOrEqual(60);
    const titles = await bigPage.getByTestId('announcement').getByRole('heading').allInnerTexts();
    expect(titles.slice(0, 3)).toEqual(['Bulk 101', 'Bulk 100', 'Bulk 99']);
    expect(new Set(titles).size).toBe(titles.length);
    await other.close();
  });
});
