import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, expectAccessible } from './support/a11y';
import { createMember, demoCommunityId, relaxedLimits, type Member } from './support/accounts';
import { captureScreen, settle, viewports } from './support/screens';
import type { RunningProduct } from './support/serverProcess';
import { startStack, type SmtpSink, type Stack } from './support/stack';

type Locale = 'en' | 'es';
type Standing = 'anonymous' | 'unverified' | 'verified';

interface Shot {
  name: string;
  standing: Standing;
  /** Path to open, relative to the product. */
  path: (product: RunningProduct) => string;
  /** Brings the screen to the state to photograph, after it has loaded. */
  prepare?: (page: Page, locale: Locale) => Promise<void>;
}

/** The labels the shots below act on. */
const words = {
  en: {
    email: 'Email',
    password: 'Password',
    logIn: 'Log in',
    createAccount: 'Create account',
    continue: 'Continue',
    deleteMyAccount: 'Delete my account',
    check: 'Check',
  },
  es: {
    email: 'Correo electrónico',
    password: 'Contraseña',
    logIn: 'Iniciar sesión',
    createAccount: 'Crear cuenta',
    continue: 'Continuar',
    deleteMyAccount: 'Eliminar mi cuenta',
    check: 'Comprobar',
  },
} satisfies Record<Locale, Record<string, string>>;

/** Every screen of issue 3, in the state a reviewer should see. */
const shots: Shot[] = [
  { name: 'welcome', standing: 'anonymous', path: () => '/welcome' },
  { name: 'login', standing: 'anonymous', path: () => '/login' },
  {
    name: 'login-failed',
    standing: 'anonymous',
    path: () => '/login',
    prepare: async (page, locale) => {
      await page.getByLabel(words[locale].email).fill('nobody@example.org');
      await page.getByLabel(words[locale].password, { exact: true }).fill('Wrong-password1!');
      await page.getByRole('button', { name: words[locale].logIn, exact: true }).click();
      await page.getByRole('alert').waitFor();
    },
  },
  { name: 'signup-without-community', standing: 'anonymous', path: () => '/signup' },
  { name: 'community-scan', standing: 'anonymous', path: () => '/community-scan' },
  { name: 'community-scan-link', standing: 'anonymous', path: (p) => `/community-scan?communityId=${demoCommunityId(p)}` },
  { name: 'signup', standing: 'anonymous', path: () => '/signup' },
  {
    name: 'signup-errors',
    standing: 'anonymous',
    path: () => '/signup',
    prepare: async (page, locale) => {
      await page.getByLabel(words[locale].email).fill('ana@@example');
      await page.getByRole('button', { name: words[locale].createAccount }).click();
    },
  },
  { name: 'forgot-password', standing: 'anonymous', path: () => '/forgot-password' },
  { name: 'reset-password', standing: 'anonymous', path: () => '/reset-password?emailToken=abc123&email=ada%40example.org' },
  { name: 'reset-password-invalid-link', standing: 'anonymous', path: () => '/reset-password' },
  { name: 'auth-callback-error', standing: 'anonymous', path: () => '/auth/callback?error=access_denied' },
  { name: 'sitemap', standing: 'anonymous', path: () => '/sitemap' },
  { name: 'documentation', standing: 'anonymous', path: () => '/documentation' },
  {
    name: 'api-docs',
    standing: 'anonymous',
    path: () => '/api-docs',
    prepare: async (page, locale) => {
      await page.getByRole('textbox', { name: words[locale].email }).fill('nobody@example.org');
      await page.getByRole('button', { name: words[locale].check }).click();
      await page.getByTestId('email-check-result').waitFor();
      // Swagger UI drawn, with one group of operations open.
      await page.locator('.opblock-tag').first().click();
      await page.locator('.opblock-summary-method').first().waitFor();
    },
  },
  { name: 'verify', standing: 'unverified', path: () => '/verify' },
  { name: 'home', standing: 'verified', path: () => '/home' },
  { name: 'profile', standing: 'verified', path: () => '/profile' },
  { name: 'change-password', standing: 'verified', path: () => '/profile/change-password' },
  { name: 'delete-account', standing: 'verified', path: () => '/delete-account' },
  {
    name: 'delete-account-confirm',
    standing: 'verified',
    path: () => '/delete-account',
    prepare: async (page, locale) => {
      await page.getByRole('button', { name: words[locale].continue }).click();
      await page.getByRole('button', { name: words[locale].deleteMyAccount }).waitFor();
    },
  },
  { name: 'earn', standing: 'verified', path: () => '/earn' },
  { name: 'announcements', standing: 'verified', path: () => '/announcements' },
  { name: 'trivia', standing: 'verified', path: () => '/trivia/individual' },
  { name: 'chance-to-win', standing: 'verified', path: () => '/chance-to-win' },
];

