import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, logIn } from './support/accounts';
import { storeSession } from './support/memberApi';
import { appShows, screenshotDir, viewports } from './support/screens';
import { startStack, type Stack } from './support/stack';
import { NO_SCRIPT } from '../../build/catalogParts';

/**
 * The public screens a first visit opens on come prerendered (build/prerender): the page shows the
 * screen before any script runs, in the visitor's language, and the app, once it has started,
 * replaces it with the same screen: nothing moves. /signup, not prerendered, still opens on the
 * splash.
 */
const pages = [
  { path: '/login', heading: { en: 'Log in', es: 'Iniciar sesión' } },
  { path: '/welcome', heading: { en: 'Welcome to pips', es: 'Te damos la bienvenida a pips' } },
] as const;
const cases = pages.flatMap((page) =>
  (['en', 'es'] as const).flatMap((locale) => Object.entries(viewports).map(([size, viewport]) => ({ ...page, locale, size, viewport }))),
);

/** Where every heading, field, button and link of the page lies (what a shift would move). */
function layout(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('h1, input, button, a')]
      .filter((element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden')
      .map((element) => {
        const box = element.getBoundingClientRect();
        const text = (element.textContent ?? '').trim().slice(0, 24);
        return `${element.tagName} "${text}" at ${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}x${Math.round(box.height)}`;
      }),
  );
}

/** The top bar and the screen as the page shows them (the footer aside: the bare page shows its <noscript> line over it). */
async function look(page: Page): Promise<Buffer[]> {
  return [await page.locator('header').screenshot({ animations: 'disabled' }), await page.locator('main').screenshot({ animations: 'disabled' })];
}

