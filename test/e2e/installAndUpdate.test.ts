import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expectAccessible } from './support/a11y';
import { launchChromium } from './support/browser';
import { appShows, captureScreen } from './support/screens';
import { startProduct, type RunningProduct } from './support/serverProcess';

const safariOnIphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/**
 * The browser's install offer, as Chromium would make it: `prompt()` answers with `outcome`.
 * Whether a listener took it (prevented the browser's own mini-infobar).
 */
async function offerInstall(page: Page, outcome: 'accepted' | 'dismissed' = 'dismissed'): Promise<boolean> {
  return page.evaluate((answer) => {
    const offer = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
      prompt(): Promise<void>;
      userChoice: Promise<{ outcome: string }>;
    };
    (window as unknown as { __prompted: number }).__prompted = 0;
    offer.prompt = async () => {
      (window as unknown as { __prompted: number }).__prompted += 1;
    };
    offer.userChoice = Promise.resolve({ outcome: answer });
    window.dispatchEvent(offer);
    return offer.defaultPrevented;
  }, outcome);
}

const installButton = (page: Page) => page.getByRole('button', { name: 'Install app' });

/**
 * The install prompt and the service worker update, in the built product: the
 * install button on `beforeinstallprompt`, its style after 3 views, the Safari dialog; a new
 * build deployed while the page is open takes over and reloads the page once, but not while a
 * form holds input.
 */
