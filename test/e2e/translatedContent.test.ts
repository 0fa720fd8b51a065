import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPicture } from '../../server/images/png';
import type { BrowserContext, Page } from 'playwright-core';
import { startFakeTranslator, type FakeTranslator } from '../support/fakeTranslator';
import { createMember, logIn, relaxedLimits, type Member } from './support/accounts';
import { createCommunity, operatorCli } from './support/operator';
import { reserveProduct, type RunningProduct } from './support/serverProcess';
import { startStack, type Stack } from './support/stack';

/**
 * Operator content in the member's language (issue 12) in Chromium against the real server with
 * a local stand-in LibreTranslate (TRANSLATE_URL): earn actions the operator wrote only in
 * English show translated to a Spanish-speaking member; where the translator answers 500 or
 * never answers, the original shows. The demo community's name comes in Spanish from the
 * operator's own translation.
 */
describe('translated content in Chromium', () => {
  let stack: Stack;
  let product: RunningProduct;
  let translator: FakeTranslator;
  let member: Member;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    translator = await startFakeTranslator();
    translator.modeFor = (q) => (q.includes('picnic') ? 'fail' : q.includes('Sunset') ? 'hang' : undefined);
    const place = await reserveProduct();
    const admin = operatorCli(place);
    const community = await createCommunity(place, 'Harbour Club');
    const image = join(mkdtempSync(join(tmpdir(), 'pips-e2e-image-')), 'beach.png');
    writeFileSync(image, demoPicture(240, 160, [20, 110, 160], [240, 200, 120]));
    await admin('promo:create', '--community', community, '--title', 'Beach clean-up', '--description', 'Bring gloves and a bag.', '--pips', '5', '--image', image);
    await admin('promo:create', '--community', community, '--title', 'Park picnic', '--pips', '3');
    await admin('promo:create', '--community', community, '--title', 'Sunset walk', '--pips', '2');

    let sink;
    ({ sink, product } = stack = await startStack({ ...relaxedLimits, TRANSLATE_URL: translator.url, TRANSLATE_TIMEOUT_MS: '1500' }, place));
    member = await createMember(product, sink, { label: 'translated', communityId: community });
    context = await stack.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    page = await context.newPage();
    await logIn(page, product, member);
    await page.waitForURL('**/home', { timeout: 15_000 });
  }, 180_000);

  afterAll(async () => {
    await stack?.stop();
    await translator?.close();
  });

  const main = () => page.getByRole('main');

  it('shows earn actions written only in English translated, and the original where the translator fails or times out', async () => {
    await page.goto(`${product.url}/earn`);
    await main().getByText('Beach clean-up', { exact: true }).waitFor({ timeout: 15_000 });
    expect(translator.requests).toEqual([]);
    // The top bar's EN | ES switch: the list loads again, in Spanish.
    await page.getByRole('button', { name: 'Español', exact: true }).click();
    await main().getByText('[es] Beach clean-up').waitFor({ timeout: 15_000 });
    await main().getByText('[es] Bring gloves and a bag.').waitFor();
    await main().getByText('Park picnic', { exact: true }).waitFor();
    await main().getByText('Sunset walk', { exact: true }).waitFor();
    expect(await main().getByText('Beach clean-up', { exact: true }).count()).toBe(0);
    expect(translator.requests.map((request) => request.target)).not.toContain('es-LA');
    expect(translator.requests.find((request) => request.q === 'Beach clean-up')).toMatchObject({ source: 'auto', target: 'es', format: 'text' });
  });

  it('draws the operator’s image with its width and height, served immutable, and a placeholder for the others', async () => {
    const card = main().getByRole('article', { name: '[es] Beach clean-up' });
    const image = card.locator('img');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 }).toBe(240);
    expect([await image.getAttribute('width'), await image.getAttribute('height')]).toEqual(['240', '160']);
    const response = await page.request.get(`${product.url}${await image.getAttribute('src')}`);
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await main().getByRole('article', { name: 'Park picnic' }).getByTestId('promo-image-placeholder').count()).toBe(1);
  });

  it('offline, a reload still shows the translated list and the image', async () => {
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.ready.then(() => Boolean(navigator.serviceWorker.controller))), { timeout: 20_000 })
      .toBe(true);
    // Once through the worker online, so it keeps the image.
    await page.reload();
    const image = () => main().getByRole('article', { name: '[es] Beach clean-up' }).locator('img');
    await expect.poll(() => image().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 }).toBe(240);
    await context.setOffline(true);
    try {
      await page.reload();
      await expect.poll(() => image().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 }).toBe(240);
    } finally {
      await context.setOffline(false);
    }
  });

  it('shows the member’s community by its translated name on Profile', async () => {
    await page.goto(`${product.url}/profile`);
    await main().getByText('[es] Harbour Club', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await main().getByText('Harbour Club', { exact: true }).count()).toBe(0);
  });

  it('shows the demo community’s own Spanish name on its join link', async () => {
    const visitor = await stack.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-ES' });
    try {
      const tab = await visitor.newPage();
      await tab.goto(product.joinLink);
      await tab.getByText('Comunidad de demostración').first().waitFor({ timeout: 15_000 });
      expect(await tab.getByText('Demo Community').count()).toBe(0);
    } finally {
      await visitor.close();
    }
  });
});
