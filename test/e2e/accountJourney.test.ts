import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillDateOfBirth } from './support/accounts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { launchChromium } from './support/browser';
import { startProduct, type RunningProduct } from './support/serverProcess';
import { startSmtpSink } from './support/smtpSink';

/**
 * The foundation journey, for real: the product as `npm start` runs it, mail over SMTP to a sink,
 * Debian's Chromium. Join the demo community by its link, sign up, verify with the mailed code,
 * see 0 pips at /home, reload (session restored), log out, log in again.
 */
describe('account journey in Chromium', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let product: RunningProduct;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const email = `member.${Date.now()}@example.org`;
  const password = 'Pips-2026!secret';
  const shots = 'artifacts/screenshots/e2e';

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    sink = await startSmtpSink();
    product = await startProduct({ SMTP_URL: sink.url, MAIL_FROM: 'pips <no-reply@pips.test>' });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await sink?.close();
  });

  it('serves the built app with security headers and no inline script (so the CSP can forbid it)', async () => {
    const answer = await fetch(`${product.url}/`);
    const html = await answer.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body.trim()).toBe('');
    }
    const csp = answer.headers.get('content-security-policy') ?? '';
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc.trim()).toBe("'self'");
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
    // Plain http (the demo): no HSTS.
    expect(answer.headers.get('strict-transport-security')).toBeNull();
  });

  it('opens the demo community join link and shows the community', async () => {
    expect(product.joinLink).toContain(product.url);
    await page.goto(product.joinLink);
    await expect.poll(() => page.getByText('Demo Community').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await page.screenshot({ path: `${shots}/community-scan.png` });
    await page.getByRole('button', { name: 'Continue to sign up' }).click();
    await page.waitForURL('**/signup');
  });

  it('signs up and is sent to /verify', async () => {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await fillDateOfBirth(page, '1990-12-10');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByLabel('I agree to the terms and conditions').check();
    await page.screenshot({ path: `${shots}/signup.png`, fullPage: true });
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/verify', { timeout: 15_000 });
  });

  it('verifies with the code mailed over SMTP and lands on /home with 0 pips', async () => {
    const code = await sink.waitFor(email, /verification code[^0-9]{0,40}(\d{6})/i);
    expect(code).toMatch(/^\d{6}$/);
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/home', { timeout: 15_000 });
    await expect.poll(() => page.getByText('Ada').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel('Available pips').textContent(), { timeout: 10_000 }).toContain('0');
    await page.screenshot({ path: `${shots}/home.png`, fullPage: true });
  });

  it('restores the session on reload', async () => {
    await page.reload();
    await page.waitForURL('**/home');
    await expect.poll(() => page.getByLabel('Available pips').isVisible(), { timeout: 10_000 }).toBe(true);
  });

  it('logs out, is kept out of /home, and logs in again', async () => {
    const before = await page.evaluate(() => ({ authToken: localStorage.getItem('authToken'), refreshToken: localStorage.getItem('refreshToken') }));
    expect(before.authToken).toBeTruthy();
    expect(before.refreshToken).toBeTruthy();
    const getUser = () => fetch(`${product.url}/mobile/user/get`, { headers: { authorization: before.authToken ?? '' } });
    expect((await getUser()).status).toBe(200);

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/login', { timeout: 10_000 });
    // The server ended the session: the old auth token is refused and the old refresh token no longer refreshes.
    await expect.poll(async () => (await getUser()).status, { timeout: 10_000 }).toBe(401);
    const refreshed = await fetch(`${product.url}/mobile/session/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ refreshToken: before.refreshToken ?? '' }).toString(),
    });
    expect(refreshed.status).toBe(401);
    expect((await refreshed.json()).error.code).toBe('INVALID_REFRESH_TOKEN');
    await page.goto(`${product.url}/home`);
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong-password1!');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect
      .poll(() => page.getByText('Login failed, please check your email and password and try again.').isVisible())
      .toBe(true);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/home', { timeout: 15_000 });
    await expect.poll(() => page.getByLabel('Available pips').isVisible()).toBe(true);
  });
});