/** axe-core and screenshots (390x844 and 1280x800) of every screen of the issue, in English and Spanish. */
describe('every account screen: accessible, photographed', () => {
  let stack: Stack;
  let sink: SmtpSink;
  let product: RunningProduct;
  let browser: Browser;

  beforeAll(async () => {
    ({ sink, product, browser } = (stack = await startStack({ ...relaxedLimits })));
  });

  afterAll(() => stack?.stop());

  /** Stores the session of `member` as the app does after a login (skips the form, which has its own tests). */
  async function signIn(page: Page, member: Member | null, verified: boolean) {
    await page.evaluate(
      ({ member, verified }) => {
        localStorage.clear();
        if (!member) return;
        localStorage.setItem('authToken', member.authToken);
        localStorage.setItem('userId', String(member.userId));
        localStorage.setItem('email', member.email);
        localStorage.setItem('isVerified', String(verified));
        localStorage.setItem('rememberMe', 'true');
      },
      { member, verified },
    );
  }

  describe.each<Locale>(['en', 'es'])('%s', (locale) => {
    let page: Page;
    let members: Record<Standing, Member | null>;

    beforeAll(async () => {
      const [verified, unverified] = await Promise.all([
        createMember(product, sink, { label: `screens-${locale}`, firstName: locale === 'es' ? 'Lucía' : 'Ada' }),
        createMember(product, sink, { label: `screens-unverified-${locale}`, verified: false }),
      ]);
      members = { anonymous: null, unverified, verified };
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: locale === 'es' ? 'es-ES' : 'en-US' });
      page = await context.newPage();
      await page.goto(`${product.url}/login`);
    });

    let standing: Standing | null = null;
    it.each(shots)('$name', async (shot) => {
      const path = shot.path(product);
      // the same screen again (another state of it) starts afresh
      const sameScreen = new URL(page.url()).pathname === new URL(path, product.url).pathname;
      if (standing !== shot.standing || sameScreen) {
        if (standing !== shot.standing) await signIn(page, members[shot.standing], shot.standing === 'verified');
        standing = shot.standing;
        await page.goto(`${product.url}${path}`);
      } else {
        // same session: move within the app, as a link would (a reload per shot costs half a second)
        await page.evaluate((to) => {
          document.querySelector('h1')?.setAttribute('data-leaving', '');
          history.pushState(null, '', to);
          dispatchEvent(new PopStateEvent('popstate'));
        }, path);
      }
      await page.locator('h1:not([data-leaving])').first().waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
      await shot.prepare?.(page, locale);
      await settle(page);
      await expectAccessible(page, `${shot.name} (${locale})`);
      await captureScreen(page, shot.name, locale);
    });

    it('documentation: draws each machine of the app as a statechart, each keeping its room before it has loaded', async () => {
      await signIn(page, null, false);
      standing = 'anonymous';
      await page.goto(`${product.url}/documentation`);
      const drawings = page.locator('figure[data-testid^="diagram-"] img');
      await drawings.first().waitFor();
      expect(await drawings.count()).toBeGreaterThan(10);
      // The last one is far below: not loaded yet (lazy), yet its box already has the drawing's height.
      const last = drawings.last();
      expect(await last.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(0);
      const before = (await last.boundingBox())!;
      expect(before.height).toBeGreaterThan(20);
      await last.scrollIntoViewIfNeeded();
      await expect.poll(() => last.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      expect((await last.boundingBox())!.height).toBeCloseTo(before.height, 0);
      // A drawing is the machine's SVG, drawn at build time.
      const session = page.getByTestId('diagram-session').locator('img');
      expect(await session.evaluate(async (img: HTMLImageElement) => (await (await fetch(img.src)).text()).startsWith('<svg'))).toBe(true);
    });

    it('api-docs: asks the real server whether a member’s e-mail is in use, and draws the contract', async () => {
      await signIn(page, null, false);
      standing = 'anonymous';
      await page.goto(`${product.url}/api-docs`);
      const answer = page.getByTestId('email-check-result');
      await page.getByRole('textbox', { name: words[locale].email }).fill(members.verified!.email.toUpperCase());
      await page.getByRole('button', { name: words[locale].check }).click();
      const taken = locale === 'es' ? 'Una cuenta usa' : 'An account uses';
      await answer.filter({ hasText: taken }).waitFor();
      await page.getByRole('textbox', { name: words[locale].email }).fill(`free.${Date.now()}@example.org`);
      await page.getByRole('button', { name: words[locale].check }).click();
      await answer.filter({ hasText: locale === 'es' ? 'Ninguna cuenta usa' : 'No account uses' }).waitFor();
      // The very contract the server validates against: an operation of openapi.yaml, drawn by Swagger UI.
      await page.locator('.opblock-tag', { hasText: 'account' }).first().click();
      await page.locator('.opblock-summary-path', { hasText: '/web/user/email' }).first().waitFor();
      expect(await page.locator('.opblock-summary-path').count()).toBeGreaterThan(5);
      // One main landmark, the app's: Swagger UI's layout put its operations in a <main> of its own.
      expect(await page.locator('main').count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
      // On the narrowest phone the contract's description wraps inside the column: no sideways scroll.
      await page.setViewportSize({ width: 320, height: 640 });
      try {
        await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(320);
      } finally {
        await page.setViewportSize(viewports.phone);
      }
    });
  });
});
