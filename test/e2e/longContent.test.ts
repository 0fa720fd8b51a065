import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createMember, logIn, relaxedLimits } from './support/accounts';
import { createCommunity, operatorCli } from './support/operator';
import { reserveProduct, type RunningProduct } from './support/serverProcess';
import { startStack, type Stack } from './support/stack';

/** What an operator may well write: titles without a space, long links and addresses. */
const long = {
  promo: 'Visitthecommunitygardenandsaygoodmorningtoeveryone',
  questionnaire: 'Neighbourhoodsatisfactionquestionnaireforthewholeyear',
  reward: 'Giftcardforthebookshopandcaféonthecornerofmainstreet',
  option: 'Twentyfiveeurosworthofbooksandcoffee',
  announcement: 'Summerfestivalprogrammeandeverythingyouneedtoknow',
  text: 'Details at https://example.org/community/events/summer-festival/programme/everything-you-need-to-know.html or write to festival.volunteers.coordination@community-example.org',
};

/**
 * Long operator content on the narrowest phone (320 px): every screen that shows it keeps within
 * the width (a word longer than its line breaks); no screen scrolls sideways.
 */
describe('long operator content on a 320 px phone', () => {
  let stack: Stack;
  let product: RunningProduct;
  let page: Page;

  beforeAll(async () => {
    const place = await reserveProduct();
    const admin = operatorCli(place);
    const community = await createCommunity(place, 'Longwordsville');
    const at = ['--community', community];
    await admin('promo:create', ...at, '--title', long.promo, '--description', long.text, '--pips', '5', '--limit', 'once', '--url', 'https://example.org/garden');
    const dir = mkdtempSync(join(tmpdir(), 'pips-long-'));
    const form = { ...JSON.parse(readFileSync('examples/questionnaire.json', 'utf8')), title: long.questionnaire };
    writeFileSync(join(dir, 'form.json'), JSON.stringify(form));
    await admin('questionnaire:create', ...at, '--file', join(dir, 'form.json'), '--pips', '5');
    const reward = await admin('reward:create', ...at, '--title', long.reward, '--description', long.text, '--option', `${long.option}=500`);
    const option = /option #(\d+)/.exec(reward)?.[1];
    if (!option) throw new Error('reward:create printed no option');
    writeFileSync(join(dir, 'codes.csv'), 'code\nBOOKS-AND-COFFEE-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ\n');
    await admin('giftcards:import', '--option', option, '--file', join(dir, 'codes.csv'));
    await admin('announcement:create', ...at, '--title', long.announcement, '--text', long.text);

    let sink;
    ({ sink, product } = stack = await startStack({ ...relaxedLimits }, place));
    const member = await createMember(product, sink, { label: 'long-content', communityId: community });
    const context = await stack.browser.newContext({ viewport: { width: 320, height: 640 }, locale: 'en-US' });
    page = await context.newPage();
    await logIn(page, product, member);
    await page.waitForURL('**/home', { timeout: 15_000 });
  }, 180_000);

  afterAll(() => stack?.stop());

  const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);

  it.each([
    ['/home', `Next reward: ${long.reward}`],
    ['/earn', long.promo],
    ['/forms', long.questionnaire],
    ['/redeem', long.reward],
    ['/announcements', long.announcement],
  ])('%s shows it within the width', async (path, text) => {
    await page.goto(`${product.url}${path}`);
    await page.getByRole('main').getByText(text).first().waitFor();
    expect(await pageWidth()).toBe(320);
  });

  it("the reward's own screen too", async () => {
    await page.goto(`${product.url}/redeem`);
    await page.getByRole('main').getByText(long.reward).first().click();
    await page.getByRole('heading', { level: 1, name: long.reward }).waitFor();
    expect(await pageWidth()).toBe(320);
  });
});