describe('install prompt and app updates in Chromium', () => {
  let product: RunningProduct;
  let browser: Browser;
  let staticDir: string;

  beforeAll(async () => {
    // A copy of the build the test can "deploy" a new version into.
    staticDir = mkdtempSync(join(tmpdir(), 'pips-dist-'));
    cpSync('dist', staticDir, { recursive: true });
    product = await startProduct({ STATIC_DIR: staticDir });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    rmSync(staticDir, { recursive: true, force: true });
  });

  describe('install button', () => {
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
      page = await context.newPage();
    });
    afterAll(() => context.close());

    it('appears when the browser offers to install, and shows the browser dialog when pressed', async () => {
      await page.goto(`${product.url}/login`);
      await appShows(page, 'Log in');
      // The button comes after the first paint: nothing already in the top bar moves for it.
      const topBar = async () => {
        const boxOf = async (locator: Locator) => (await locator.boundingBox())!;
        const [actions, language] = await Promise.all([boxOf(page.getByTestId('top-bar-actions')), boxOf(page.getByRole('group', { name: 'Language' }))]);
        return { actions: [actions.x, actions.width].map(Math.round), language: Math.round(language.x) };
      };
      const before = await topBar();
      await offerInstall(page);
      await installButton(page).waitFor({ timeout: 10_000 });
      expect(await topBar()).toEqual(before);
      expect(await page.evaluate(() => localStorage.getItem('installButtonViews'))).toBe('1');
      expect(await installButton(page).getAttribute('data-prominent')).toBeNull();
      await expectAccessible(page, 'install-button');

      await installButton(page).click();
      // Dismissed: the browser's dialog was shown once; the button waits for the next offer.
      await expect.poll(() => page.evaluate(() => (window as unknown as { __prompted: number }).__prompted)).toBe(1);
      await expect.poll(() => installButton(page).isVisible()).toBe(false);
    });

    it('changes style after 3 views (the count kept in local storage)', async () => {
      for (const views of [2, 3, 4]) {
        await page.reload();
        await appShows(page, 'Log in');
        await offerInstall(page);
        await installButton(page).waitFor({ timeout: 10_000 });
        expect(await page.evaluate(() => localStorage.getItem('installButtonViews'))).toBe(String(views));
        expect(await installButton(page).getAttribute('data-prominent')).toBe(views > 3 ? 'true' : null);
      }
      await captureScreen(page, 'install-button-prominent', 'en');
    });

    it('hides the button for good once the app is installed', async () => {
      await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
      await expect.poll(() => installButton(page).isVisible()).toBe(false);
      expect(await page.evaluate(() => localStorage.getItem('appInstalled'))).toBe('true');
      await page.reload();
      await appShows(page, 'Log in');
      // The browser's offer is handled as it is dispatched: an app installed from here shows no
      // button, and no view is counted.
      await offerInstall(page);
      expect(await installButton(page).count()).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem('installButtonViews'))).toBe('4');
    });

    it("keeps an offer the browser made before the app's script arrived (the page's first script holds it)", async () => {
      const early = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US', serviceWorkers: 'block' });
      const tab = await early.newPage();
      // The app's chunk is held back, as on a slow network, while the browser makes its offer.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await tab.route(/\/assets\/app-[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      // The held chunk is let go and the context closed whatever happens: a failure here leaves
      // no request hanging into the next test.
      try {
        await tab.goto(`${product.url}/login`, { waitUntil: 'commit' });
        // Offered until the page's holder takes it (before it runs, nobody does).
        await expect.poll(() => offerInstall(tab).catch(() => false)).toBe(true);
        expect(await tab.evaluate(() => document.querySelector('[data-prerendered]') !== null)).toBe(true);

        release();
        await appShows(tab, 'Log in');
        await installButton(tab).waitFor({ timeout: 10_000 });
        expect(await tab.evaluate(() => localStorage.getItem('installButtonViews'))).toBe('1');
        await installButton(tab).click();
        await expect.poll(() => tab.evaluate(() => (window as unknown as { __prompted: number }).__prompted)).toBe(1);
      } finally {
        release();
        await early.close();
      }
    });

    it('on Safari, which never offers, the button opens the install instructions', async () => {
      const safari = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US', userAgent: safariOnIphone });
      const tab = await safari.newPage();
      await tab.goto(`${product.url}/login`);
      await installButton(tab).click({ timeout: 15_000 });
      const dialog = tab.getByRole('dialog', { name: 'Install pips' });
      await dialog.waitFor();
      await expect.poll(() => dialog.getByText('On iPhone or iPad').isVisible()).toBe(true);
      // An iPhone: its own steps only, not the Mac's.
      expect(await dialog.getByText('On a Mac').count()).toBe(0);
      // The dialog's title reads as its heading.
      expect(await dialog.locator('.mantine-Modal-title').evaluate((title) => getComputedStyle(title).fontWeight)).toBe('700');
      await expectAccessible(tab, 'install-instructions');
      await captureScreen(tab, 'install-instructions', 'en');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect.poll(() => dialog.isVisible()).toBe(false);
      await safari.close();
    });
  });

  describe('a new version deployed while the page is open', () => {
    /** "Deploys" a new build: the service worker script changes, so the browser installs it as new. */
    const deploy = (label: string) => {
      const sw = join(staticDir, 'sw.js');
      writeFileSync(sw, `${readFileSync(sw, 'utf8')}\n// deployed: ${label}\n`);
    };
    /** Asks the browser to look for a new version now (the app also does on showing and hourly). */
    const checkForUpdate = (page: Page) =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        await registration?.update();
      });
    const controlled = (page: Page) =>
      page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });

    it('takes over and reloads the page once', async () => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
      const page = await context.newPage();
      let loads = 0;
      page.on('load', () => (loads += 1));
      await page.goto(`${product.url}/login`);
      await controlled(page);
      await page.evaluate(() => ((window as unknown as { __before: boolean }).__before = true));
      const loadsBefore = loads;

      deploy('reload once');
      await checkForUpdate(page);
      // The new version takes over and the page reloads itself (100 ms after the takeover).
      await page.waitForFunction(() => !(window as unknown as { __before?: boolean }).__before, null, { timeout: 30_000 });
      await appShows(page, 'Log in');
      // The reloaded page is controlled by the new version, with nothing waiting.
      await controlled(page);
      expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(false);
      // Looking again finds no newer version: no second reload follows.
      await checkForUpdate(page);
      await page.getByRole('heading', { name: 'Log in' }).waitFor();
      expect(loads - loadsBefore).toBe(1);
      await context.close();
    });

    it('does not reload while a form holds input: it offers the reload instead', async () => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
      const page = await context.newPage();
      // Through the community's join link: without a community, sign-up offers the scan, no form.
      await page.goto(product.joinLink);
      await page.getByRole('button', { name: 'Continue to sign up' }).click();
      await page.waitForURL('**/signup');
      await controlled(page);
      await page.getByLabel('First name').fill('Ada');
      await page.evaluate(() => ((window as unknown as { __before: boolean }).__before = true));

      deploy('a form holds input');
      await checkForUpdate(page);
      const notice = page.getByTestId('update-notice');
      await notice.waitFor({ timeout: 30_000 });
      await expect.poll(() => notice.textContent()).toContain('A new version of pips is ready.');
      // Still the same page, with what the member typed.
      expect(await page.evaluate(() => (window as unknown as { __before?: boolean }).__before)).toBe(true);
      expect(await page.getByLabel('First name').inputValue()).toBe('Ada');
      await captureScreen(page, 'update-offered', 'en');

      await notice.getByRole('button', { name: 'Reload' }).click();
      await page.waitForFunction(() => !(window as unknown as { __before?: boolean }).__before, null, { timeout: 30_000 });
      await page.getByLabel('First name').waitFor({ timeout: 15_000 });
      await context.close();
    });
  });
});
