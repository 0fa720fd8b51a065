import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { englishWordsIn } from '../support/englishWords';
import { createMember, fillDateOfBirth, relaxedLimits, uniqueEmail } from './support/accounts';
import { memberApi, storeSession } from './support/memberApi';
import { createCommunity, operatorCli, printed } from './support/operator';
import { captureScreen, settle, viewports } from './support/screens';
import { reserveProduct } from './support/serverProcess';
import { startStack, type Stack } from './support/stack';

type Language = 'en' | 'es';

/** The texts this journey reads, from locales/{en,es}/messages.po. */
const say = {
  en: {
    locale: 'en-US',
    join: 'Continue to sign up',
    signup: 'Create your account',
    email: 'Email',
    firstName: 'First name',
    lastName: 'Last name',
    dateOfBirth: 'Date of birth',
    password: 'Password',
    confirm: 'Confirm password',
    terms: 'I agree to the terms and conditions',
    create: 'Create account',
    verify: 'Verify your account',
    justSent: 'A code was just sent to your email. You can ask for a new one when the countdown ends.', // pages.verifyAccount.codeJustSent
    resendIn: /^Resend code in 0:(30|29|28|27|26|25)$/,
    announcements: 'Announcements',
  },
  es: {
    locale: 'es-ES',
    join: 'Continuar con el registro',
    signup: 'Crea tu cuenta',
    email: 'Correo electrónico',
    firstName: 'Nombre',
    lastName: 'Apellido',
    dateOfBirth: 'Fecha de nacimiento',
    password: 'Contraseña',
    confirm: 'Confirma tu contraseña',
    terms: 'Acepto los términos y condiciones',
    create: 'Crear cuenta',
    verify: 'Verifica tu cuenta',
    justSent: 'Acabamos de enviarte un código por correo. Podrás pedir otro cuando termine la cuenta atrás.',
    resendIn: /^Reenviar código en 0:(30|29|28|27|26|25)$/,
    announcements: 'Anuncios',
  },
} as const;

/**
 * Every promise on a member's screen kept, in their language (issue 48), in Chromium against
 * the product: right after signing up, the verify screen says a code was just sent and its
 * resend waits from the sign-up's own mail (no request, no unexplained countdown); the draw's
 * announcement in Spanish has no English left in it; every badge and tab label fits its box at
 * 390 px and 1280 px, in English and Spanish; and the console never says a message was used
 * uncompiled (a message id missing from the catalog part loaded with its screen).
 */
