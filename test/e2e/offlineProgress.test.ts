import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoPicture } from '../../server/images/png';
import { createMember, logIn, relaxedLimits, type Member } from './support/accounts';
import { launchChromium } from './support/browser';
import { memberApi, type MemberApi } from './support/memberApi';
import { captureScreen, viewports } from './support/screens';
import { createCommunity, operatorCli, printed } from './support/operator';
import { reserveProduct, type RunningProduct } from './support/serverProcess';
import { startStack, type SmtpSink, type Stack } from './support/stack';
import { recordToasts, type ToastLog } from './support/toastLog';

/**
 * Offline, the promises of issue 48 in Chromium against the product: the operator's images of
 * the lists seen show offline (from the service worker's cache, or the placeholder, never a
 * broken image); Home tells of the pips waiting to be sent; a sync of many scans counts what was
 * sent in its toast while the balance moves; the "synced" toast stays its full 5 s; in English and
 * Spanish, at 390x844 and 1280x800.
 */

/** Earn QR codes of 1 pip each, queued offline and sent in one run. */
const CODES = 40;

const locales = [
  { locale: 'en', language: 'English', waiting: /^\+?\d+ (offline actions|pips) waiting to be sent/, progress: new RegExp(`^(\\d+) of ${CODES} offline actions sent…$`), synced: `${CODES} offline actions synced.`, home: 'Hi,' },
  { locale: 'es', language: 'Español', waiting: /^\+?\d+ (acciones sin conexión|pips) pendientes de enviar/, progress: new RegExp(`^(\\d+) de ${CODES} acciones sin conexión enviadas…$`), synced: `${CODES} acciones sin conexión sincronizadas.`, home: 'Hola,' },
] as const;

