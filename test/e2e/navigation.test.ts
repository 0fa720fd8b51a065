import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { expectAccessible } from './support/a11y';
import { createMember, relaxedLimits, type Member } from './support/accounts';
import { storeSession } from './support/memberApi';
import { captureScreen, settle, viewports } from './support/screens';
import type { RunningProduct } from './support/serverProcess';
import { startStack, type Stack } from './support/stack';

type Locale = 'en' | 'es';

/** The texts the member follows, in each language. */
const words = {
  en: {
    sections: { home: 'Home', earn: 'Earn', redeem: 'Redeem', activity: 'Activity', profile: 'Profile' },
    forms: 'Forms',
    myRewards: 'My rewards',
    announcements: 'Announcements',
    changePassword: 'Change password',
    back: { home: 'Back to home', earn: 'Back to Earn', redeem: 'Back to Redeem', profile: 'Back to profile' },
    notFound: 'Page not found',
    goHome: 'Go to the home page',
    home: { shortcuts: 'Shortcuts', noReward: 'No rewards available yet', waysToEarn: 'Ways to earn' },
  },
  es: {
    sections: { home: 'Inicio', earn: 'Ganar', redeem: 'Canjear', activity: 'Actividad', profile: 'Perfil' },
    forms: 'Formularios',
    myRewards: 'Mis recompensas',
    announcements: 'Anuncios',
    changePassword: 'Cambiar contraseña',
    back: { home: 'Volver al inicio', earn: 'Volver a Ganar', redeem: 'Volver a Canjear', profile: 'Volver al perfil' },
    notFound: 'Página no encontrada',
    goHome: 'Ir a la página de inicio',
    home: { shortcuts: 'Accesos directos', noReward: 'Aún no hay recompensas', waysToEarn: 'Formas de ganar' },
  },
} as const;

const sectionPaths = { home: '/home', earn: '/earn', redeem: '/redeem', activity: '/activity', profile: '/profile' } as const;

/**
 * Getting around (issue 12): on a phone (390x844) the bottom tab bar alone reaches every section,
 * on a laptop (1280x800) the header does; each screen below a section comes back with its back
 * link; Forms, My rewards and Announcements are reached from Home and Earn; an unknown URL says
 * 'Page not found' and leads home. In English and Spanish.
 */
