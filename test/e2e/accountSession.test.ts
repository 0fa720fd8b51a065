import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createMember, logIn, relaxedLimits, toastTexts, type Member } from './support/accounts';
import type { RunningProduct } from './support/serverProcess';
import { startStack, type SmtpSink, type Stack } from './support/stack';

/**
 * "Keep me logged in" across a reload once the access token has expired (3 s here): on, the one
 * refresh keeps the member on /home with their data; off, no refresh is tried and the member is
 * sent to /login with the session-expired toast.
 */
describe('remember me across an expired access token', () => {
  let stack: Stack;
  let sink: SmtpSink;
  let product: RunningProduct;
  let browser: Browser;
  let member: Member;

  beforeAll(async () => {
    ({ sink, product, browser } = (stack = await startStack({ ACCESS_TOKEN_TTL_SECONDS: '3', ...relaxedLimits })));
    member = await createMember(product, sink, { label: 'remember', firstName: 'Grace' });
  });

  afterAll(() => stack?.stop());

  /** A fresh browser, logged in at /home, counting refresh calls from then on. */
  async function loggedIn(rememberMe: boolean) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    const page: Page = await context.newPage();
    await logIn(page, product, member, { rememberMe });
    await page.waitForURL('**/home');
    await page.getByRole('heading', { name: 'Hi, Grace' }).waitFor();
    const refreshes: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/mobile/session/refresh') refreshes.push(response.status());
    });
    return { context, page, refreshes, loggedInAt: Date.now() };
  }

  /** Both sessions start together, so their access tokens expire during one shared wait. */
  let sessions: Record<'on' | 'off', Awaited<ReturnType<typeof loggedIn>>>;
  beforeAll(async () => {
    const [on, off] = await Promise.all([loggedIn(true), loggedIn(false)]);
    sessions = { on, off };
  });

  /** Until the access token (3 s) of that session has certainly expired. */
  const outliveAccessToken = ({ loggedInAt }: { loggedInAt: number }) =>
    new Promise((resolve) => setTimeout(resolve, Math.max(0, loggedInAt + 4000 - Date.now())));

  it('ON: refreshes once and stays on /home with the data', async () => {
    const { context, page, refreshes } = sessions.on;
    expect(await page.evaluate(() => localStorage.getItem('rememberMe'))).toBe('true');
    await outliveAccessToken(sessions.on);

    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: 'Hi, Grace' }).isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.getByLabel('Available pips').textContent()).toBe('0');
    expect(new URL(page.url()).pathname).toBe('/home');
    expect(refreshes).toEqual([200]);
    expect(await toastTexts(page)).not.toContainEqual(expect.stringContaining('session has expired'));
    await context.close();
  });

  it('OFF: tries no refresh and ends at /login with the session-expired toast', async () => {
    const { context, page, refreshes } = sessions.off;
    expect(await page.evaluate(() => localStorage.getItem('rememberMe'))).toBe('false');
    await outliveAccessToken(sessions.off);

    await page.reload();
    await page.waitForURL('**/login', { timeout: 10_000 });
    await expect
      .poll(() => toastTexts(page))
      .toContainEqual(expect.stringContaining('Your session has expired. Please log in again.'));
    expect(refreshes).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    await context.close();
  });
});
