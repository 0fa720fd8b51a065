import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { createMember, relaxedLimits, type Member } from './support/accounts';
import { storeSession } from './support/memberApi';
import { reserveProduct, runAdminCli } from './support/serverProcess';
import { startStack, type Stack } from './support/stack';

/**
 * Chance to Win in Chromium against the product as `npm start` runs it: the operator creates a
 * contest with the real CLI (its commitment published), a member earns across the threshold in
 * the app and sees the toast and the confetti canvas, the server's draw job draws when the
 * drawing date comes, and the member's browser recomputes the draw with WebCrypto: 'Verified',
 * and 'Does not match' for a tampered seed.
 */
const match = (text: string, re: RegExp) => {
  const found = re.exec(text)?.[1];
  if (!found) throw new Error(`no ${re} in:\n${text}`);
  return found;
};

async function until(check: () => Promise<boolean>, timeoutMs = 20_000, what = 'condition') {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('Chance to Win: qualify, celebrate, verify the draw', () => {
  let stack: Stack;
  let member: Member;
  let context: BrowserContext;
  let page: Page;
  let promoId: number;
  let commitment: string;
  let drawingAt: number;

  beforeAll(async () => {
    const place = await reserveProduct();
    const admin = (...args: string[]) => runAdminCli(place, args);
    const communityId = match(await admin('community:create', '--name', 'E2E Contest'), /id:\s+(\S+)/);
    promoId = Number(
      match(
        await admin('promo:create', '--community', communityId, '--title', 'Visit the sitemap', '--pips', '10', '--limit', 'once', '--url', `${place.url}/sitemap`),
        /Created earn promo #(\d+)/,
      ),
    );
    // The drawing comes while the member is still on the page: the server's job draws it.
    drawingAt = Date.now() + 75_000;
    const created = await admin(
      'ctw:create', '--community', communityId, '--name', 'Autumn draw', '--name-es', 'Sorteo de otoño',
      '--threshold', '10', '--drawing', new Date(drawingAt).toISOString(), '--winners', '1', '--prize', 'A bicycle',
    );
    commitment = match(created, /commitment .*: ([0-9a-f]{64})/);
    stack = await startStack({ ...relaxedLimits, CTW_DRAW_INTERVAL_SECONDS: '2' }, place);
    member = await createMember(stack.product, stack.sink, { communityId, firstName: 'Grace', lastName: 'Hopper' });
    context = await stack.browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    await page.goto(`${stack.product.url}/login`);
    await storeSession(page, member);
  });

  afterAll(async () => {
    await context?.close();
    await stack?.stop();
  });

  it('shows the progress, then celebrates once when an earn crosses the threshold', async () => {
    await page.goto(`${stack.product.url}/chance-to-win`);
    await page.getByRole('heading', { name: 'Autumn draw' }).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('ctw-status').innerText()).toBe('10 more pips to qualify');
    expect(await page.getByText('Nobody has qualified yet.').isVisible()).toBe(true);

    await page.goto(`${stack.product.url}/earn`);
    const card = page.locator(`#earn-action-${promoId}`);
    const [tab] = await Promise.all([context.waitForEvent('page'), card.getByRole('button', { name: 'Earn', exact: true }).click()]);
    await tab.close();
    const toast = page.locator('.mantine-Notification-root').filter({ hasText: "Congratulations! You've qualified for the Chance to Win contest." });
    await toast.waitFor({ timeout: 15_000 });
    // tsParticles' confetti canvas, above the app.
    await until(
      () => page.evaluate(() => [...document.querySelectorAll('canvas')].some((c) => getComputedStyle(c).zIndex === '250')),
      5_000,
      'the confetti canvas',
    );
    // Reset at 3300 ms.
    await until(
      () => page.evaluate(() => ![...document.querySelectorAll('canvas')].some((c) => getComputedStyle(c).zIndex === '250')),
      8_000,
      'the confetti to be reset',
    );

    await page.goto(`${stack.product.url}/chance-to-win`);
    await page.getByTestId('ctw-status').filter({ hasText: "You're in the draw" }).waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('ctw-players').innerText()).toMatch(/you/i);
    // The players list never shows the real name.
    expect(await page.getByTestId('ctw-players').innerText()).not.toMatch(/Grace|Hopper/);
    // A reload after qualifying does not celebrate again.
    await page.reload();
    await page.getByTestId('ctw-status').filter({ hasText: "You're in the draw" }).waitFor({ timeout: 15_000 });
    await new Promise((r) => setTimeout(r, 1500));
    expect(await toast.count()).toBe(0);
  });

  it('the server draws at the drawing date; the browser verifies the draw, and refuses a tampered seed', async () => {
    await new Promise((r) => setTimeout(r, Math.max(0, drawingAt - Date.now() + 3000)));
    await until(
      async () => {
        const res = await fetch(`${stack.product.url}/mobile/contest/chancetowin/archive`, { headers: { authorization: member.authToken } });
        const body = (await res.json()) as { data: { challenges: unknown[] } };
        return body.data.challenges.length === 1;
      },
      30_000,
      'the draw',
    );
    await page.goto(`${stack.product.url}/chance-to-win`);
    await page.getByTestId('ctw-winners').filter({ hasText: 'Winners: Grace H.' }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Past contests' }).click();
    const item = page.locator('li[data-testid^="ctw-archive-"]').filter({ hasText: 'Autumn draw' });
    await item.waitFor({ timeout: 15_000 });
    expect(await item.innerText()).toContain(commitment);
    expect(await item.getByTestId('ctw-verdict').innerText()).toMatch(/^verified$/i);

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
    await page.getByRole('button', { name: 'Past contests' }).click();
    const tampered = page.locator('li[data-testid^="ctw-archive-"]').filter({ hasText: 'Autumn draw' });
    await tampered.getByTestId('ctw-verdict').filter({ hasText: 'Does not match' }).waitFor({ timeout: 15_000 });
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });
});
