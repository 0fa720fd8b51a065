import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createMember, logIn, relaxedLimits, toastTexts, type Member } from './support/accounts';
import type { RunningProduct } from './support/serverProcess';
import { startStack, type SmtpSink, type Stack } from './support/stack';

/** Edit the profile, then delete the account with the two-step confirmation; the member can no longer log in. */
describe('profile and account deletion in Chromium', () => {
  let stack: Stack;
  let sink: SmtpSink;
  let product: RunningProduct;
  let browser: Browser;
  let page: Page;
  let member: Member;

  beforeAll(async () => {
    ({ sink, product, browser } = (stack = await startStack({ ...relaxedLimits })));
    member = await createMember(product, sink, { label: 'profile' });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    page = await context.newPage();
  });

  afterAll(() => stack?.stop());

  const storedUser = async () => {
    const response = await fetch(`${product.url}/mobile/user/get`, { headers: { Authorization: member.authToken } });
    return ((await response.json()) as { data: Record<string, unknown> }).data;
  };

  it('edits first name, last name and phone, keeping the date of birth', async () => {
    const updates: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && new URL(request.url()).pathname === '/mobile/user') updates.push(request.url());
    });
    await logIn(page, product, member);
    await page.waitForURL('**/home');
    await page.getByRole('link', { name: 'Profile', exact: true }).first().click();
    await page.waitForURL('**/profile');
    await expect.poll(() => page.getByLabel('First name').inputValue()).toBe('Ada');
    expect(await page.getByText(member.email).isVisible()).toBe(true);

    await page.getByLabel('Phone (optional)').fill('call me');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.getByText(/valid phone number/).isVisible()).toBe(true);
    expect(updates).toEqual([]);

    await page.getByLabel('First name').fill('Augusta');
    await page.getByLabel('Last name').fill('King');
    await page.getByLabel('Phone (optional)').fill('+44 20 7946 0958');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Profile updated successfully'));
    expect(updates).toHaveLength(1);
    expect(new URL(updates[0]).searchParams.get('dayOfBirth')).toBe('1990-05-17');

    await page.reload();
    await expect.poll(() => page.getByLabel('First name').inputValue()).toBe('Augusta');
    expect(await page.getByLabel('Last name').inputValue()).toBe('King');
    expect(await page.getByLabel('Phone (optional)').inputValue()).toBe('+44 20 7946 0958');
    expect(await storedUser()).toMatchObject({ firstName: 'Augusta', lastName: 'King', dayOfBirth: '1990-05-17' });

    await page.getByRole('link', { name: 'pips home' }).click();
    await page.waitForURL('**/home');
    await expect.poll(() => page.getByRole('heading', { name: 'Hi, Augusta' }).isVisible()).toBe(true);
  });

  it('deletes the account after two confirmations; the member can no longer log in', async () => {
    await page.goto(`${product.url}/profile`);
    await page.getByRole('link', { name: 'Delete account' }).click();
    await page.waitForURL('**/delete-account');
    await expect.poll(() => page.getByText('This cannot be undone').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByLabel('Enter your password to confirm').fill('Wrong-Password-1!');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await expect.poll(() => page.getByText('Incorrect password. Please try again.').isVisible()).toBe(true);
    expect(await storedUser()).toMatchObject({ email: member.email });

    await page.getByLabel('Enter your password to confirm').fill(member.password);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL('**/login');
    await expect.poll(() => toastTexts(page)).toContainEqual(expect.stringContaining('Your account has been deleted.'));
    expect(await toastTexts(page)).not.toContainEqual(expect.stringContaining('Please log in to access this page.'));
    // The logout clears local data (IndexedDB) first, then the tokens.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

    await logIn(page, product, member);
    await expect
      .poll(() => page.getByText('Login failed, please check your email and password and try again.').isVisible())
      .toBe(true);
  });
});
