import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { axeViolations, expectAccessible } from './support/a11y';
import { createMember, relaxedLimits, toastTexts, type Member } from './support/accounts';
import { memberApi, storeSession } from './support/memberApi';
import { createCommunity, operatorCli, printed } from './support/operator';
import { appStarted, screenshotDir, viewports } from './support/screens';
import { reserveProduct } from './support/serverProcess';
import { startStack, type Stack } from './support/stack';

/**
 * The member's screens with the keyboard alone (WCAG 2.2 AA), at 1280x800 in English and 390x844
 * in Spanish: titles and the focus on a new screen's heading, visible focus rings, the confirm
 * dialog and the archive drawer (axe with them open, Escape back to their opener), a
 * questionnaire's date typed in the language's order and the focus after its submit, the
 * password's show/hide button, and reduced motion.
 */

const passes = [
  {
    locale: 'en',
    browserLocale: 'en-US',
    viewport: viewports.desktop,
    words: {
      home: 'Home',
      redeem: 'Redeem',
      redeemReward: 'Redeem a reward',
      redeemNow: 'Redeem',
      forms: 'Forms',
      thanks: 'Thank you!',
      toggle: 'Show or hide password',
      chanceToWin: 'Chance to Win',
    },
    // June 1, 2025 as an English speaker types it, then with the year one up.
    typed: '06012025',
    shown: '06/01/2025',
    yearUp: '06/01/2026',
  },
  {
    locale: 'es',
    browserLocale: 'es-ES',
    viewport: viewports.phone,
    words: {
      home: 'Inicio',
      redeem: 'Canjear',
      redeemReward: 'Canjear una recompensa',
      redeemNow: 'Canjear ahora',
      forms: 'Formularios',
      thanks: '¡Gracias!',
      toggle: 'Mostrar u ocultar la contraseña',
      chanceToWin: 'Oportunidad de ganar',
    },
    typed: '01062025',
    shown: '01/06/2025',
    yearUp: '01/06/2026',
  },
] as const;

type Pass = (typeof passes)[number];

const a11yShots = join(screenshotDir, 'a11y');

/** What has the focus: its tag, text, accessible label and value. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      text: el?.innerText?.trim() ?? '',
      label: el?.getAttribute('aria-label') ?? '',
      value: (el as HTMLInputElement | null)?.value ?? '',
      type: el?.getAttribute('type') ?? '',
    };
  });

/** Presses Tab until the focused element matches `selector` (and holds `text`, when given). */
async function tabTo(page: Page, selector: string, text?: string, maxPresses = 60): Promise<void> {
  for (let i = 0; i < maxPresses; i++) {
    await page.keyboard.press('Tab');
    const hit = await page.evaluate(
      ([sel, want]) => {
        const el = document.activeElement as HTMLElement | null;
        return Boolean(el?.matches(sel) && (want === null || el.innerText.trim() === want));
      },
      [selector, text ?? null] as const,
    );
    if (hit) return;
  }
  throw new Error(`Tab never reached ${selector}${text ? ` "${text}"` : ''}`);
}

const luminance = (rgb: number[]) => {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const rgbOf = (css: string) => (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(rgbOf(a)), luminance(rgbOf(b))].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

/**
 * The focused element's ring: the width of its outline (or of its box-shadow's spread), while it
 * matches :focus-visible, and the ring's contrast with the page's background.
 */
async function focusRing(page: Page) {
  const ring = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    const shadow = /(-?[\d.]+)px\s+(-?[\d.]+)px\s+(-?[\d.]+)px\s+([\d.]+)px/.exec(style.boxShadow);
    return {
      focusVisible: el.matches(':focus-visible'),
      outline: style.outlineStyle === 'none' ? 0 : parseFloat(style.outlineWidth),
      shadow: shadow ? Number(shadow[4]) : 0,
      color: style.outlineStyle === 'none' ? style.boxShadow : style.outlineColor,
      background: getComputedStyle(document.body).backgroundColor,
    };
  });
  return { ...ring, width: Math.max(ring.outline, ring.shadow), contrast: contrast(ring.color, ring.background) };
}

async function expectRing(page: Page, what: string) {
  const ring = await focusRing(page);
  expect(ring.focusVisible, what).toBe(true);
  expect(ring.width, what).toBeGreaterThanOrEqual(2);
  expect(ring.contrast, what).toBeGreaterThanOrEqual(3);
}

