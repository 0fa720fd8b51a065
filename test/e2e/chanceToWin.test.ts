import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { fictionalName } from '../../server/contests/playerNames';
import type { ChanceToWin, ChanceToWinContest } from '../../src/api/client';
import { createMember, relaxedLimits, type Member } from './support/accounts';
import { memberApi, storeSession } from './support/memberApi';
import { screenshotDir, viewports } from './support/screens';
import { createCommunity, operatorCli, printed } from './support/operator';
import { reserveProduct } from './support/serverProcess';
import { startStack, type Stack } from './support/stack';
import { words, type Language } from './support/chanceToWinWords';

/** Asks `check` every 200 ms until it says yes; fails after `timeoutMs`. */
async function until(check: () => Promise<boolean>, timeoutMs = 20_000, what = 'condition') {
  await expect.poll(check, { timeout: timeoutMs, interval: 200, message: `waiting for ${what}` }).toBe(true);
}

type Box = { x: number; y: number; width: number; height: number };

interface Player {
  language: Language;
  member: Member;
  promoId: number;
  contestName: string;
  commitment: string;
  context: BrowserContext;
  page: Page;
}

/**
 * Chance to Win in Chromium against the product as `npm start` runs it: the operator creates two
 * contests with the real CLI (their commitments published), one in an English-speaking community
 * and one whose member uses the app in Spanish. Each member earns across the threshold in the
 * app and sees the toast and the confetti canvas, and their player under a fictional name in
 * their language; the server's draw job draws when the drawing date comes, and each member's
 * browser recomputes the draw with WebCrypto: 'Verified', and 'Does not match' for a tampered
 * seed. A second member of the English community qualifies too: after the draw, the winner's app
 * says "You won" with their entry id, and the other member's shows the winner under the fictional
 * name they had as a player, never their real name (issue 46). The archive drawer opens from the
 * card icon that replaces the bell: from the bottom on a phone in portrait (closed by a drag of
 * more than 100 px, not by a shorter one) and from the right on a laptop (closed by the backdrop
 * and by the x button).
 */
