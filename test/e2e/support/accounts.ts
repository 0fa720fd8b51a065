import type { Page } from 'playwright-core';
import { appStarted } from './screens';
import type { RunningProduct } from './serverProcess';

/** Rate limits relaxed for a test file that makes many calls from one address (docs/operating.md: RATE_LIMIT_<NAME>). */
export const relaxedLimits: Record<string, string> = {
  RATE_LIMIT_TOKENIZE_PER_ADDRESS: '1000/60',
  RATE_LIMIT_LOGIN_PER_ADDRESS: '1000/60',
  RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000/60',
  RATE_LIMIT_VERIFY_PER_ADDRESS: '1000/60',
  RATE_LIMIT_RESET_PER_ADDRESS: '1000/60',
  RATE_LIMIT_RESET_PER_EMAIL: '1000/60',
  RATE_LIMIT_EMAIL_EXISTS_PER_ADDRESS: '1000/60',
  RATE_LIMIT_REQUESTS_PER_ADDRESS: '100000/60',
};

export interface Mailbox {
  waitFor(to: string, pattern: RegExp, timeoutMs?: number): Promise<string>;
}

export interface Member {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  authToken: string;
  userId: number;
}

let sequence = 0;
/** A fresh address per call, unique across runs. */
export const uniqueEmail = (label: string) => `${label}.${Date.now()}.${++sequence}@example.org`;

/** The demo community's id, from the join link the server printed. */
export const demoCommunityId = (product: RunningProduct) => new URL(product.joinLink).searchParams.get('communityId')!;

async function call(product: RunningProduct, method: string, path: string, init: { query?: Record<string, string>; form?: Record<string, string>; token?: string } = {}) {
  const url = new URL(path, product.url);
  for (const [key, value] of Object.entries(init.query ?? {})) url.searchParams.set(key, value);
  const headers: Record<string, string> = {};
  if (init.token) headers.Authorization = init.token;
  if (init.form) headers['Content-Type'] = 'application/x-www-form-urlencoded';
  const response = await fetch(url, { method, headers, body: init.form ? new URLSearchParams(init.form) : undefined });
  const body = (await response.json()) as { success: boolean; data: Record<string, unknown>; error: { code: string } | null };
  if (!body.success) throw new Error(`${method} ${path}: ${response.status} ${body.error?.code}`);
  return body.data;
}

/**
 * A member made through the API (faster than the form; the form has its own tests): tokenize,
 * register in the demo community (or `communityId`), and, unless `verified: false`, verify
 * with the mailed code.
 */
export async function createMember(
  product: RunningProduct,
  mail: Mailbox,
  {
    label = 'member',
    password = 'Pips-2026!secret',
    firstName = 'Ada',
    lastName = 'Lovelace',
    verified = true,
    communityId = demoCommunityId(product),
  } = {},
): Promise<Member> {
  const email = uniqueEmail(label);
  const { token } = await call(product, 'POST', '/api/tokenize', { form: { tokenType: 'register', password } });
  const auth = await call(product, 'POST', '/mobile/user/register', {
    query: {
      email,
      firstName,
      lastName,
      passwordToken: String(token),
      dayOfBirth: '1990-05-17',
      phone: '',
      customTermsAccepted: 'true',
      communityId,
    },
  });
  const authToken = String(auth.authToken);
  if (verified) {
    const code = await mail.waitFor(email, /\b(\d{6})\b/);
    await call(product, 'POST', '/mobile/verify', { form: { code }, token: authToken });
  }
  return { email, password, firstName, lastName, authToken, userId: Number(auth.userId) };
}

/** Logs in through the login form (mouse and keyboard as a user would), leaving "keep me logged in" as asked. */
export async function logIn(page: Page, product: RunningProduct, member: { email: string; password: string }, { rememberMe = true } = {}) {
  if (!page.url().endsWith('/login')) await page.goto(`${product.url}/login`);
  // The prerendered form shows first, inert: what is typed there would be lost.
  await appStarted(page);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  const remember = page.getByLabel('Keep me logged in');
  if ((await remember.isChecked()) !== rememberMe) await remember.setChecked(rememberMe, { force: true });
  await page.getByRole('button', { name: 'Log in' }).click();
}

/**
 * Fills the date of birth's three fields (day, month by name, year; in either language) inside
 * the group named `groupName`, from a `YYYY-MM-DD` date.
 */
export async function fillDateOfBirth(page: Page, date: string, groupName = 'Date of birth'): Promise<void> {
  const [year, month, day] = date.split('-').map(Number);
  const group = page.getByRole('group', { name: groupName });
  await group.locator('[autocomplete="bday-day"]').fill(String(day));
  await group.locator('[autocomplete="bday-month"]').selectOption(String(month));
  await group.locator('[autocomplete="bday-year"]').fill(String(year));
}

/** Text of the visible toasts (Mantine notifications). */
export const toastTexts = (page: Page) => page.locator('.mantine-Notification-root').allInnerTexts();

/**
 * Presses Tab until the focused control is called `name` (its label, aria-label, or for buttons
 * and links its text; a string matches the start of the name), for keyboard-only journeys.
 */
export async function tabTo(page: Page, name: string | RegExp, { maxPresses = 40 } = {}): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < maxPresses; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return '';
      const labelledBy = el.getAttribute('aria-labelledby');
      const names = [
        (el as HTMLInputElement).labels?.[0]?.innerText,
        el.getAttribute('aria-label'),
        labelledBy ? document.getElementById(labelledBy)?.innerText : undefined,
        ['BUTTON', 'A'].includes(el.tagName) ? el.innerText : undefined,
      ];
      return names.find((n) => n && n.trim())?.trim() ?? '';
    });
    if (typeof name === 'string' ? focused.startsWith(name) : name.test(focused)) return;
    seen.push(focused || '(nothing)');
  }
  throw new Error(`Tab never reached ${name}; passed ${seen.join(' → ')}`);
}