const shoot = (page: Page, pass: Pass, name: string) =>
  page.screenshot({ path: join(a11yShots, `${pass.locale}-${name}-${pass.viewport.width}x${pass.viewport.height}.png`), animations: 'disabled' });

/** The focused element is the screen's h1 and reads `name`. */
const headingFocused = async (page: Page, name: string) => {
  await expect.poll(() => focused(page), { timeout: 15_000 }).toMatchObject({ tag: 'h1', text: name });
};

/** No banner landmark twice (the top bar's and a dialog's), at any impact. */
async function expectOneBanner(page: Page) {
  const ids = (await axeViolations(page)).map((violation) => violation.id);
  expect(ids).not.toContain('landmark-no-duplicate-banner');
  expect(ids).not.toContain('landmark-unique');
}

describe('the keyboard alone, in Chromium', () => {
  let stack: Stack;
  let dir: string;
  const ids = { reward: 0, questionnaire: 0, promo: 0 };
  const members = {} as Record<Pass['locale'], Member>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pips-keyboard-'));
    mkdirSync(a11yShots, { recursive: true });
    const place = await reserveProduct();
    const admin = operatorCli(place);
    const communityId = await createCommunity(place, 'Keyboard Club');
    const community = ['--community', communityId];
    ids.promo = Number(
      printed(
        await admin('promo:create', ...community, '--title', 'Say hello', '--title-es', 'Saluda', '--pips', '50', '--limit', 'once', '--url', `${place.url}/sitemap`),
        /Created earn promo #(\d+)/,
      ),
    );
    const reward = await admin('reward:create', ...community, '--title', 'Cinema ticket', '--title-es', 'Entrada de cine', '--option', 'One ticket|Una entrada=10');
    ids.reward = Number(printed(reward, /Created reward #(\d+)/));
    const codes = join(dir, 'codes.csv');
    writeFileSync(codes, 'code\nCINEMA-KEYS-0001\nCINEMA-KEYS-0002\n');
    expect(await admin('giftcards:import', '--option', printed(reward, /option #(\d+)/), '--file', codes)).toMatch(/Imported 2 codes/);
    const form = join(dir, 'visit.json');
    writeFileSync(
      form,
      JSON.stringify({
        title: { en: 'Your next visit', es: 'Tu próxima visita' },
        steps: [
          {
            parts: [
              { id: 'day', type: 'date', label: { en: 'When will you come?', es: '¿Cuándo vendrás?' }, required: true, min: '2024-01-01', max: '2030-12-31' },
            ],
          },
        ],
      }),
    );
    ids.questionnaire = Number(printed(await admin('questionnaire:create', ...community, '--file', form, '--pips', '3'), /Created questionnaire #(\d+)/));

    stack = await startStack({ ...relaxedLimits }, place);
    for (const pass of passes) {
      const member = await createMember(stack.product, stack.sink, { label: `keys-${pass.locale}`, communityId });
      expect(await memberApi(stack.product, member).earn(ids.promo)).toMatchObject({ ok: true });
      members[pass.locale] = member;
    }
  });

  afterAll(async () => {
    await stack?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** A context of the pass's size and language with its member logged in, on `path`. */
  async function openAs(pass: Pass, path: string, options: { reducedMotion?: 'reduce' } = {}): Promise<{ context: BrowserContext; page: Page }> {
    const context = await stack.browser.newContext({ viewport: pass.viewport, locale: pass.browserLocale, ...options });
    const page = await context.newPage();
    await page.goto(`${stack.product.url}/sitemap`);
    await storeSession(page, members[pass.locale]);
    await page.goto(`${stack.product.url}${path}`);
    await appStarted(page);
    return { context, page };
  }

  describe.each(passes)('$locale at $viewport.width x $viewport.height', (pass) => {
    const { words } = pass;

    it('titles each screen, focuses its heading on a change, and rings a focused card', async () => {
      const { context, page } = await openAs(pass, '/home');
      await expect.poll(() => page.title(), { timeout: 15_000 }).toBe(`${words.home} · pips`);

      await tabTo(page, 'a[href="/redeem"]');
      await page.keyboard.press('Enter');
      await page.waitForURL('**/redeem');
      await headingFocused(page, words.redeem);
      expect(await page.title()).toBe(`${words.redeem} · pips`);

      await tabTo(page, 'main a[href^="/redeem/"]');
      await expectRing(page, 'a reward card');
      await shoot(page, pass, 'reward-card-focus');
      await context.close();
    });

    it('opens the confirm dialog from the keyboard: axe finds nothing, Escape gives the focus back', async () => {
      const { context, page } = await openAs(pass, '/redeem');
      await tabTo(page, 'main a[href^="/redeem/"]');
      await page.keyboard.press('Enter');
      await page.waitForURL(`**/redeem/${ids.reward}`);
      await expect.poll(() => page.title(), { timeout: 15_000 }).toBe(`${words.redeemReward} · pips`);
      await expect.poll(() => focused(page), { timeout: 15_000 }).toMatchObject({ tag: 'h1' });

      await tabTo(page, 'main button', words.redeemNow);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await dialog.waitFor({ timeout: 15_000 });
      await expectAccessible(page, 'the confirm dialog');
      await expectOneBanner(page);
      await shoot(page, pass, 'confirm-dialog');

      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => focused(page)).toMatchObject({ tag: 'button', text: words.redeemNow });
      await expectRing(page, 'a button');
      await context.close();
    });

    it("takes a date typed in the language's order, and moves the focus to the result of the submit", async () => {
      const { context, page } = await openAs(pass, `/forms/${ids.questionnaire}`);
      await tabTo(page, 'main input[inputmode="numeric"]');
      await expectRing(page, 'a text field');
      await page.keyboard.type(pass.typed);
      expect(await focused(page)).toMatchObject({ value: pass.shown });
      // The arrow keys change the part under the caret: the year, at the end.
      await page.keyboard.press('ArrowUp');
      expect(await focused(page)).toMatchObject({ value: pass.yearUp });
      await page.keyboard.press('ArrowDown');
      expect(await focused(page)).toMatchObject({ value: pass.shown });
      await shoot(page, pass, 'form-date');

      await tabTo(page, 'main button[type="submit"]');
      await page.keyboard.press('Enter');
      await page.waitForURL('**/forms');
      await headingFocused(page, words.forms);
      await expect.poll(async () => (await toastTexts(page)).join(' ')).toContain(words.thanks);
      await context.close();
    });

    it("reaches the password's show/hide button with Tab", async () => {
      const context = await stack.browser.newContext({ viewport: pass.viewport, locale: pass.browserLocale });
      const page = await context.newPage();
      await page.goto(`${stack.product.url}/login`);
      await appStarted(page);
      await tabTo(page, 'input[type="password"]');
      await page.keyboard.press('Tab');
      expect(await focused(page)).toMatchObject({ tag: 'button', label: words.toggle });
      await expectRing(page, 'the show/hide button');
      await page.keyboard.press('Space');
      expect(await page.locator('#root input[autocomplete="current-password"]').getAttribute('type')).toBe('text');
      await shoot(page, pass, 'password-toggle-focus');
      await context.close();
    });

    it('with reduced motion, opens the archive drawer without any animation; axe finds nothing with it open', async () => {
      const { context, page } = await openAs(pass, '/chance-to-win', { reducedMotion: 'reduce' });
      await expect.poll(() => page.title(), { timeout: 15_000 }).toBe(`${words.chanceToWin} · pips`);
      await tabTo(page, '[data-testid="ctw-archive-button"]');
      await page.keyboard.press('Enter');
      // Every animation seen from the drawer's first frame on, for 400 ms (the slide took 300).
      const seen = await page.evaluate(async () => {
        const names = new Set<string>();
        const start = performance.now();
        while (performance.now() - start < 400 || !document.querySelector('[data-testid="ctw-archive"]')) {
          if (document.querySelector('[data-testid="ctw-archive"]')) {
            for (const animation of document.getAnimations()) names.add(String((animation as CSSTransition).transitionProperty ?? (animation as CSSAnimation).animationName));
          }
          if (performance.now() - start > 10_000) break;
          await new Promise((resolve) => requestAnimationFrame(resolve));
        }
        return [...names];
      });
      expect(seen).toEqual([]);
      await page.getByTestId('ctw-archive').waitFor();
      await expectAccessible(page, 'the archive drawer');
      await expectOneBanner(page);
      await shoot(page, pass, 'archive-drawer');

      await page.keyboard.press('Escape');
      await page.getByTestId('ctw-archive').waitFor({ state: 'hidden' });
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('ctw-archive-button');
      await context.close();
    });
  });
});