describe('in the member\'s language', () => {
  let stack: Stack;
  let communityId: string;
  let contestId: number;
  let promoId: number;
  const operator = { email: 'lang.operator@example.org', password: 'Operator-2026!lang' };
  /** Every console warning and error and every page error of every page of the journey. */
  const consoleLog: string[] = [];
  const contexts: BrowserContext[] = [];

  async function openPage(language: Language, viewport: { width: number; height: number }): Promise<Page> {
    const context = await stack.browser.newContext({ viewport, locale: say[language].locale });
    contexts.push(context);
    const page = await context.newPage();
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'warning' || message.type() === 'error') consoleLog.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => consoleLog.push(`pageerror: ${String(error)}`));
    return page;
  }

  beforeAll(async () => {
    const place = await reserveProduct();
    const admin = operatorCli(place);
    communityId = await createCommunity(place, 'E2E Languages');
    promoId = Number(printed(await admin('promo:create', '--community', communityId, '--title', 'Say hello', '--title-es', 'Saluda', '--pips', '10', '--limit', 'once'), /Created earn promo #(\d+)/));
    const created = await admin(
      'ctw:create', '--community', communityId, '--name', 'Autumn draw', '--name-es', 'Sorteo de otoño', '--threshold', '10',
      '--drawing', new Date(Date.now() + 3_600_000).toISOString(), '--winners', '1', '--prize', 'A bicycle', '--prize-es', 'Una bicicleta',
    );
    contestId = Number(printed(created, /Created Chance to Win contest (\d+)/));
    process.env.OPERATOR_PASSWORD = operator.password;
    await admin('operator:add', '--email', operator.email, '--community', communityId, '--role', 'owner');
    delete process.env.OPERATOR_PASSWORD;
    // The resend's own limit is the real one (30 s between two codes): only the other limits are relaxed.
    stack = await startStack({ ...relaxedLimits }, place);
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await stack?.stop();
  });

  it.each([
    ['en', 'desktop'],
    ['es', 'phone'],
  ] as const)('right after signing up (%s, %s), the resend waits from the sign-up\'s mail, and says a code was just sent', async (language, size) => {
    const words = say[language];
    const page = await openPage(language, viewports[size]);
    const email = uniqueEmail(`lang-${language}`);
    const password = 'Idioma-2026!secret';
    await page.goto(`${stack.product.url}/community-scan?communityId=${communityId}`);
    await page.getByRole('button', { name: words.join }).click();
    await page.waitForURL('**/signup');
    await page.getByRole('heading', { name: words.signup }).waitFor();
    await page.getByLabel(words.email).fill(email);
    await page.getByLabel(words.firstName).fill('Ana');
    await page.getByLabel(words.lastName).fill('García');
    await fillDateOfBirth(page, '1992-03-08', words.dateOfBirth);
    await page.getByLabel(words.password, { exact: true }).fill(password);
    await page.getByLabel(words.confirm).fill(password);
    await page.getByLabel(words.terms).check();
    await page.getByRole('button', { name: words.create }).click();
    await page.waitForURL('**/verify');
    await page.getByRole('heading', { name: words.verify }).waitFor();

    // The line, and the resend waiting, from the first look: no tap needed, no 429 to explain.
    await page.getByText(words.justSent).waitFor();
    const resend = page.getByRole('button', { name: words.resendIn });
    await resend.waitFor();
    expect(await resend.isDisabled()).toBe(true);
    await captureScreen(page, 'verify-just-sent', `lang/${language}`);
    // Still the sign-up's one mail: nothing asked the server for another.
    await stack.sink.waitFor(email, /(\d{6})/);
    expect(stack.sink.mails.filter((mail) => mail.to.includes(email.toLowerCase()))).toHaveLength(1);
    if (language === 'en') {
      // Switched to Spanish on this screen, every text of it comes from the Spanish catalog.
      await page.getByRole('button', { name: 'Español', exact: true }).click();
      await page.getByText(say.es.justSent).waitFor();
      await page.getByRole('button', { name: say.es.resendIn }).waitFor();
    }
  });

  it('announces the draw in Spanish without a word of English, and the announcement fits the phone', async () => {
    const member = await createMember(stack.product, stack.sink, { communityId, firstName: 'Clara', lastName: 'Campoamor' });
    // The member qualifies (10 pips, the threshold), then the operator draws now.
    const earned = await memberApi(stack.product, member, { language: 'es' }).earn(promoId);
    expect(earned.ok).toBe(true);
    const login = await fetch(new URL('/mobile/login', stack.product.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: operator.email, pwd: operator.password }),
    });
    const { data } = (await login.json()) as { data: { authToken: string } };
    const drawn = await fetch(new URL(`/admin/chance-to-win/${contestId}/draw`, stack.product.url), { method: 'POST', headers: { Authorization: data.authToken } });
    expect(drawn.status).toBe(200);

    const page = await openPage('es', viewports.phone);
    await page.goto(`${stack.product.url}/login`);
    await storeSession(page, member);
    await page.goto(`${stack.product.url}/announcements`);
    const title = page.getByText(/^Oportunidad de ganar: se sorteó Sorteo de otoño$/);
    await title.first().waitFor({ timeout: 15_000 });
    const card = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Sorteo de otoño' }).first();
    const text = await card.innerText();
    expect(text).toContain('Abre Oportunidad de ganar para verificar el sorteo');
    expect(englishWordsIn(text, ['Sorteo de otoño', 'pips'])).toEqual([]);
    await captureScreen(page, 'draw-announcement', 'lang/es');
  });

  /** The badges and tab labels of the screen whose box is narrower than what it holds (cut off, or ending in "…"). */
  const cutLabels = (page: Page) =>
    page.evaluate(() =>
      [
        ...document.querySelectorAll('.mantine-Badge-root, .mantine-Badge-label, [data-testid="tab-bar"] a, [data-testid="header-sections"] a'),
      ]
        .filter((box) => box.getClientRects().length > 0 && box.scrollWidth > box.clientWidth)
        .map((box) => box.textContent),
    );

  it.each(['en', 'es'] as const)('every badge and tab label fits at 390 px and 1280 px (%s), a pending scan\'s badge too', async (language) => {
    const member = await createMember(stack.product, stack.sink, { communityId, firstName: 'Rosa', lastName: 'Parks' });
    const page = await openPage(language, viewports.phone);
    await page.goto(`${stack.product.url}/login`);
    await storeSession(page, member);
    for (const path of ['/home', '/redeem', '/chance-to-win', '/forms', '/activity', '/profile', '/announcements', '/earn']) {
      await page.goto(`${stack.product.url}${path}`);
      await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor();
      for (const size of Object.values(viewports)) {
        await page.setViewportSize(size);
        await settle(page);
        expect(await cutLabels(page), `${path} at ${size.width} px (${language})`).toEqual([]);
      }
      await page.setViewportSize(viewports.phone);
    }

    // A scan made offline waits as pending, with its badge (the service worker serves the app).
    await page.waitForFunction(() => navigator.serviceWorker.ready.then(() => Boolean(navigator.serviceWorker.controller)), null, { timeout: 20_000 });
    const qrLink = new URL(printed(stack.product.output(), /Demo earn QR code: (\S+)/));
    await page.context().setOffline(true);
    await page.goto(`${stack.product.url}${qrLink.pathname}${qrLink.search}`);
    const pending = page.locator('section[aria-labelledby="earn-pending-heading"]');
    await pending.waitFor({ timeout: 20_000 });
    expect(await pending.locator('.mantine-Badge-root').count()).toBe(1);
    for (const size of Object.values(viewports)) {
      await page.setViewportSize(size);
      await settle(page);
      expect(await cutLabels(page), `/earn with a pending scan at ${size.width} px (${language})`).toEqual([]);
    }
    await captureScreen(page, 'earn-pending', `lang/${language}`);
    await page.context().setOffline(false);
  });

  it('logged no message as uncompiled, nor any warning of a missing translation', () => {
    expect(consoleLog.filter((line) => /Uncompiled message|missing/i.test(line))).toEqual([]);
  });
});
