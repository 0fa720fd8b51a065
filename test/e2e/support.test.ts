import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { expectAccessible } from './support/a11y';
import { createMember, logIn, relaxedLimits, type Member } from './support/accounts';
import { captureScreen, settle, viewports } from './support/screens';
import { createCommunity, operatorCli } from './support/operator';
import { reserveProduct, type RunningProduct } from './support/serverProcess';
import { startStack, type Stack } from './support/stack';

/**
 * Help and support (issue 12) in Chromium against the real server: the operator sets the
 * community's contact with the CLI; a member on a phone opens /support from Profile and reads it
 * in English, then in Spanish after switching the language; offline, the saved copy shows.
 */
describe('help and support in Chromium', () => {
  let stack: Stack;
  let product: RunningProduct;
  let member: Member;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    const place = await reserveProduct();
    const admin = operatorCli(place);
    const community = await createCommunity(place, 'Harbour Club');
    const set = await admin(
      'community:support', '--community', community, '--email', 'help@harbour.example', '--url', 'https://harbour.example/help',
      '--phone', '+1 555 0199', '--text', 'Write to us, we answer within a day.', '--text-es', 'Escríbenos, respondemos en un día.',
    );
    expect(set).toContain('Set the support contact of "Harbour Club"');
    expect(await admin('community:support', '--community', community)).toContain('text es: "Escríbenos, respondemos en un día."');

    let sink;
    ({ sink, product } = stack = await startStack({ ...relaxedLimits }, place));
    member = await createMember(product, sink, { label: 'support', communityId: community });
    context = await stack.browser.newContext({ viewport: viewports.phone, locale: 'en-US' });
    page = await context.newPage();
    await logIn(page, product, member);
    await page.waitForURL('**/home', { timeout: 15_000 });
  }, 180_000);

  afterAll(() => stack?.stop());

  const main = () => page.getByRole('main');

  it('a member opens Help and support from Profile and reads the operator’s contact in English', async () => {
    expect(await main().getByRole('link', { name: 'Need help? Contact support' }).getAttribute('href')).toBe('/support');
    await page.getByTestId('tab-bar').getByRole('link', { name: 'Profile', exact: true }).click();
    await page.waitForURL('**/profile');
    await main().getByRole('link', { name: 'Help and support' }).click();
    await page.waitForURL('**/support');

    await main().getByRole('heading', { level: 1, name: 'Help and support' }).waitFor();
    await main().getByText('Write to us, we answer within a day.').waitFor();
    expect(await main().getByText('How to reach the people who run Harbour Club.').count()).toBe(1);
    expect(await main().getByRole('link', { name: 'Email help@harbour.example' }).getAttribute('href')).toBe('mailto:help@harbour.example');
    expect(await main().getByRole('link', { name: 'Call +1 555 0199' }).getAttribute('href')).toBe('tel:+15550199');
    const help = main().getByRole('link', { name: 'Open the help page' });
    expect(await help.getAttribute('href')).toBe('https://harbour.example/help');
    expect(await help.getAttribute('target')).toBe('_blank');
    await settle(page);
    await expectAccessible(page, 'support (en)');
    await captureScreen(page, 'support', 'en');
  });

  it('switching to Spanish shows the screen and the operator’s text in Spanish', async () => {
    // The top bar's EN | ES switch, clicked where a member taps it (its label; the radio is hidden).
    await page.getByRole('button', { name: 'Español', exact: true }).click();
    await main().getByRole('heading', { level: 1, name: 'Ayuda y soporte' }).waitFor();
    await main().getByText('Escríbenos, respondemos en un día.').waitFor();
    expect(await main().getByText('Write to us, we answer within a day.').count()).toBe(0);
    expect(await main().getByRole('link', { name: 'Escribir a help@harbour.example' }).getAttribute('href')).toBe('mailto:help@harbour.example');
    expect(await main().getByRole('link', { name: 'Abrir la página de ayuda' }).count()).toBe(1);
    await settle(page);
    await expectAccessible(page, 'support (es)');
    await captureScreen(page, 'support', 'es');

    // Home's way here, in Spanish on a phone: one line inside the screen, not squeezed beside
    // 'Log out' into two lines with the icon hanging between them.
    await page.getByTestId('tab-bar').getByRole('link', { name: 'Inicio', exact: true }).click();
    const homeLink = main().getByRole('link', { name: '¿Necesitas ayuda? Contacta con soporte' });
    await homeLink.waitFor();
    const box = await homeLink.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.height).toBeLessThan(36);
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(viewports.phone.width);
    await homeLink.click();
    await main().getByRole('heading', { level: 1, name: 'Ayuda y soporte' }).waitFor();
  });

  it('offline, a reload shows the saved copy and says so', async () => {
    // Offline, the page comes from the service worker: wait until it controls the page.
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.ready.then(() => Boolean(navigator.serviceWorker.controller))), { timeout: 20_000 })
      .toBe(true);
    await context.setOffline(true);
    try {
      await page.reload();
      await main().getByText('Escríbenos, respondemos en un día.').waitFor();
      await main().getByText('Estás sin conexión: este es el contacto de soporte guardado en este dispositivo.').waitFor();
      expect(await main().getByRole('link', { name: 'Escribir a help@harbour.example' }).count()).toBe(1);
    } finally {
      await context.setOffline(false);
    }
  });
});
