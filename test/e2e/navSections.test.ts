import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { matchPattern, routeTable } from '../../src/routing/routeTable';
import { createMember, relaxedLimits, type Member } from './support/accounts';
import { memberApi, storeSession } from './support/memberApi';
import { createCommunity, operatorCli, printed } from './support/operator';
import { captureScreen, settle, viewports } from './support/screens';
import { reserveProduct } from './support/serverProcess';
import { startStack, type Stack } from './support/stack';

type Locale = 'en' | 'es';
type Size = keyof typeof viewports;
type Section = 'home' | 'earn' | 'redeem' | 'activity' | 'profile';

const words = {
  en: {
    locale: 'en-US',
    sections: { home: 'Home', earn: 'Earn', redeem: 'Redeem', activity: 'Activity', profile: 'Profile' },
    contests: 'Contests',
    profile: 'Profile',
    contestName: 'Spring cup',
    drawName: 'Autumn draw',
    qualified: "You're in the draw: 15 pips earned, 10 needed",
    drawBadge: 'Prize draw',
    prizeLine: 'A chance to win A bicycle with 10 pips',
    zoomIn: 'Zoom in',
    zoom: 'Zoom and pan',
  },
  es: {
    locale: 'es-ES',
    sections: { home: 'Inicio', earn: 'Ganar', redeem: 'Canjear', activity: 'Actividad', profile: 'Perfil' },
    contests: 'Concursos',
    profile: 'Perfil',
    contestName: 'Copa de primavera',
    drawName: 'Sorteo de otoño',
    qualified: 'Estás en el sorteo: 15 pips ganados, 10 necesarios',
    drawBadge: 'Sorteo',
    prizeLine: 'Una oportunidad de ganar Una bicicleta con 10 pips',
    zoomIn: 'Ampliar',
    zoom: 'Ampliar y mover',
  },
} as const;

/** Screenshots of the changed screens: artifacts/screenshots/nav/<locale>/. */
const shotDir = (locale: Locale) => `nav/${locale}`;

/**
 * Getting around, issue 48: the tab bar (phone) and the header (laptop) mark the section each
 * screen belongs to on every route of the router (Trivia and Chance to Win under Earn, My rewards
 * under Redeem, Announcements, Support and Documentation under none); Home's Contests tile opens
 * the contests with where the member stands; Chance to Win says a qualified member is in with the
 * figures; the machine diagrams fit a phone's width. At 390x844 and 1280x800, in English and Spanish.
 */