describe('Chance to Win: qualify, celebrate, verify the draw (in English and in Spanish)', () => {
  let stack: Stack;
  let drawingAt: number;
  /** The two contests (English, Spanish), and their operator, who moves their drawing date. */
  const contestIds: number[] = [];
  const operator = { email: 'ctw.operator@example.org', password: 'Operator-2026!draws' };
  const players = {} as Record<Language, Player>;
  /** The English community's second member, who qualifies through the API. */
  let rival: Player;
  /** Each member's fictional player name in their own language, as their app showed it before the draw. */
  const playerNames = new Map<number, string>();

  beforeAll(async () => {
    const place = await reserveProduct();
    const admin = operatorCli(place);
    const setup = {} as Record<Language, { communityId: string; promoId: number; commitment?: string }>;
    for (const language of ['en', 'es'] as const) {
      const communityId = await createCommunity(place, `E2E Contest ${language}`);
      const promoId = Number(
        printed(
          await admin('promo:create', '--community', communityId, '--title', 'Visit the sitemap', '--pips', '10', '--limit', 'once', '--url', `${place.url}/sitemap`),
          /Created earn promo #(\d+)/,
        ),
      );
      setup[language] = { communityId, promoId };
    }
    // The contests' drawing date starts far ahead, so that no wait of this journey (a slow machine's
    // start, the members' sign-up) can reach it before the members qualify; the draw test then has
    // the operator move it to a few seconds ahead, and the server's job draws it then.
    drawingAt = Date.now() + 3_600_000;
    process.env.OPERATOR_PASSWORD = operator.password;
    for (const [language, name, nameEs] of [
      ['en', 'Autumn draw', 'Sorteo de otoño'],
      ['es', 'Spring draw', 'Sorteo de primavera'],
    ] as const) {
      const created = await admin(
        'ctw:create', '--community', setup[language].communityId, '--name', name, '--name-es', nameEs,
        '--threshold', '10', '--drawing', new Date(drawingAt).toISOString(), '--winners', '1', '--prize', 'A bicycle', '--prize-es', 'Una bicicleta',
      );
      setup[language].commitment = printed(created, /commitment .*: ([0-9a-f]{64})/);
      contestIds.push(Number(printed(created, /Created Chance to Win contest (\d+)/)));
      await admin('operator:add', '--email', operator.email, '--community', setup[language].communityId, '--role', 'owner');
    }
    delete process.env.OPERATOR_PASSWORD;
    stack = await startStack({ ...relaxedLimits, CTW_DRAW_INTERVAL_SECONDS: '2' }, place);
    const people = { en: { firstName: 'Grace', lastName: 'Hopper' }, es: { firstName: 'Clara', lastName: 'Campoamor' } };
    for (const language of ['en', 'es'] as const) {
      const member = await createMember(stack.product, stack.sink, { communityId: setup[language].communityId, ...people[language] });
      // The English member on a laptop, the Spanish one on a phone.
      const context = await stack.browser.newContext({
        viewport: language === 'en' ? viewports.desktop : viewports.phone,
        locale: words[language].locale,
      });
      const page = await context.newPage();
      await page.goto(`${stack.product.url}/login`);
      await storeSession(page, member);
      players[language] = {
        language,
        member,
        promoId: setup[language].promoId,
        contestName: language === 'en' ? 'Autumn draw' : 'Sorteo de primavera',
        commitment: setup[language].commitment!,
        context,
        page,
      };
    }
    // A rival in the English community, on a laptop too (qualifies after the first member, through the API).
    const member = await createMember(stack.product, stack.sink, { communityId: setup.en.communityId, firstName: 'Alexandra', lastName: 'Mbeki' });
    const context = await stack.browser.newContext({ viewport: viewports.desktop, locale: words.en.locale });
    const page = await context.newPage();
    await page.goto(`${stack.product.url}/login`);
    await storeSession(page, member);
    rival = { ...players.en, member, context, page };
  });

  afterAll(async () => {
    await rival?.context.close();
    for (const player of Object.values(players)) await player.context.close();
    await stack?.stop();
  });

  async function qualifies({ language, member, page, context, promoId, contestName }: Player) {
    const w = words[language];
    await page.bringToFront();
    // Every script the page loads, to tell when tsParticles arrives.
    const scripts: Array<Promise<string>> = [];
    const onResponse = (response: { url(): string; text(): Promise<string> }) => {
      if (new URL(response.url()).pathname.endsWith('.js')) scripts.push(response.text().catch(() => ''));
    };
    page.on('response', onResponse);
    const particlesLoaded = async () => (await Promise.all(scripts)).some((text) => text.includes('tsParticles'));
    await page.goto(`${stack.product.url}/chance-to-win`);
    await page.getByRole('heading', { name: contestName }).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('ctw-status').innerText()).toBe(w.missing);
    expect(await page.getByText(w.noPlayers).isVisible()).toBe(true);

    await page.goto(`${stack.product.url}/earn`);
    const card = page.locator(`#earn-action-${promoId}`);
    const [tab] = await Promise.all([context.waitForEvent('page'), card.getByRole('button', { name: w.earn, exact: true }).click()]);
    await tab.close();
    // tsParticles is loaded only when needed: not for the contest screen nor Earn.
    expect(await particlesLoaded()).toBe(false);
    const toast = page.locator('.mantine-Notification-root').filter({ hasText: w.toast });
    await toast.waitFor({ timeout: 15_000 });
    // tsParticles' confetti canvas, above the app.
    await until(
      () => page.evaluate(() => [...document.querySelectorAll('canvas')].some((c) => getComputedStyle(c).zIndex === '250')),
      5_000,
      'the confetti canvas',
    );
    expect(await particlesLoaded()).toBe(true);
    page.off('response', onResponse);
    // Reset at 3300 ms.
    await until(
      () => page.evaluate(() => ![...document.querySelectorAll('canvas')].some((c) => getComputedStyle(c).zIndex === '250')),
      8_000,
      'the confetti to be reset',
    );

    await page.goto(`${stack.product.url}/chance-to-win`);
    await page.getByTestId('ctw-status').filter({ hasText: w.qualified }).waitFor({ timeout: 15_000 });
    // The member's player, under the fictional name of their language (adjective and noun lists per language).
    const contest = await memberApi(stack.product, member, { language }).call<ChanceToWin>('GET', '/mobile/contest/chancetowin');
    if (!contest.ok) throw new Error(`GET /mobile/contest/chancetowin: ${contest.code}`);
    const me = contest.data.players.find((p) => p.isYou);
    if (!me) throw new Error('the member is not among the players');
    // The server names the players (server/contests/playerNames.ts), in the member's language.
    const name = fictionalName(contest.data.id, me.playerId, language);
    expect(me.name).toBe(name);
    expect(name).not.toBe(fictionalName(contest.data.id, me.playerId, language === 'en' ? 'es' : 'en'));
    playerNames.set(member.userId, name);
    const listed = await page.getByTestId('ctw-players').innerText();
    const mine = page.getByTestId('ctw-players').locator('li').filter({ hasText: name });
    expect(await mine.locator('.mantine-Badge-root').innerText()).toMatch(new RegExp(`^${w.you}$`, 'i'));
    // The players list never shows the real name.
    expect(listed).not.toContain(member.firstName);
    expect(listed).not.toContain(member.lastName);
    // A reload after qualifying does not celebrate again. The contest's answer after the reload is
    // taken in and decided on in one step, the one the status comes from. Toasts show from one
    // store, in the order they were raised (their container loads with the first): once a toast
    // raised after that step (going offline says so) is on screen, a celebration would be too.
    const contestAnswered = page.waitForResponse((response) => new URL(response.url()).pathname === '/mobile/contest/chancetowin');
    await page.reload();
    await contestAnswered;
    await page.getByTestId('ctw-status').filter({ hasText: w.qualified }).waitFor({ timeout: 15_000 });
    await context.setOffline(true);
    try {
      await page.locator('.mantine-Notification-root[data-kind="error"]').waitFor({ timeout: 15_000 });
    } finally {
      await context.setOffline(false);
    }
    expect(await toast.count()).toBe(0);
  }

  /** The drawn contest as the member's app reads it, once the server has drawn it. */
  async function drawnFor({ language, member }: Pick<Player, 'language' | 'member'>): Promise<ChanceToWinContest> {
    let drawn: ChanceToWinContest | undefined;
    await until(
      async () => {
        const archive = await memberApi(stack.product, member, { language }).call<{ challenges: ChanceToWinContest[] }>('GET', '/mobile/contest/chancetowin/archive');
        drawn = archive.ok ? archive.data.challenges[0] : undefined;
        return drawn !== undefined;
      },
      30_000,
      'the draw',
    );
    return drawn!;
  }

  /**
   * The operator moves both contests' drawing date to `fromNow` ms ahead through the operator API
   * (the console's "Edit"); the server's draw job (every 2 s here) draws them when it comes.
   */
  async function moveTheDrawingDate(fromNow: number) {
    const post = await fetch(new URL('/mobile/login', stack.product.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: operator.email, pwd: operator.password }),
    });
    const login = (await post.json()) as { data: { authToken: string } };
    expect(post.status).toBe(200);
    drawingAt = Date.now() + fromNow;
    for (const id of contestIds) {
      const put = await fetch(new URL(`/admin/chance-to-win/${id}`, stack.product.url), {
        method: 'PUT',
        headers: { Authorization: login.data.authToken, 'Content-Type': 'application/json' },
        body: JSON.stringify({ drawsAt: new Date(drawingAt).toISOString() }),
      });
      expect(put.status, await put.clone().text()).toBe(200);
    }
  }

  async function verifiesTheDraw({ language, member, page, contestName, commitment }: Player) {
    const w = words[language];
    await page.bringToFront();
    const drawn = await drawnFor({ language, member });
    await page.goto(`${stack.product.url}/chance-to-win`);
    // The winner under a fictional name (the member's own, when they won).
    await page.getByTestId('ctw-winners').filter({ hasText: w.winners(drawn.winners[0].name) }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: w.pastContests }).click();
    const item = page.locator('li[data-testid^="ctw-archive-"]').filter({ hasText: contestName });
    await item.waitFor({ timeout: 15_000 });
    // The proof waits under its disclosure; the member opens it.
    expect(await item.innerText()).not.toContain(commitment);
    await item.getByText(w.proof).click();
    expect(await item.innerText()).toContain(commitment);
    expect(await item.getByTestId('ctw-verdict').innerText()).toMatch(w.verified);

    // The same page with a seed that is not the committed one: the browser says so.
    // A request still in flight when the route is removed (the app refetches on visibility) must
    // not fail the run: the handler gives up quietly once the page has moved on.
    await page.route('**/mobile/contest/chancetowin/archive', async (route) => {
      try {
        const response = await route.fetch();
        const body = await response.json();
        body.data.challenges[0].proof.seed = 'ab'.repeat(32);
        await route.fulfill({ response, json: body });
      } catch {
        await route.abort().catch(() => undefined);
      }
    });
    await page.reload();
    await page.getByRole('button', { name: w.pastContests }).click();
    const tampered = page.locator('li[data-testid^="ctw-archive-"]').filter({ hasText: contestName });
    await tampered.getByTestId('ctw-verdict').filter({ hasText: w.mismatch }).waitFor({ timeout: 15_000 });
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  }

  it('shows the progress, then celebrates once when an earn crosses the threshold', async () => {
    await qualifies(players.en);
    // The rival qualifies too: the first member's list shows her under her fictional name only.
    const api = memberApi(stack.product, rival.member, { language: 'en' });
    const earned = await api.earn(rival.promoId);
    if (!earned.ok) throw new Error(`the rival could not earn: ${earned.code}`);
    const contest = await api.call<ChanceToWin>('GET', '/mobile/contest/chancetowin');
    if (!contest.ok) throw new Error(`GET /mobile/contest/chancetowin: ${contest.code}`);
    const name = contest.data.players.find((p) => p.isYou)!.name;
    playerNames.set(rival.member.userId, name);
    const { page } = players.en;
    await page.reload();
    await page.getByTestId('ctw-players').locator('li').filter({ hasText: name }).waitFor({ timeout: 15_000 });
    const listed = await page.getByTestId('ctw-players').innerText();
    expect(listed).not.toContain(rival.member.firstName);
    expect(listed).not.toContain(rival.member.lastName);
  });

  it('en español: el progreso, el aviso «¡Felicidades!…», el confeti y un nombre ficticio en español', async () => {
    await qualifies(players.es);
  });

  it('the server draws at the drawing date; the browser verifies the draw, and refuses a tampered seed', async () => {
    await moveTheDrawingDate(4_000);
    await verifiesTheDraw(players.en);
  });

  it('en español: el navegador verifica el sorteo («Verificado») y rechaza una semilla alterada («No coincide»)', async () => {
    await verifiesTheDraw(players.es);
  });

  /** What the member's Chance to Win screen says about the last draw: won or not, their entry, the winners line. */
  async function lastResults({ language, page }: Player) {
    await page.bringToFront();
    await page.goto(`${stack.product.url}/chance-to-win`);
    const region = page.getByRole('region', { name: language === 'en' ? "Last contest's results" : 'Resultados del último sorteo' });
    await region.getByTestId('ctw-your-entry').waitFor({ timeout: 15_000 });
    return region;
  }

  it('the winner\'s app says "You won"; the other member\'s names the winner by their player name, never the real one', async () => {
    const both = [players.en, rival];
    const drawn = await Promise.all(both.map((player) => drawnFor(player)));
    const winnerAt = drawn.findIndex((contest) => contest.winners[0].isYou);
    expect(winnerAt).toBeGreaterThanOrEqual(0);
    const winner = both[winnerAt];
    const other = both[1 - winnerAt];
    expect(drawn[1 - winnerAt].winners[0].isYou).toBe(false);

    const won = await lastResults(winner);
    expect(await won.getByTestId('ctw-you-won').innerText()).toBe(words.en.youWon);
    expect(await won.getByTestId('ctw-your-entry').innerText()).toBe(words.en.yourEntry(drawn[winnerAt].yourEntryId!));

    const lost = await lastResults(other);
    expect(await lost.getByTestId('ctw-winners').innerText()).toBe(words.en.winners(playerNames.get(winner.member.userId)!));
    expect(await lost.getByTestId('ctw-your-entry').innerText()).toBe(words.en.yourEntry(drawn[1 - winnerAt].yourEntryId!));
    expect(await lost.getByTestId('ctw-you-won').count()).toBe(0);
    const seen = await other.page.locator('body').innerText();
    expect(seen).not.toContain(winner.member.firstName);
    expect(seen).not.toContain(winner.member.lastName);
    expect(seen).not.toContain(words.en.youWon);

    // The Spanish community's only member won hers.
    const ganado = await lastResults(players.es);
    expect(await ganado.getByTestId('ctw-you-won').innerText()).toBe(words.es.youWon);
    expect(await ganado.getByTestId('ctw-winners').innerText()).toBe(words.es.winners(playerNames.get(players.es.member.userId)!));
  });

  /**
   * The archive panel's box every frame from now until it has come to rest (the same box for 20
   * frames in a row); fails when it has not within 10 s (or is gone).
   */
  function comesToRest(page: Page): Promise<Box[]> {
    return page.evaluate(
      () =>
        new Promise<Box[]>((resolve, reject) => {
          const boxes: Box[] = [];
          const start = performance.now();
          let still = 0;
          const tick = () => {
            const panel = document.querySelector('[data-testid="ctw-archive"]');
            if (panel) {
              const { x, y, width, height } = panel.getBoundingClientRect();
              const last = boxes.at(-1);
              still = last && last.x === x && last.y === y && last.width === width && last.height === height ? still + 1 : 0;
              boxes.push({ x, y, width, height });
            }
            if (still >= 20) resolve(boxes);
            else if (performance.now() - start > 10_000) reject(new Error(`the drawer did not come to rest: ${JSON.stringify(boxes.slice(-3))}`));
            else requestAnimationFrame(tick);
          };
          requestAnimationFrame(tick);
        }),
    );
  }

  /** The archive panel's box every frame from the click until it has come to rest, and where it rests. */
  async function openTracingThePanel(page: Page, name: string): Promise<{ frames: Box[]; final: Box }> {
    // Two members' pages are open: Chromium runs animation frames only for the one in front.
    await page.bringToFront();
    const traced = comesToRest(page);
    await page.getByTestId('top-bar-actions').getByRole('button', { name }).click();
    const frames = await traced;
    return { frames, final: frames.at(-1)! };
  }

  /** The open drawer, for a reviewer (git-ignored artifacts). */
  async function photograph(page: Page, locale: string) {
    const size = page.viewportSize()!;
    const file = join(screenshotDir, locale, `chance-to-win-archive-${size.width}x${size.height}.png`);
    mkdirSync(join(screenshotDir, locale), { recursive: true });
    await page.screenshot({ path: file });
  }

  const panel = (page: Page) => page.getByTestId('ctw-archive');
  async function panelBox(page: Page): Promise<Box> {
    const box = await panel(page).boundingBox();
    if (!box) throw new Error('the archive drawer is not shown');
    return box;
  }
  const closed = (page: Page) => panel(page).waitFor({ state: 'hidden', timeout: 3_000 });

  /** Presses on the drawer's handle (its header, away from the x button) and drags by (dx, dy) before letting go. */
  async function dragHandle(page: Page, dx: number, dy: number, { whileHeld }: { whileHeld?: () => Promise<void> } = {}) {
    const handle = await page.getByTestId('ctw-archive-handle').boundingBox();
    if (!handle) throw new Error('no drawer handle');
    const x = handle.x + 40;
    const y = handle.y + handle.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + dx, y + dy, { steps: 8 });
    await whileHeld?.();
    await page.mouse.up();
  }

  it('on a phone in portrait (390x844) the archive drawer slides up from the bottom; a drag under 100 px springs back, one over 100 px closes it', async () => {
    const { page } = players.es;
    const name = words.es.pastContests;
    await page.goto(`${stack.product.url}/chance-to-win`);
    await page.getByRole('heading', { name: 'Oportunidad de ganar', level: 1 }).waitFor({ timeout: 15_000 });
    // The card icon takes the bell's place in the top bar.
    expect(await page.getByTestId('top-bar-actions').getByRole('button', { name }).isVisible()).toBe(true);
    expect(await page.getByTestId('bell').count()).toBe(0);

    const { frames, final } = await openTracingThePanel(page, name);
    await photograph(page, 'es');
    // At rest: the lower part of the screen, the full width, down to the bottom edge.
    expect(final.x).toBeCloseTo(0, 0);
    expect(final.width).toBeCloseTo(viewports.phone.width, 0);
    expect(final.y + final.height).toBeCloseTo(viewports.phone.height, 0);
    expect(final.y).toBeGreaterThan(0);
    // On its way: lower than at rest, never to the side.
    expect(frames.length).toBeGreaterThan(2);
    expect(frames[0].y).toBeGreaterThan(final.y + 100);
    expect(frames.every((f) => Math.abs(f.x - final.x) < 1)).toBe(true);

    // 60 px down: the drawer follows the finger, then springs back and stays open.
    await dragHandle(page, 0, 60, {
      whileHeld: async () => expect((await panelBox(page)).y).toBeCloseTo(final.y + 60, 0),
    });
    // It comes to rest (a drawer that closed instead never would: `comesToRest` fails), open, where it was.
    const rest = (await comesToRest(page)).at(-1)!;
    expect(rest.y).toBeCloseTo(final.y, 0);
    expect(await panel(page).isVisible()).toBe(true);
    expect((await panelBox(page)).y).toBeCloseTo(final.y, 0);

    // 150 px down: it closes.
    await dragHandle(page, 0, 150);
    await closed(page);
  });

  it('on a laptop (1280x800) the archive drawer slides in from the right at full height; the backdrop and the x button close it', async () => {
    const { page } = players.en;
    const name = words.en.pastContests;
    await page.goto(`${stack.product.url}/chance-to-win`);
    await page.getByRole('heading', { name: 'Chance to Win', level: 1 }).waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('bell').count()).toBe(0);

    const { frames, final } = await openTracingThePanel(page, name);
    await photograph(page, 'en');
    // At rest: against the right edge, the full height.
    expect(final.x + final.width).toBeCloseTo(viewports.desktop.width, 0);
    expect(final.y).toBeCloseTo(0, 0);
    expect(final.height).toBeCloseTo(viewports.desktop.height, 0);
    expect(final.width).toBeLessThan(viewports.desktop.width / 2);
    // On its way: further right than at rest, never up or down.
    expect(frames.length).toBeGreaterThan(2);
    expect(frames[0].x).toBeGreaterThan(final.x + 100);
    expect(frames.every((f) => Math.abs(f.y - final.y) < 1)).toBe(true);

    // A click on the backdrop, left of the drawer.
    await page.mouse.click(200, 400);
    await closed(page);

    await page.getByTestId('top-bar-actions').getByRole('button', { name }).click();
    await panel(page).waitFor({ state: 'visible' });
    // The x button; the drawer slides out for 300 ms before it is gone.
    const closing = page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let clickedAt = 0;
          document.addEventListener('click', () => void (clickedAt = performance.now()), { capture: true, once: true });
          const observer = new MutationObserver(() => {
            if (clickedAt && !document.querySelector('[data-testid="ctw-archive"]')) {
              observer.disconnect();
              resolve(performance.now() - clickedAt);
            }
          });
          observer.observe(document.body, { childList: true, subtree: true });
        }),
    );
    await page.getByRole('button', { name: 'Close' }).click();
    await closed(page);
    const closingMs = await closing;
    expect(closingMs).toBeGreaterThanOrEqual(290);
    expect(closingMs).toBeLessThan(1500);

    // Back on the other pages, the bell is there again.
    await page.goto(`${stack.product.url}/earn`);
    await page.getByTestId('bell').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('ctw-archive-button').count()).toBe(0);
  });
});
