import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The two sizes every screen is photographed at: a phone in portrait, and a laptop. */
export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

/** Git-ignored; a reviewer looks at these. */
export const screenshotDir = 'artifacts/screenshots';

/**
 * The app itself shows `heading`. A prerendered page (build/prerender) shows the same heading
 * before any script has run, inert, until the app replaces it: whatever acts on the app (a
 * browser event it listens for, a field to fill) waits for this.
 */
export async function appShows(page: Page, heading: string, timeout = 15_000): Promise<void> {
  await appStarted(page, timeout);
  await page.getByRole('heading', { name: heading }).waitFor({ timeout });
}

/** No prerendered page is left: the app has shown its first screen (see `appShows`). */
export async function appStarted(page: Page, timeout = 15_000): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[data-prerendered]'), null, { timeout });
}

/**
 * Waits until the screen is done: splash or prerendered page gone, no skeleton or spinner left in the main area (data
 * loaded), fonts ready, finite animations and transitions ended.
 */
export async function settle(page: Page): Promise<void> {
  await page
    .waitForFunction(() => !document.querySelector('#splash, [data-prerendered], main .mantine-Skeleton-root, main .mantine-Loader-root'), null, {
      timeout: 5000,
    })
    .catch(() => {
      // a screen that keeps a spinner (the camera waiting for permission) is photographed as it is
    });
  await page.evaluate(async () => {
    await document.fonts.ready;
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => {})));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/** The greatest height of a screenshot, in CSS pixels (about five phone screens). */
const maxShotHeight = 4000;

/**
 * Writes `<dir>/<locale>/<name>-<width>x<height>.png` for both viewports (full page, at
 * most `maxShotHeight` high), then puts the
 * viewport back as it was. At each size, no button's or badge's label may be cut off (long
 * Spanish labels in narrow cards once were: Mantine's labels do not wrap by themselves).
 */
export async function captureScreen(page: Page, name: string, locale: string): Promise<string[]> {
  const before = page.viewportSize();
  const files: string[] = [];
  for (const size of Object.values(viewports)) {
    await page.setViewportSize(size);
    await settle(page);
    const file = join(screenshotDir, locale, `${name}-${size.width}x${size.height}.png`);
    mkdirSync(dirname(file), { recursive: true });
    // The whole page, down to a bound: the API reference and the documentation run to tens of
    // thousands of pixels, whose pictures cost seconds to encode and show nothing more.
    const height = Math.min(await page.evaluate(() => document.documentElement.scrollHeight), maxShotHeight);
    await page.screenshot({ path: file, fullPage: true, clip: { x: 0, y: 0, width: size.width, height }, animations: 'disabled' });
    files.push(file);
    const cutOff = await page.evaluate(() =>
      [...document.querySelectorAll('.mantine-Button-label, .mantine-Badge-label')]
        .filter((label) => label.getClientRects().length > 0 && label.scrollWidth > label.clientWidth + 1)
        .map((label) => label.textContent),
    );
    expect(cutOff, `labels cut off on ${name} (${locale}) at ${size.width}x${size.height}`).toEqual([]);
  }
  if (before) await page.setViewportSize(before);
  return files;
}

/**
 * Waits until the element lies wholly inside the page's viewport, above the phone's tab bar when
 * there is one (a smooth scroll may still be running).
 */
export async function expectInView(page: Page, locator: Locator): Promise<void> {
  const { width, height } = page.viewportSize()!;
  await expect
    .poll(
      async () => {
        const box = await locator.boundingBox();
        const tabBar = page.getByTestId('tab-bar');
        const bottom = (await tabBar.isVisible()) ? ((await tabBar.boundingBox())?.y ?? height) : height;
        return box !== null && box.y >= 0 && box.x >= 0 && box.y + box.height <= bottom && box.x + box.width <= width;
      },
      { timeout: 5_000 },
    )
    .toBe(true);
}
