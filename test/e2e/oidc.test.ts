import { mkdirSync } from 'node:fs';
import { fillDateOfBirth } from './support/accounts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y';
import { launchChromium } from './support/browser';
import { startOidcProvider, type LocalOidcProvider, type TestAccount } from './support/oidcProvider';
import { freePort, startProduct, type RunningProduct } from './support/serverProcess';



/**
 * Google sign-in for real, against a local OpenID provider: the product as `npm start` runs it
 * with OIDC_GOOGLE_* pointing at an `oidc-provider` on 127.0.0.1. A new member opens the
 * community join link, continues with Google, completes the signup (community from the link,
 * date of birth, terms) and lands on /home; after logging out, Google signs them straight in.
 */
describe('Google sign-in in Chromium', () => {
  const google = { clientId: 'pips-e2e-google', clientSecret: 'e2e-google-secret-0123456789' };
  const account: TestAccount = {
    sub: `google-${Date.now()}`,
    email: `grace.${Date.now()}@example.org`,
    email_verified: true,
    given_name: 'Grace',
    family_name: 'Hopper',
  };
  const shots = 'artifacts/screenshots/e2e';
  let provider: LocalOidcProvider;
  let product: RunningProduct;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    // The provider's URL goes into the product's environment; its client needs the product's URL.
    const providerPort = await freePort();
    product = await startProduct({
      OIDC_GOOGLE_ISSUER: `http://127.0.0.1:${providerPort}`,
      OIDC_GOOGLE_CLIENT_ID: google.clientId,
      OIDC_GOOGLE_CLIENT_SECRET: google.clientSecret,
      OIDC_ALLOW_INSECURE_ISSUER: 'true',
    });
    provider = await startOidcProvider({
      port: providerPort,
      clients: [{ ...google, redirectUris: [`${product.url}/web/auth/google/callback`] }],
      account,
    });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await provider?.close();
    await product?.stop();
  });

  /** Clicks "Continue with Google" where the screen shows it, else opens the start link itself. */
  /** The 'Continue with Google' button of the Login or Signup screen on the page. */
  async function continueWithGoogle() {
    const button = page.getByRole('link', { name: 'Continue with Google' });
    await button.waitFor({ timeout: 15_000 });
    await button.click();
  }

  it('lists Google (and only Google) as a sign-in provider', async () => {
    const response = await fetch(`${product.url}/web/auth/providers`);
    expect(await response.json()).toMatchObject({ success: true, data: { providers: [{ id: 'google', name: 'Google' }] } });
  });

  it('signs a new member up with Google after the community join link', async () => {
    await page.goto(product.joinLink);
    await expect.poll(() => page.getByText('Demo Community').first().isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('button', { name: 'Continue to sign up' }).click();
    await page.waitForURL('**/signup');

    await continueWithGoogle();
    await page.waitForURL('**/auth/callback', { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Finish creating your account' }).waitFor({ timeout: 15_000 });
    // The ticket is used up and kept out of the address bar.
    expect(new URL(page.url()).search).toBe('');
    await expect.poll(() => page.getByTestId('oidc-community').textContent()).toBe('Demo Community');
    expect(await page.getByLabel('First name').inputValue()).toBe('Grace');
    expect(await page.getByLabel('Last name').inputValue()).toBe('Hopper');
    await expect.poll(() => page.getByText(`as ${account.email}`).isVisible()).toBe(true);

    // The terms and the date of birth are required before anything is sent.
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.getByText('You must agree to the terms to continue.').isVisible()).toBe(true);
    expect(page.url()).toContain('/auth/callback');

    await fillDateOfBirth(page, '1990-12-10');
    await page.getByLabel('I agree to the terms and conditions').check();
    await expectAccessible(page, 'oidc-complete-signup');
    await page.screenshot({ path: `${shots}/oidc-complete-signup.png`, fullPage: true });

    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/home', { timeout: 20_000 });
    await expect.poll(() => page.getByText('Grace').first().isVisible(), { timeout: 10_000 }).toBe(true);
    expect(provider.logins).toEqual([account.sub]);
  });

  it('logs out, then Google signs the member straight back in to /home', async () => {
    let logOut = page.getByRole('button', { name: 'Log out' });
    if (!(await logOut.isVisible())) {
      await page.goto(`${product.url}/profile`);
      logOut = page.getByRole('button', { name: 'Log out' });
    }
    await logOut.click();
    await page.waitForURL('**/login', { timeout: 15_000 });
    await expect.poll(() => page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

    await continueWithGoogle();
    await page.waitForURL('**/home', { timeout: 20_000 });
    await expect.poll(() => page.getByText('Grace').first().isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('email'))).toBe(account.email);
  });

  it('deletes the Google-only account by typing the confirmation word; Google then starts a new signup', async () => {
    await page.goto(`${product.url}/delete-account`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Type DELETE to confirm').fill('DELETE');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL('**/login', { timeout: 15_000 });
    await expect.poll(() => page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

    await continueWithGoogle();
    await page.waitForURL('**/auth/callback**', { timeout: 20_000 });
    await expect.poll(() => page.getByLabel('I agree to the terms and conditions').isVisible(), { timeout: 10_000 }).toBe(true);
  });

  it('refuses a callback this browser did not start, and says so in the app', async () => {
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${product.url}/web/auth/google/callback?code=replayed&state=not-this-browsers-state`);
    await page.waitForURL('**/auth/callback?error=OIDC_STATE_INVALID', { timeout: 15_000 });
    await page.getByRole('alert').filter({ hasText: 'expired or was started in another browser' }).waitFor({ timeout: 10_000 });
  });
});