describe('getting around', () => {
  let stack: Stack;
  let product: RunningProduct;
  let browser: Browser;

  beforeAll(async () => {
    let sink;
    ({ sink, product, browser } = (stack = await startStack({ ...relaxedLimits })));
    members.en = await createMember(product, sink, { label: 'nav-en', firstName: 'Ada' });
    members.es = await createMember(product, sink, { label: 'nav-es', firstName: 'Lucía' });
  });
  afterAll(() => stack?.stop());

  const members: Partial<Record<Locale, Member>> = {};

  async function openSignedIn(
    locale: Locale,
    size: keyof typeof viewports,
    beforeHome: (page: Page) => Promise<unknown> = async () => {},
    contextOptions: BrowserContextOptions = {},
  ): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: viewports[size], locale: locale === 'es' ? 'es-ES' : 'en-US', ...contextOptions });
    // The layout shifts of each page load, as Chromium scores them (those right after input are not counted).
    await context.addInitScript(() => {
      const shifts: number[] = ((window as unknown as { layoutShifts: number[] }).layoutShifts = []);
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const page = await context.newPage();
    const member = members[locale]!;
    await page.goto(`${product.url}/login`);
    await storeSession(page, member);
    await beforeHome(page);
    await page.goto(`${product.url}/home`);
    await page.locator('h1').first().waitFor();
    return { context, page };
  }

  const pathOf = (page: Page) => new URL(page.url()).pathname;
  /** Whether a finger's touch 21 px above and below the middle of what `locator` finds (its 44 px) hits it. */
  const fingerHits = async (locator: Locator) => {
    const box = (await locator.boundingBox())!;
    return locator.evaluate((element, box) => {
      const x = box.x + box.width / 2;
      const middle = box.y + box.height / 2;
      return [middle - 21, middle + 21].map((y) => element.contains(document.elementFromPoint(x, y)));
    }, box);
  };
  const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((a, b) => a + b, 0));
  const backLink = (page: Page) => page.getByTestId('back-link');

  describe.each<Locale>(['en', 'es'])('%s', (locale) => {
    const w = words[locale];

    it('a phone reaches every section with the tab bar alone, the active tab marked', async () => {
      const { context, page } = await openSignedIn(locale, 'phone');
      const tabBar = page.getByTestId('tab-bar');
      await expect.poll(() => tabBar.isVisible()).toBe(true);
      // Home's first view holds still while the member's data arrives: the footer comes with the
      // screen, the progress card's place is kept (0.22 before, 'good' is under 0.1).
      await page.getByTestId('reward-progress').waitFor();
      await settle(page);
      expect(await layoutShift(page)).toBeLessThan(0.05);
      expect(await page.getByTestId('header-sections').isVisible()).toBe(false);
      // the bar sits at the bottom of the viewport
      const box = (await tabBar.boundingBox())!;
      expect(Math.round(box.y + box.height)).toBe(viewports.phone.height);
      for (const key of ['earn', 'redeem', 'activity', 'profile', 'home'] as const) {
        const tab = tabBar.getByRole('link', { name: w.sections[key], exact: true });
        await tab.click();
        await expect.poll(() => pathOf(page)).toBe(sectionPaths[key]);
        await expect.poll(() => tab.getAttribute('aria-current')).toBe('page');
        expect(await tabBar.locator('[aria-current="page"]').count()).toBe(1);
        // a section's own screen has no back link
        await page.locator('h1').first().waitFor();
        expect(await backLink(page).count()).toBe(0);
      }
      await settle(page);
      await expectAccessible(page, `home with the tab bar (${locale})`);
      await captureScreen(page, 'home-tab-bar', locale);
      await context.close();
    });

    it('a laptop reaches every section from the header', async () => {
      const { context, page } = await openSignedIn(locale, 'desktop');
      const header = page.getByTestId('header-sections');
      await expect.poll(() => header.isVisible()).toBe(true);
      expect(await page.getByTestId('tab-bar').isVisible()).toBe(false);
      for (const key of ['earn', 'redeem', 'activity', 'profile', 'home'] as const) {
        const link = header.getByRole('link', { name: w.sections[key], exact: true });
        await link.click();
        await expect.poll(() => pathOf(page)).toBe(sectionPaths[key]);
        await expect.poll(() => link.getAttribute('aria-current')).toBe('page');
        // A section of lists and tiles uses the width of the window (not a 688 px strip); the
        // Profile form stays a readable column.
        await page.locator('h1').first().waitFor();
        const { width } = (await page.locator('main').boundingBox())!;
        expect([key, width > 900 ? 'wide' : width < 760 ? 'narrow' : width]).toEqual([key, key === 'profile' ? 'narrow' : 'wide']);
      }
      // the header's marked section reads at AA contrast (it once did not)
      await settle(page);
      await expectAccessible(page, `home with the header sections (${locale})`);
      // Home's shortcut tiles, four to a row
      const tiles = page.locator('main nav a');
      await expect.poll(() => tiles.count()).toBe(10);
      const tops = await tiles.evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
      expect(new Set(tops).size).toBe(3);
      // a form stays a readable narrow column
      await page.goto(`${product.url}/profile/change-password`);
      await page.locator('h1').first().waitFor();
      expect((await page.locator('main').boundingBox())!.width).toBeLessThan(760);
      await context.close();
    });

    it("the app's start pauses between its stages before Home's first render (src/startup, main.tsx)", async () => {
      const { context, page } = await openSignedIn(locale, 'phone', (page) =>
        page.addInitScript(() => {
          // What #root held at each pause of the app's start (scheduler.yield: Chromium has it).
          const pauses: number[] = ((window as unknown as { startPauses: number[] }).startPauses = []);
          const scheduler = (window as unknown as { scheduler: { yield: () => Promise<void> } }).scheduler;
          const pause = scheduler.yield.bind(scheduler);
          scheduler.yield = () => {
            pauses.push(document.getElementById('root')!.childElementCount);
            return pause();
          };
        }),
      );
      try {
        await page.getByTestId('reward-progress').waitFor();
        const pauses = () => page.evaluate(() => (window as unknown as { startPauses: number[] }).startPauses);
        // After React DOM, the machines, the actor system's code and the shell (src/startup), then
        // after the actor system is built, after it is created and after it is started (main.tsx):
        // seven pauses, all before the app's first render. Then, with the first screen there, the
        // member actors Home tells about the member (src/actors/appLogic.ts) start each in a task
        // of its own, the same pause before each, and the databases' chunk pauses once after its
        // evaluation (src/data/lazyDatabases.ts).
        await expect.poll(async () => (await pauses()).length, { timeout: 10_000 }).toBeGreaterThan(7);
        const seen = await pauses();
        expect(seen.slice(0, 7)).toEqual([0, 0, 0, 0, 0, 0, 0]);
        expect(seen.slice(7).filter((children) => children === 0)).toEqual([]);
      } finally {
        await context.close();
      }
    });

    /**
     * Home with the community's rewards held back until `release`, so the progress placeholder
     * stays until it is measured; with `soldOut`, answered as none in stock (every option sold out).
     */
    async function openWithRewardsHeld(size: keyof typeof viewports, { soldOut = false } = {}) {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const opened = await openSignedIn(locale, size, (page) =>
        page.route('**/mobile/promos/get*', async (route) => {
          await held;
          if (!soldOut) return route.continue();
          const response = await route.fetch();
          const body = (await response.json()) as { data: { promos: { options?: { inStock: boolean }[] }[] } };
          for (const promo of body.data.promos) for (const option of promo.options ?? []) option.inStock = false;
          await route.fulfill({ response, json: body });
        }),
      );
      return { ...opened, release };
    }

    it.each(['phone', 'desktop'] as const)("Home's progress placeholder is as tall as the card that takes its place (%s)", async (size) => {
      const { context, page, release } = await openWithRewardsHeld(size);
      try {
        const placeholder = page.getByTestId('reward-progress-loading');
        await placeholder.waitFor();
        const before = (await placeholder.boundingBox())!;
        release();
        const card = page.getByTestId('reward-progress');
        await card.waitFor();
        const after = (await card.boundingBox())!;
        expect({ top: Math.round(after.y), height: Math.round(after.height) }).toEqual({ top: Math.round(before.y), height: Math.round(before.height) });
      } finally {
        release();
        await context.close();
      }
    });

    it.each(['phone', 'desktop'] as const)('with no reward to aim at, Home says so in the placeholder\'s room (%s)', async (size) => {
      const { context, page, release } = await openWithRewardsHeld(size, { soldOut: true });
      try {
        const placeholder = page.getByTestId('reward-progress-loading');
        await placeholder.waitFor();
        const before = (await placeholder.boundingBox())!;
        const tilesBefore = (await page.getByRole('navigation', { name: w.home.shortcuts }).boundingBox())!;
        release();
        const card = page.getByTestId('reward-progress-none');
        await card.waitFor();
        expect(await card.innerText()).toContain(w.home.noReward);
        const link = card.getByRole('link', { name: w.home.waysToEarn });
        const after = (await card.boundingBox())!;
        expect({ top: Math.round(after.y), height: Math.round(after.height) }).toEqual({ top: Math.round(before.y), height: Math.round(before.height) });
        const tilesAfter = (await page.getByRole('navigation', { name: w.home.shortcuts }).boundingBox())!;
        expect(Math.round(tilesAfter.y)).toBe(Math.round(tilesBefore.y));
        await captureScreen(page, 'home-no-reward', locale);
        await link.click();
        await expect.poll(() => pathOf(page)).toBe('/earn');
      } finally {
        release();
        await context.close();
      }
    });

    it.each(['phone', 'desktop'] as const)('screens below a section come back with their back links (%s)', async (size) => {
      const { context, page } = await openSignedIn(locale, size);
      const main = page.locator('main');
      const goBack = async (label: string, to: string, tab: keyof typeof sectionPaths) => {
        const link = backLink(page);
        await expect.poll(() => link.innerText()).toContain(label);
        expect(await link.isVisible()).toBe(true);
        await link.click();
        await expect.poll(() => pathOf(page)).toBe(to);
        const marked = size === 'phone' ? page.getByTestId('tab-bar') : page.getByTestId('header-sections');
        await expect.poll(() => marked.getByRole('link', { name: w.sections[tab], exact: true }).getAttribute('aria-current')).toBe('page');
      };
      const follow = async (link: Locator, to: string) => {
        await link.click();
        await expect.poll(() => pathOf(page)).toBe(to);
      };

      // from Home: Forms, My rewards, Announcements
      await follow(main.getByRole('link', { name: new RegExp(`^${w.forms}`) }), '/forms');
      await goBack(w.back.earn, '/earn', 'earn');
      await follow(page.getByTestId(size === 'phone' ? 'tab-bar' : 'header-sections').getByRole('link', { name: w.sections.home, exact: true }), '/home');
      await follow(main.getByRole('link', { name: new RegExp(`^${w.myRewards}`) }), '/rewards');
      // My rewards belongs with Redeem
      await goBack(w.back.redeem, '/redeem', 'redeem');
      await follow(page.getByTestId(size === 'phone' ? 'tab-bar' : 'header-sections').getByRole('link', { name: w.sections.home, exact: true }), '/home');
      await follow(main.getByRole('link', { name: new RegExp(`^${w.announcements}`) }), '/announcements');
      await goBack(w.back.home, '/home', 'home');

      // from Earn: Forms, My rewards, Announcements
      await page.getByTestId(size === 'phone' ? 'tab-bar' : 'header-sections').getByRole('link', { name: w.sections.earn, exact: true }).click();
      await expect.poll(() => pathOf(page)).toBe('/earn');
      await follow(main.getByRole('link', { name: new RegExp(`^${w.forms}`) }), '/forms');
      await goBack(w.back.earn, '/earn', 'earn');
      await follow(main.getByRole('link', { name: w.myRewards, exact: true }), '/rewards');
      await goBack(w.back.redeem, '/redeem', 'redeem');
      await page.getByTestId(size === 'phone' ? 'tab-bar' : 'header-sections').getByRole('link', { name: w.sections.earn, exact: true }).click();
      await follow(main.getByRole('link', { name: w.announcements, exact: true }), '/announcements');
      await goBack(w.back.home, '/home', 'home');

      // Profile's change-password screen
      await page.getByTestId(size === 'phone' ? 'tab-bar' : 'header-sections').getByRole('link', { name: w.sections.profile, exact: true }).click();
      await follow(main.getByRole('link', { name: w.changePassword }), '/profile/change-password');
      await goBack(w.back.profile, '/profile', 'profile');
      await context.close();
    });

    it("a press on the back link that the screen's code comes in the middle of still goes back; the footer waits for the screen", async () => {
      // The Forms screen's code is held (the service worker, which would answer from its cache, is kept out).
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const { context, page } = await openSignedIn(
        locale,
        'phone',
        (page) =>
          page.route(/\/assets\/FormsScreen-[^/]*\.js$/, async (route) => {
            await held;
            await route.continue();
          }),
        { serviceWorkers: 'block' },
      );
      try {
        await page.getByTestId('reward-progress').waitFor();
        await page.locator('main').getByRole('link', { name: new RegExp(`^${w.forms}`) }).click();
        await expect.poll(() => pathOf(page)).toBe('/forms');
        const loader = page.locator('main > [data-screen-loader]');
        await loader.waitFor();
        expect(await page.locator('footer').isVisible()).toBe(false);
        // Pressed while the loader shows, lifted once the screen is there: a back link drawn anew
        // with the screen would lose this click (a flaky failure of the test above, on a busy CI).
        const box = (await backLink(page).boundingBox())!;
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.mouse.down();
        release();
        await loader.waitFor({ state: 'detached' });
        await page.mouse.up();
        await expect.poll(() => pathOf(page)).toBe('/earn');
        await page.locator('footer').waitFor();
      } finally {
        release();
        await context.close();
      }
    });

    it('an unknown URL says Page not found and leads home', async () => {
      const { context, page } = await openSignedIn(locale, 'phone');
      await page.goto(`${product.url}/no/such/page`);
      await page.getByRole('heading', { level: 1, name: w.notFound }).waitFor();
      expect(pathOf(page)).toBe('/no/such/page');
      await settle(page);
      await expectAccessible(page, `not found (${locale})`);
      await captureScreen(page, 'not-found', locale);
      await page.getByRole('link', { name: w.goHome }).click();
      await expect.poll(() => pathOf(page)).toBe('/home');
      await context.close();
    });
  });

  it('a language switch mid-visit reaches the screens already shown and those opened after (per-screen catalogs)', async () => {
    const { context, page } = await openSignedIn('en', 'phone');
    const parts: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/messages-[^/]+\.js$/.test(request.url())) parts.push(new URL(request.url()).pathname);
    });
    const tabBar = page.getByTestId('tab-bar');
    await tabBar.getByRole('link', { name: words.en.sections.redeem, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Redeem' }).waitFor();
    await page.getByRole('button', { name: 'Español', exact: true }).click();
    // the screen on view, and the tab bar of the shell, now in Spanish
    await page.getByRole('heading', { level: 1, name: 'Canjear' }).waitFor();
    await tabBar.getByRole('link', { name: words.es.sections.home, exact: true }).waitFor();
    // Earn and Forms were not opened in English: their messages come in Spanish with them
    await tabBar.getByRole('link', { name: words.es.sections.earn, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Ganar' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: words.es.forms }).first().click();
    await page.getByRole('heading', { level: 1, name: words.es.forms }).waitFor();
    // each screen brought only its own small part: no file holds the whole catalog
    expect(parts.length).toBeGreaterThan(2);
    expect(new Set(parts).size).toBe(parts.length);
    await context.close();
  });

  it.each<[Locale, string]>([
    ['en', 'Announcements'],
    ['es', 'Mis recompensas'],
  ])("on a 320 px phone (%s), Home's tile titles break between words, never inside one", async (locale, longTitle) => {
    const { context, page } = await openSignedIn(locale, 'phone', undefined, { viewport: { width: 320, height: 640 } });
    const titles = page.getByRole('navigation', { name: words[locale].home.shortcuts }).locator('a p:first-of-type');
    await expect.poll(() => titles.count()).toBe(10);
    // Each word of each title on one line: a word cut in two has two boxes.
    const cutWords = await titles.evaluateAll((elements) =>
      elements.flatMap((element) => {
        const text = element.firstChild!;
        const cut: string[] = [];
        for (const match of (text.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(text, match.index);
          range.setEnd(text, match.index + match[0].length);
          if (new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1) cut.push(match[0]);
        }
        return cut;
      }),
    );
    expect(await titles.allInnerTexts()).toContain(longTitle);
    expect(cutWords).toEqual([]);
    await context.close();
  });

  it("on a touch screen the top bar's small buttons take a finger's 44 px, and a tap beside the bell opens it", async () => {
    const { context, page } = await openSignedIn('en', 'phone', undefined, { hasTouch: true, isMobile: true });
    const bell = page.getByTestId('bell');
    await bell.waitFor();
    const targets = [
      { name: 'bell', locator: bell },
      { name: 'English', locator: page.getByRole('button', { name: 'English', exact: true }) },
      { name: 'Español', locator: page.getByRole('button', { name: 'Español', exact: true }) },
    ];
    for (const { name, locator } of targets) {
      expect({ name, hits: await fingerHits(locator) }).toEqual({ name, hits: [true, true] });
      const box = (await locator.boundingBox())!;
      expect({ name, width: box.width >= 44 || name === 'bell' }).toEqual({ name, width: true });
    }
    // The bell is 34 px wide: a tap 4 px left of it still opens the announcements.
    const box = (await bell.boundingBox())!;
    await page.touchscreen.tap(box.x - 4, box.y + box.height / 2);
    await expect.poll(() => pathOf(page)).toBe('/announcements');
    await context.close();
  });

  it.each<Locale>(['en', 'es'])("on a touch screen Login's 'Forgot password?' link takes a finger's 44 px without taking the password field's taps (%s)", async (locale) => {
    const context = await browser.newContext({ viewport: viewports.phone, locale: locale === 'es' ? 'es-ES' : 'en-US', hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(`${product.url}/login`);
    const link = page.getByRole('link', { name: locale === 'es' ? '¿Olvidaste tu contraseña?' : 'Forgot password?' });
    await settle(page);
    expect(await fingerHits(link)).toEqual([true, true]);
    // The password field's own box still gets a tap at its bottom edge.
    const field = page.getByLabel(locale === 'es' ? 'Contraseña' : 'Password', { exact: true });
    const fieldBox = (await field.boundingBox())!;
    const linkBox = (await link.boundingBox())!;
    expect(await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.tagName, { x: linkBox.x + linkBox.width / 2, y: fieldBox.y + fieldBox.height - 2 })).toBe('INPUT');
    await page.touchscreen.tap(linkBox.x + linkBox.width / 2, linkBox.y + linkBox.height / 2 + 16);
    await expect.poll(() => pathOf(page)).toBe('/forgot-password');
    await context.close();
  });
});
