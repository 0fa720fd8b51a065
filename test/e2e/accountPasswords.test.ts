import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createMember, logIn, relaxedLimits, toastTexts, type Member } from './support/accounts';
import { appStarted } from './support/screens';
import type { RunningProduct } from './support/serverProcess';
import { startStack, type SmtpSink, type Stack } from './support/stack';

/** Forgot + reset password with the mailed link, and change password; each ends with a login on the new password. */
describe('passwords in Chromium', () => {
  let stack: Stack;
  let sink: SmtpSink;
  let product: RunningProduct;
  let browser: Browser;
  let page: Page;
  let forgetful: Member;
  let changer: Member;

  beforeAll(async () => {
    ({ sink, product, browser } = (stack = await startStack({ ...relaxedLimits })));
    [forgetful, changer] = await Promise.all([
      createMember(product, sink, { label: 'forgetful', firstName: 'Katherine' }),
      createMember(product, sink, { label: 'changer', firstName: 'Dorothy' }),
    ]);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    page = await context.newPage();
  });

  afterAll(() => stack?.stop());

  async function expectLoginFails(member: { email: string; password: string }) {
    await logIn(page, product, member);
    await expect
      .poll(() => page.getByText('Login failed, please check your email and password and try again.').isVisible())
      .toBe(true);
  }

  it('asks for a reset by e-mail from the login screen', async () => {
    await page.goto(`${product.url}/login`);
    await appStarted(page);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');

    await page.getByLabel('Email').fill('nobody.here@example.org');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => page.getByText('Email not found. Please check your email and try again.').isVisible()).toBe(true);

    await page.getByLabel('Email').fill(forgetful.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => page.getByText('Check your email').isVisible()).toBe(true);
    await expect.poll(() => page.getByText(forgetful.email).isVisible()).toBe(true);
  });

  it('resets the password with the mailed link and logs in with the new one', async () => {
    const link = (await sink.waitFor(forgetful.email, /(https?:\/\/\S+\/reset-password\?[^\s"<>]+)/)).replace(/&amp;/g, '&');
    expect(new URL(link).searchParams.get('email')).toBe(forgetful.email);
    await page.goto(link);
    await expect.poll(() => page.getByRole('heading', { name: 'Choose a new password' }).isVisible()).toBe(true);

    const next = 'Fresh-Start-2027!';
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password').fill('shorter');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect.poll(() => page.getByText('Password must be at least 8 characters.').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Passwords do not match.').isVisible()).toBe(true);

    await page.getByLabel('New password', { exact: true }).fill(next);
    await page.getByLabel('Confirm new password').fill(next);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL('**/login?email=*');
    await expect
      .poll(() => toastTexts(page))
      .toContainEqual(expect.stringContaining('Your password has been reset. Log in with your new password.'));
    expect(await page.getByLabel('Email').inputValue()).toBe(forgetful.email);

    await expectLoginFails(forgetful);
    await logIn(page, product, { ...forgetful, password: next });
    await page.waitForURL('**/home');

    // the link is single use
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('Another-Try-2028!');
    await page.getByLabel('Confirm new password').fill('Another-Try-2028!');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect
      .poll(() => page.getByText('This reset link is invalid or has expired. Please ask for a new one.').isVisible())
      .toBe(true);
    await page.goto(`${product.url}/profile`);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
  });

  it('changes the password from the profile and logs in with the new one', async () => {
    await logIn(page, product, changer);
    await page.waitForURL('**/home');
    await page.getByRole('link', { name: 'Profile', exact: true }).first().click();
    await page.waitForURL('**/profile');
    await page.getByRole('link', { name: 'Change password' }).click();
    await page.waitForURL('**/profile/change-password');

    const next = 'Brand-New-2027!';
    await page.getByLabel('Current password').fill('Not-My-Password-1!');
    await page.getByLabel('New password', { exact: true }).fill(next);
    await page.getByLabel('Confirm new password').fill(next);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.getByText('Incorrect password. Please try again.').isVisible()).toBe(true);

    await page.getByLabel('Current password').fill(changer.password);
    await page.getByLabel('New password', { exact: true }).fill(changer.password);
    await page.getByLabel('Confirm new password').fill(changer.password);
    await expect.poll(() => page.getByText('The new password must be different from the current one.').isVisible()).toBe(true);

    await page.getByLabel('New password', { exact: true }).fill(next);
    await page.getByLabel('Confirm new password').fill(next);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL('**/profile');
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Your password has been changed.'));

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    await expectLoginFails(changer);
    await logIn(page, product, { ...changer, password: next });
    await page.waitForURL('**/home');
    await expect.poll(() => page.getByRole('heading', { name: 'Hi, Dorothy' }).isVisible()).toBe(true);
  });
});
