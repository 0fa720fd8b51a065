import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { fillDateOfBirth, relaxedLimits, tabTo, uniqueEmail } from './support/accounts';
import type { RunningProduct } from './support/serverProcess';
import { startStack, type SmtpSink, type Stack } from './support/stack';

/** The whole signup in Spanish, and signup + login with the keyboard only. */
describe('signup in Chromium', () => {
  let stack: Stack;
  let sink: SmtpSink;
  let product: RunningProduct;
  let browser: Browser;

  beforeAll(async () => {
    ({ sink, product, browser } = (stack = await startStack({ ...relaxedLimits })));
  });

  afterAll(() => stack?.stop());

  it('signs up in Spanish, from the join link to /home', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-ES' });
    const page = await context.newPage();
    const email = uniqueEmail('espanol');
    const password = 'Contraseña-2026!';

    await page.goto(product.joinLink);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('es');
    await page.getByRole('button', { name: 'Continuar con el registro' }).click();
    await page.waitForURL('**/signup');
    await expect.poll(() => page.getByRole('heading', { name: 'Crea tu cuenta' }).isVisible()).toBe(true);

    // live validation speaks Spanish too; a press on 'Crear cuenta' straight from a wrong field
    // submits at once (its message showing on the field's blur used to push the button away
    // between the press and the release, and the first press did nothing)
    await page.getByLabel('Correo electrónico').fill('ana@@ejemplo.es');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect.poll(() => page.getByText('Debes aceptar los términos para continuar.').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('El correo no puede tener más de una @.').isVisible()).toBe(true);
    // the terms' message reads in the same size as the fields' (Mantine's checkbox made it smaller)
    const fontSize = (text: string) => page.getByText(text).evaluate((element) => getComputedStyle(element).fontSize);
    expect(await fontSize('Debes aceptar los términos para continuar.')).toBe(await fontSize('El correo no puede tener más de una @.'));

    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Teléfono (opcional)').fill('+34 600 123 456');
    await page.getByLabel('Nombre').fill('Ana');
    await page.getByLabel('Apellido').fill('García');
    await fillDateOfBirth(page, '1992-03-08', 'Fecha de nacimiento');
    await page.getByLabel('Contraseña', { exact: true }).fill(password);
    await page.getByLabel('Confirma tu contraseña').fill(password);
    await page.getByLabel('Acepto los términos y condiciones').check();
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.waitForURL('**/verify');
    await expect.poll(() => page.getByRole('heading', { name: 'Verifica tu cuenta' }).isVisible()).toBe(true);

    // the server wrote the mail in Spanish, as the app asked (Accept-Language: es)
    const code = await sink.waitFor(email, /Hola:[\s\S]*?(\d{6})/);
    await page.getByLabel('Código de verificación').fill(code);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.waitForURL('**/home');
    await expect.poll(() => page.getByRole('heading', { name: 'Hola, Ana' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel('Pips disponibles').textContent()).toBe('0');
    await context.close();
  });

  it('signs up, verifies and logs in with the keyboard only', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    const page: Page = await context.newPage();
    const email = uniqueEmail('keyboard');
    const password = 'Keys-Only-2026!';
    const type = (text: string) => page.keyboard.type(text);

    await page.goto(product.joinLink);
    await expect.poll(() => page.getByRole('button', { name: 'Continue to sign up' }).isVisible()).toBe(true);
    await tabTo(page, 'Continue to sign up');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/signup');
    await expect.poll(() => page.getByRole('heading', { name: 'Create your account' }).isVisible()).toBe(true);

    await tabTo(page, 'Email');
    await type(email);
    await tabTo(page, 'First name');
    await type('Hedy');
    await tabTo(page, 'Last name');
    await type('Lamarr');
    // the date of birth in English order: the month (typed to its name in the list), the day, the year
    await tabTo(page, 'Month');
    await type('November');
    await tabTo(page, 'Day');
    await type('9');
    await tabTo(page, 'Year');
    await type('1994');
    await tabTo(page, /^Password/);
    await type(password);
    await tabTo(page, 'Confirm password');
    await type(password);
    await tabTo(page, 'I agree to the terms');
    await page.keyboard.press('Space');
    expect(await page.getByLabel('I agree to the terms and conditions').isChecked()).toBe(true);
    await tabTo(page, 'Create account');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/verify');
    await expect.poll(() => page.getByLabel('Verification code').isVisible()).toBe(true);
    // the screen's one field has the focus on arrival: the code is typed straight away
    await expect.poll(() => page.getByLabel('Verification code').evaluate((input) => input === document.activeElement)).toBe(true);

    const code = await sink.waitFor(email, /verification code[^0-9]{0,40}(\d{6})/i);
    await type(code);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/home');
    await expect.poll(() => page.getByRole('heading', { name: 'Hi, Hedy' }).isVisible()).toBe(true);

    await tabTo(page, 'Log out');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/login');
    await expect.poll(() => page.getByRole('heading', { name: 'Log in' }).isVisible()).toBe(true);
    await tabTo(page, 'Email');
    await type(email);
    await tabTo(page, /^Password/);
    await type(password);
    await tabTo(page, 'Keep me logged in');
    await page.keyboard.press('Space');
    expect(await page.getByLabel('Keep me logged in').isChecked()).toBe(false);
    await page.keyboard.press('Space');
    await tabTo(page, /^Log in$/);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/home');
    await expect.poll(() => page.getByRole('heading', { name: 'Hi, Hedy' }).isVisible()).toBe(true);
    await context.close();
  });
});