describe('offline promises in Chromium: images, pending pips, sync progress', () => {
  let dir: string;
  let stack: Stack;
  let sink: SmtpSink;
  let product: RunningProduct;
  let browser: Browser;
  let communityId = '';
  const links: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pips-offline-progress-'));
    const place = await reserveProduct();
    const admin = operatorCli(place);
    communityId = await createCommunity(place, 'E2E Offline Progress');
    const community = ['--community', communityId];
    const picture = join(dir, 'picture.png');
    writeFileSync(picture, demoPicture(240, 160, [20, 110, 160], [240, 200, 120]));
    await admin('promo:create', ...community, '--title', 'Harbour clean-up', '--pips', '5', '--image', picture);
    await admin('reward:create', ...community, '--title', 'Ferry ticket', '--option', 'Single=50', '--image', picture);
    for (let n = 0; n < CODES; n += 1) {
      const out = await admin('qr:create', ...community, '--title', `Stall ${n + 1}`, '--pips', '1', '--limit', 'once', '--out', join(dir, `qr${n}`));
      links.push(printed(out, /link:\s+(\S+)/));
    }
    ({ sink, product } = stack = await startStack({ ...relaxedLimits }, place));
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  describe.each(locales)('$locale', ({ locale, language, waiting, progress, synced, home }) => {
    let member: Member;
    let api: MemberApi;
    let context: BrowserContext;
    let page: Page;
    let toasts: ToastLog;

    beforeAll(async () => {
      member = await createMember(product, sink, { label: `progress-${locale}`, firstName: 'Pat', communityId });
      api = memberApi(product, member);
      // Signed in in English (the form's words), then switched to the member's language.
      context = await browser.newContext({ viewport: viewports.phone, locale: 'en-US' });
      toasts = await recordToasts(context);
      // A phone's network: each scan's answer takes a moment, so a sync of the queue lasts longer
      // than the balances' reload interval (2 s) however fast this machine answers. (In the page:
      // the service worker's fetch handler keeps its requests from Playwright's routes.)
      await context.addInitScript(() => {
        const slowed = window as unknown as { slowScans: number };
        slowed.slowScans = 0;
        const fetchNow = window.fetch.bind(window);
        window.fetch = async (input, init) => {
          const url = input instanceof Request ? input.url : String(input);
          if (new URL(url, location.href).pathname === '/mobile/earn/qr/post') {
            slowed.slowScans += 1;
            await new Promise((resolve) => setTimeout(resolve, 150));
          }
          return fetchNow(input, init);
        };
      });
      page = await context.newPage();
      await page.goto(`${product.url}/login`);
      await logIn(page, product, member);
      await page.waitForURL('**/home', { timeout: 15_000 });
      if (locale === 'es') await page.getByRole('button', { name: language, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: new RegExp(`^${home}`) }).waitFor({ timeout: 15_000 });
      // The service worker in control: the offline visits below need it.
      await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), null, { timeout: 20_000 });
    });

    afterAll(async () => {
      await context?.close();
    });

    /** Every operator's image on screen: loaded (naturalWidth > 0), or the placeholder; never broken. */
    const imagesShown = () =>
      page.evaluate(() => {
        const images = [...document.querySelectorAll<HTMLImageElement>('main [data-testid="promo-image"]')];
        return {
          loaded: images.filter((img) => img.complete && img.naturalWidth > 0).length,
          broken: images.filter((img) => img.complete && img.naturalWidth === 0).length,
          placeholders: document.querySelectorAll('main [data-testid="promo-image-placeholder"]').length,
        };
      });

    it('offline, the images of the lists seen online show from the cache, never a broken image', async () => {
      for (const path of ['/earn', '/redeem']) {
        await page.goto(`${product.url}${path}`);
        await page.locator('main [data-testid="promo-image"]').first().scrollIntoViewIfNeeded();
        await expect.poll(async () => (await imagesShown()).loaded, { timeout: 15_000 }).toBeGreaterThan(0);
      }
      await context.setOffline(true);
      for (const [path, name] of [
        ['/earn', 'earn'],
        ['/redeem', 'redeem'],
      ] as const) {
        await page.goto(`${product.url}${path}`);
        // The lists' images load as they come near the screen (loading="lazy"): scrolled to, as a
        // member would, offline too.
        await page.locator('main [data-testid="promo-image"], main [data-testid="promo-image-placeholder"]').first().scrollIntoViewIfNeeded();
        await expect.poll(async () => JSON.stringify(await imagesShown()), { timeout: 15_000 }).toMatch(/"loaded":[1-9]/);
        expect((await imagesShown()).broken).toBe(0);
        await captureScreen(page, `offline/${name}-images-offline`, locale);
      }
    });

    it('offline, Home tells of what waits to be sent', async () => {
      // The scans made offline, as the scanner queues them (the camera is another journey's).
      await page.evaluate(
        ({ links, userId }) =>
          new Promise<void>((resolve, reject) => {
            const open = indexedDB.open('offlineEarn');
            open.onerror = () => reject(open.error);
            open.onsuccess = () => {
              const tx = open.result.transaction('actions', 'readwrite');
              links.forEach((qrParam, n) =>
                tx.objectStore('actions').add({ eid: null, type: 'qr', metadata: { qrParam }, timestamp: Date.now() + n, idempotencyKey: crypto.randomUUID(), userId }),
              );
              tx.oncomplete = () => resolve();
              tx.onerror = () => reject(tx.error);
            };
          }),
        { links, userId: member.userId },
      );
      await page.goto(`${product.url}/home`);
      const line = page.getByTestId('home-pending-pips');
      await line.waitFor({ timeout: 15_000 });
      expect(await line.innerText()).toMatch(waiting);
      expect(await line.innerText()).toContain(String(CODES));
      await captureScreen(page, 'offline/home-pending', locale);
    });

    it('back online: the toast counts what was sent while the balance moves, then "synced" stays its full time; nothing waits any more', async () => {
      const balance = page.getByRole('main').locator('output').first();
      const since = toasts.mark();
      await context.setOffline(false);
      // During the run: a count short of the total on the toast, and a balance already above 0.
      await page.waitForFunction(
        ({ source, total }) => {
          const pattern = new RegExp(source);
          const counting = [...document.querySelectorAll('.mantine-Notification-description')].some((node) => {
            const match = pattern.exec(node.textContent?.trim() ?? '');
            return match !== null && Number(match[1]) < total;
          });
          const shown = Number((document.querySelector('main output')?.textContent ?? '0').replace(/\D/g, ''));
          return counting && shown > 0;
        },
        { source: progress.source, total: CODES },
        { timeout: 60_000 },
      );
      await captureScreen(page, 'offline/home-sync-progress', locale);
      await toasts.waitFor(page, synced, { since, timeout: 60_000 });
      // The synced toast stays its 5 s from the moment it shows (it replaced the count in place).
      const shownFor = await page.evaluate(
        (text) =>
          new Promise<number>((resolve) => {
            const from = performance.now();
            const check = () => {
              const present = [...document.querySelectorAll('.mantine-Notification-description')].some((node) => node.textContent?.trim() === text);
              if (present) requestAnimationFrame(check);
              else resolve(performance.now() - from);
            };
            check();
          }),
        synced,
      );
      expect(shownFor).toBeGreaterThan(4500);
      const counts = toasts
        .texts(page, since)
        .map((text) => progress.exec(text))
        .filter((match) => match !== null)
        .map((match) => Number(match[1]));
      expect(await page.evaluate(() => (window as unknown as { slowScans: number }).slowScans)).toBeGreaterThanOrEqual(CODES);
      expect(counts.length).toBeGreaterThan(0);
      expect(counts).toEqual([...counts].sort((a, b) => a - b));
      expect(await balance.textContent()).toBe(String(CODES));
      expect((await api.dashboard()).availablePips).toBe(CODES);
      // Nothing waits: no line on Home, no pending list on Earn.
      expect(await page.getByTestId('home-pending-pips').count()).toBe(0);
      await page.goto(`${product.url}/earn`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.locator('section[aria-labelledby="earn-pending-heading"]').count()).toBe(0);
    });
  });
});