describe('prerendered first screens', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it.each(cases)('$path in $locale on a $size: shown before any script runs, replaced by the app without a shift', async ({
    path,
    heading,
    locale,
    size,
    viewport,
  }) => {
    const acceptLanguage = locale === 'es' ? 'es-ES' : 'en-US';
    // Without JavaScript: what the page itself shows until the app has started.
    const bare = await stack.browser.newContext({ viewport, locale: acceptLanguage, javaScriptEnabled: false });
    const before = await bare.newPage();
    await before.goto(`${stack.product.url}${path}`);
    await expect(before.locator('h1').textContent()).resolves.toBe(heading[locale]);
    expect(await before.locator('html').getAttribute('lang')).toBe(locale);
    // The line for a browser without JavaScript is in the page's language too.
    expect(await before.locator('noscript').textContent()).toBe(NO_SCRIPT[locale]);
    // and it is on the first screen, over the bottom edge (before, it sat under the footer, out of view).
    const line = (await before.locator('noscript > p').boundingBox())!;
    expect(line.y + line.height).toBeLessThanOrEqual(viewport.height + 0.5);
    expect(line.y).toBeGreaterThan(viewport.height / 2);
    // Nothing can be typed into a form the app is about to replace.
    expect(await before.locator('#root > [data-prerendered]').getAttribute('inert')).toBe('');
    await expect(before.locator('#splash').count()).resolves.toBe(0);
    const file = join(screenshotDir, locale, `prerendered${path.replace('/', '-')}-${viewport.width}x${viewport.height}.png`);
    mkdirSync(dirname(file), { recursive: true });
    await before.screenshot({ path: file, fullPage: true });
    const prerendered = await layout(before);
    const prerenderedLook = await look(before);
    await bare.close();

    // With it: the app replaces the page once its screen shows, at the same places.
    const context = await stack.browser.newContext({ viewport, locale: acceptLanguage });
    try {
      const page = await context.newPage();
      await page.addInitScript(() => {
        const shifts: number[] = ((window as unknown as { shifts: number[] }).shifts = []);
        new PerformanceObserver((list) => list.getEntries().forEach((entry) => shifts.push((entry as unknown as { value: number }).value))).observe({
          type: 'layout-shift',
          buffered: true,
        });
      });
      await page.goto(`${stack.product.url}${path}`);
      await page.waitForFunction(() => !document.querySelector('[data-prerendered]'));
      await expect(page.locator('h1').textContent()).resolves.toBe(heading[locale]);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await layout(page), `${path} ${size}`).toEqual(prerendered);
      // and it looks the same, pixel for pixel (colours too: the layout alone missed a white button)
      const appLook = await look(page);
      expect(appLook.map((shot, i) => shot.equals(prerenderedLook[i])), `${path} ${size}: top bar, screen`).toEqual([true, true]);
      const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
      expect(shifts).toEqual([]);
      // The app's own fields take input.
      if (path === '/login') {
        await page.getByLabel(locale === 'es' ? 'Correo electrónico' : 'Email').fill('ada@example.org');
        await expect(page.getByLabel(locale === 'es' ? 'Correo electrónico' : 'Email').inputValue()).resolves.toBe('ada@example.org');
      }
    } finally {
      await context.close();
    }
  });

  it('sends the page in the language chosen in the app, not the browser’s', async () => {
    const context = await stack.browser.newContext({ viewport: viewports.phone, locale: 'en-US' });
    const bare = await stack.browser.newContext({ viewport: viewports.phone, locale: 'en-US', javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`${stack.product.url}/login`);
      await appShows(page, 'Log in');
      await page.getByRole('button', { name: 'Español', exact: true }).click();
      await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
      // The next visit, in the same browser: the page itself is Spanish, before any script runs.
      await bare.addCookies(await context.cookies());
      const next = await bare.newPage();
      await next.goto(`${stack.product.url}/login`);
      await expect(next.locator('h1').textContent()).resolves.toBe('Iniciar sesión');
      expect(await next.locator('html').getAttribute('lang')).toBe('es');
    } finally {
      await context.close();
      await bare.close();
    }
  });

  it('sends a signed-in member the splash, not the guest screen they would be sent away from, until they log out', async () => {
    const member = await createMember(stack.product, stack.sink, { label: 'prerendered', firstName: 'Hedy' });
    // No service worker: what the server itself sends for each visit.
    const context = await stack.browser.newContext({ viewport: viewports.phone, locale: 'en-US', serviceWorkers: 'block' });
    const signedIn = async () => (await context.cookies()).find((cookie) => cookie.name === 'signedIn')?.value;
    try {
      const page = await context.newPage();
      await logIn(page, stack.product, member);
      await page.getByRole('heading', { name: 'Hi, Hedy' }).waitFor();
      expect(await signedIn()).toBe('1');
      for (const path of ['/login', '/welcome']) {
        const response = await page.goto(`${stack.product.url}${path}`);
        const html = await response!.text();
        expect(html).not.toContain('data-prerendered');
        expect(html).toContain('id="splash"');
        await page.waitForURL('**/home');
        await page.getByRole('heading', { name: 'Hi, Hedy' }).waitFor();
      }
      await page.goto(`${stack.product.url}/profile`);
      await page.getByRole('button', { name: 'Log out' }).click();
      await page.waitForURL('**/login');
      expect(await signedIn()).toBeUndefined();
      const response = await page.goto(`${stack.product.url}/welcome`);
      expect(await response!.text()).toContain('data-prerendered');
    } finally {
      await context.close();
    }
  });

  it('tells the server a session and a language stored before its cookies existed, once the first screen is shown', async () => {
    const member = await createMember(stack.product, stack.sink, { label: 'cookies', firstName: 'Grace' });
    const context = await stack.browser.newContext({ viewport: viewports.phone, locale: 'en-US', serviceWorkers: 'block' });
    const cookie = async (name: string) => (await context.cookies()).find((c) => c.name === name)?.value;
    try {
      const page = await context.newPage();
      await page.goto(`${stack.product.url}/robots.txt`);
      await storeSession(page, member);
      await page.evaluate(() => localStorage.setItem('language', 'es'));
      expect(await context.cookies()).toEqual([]);
      await page.goto(`${stack.product.url}/home`);
      await page.getByRole('heading', { name: 'Hola, Grace' }).waitFor();
      await expect.poll(() => cookie('signedIn')).toBe('1');
      await expect.poll(() => cookie('language')).toBe('es');
      // The next visit to a guest screen: the server sends the shell, in Spanish.
      const response = await page.goto(`${stack.product.url}/login`);
      const html = await response!.text();
      expect(html).not.toContain('data-prerendered');
      expect(html).toContain('lang="es"');
    } finally {
      await context.close();
    }
  });

  it('links the page icon as PNGs that load (an SVG icon is a document the page’s main thread builds)', async () => {
    for (const path of ['/login', '/welcome', '/home', '/signup']) {
      const html = await (await fetch(`${stack.product.url}${path}`)).text();
      const icons = [...html.matchAll(/<link rel="icon" href="([^"]+)"[^>]*>/g)].map((m) => m[1]);
      expect(icons, path).toEqual(['/icons/favicon-32.png', '/icons/favicon-48.png']);
      for (const icon of icons) {
        const response = await fetch(`${stack.product.url}${icon}`);
        expect(response.status, icon).toBe(200);
        expect(response.headers.get('content-type'), icon).toBe('image/png');
      }
    }
  });

  it('leaves /signup to the app: a visitor who scanned their community sees its form, not the page', async () => {
    const bare = await stack.browser.newContext({ viewport: viewports.phone, javaScriptEnabled: false });
    try {
      const page = await bare.newPage();
      await page.goto(`${stack.product.url}/signup`);
      await expect(page.locator('#splash').count()).resolves.toBe(1);
      await expect(page.locator('#root').innerHTML()).resolves.toBe('');
    } finally {
      await bare.close();
    }
  });
});