describe('sections, Contests and the diagrams', () => {
  let stack: Stack;
  let dir: string;
  let promoId: number;
  let contestId: number;
  let communityId: string;
  const members = {} as Record<Locale, Member>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pips-nav-'));
    const place = await reserveProduct();
    const admin = operatorCli(place);
    communityId = await createCommunity(place, 'E2E Nav');
    promoId = Number(
      printed(
        await admin('promo:create', '--community', communityId, '--title', 'Visit the sitemap', '--pips', '15', '--limit', 'once', '--url', `${place.url}/sitemap`),
        /Created earn promo #(\d+)/,
      ),
    );
    const questions = join(dir, 'contest.json');
    writeFileSync(questions, JSON.stringify([{ text: { en: 'Largest ocean?', es: '¿El océano más grande?' }, answers: [{ text: 'Atlantic' }, { text: 'Pacific', correct: true }] }]));
    contestId = Number(
      printed(
        await admin(
          'contest:create', '--community', communityId, '--name', 'Spring cup', '--name-es', 'Copa de primavera',
          '--starts', '2020-01-01', '--ends', '2099-01-01', '--teams', 'Owls,Foxes', '--teams-es', 'Búhos,Zorros', '--pips', '5', '--questions', questions,
        ),
        /Created trivia contest #(\d+)/,
      ),
    );
    await admin(
      'ctw:create', '--community', communityId, '--name', 'Autumn draw', '--name-es', 'Sorteo de otoño', '--threshold', '10',
      '--drawing', new Date(Date.now() + 7 * 86_400_000).toISOString(), '--winners', '1', '--prize', 'A bicycle', '--prize-es', 'Una bicicleta',
    );
    stack = await startStack({ ...relaxedLimits }, place);
    for (const locale of ['en', 'es'] as const) {
      members[locale] = await createMember(stack.product, stack.sink, { communityId, label: `nav48-${locale}` });
      // 15 pips: past the draw's threshold of 10.
      const earned = await memberApi(stack.product, members[locale]).earn(promoId);
      expect(earned.ok).toBe(true);
    }
  });

  afterAll(async () => {
    await stack?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function open(locale: Locale, size: Size, path = '/home', member = members[locale]): Promise<{ context: BrowserContext; page: Page }> {
    const context = await stack.browser.newContext({ viewport: viewports[size], locale: words[locale].locale });
    const page = await context.newPage();
    await page.goto(`${stack.product.url}/login`);
    await storeSession(page, member);
    await page.goto(`${stack.product.url}${path}`);
    await page.locator('h1').first().waitFor({ timeout: 15_000 });
    return { context, page };
  }

  /** A client-side move to `path`, as a link does (wouter follows pushState). */
  const moveTo = (page: Page, path: string) =>
    page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  const pathOf = (page: Page) => new URL(page.url()).pathname;
  const sectionNav = (page: Page, size: Size) => page.getByTestId(size === 'phone' ? 'tab-bar' : 'header-sections');
  /** The sections marked in the tab bar or the header: their names. */
  const marked = (page: Page, size: Size) => sectionNav(page, size).locator('[aria-current="page"]').allInnerTexts();

  describe.each<Locale>(['en', 'es'])('%s', (locale) => {
    const w = words[locale];

    it.each<Size>(['phone', 'desktop'])('every route marks its own section, or none (%s)', async (size) => {
      // Every route of the router, with the section it belongs to (null: none is marked).
      const expected: [string, Section | null][] = [
        ['/home', 'home'],
        ['/earn', 'earn'],
        [`/earn/${promoId}`, 'earn'],
        ['/forms', 'earn'],
        ['/forms/1', 'earn'],
        ['/contests', 'earn'],
        ['/chance-to-win', 'earn'],
        ['/trivia/individual', 'earn'],
        ['/trivia/individual/question', 'earn'],
        ['/trivia/individual/answer', 'earn'],
        [`/trivia/contest/${contestId}`, 'earn'],
        [`/trivia/contest/${contestId}/question`, 'earn'],
        [`/trivia/contest/${contestId}/answer`, 'earn'],
        [`/trivia/contest/${contestId}/info`, 'earn'],
        ['/redeem', 'redeem'],
        ['/redeem/1', 'redeem'],
        ['/rewards', 'redeem'],
        ['/rewards/1', 'redeem'],
        ['/activity', 'activity'],
        ['/profile', 'profile'],
        ['/profile/change-password', 'profile'],
        ['/delete-account', 'profile'],
        ['/announcements', null],
        ['/support', null],
        ['/documentation', null],
        ['/sitemap', null],
        ['/api-docs', null],
        ['/terms', null],
        // last: the console may end a member's session that holds no operator role
        ['/console', 'profile'],
      ];
      // The walk covers every route a verified member stays on (the entry screens send them home).
      const entry = new Set(['root', 'guest', 'public', 'verify']);
      const uncovered = routeTable.filter((route) => !entry.has(route.access) && !expected.some(([path]) => matchPattern(route.pattern, path)));
      expect(uncovered.map((route) => route.pattern)).toEqual([]);

      // A member of the walk's own: the console's visit may end their session.
      const walker = await createMember(stack.product, stack.sink, { communityId, label: `nav48-walk-${locale}-${size}` });
      const { context, page } = await open(locale, size, '/home', walker);
      try {
        await expect.poll(() => sectionNav(page, size).isVisible()).toBe(true);
        const seen: [string, string[]][] = [];
        for (const [path, section] of expected) {
          await moveTo(page, path);
          await expect.poll(() => pathOf(page)).toBe(path);
          await expect.poll(() => marked(page, size), { message: path }).toEqual(section ? [w.sections[section]] : []);
          seen.push([path, await marked(page, size)]);
        }
        expect(seen).toEqual(expected.map(([path, section]) => [path, section ? [w.sections[section]] : []]));
      } finally {
        await context.close();
      }
    });

    it.each<Size>(['phone', 'desktop'])("Home's Contests tile opens the contests with their state; Chance to Win says the member is in (%s)", async (size) => {
      const { context, page } = await open(locale, size);
      try {
        const tiles = page.getByRole('navigation', { name: locale === 'es' ? 'Accesos directos' : 'Shortcuts' });
        await expect.poll(() => tiles.getByRole('link', { name: new RegExp(`^${w.profile}`) }).getAttribute('href')).toBe('/profile');
        await settle(page);
        await captureScreen(page, 'home-tiles', shotDir(locale));

        await tiles.getByRole('link', { name: new RegExp(`^${w.contests}`) }).click();
        await expect.poll(() => pathOf(page)).toBe('/contests');
        await page.getByRole('heading', { level: 1, name: w.contests }).waitFor();
        expect(await marked(page, size)).toEqual([w.sections.earn]);
        const daily = page.getByTestId('contest-daily');
        expect(await daily.getAttribute('data-state')).toBe('new');
        const team = page.getByTestId(`contest-team-${contestId}`);
        await expect.poll(() => team.getAttribute('data-state'), { timeout: 15_000 }).toBe('open');
        expect(await team.innerText()).toContain(w.contestName);
        const draw = page.getByTestId('contest-chance-to-win');
        await expect.poll(() => draw.getAttribute('data-state'), { timeout: 15_000 }).toBe('qualified');
        expect(await draw.innerText()).toContain(w.drawName);
        await captureScreen(page, 'contests', shotDir(locale));

        // each opens its screen
        await team.click();
        await expect.poll(() => pathOf(page)).toBe(`/trivia/contest/${contestId}`);
        await page.goBack();
        await draw.click();
        await expect.poll(() => pathOf(page)).toBe('/chance-to-win');
        expect(await marked(page, size)).toEqual([w.sections.earn]);
        await page.getByTestId('ctw-status').filter({ hasText: w.qualified }).waitFor({ timeout: 15_000 });
        expect(await page.getByTestId('ctw-status').innerText()).toBe(w.qualified);
        await captureScreen(page, 'chance-to-win-qualified', shotDir(locale));

        // Earn's Chance to Win card: a prize draw, with the prize, not pips
        await sectionNav(page, size).getByRole('link', { name: w.sections.earn, exact: true }).click();
        const card = page.locator('main nav a[href="/chance-to-win"]');
        await card.getByTestId('earn-chance-to-win-prize').waitFor({ timeout: 15_000 });
        expect(await card.getByTestId('pips-badge').innerText()).toBe(w.drawBadge);
        expect(await card.getByTestId('earn-chance-to-win-prize').innerText()).toBe(w.prizeLine);
      } finally {
        await context.close();
      }
    });

    it.each<Size>(['phone', 'desktop'])('the machine diagrams fit the width, zoom and read as text (%s)', async (size) => {
      const { context, page } = await open(locale, size, '/documentation');
      try {
        const figures = page.locator('figure[data-testid^="diagram-"]');
        await expect.poll(() => figures.count()).toBeGreaterThan(20);
        const { width } = viewports[size];
        // no sideways scroll, and every drawing within its figure
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
        const overflowing = await figures.evaluateAll((all) =>
          all
            .filter((figure) => {
              const img = figure.querySelector('img')!;
              return img.getBoundingClientRect().right > figure.getBoundingClientRect().right + 0.5;
            })
            .map((figure) => figure.getAttribute('data-testid')),
        );
        expect(overflowing).toEqual([]);
        // The page is far shorter than the 28,000 px of drawings at full size.
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        expect(height).toBeLessThan(size === 'phone' ? 12_000 : 16_000);

        // the session's machine: its states as text, then zoomed
        const session = page.getByTestId('diagram-session');
        await session.getByTestId('diagram-outline').locator('summary').click();
        expect(await session.getByTestId('diagram-outline').innerText()).toMatch(/user\.login → loggedOut\.loggingIn/);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
        await session.getByRole('button', { name: w.zoom }).click();
        const viewport = page.getByTestId('diagram-viewport');
        await viewport.locator('img').waitFor();
        const before = (await viewport.locator('img').boundingBox())!.width;
        await page.getByRole('button', { name: w.zoomIn, exact: true }).click();
        await expect.poll(async () => (await viewport.locator('img').boundingBox())!.width).toBeGreaterThan(before * 1.4);
        // panned by scrolling the drawing's box
        await viewport.evaluate((box) => box.scrollBy(200, 100));
        expect(await viewport.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
        await page.keyboard.press('Escape');
        await viewport.waitFor({ state: 'detached' });
        await page.evaluate(() => window.scrollTo(0, 0));
        await captureScreen(page, 'documentation', shotDir(locale));
      } finally {
        await context.close();
      }
    });
  });
});
