import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import jsQR from 'jsqr';
import { expectAccessible } from './support/a11y';
import { createMember, logIn, relaxedLimits, type Member } from './support/accounts';
import { captureScreen, settle, viewports } from './support/screens';
import { createCommunity, operatorCli } from './support/operator';
import { reserveProduct, type RunningProduct } from './support/serverProcess';
import { startStack, type Stack } from './support/stack';

/**
 * The console's client route (src/routing/paths.ts `admin`; the server's invitation links:
 * INVITATION_LINK_PATH in server/plugins/app/operatorInvitations.ts). The journeys below written
 * for issue 46 build their addresses from it.
 */
const CONSOLE = '/console';
const OPERATOR_PASSWORD = 'Operator-2026!console';
const owner = { email: 'owner.console@example.org', password: OPERATOR_PASSWORD };
const viewer = { email: 'viewer.console@example.org', password: OPERATOR_PASSWORD };
const walk = { title: 'Harbour walk', titleEs: 'Paseo por el puerto', pips: 15 };
const books = { title: 'Book shop voucher', option: '$5 card', price: 30 };

/**
 * The operator console (issue 14) in Chromium against the product as `npm start` runs it: an
 * owner (given the role with the CLI) signs in at /console, creates an earn action and a reward,
 * loads the reward's gift-card codes from a CSV file after a preview that names the skipped
 * lines, and archives the earn action; a member in another browser context sees each change on
 * their own screens without any restart. A viewer reads but gets no forms. The console's chunk is
 * never fetched by /login. axe and screenshots in English and Spanish.
 */
describe('operator console in Chromium', () => {
  let stack: Stack;
  let product: RunningProduct;
  let member: Member;
  let communityId: string;
  let operatorContext: BrowserContext;
  let memberContext: BrowserContext;
  let page: Page;
  let phone: Page;
  const fetched: string[] = [];

  beforeAll(async () => {
    const place = await reserveProduct();
    const admin = operatorCli(place);
    const community = (communityId = await createCommunity(place, 'Riverside Club'));
    process.env.OPERATOR_PASSWORD = OPERATOR_PASSWORD;
    try {
      await admin('operator:add', '--email', owner.email, '--community', community, '--role', 'owner');
      await admin('operator:add', '--email', viewer.email, '--community', community, '--role', 'viewer');
    } finally {
      delete process.env.OPERATOR_PASSWORD;
    }
    let sink;
    ({ sink, product } = stack = await startStack({ ...relaxedLimits }, place));
    member = await createMember(product, sink, { label: 'console-member', communityId: community });

    operatorContext = await stack.browser.newContext({ viewport: viewports.desktop, locale: 'en-US' });
    page = await operatorContext.newPage();
    page.on('request', (request) => fetched.push(request.url()));
    memberContext = await stack.browser.newContext({ viewport: viewports.phone, locale: 'en-US' });
    phone = await memberContext.newPage();
    await logIn(phone, product, member);
    await phone.waitForURL('**/home', { timeout: 15_000 });
  }, 180_000);

  afterAll(() => stack?.stop());

  const main = () => page.getByRole('main');
  const notice = () => main().getByRole('status');
  /** A write's notice, then the view loaded again (the notice shows while the list reloads). */
  const done = async (text: string | RegExp) => {
    await notice().filter({ hasText: text }).waitFor();
    await main().locator('.mantine-Loader-root').waitFor({ state: 'detached' });
  };
  const nav = (name: string) => main().getByRole('navigation', { name: 'Console' }).getByRole('link', { name, exact: true });

  it('/login never fetches the console; an old bookmark of /admin leads to /login, and signing in to the console at /console', async () => {
    // The console moved from /admin (the operator API's prefix) to /console: the server redirects the old address.
    await page.goto(`${product.url}/admin`);
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await settle(page);
    expect(fetched.filter((url) => url.includes('/assets/'))).not.toEqual([]);
    expect(fetched.filter((url) => /AdminScreen/.test(url))).toEqual([]);

    await logIn(page, product, owner);
    await page.waitForURL('**/console', { timeout: 15_000 });
    await main().getByRole('heading', { level: 1, name: 'Community console' }).waitFor();
    // The redirect's 'please log in' goes once logged in (not 5 s later, over the console).
    await page.getByText('Please log in to access this page.').waitFor({ state: 'detached', timeout: 2_000 });
    // the console's own chunk arrived with it (the check above looked for the right name)
    expect(fetched.filter((url) => /AdminScreen-[\w-]+\.js$/.test(url))).toHaveLength(1);
    await main().getByText('Riverside Club · your role: Owner').waitFor();
    await main().getByText('Pips earned this week').waitFor();
    // the member and the two operators' accounts, all new this week
    expect(await main().getByText('3 joined this week').count()).toBe(1);
    expect(await nav('Dashboard').getAttribute('aria-current')).toBe('page');
    await settle(page);
    await expectAccessible(page, 'admin dashboard (en)');
    await captureScreen(page, 'admin-dashboard', 'en');
  });

  it('creates an earn action after saying what is wrong with the form; the member sees it at once', async () => {
    await nav('Earn actions').click();
    await page.waitForURL('**/console/earn');
    await main().getByRole('heading', { name: 'New earn action' }).waitFor();
    await main().getByLabel('Link opened (https, optional)').fill('http://example.org/walk');
    await main().getByRole('button', { name: 'Create earn action' }).click();
    await main().getByText('Enter a title.').waitFor();
    await main().getByText('Enter a link that starts with https://').waitFor();
    // fixing a field clears its message
    await main().getByLabel('Title (English)').fill(walk.title);
    expect(await main().getByText('Enter a title.').count()).toBe(0);
    await main().getByLabel('Title (Spanish, optional)').fill(walk.titleEs);
    await main().getByLabel('Pips earned').fill(String(walk.pips));
    await main().getByLabel('Link opened (https, optional)').fill('https://example.org/walk');
    await main().getByRole('button', { name: 'Create earn action' }).click();
    await done(`Created “${walk.title}”. Members see it now.`);
    const row = main().getByTestId('admin-promo').filter({ hasText: walk.title });
    expect(await row.innerText()).toContain(`${walk.pips} pips · https://example.org/walk`);

    await phone.goto(`${product.url}/earn`);
    await phone.getByRole('main').getByRole('heading', { name: walk.title }).waitFor({ timeout: 15_000 });

    // Edited: the member's next load shows the new pips.
    await row.getByRole('button', { name: `Edit: ${walk.title}` }).click();
    await row.getByLabel('Pips earned').fill('20');
    await row.getByRole('button', { name: 'Save changes' }).click();
    await done(`Saved “${walk.title}”. Members see the change now.`);
    await main().getByTestId('admin-promo').filter({ hasText: walk.title }).getByText('20 pips · https://example.org/walk').waitFor();
    await phone.reload();
    await phone.getByRole('main').getByText('+20 pips').first().waitFor({ timeout: 15_000 });
  });

  it('creates a reward and loads its codes from a CSV file, after a preview naming the skipped lines; the member can redeem it', async () => {
    await nav('Rewards').click();
    await page.waitForURL('**/console/rewards');
    // Sent empty, the option's field has an error; its example stays grey, not the error's red.
    await main().getByRole('button', { name: 'Create reward' }).click();
    const optionField = main().getByLabel('Option 1 (English)');
    await expect.poll(() => optionField.getAttribute('aria-invalid')).toBe('true');
    const [placeholder, errorRed] = await optionField.evaluate((input) => {
      const probe = document.createElement('span');
      probe.style.color = 'var(--mantine-color-error)';
      input.after(probe);
      const colors = [getComputedStyle(input, '::placeholder').color, getComputedStyle(probe).color];
      probe.remove();
      return colors;
    });
    expect(await optionField.getAttribute('placeholder')).toBe('e.g. $5 card');
    expect(placeholder).not.toBe(errorRed);
    await main().getByLabel('Title (English)').fill(books.title);
    await main().getByLabel('Option 1 (English)').fill(books.option);
    await main().getByLabel('Option 1 price in pips').fill(String(books.price));
    await main().getByRole('button', { name: 'Create reward' }).click();
    await done(`Created “${books.title}”.`);
    const reward = main().getByTestId('admin-reward').filter({ hasText: books.title });
    await reward.getByText(`${books.option} · ${books.price} pips · 0 of 0 codes left`).waitFor();

    await reward.getByRole('button', { name: `Load codes for ${books.option}` }).click();
    await reward.getByRole('button', { name: 'Preview' }).click();
    await reward.getByText('Choose a CSV file or paste at least one code.').waitFor();
    const csv = 'code\nBOOK-0001\nBOOK-0002\nBOOK-0002\n   \nBOOK-0003\n';
    await reward.locator('input[type=file]').setInputFiles({ name: 'codes.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await reward.getByRole('button', { name: 'Preview' }).click();
    await reward.getByText('Preview: 3 codes will be loaded, 2 skipped.').waitFor();
    const skipped = await reward.getByRole('row').allInnerTexts();
    // Named by their line in the file (its header is line 1).
    expect(skipped.map((r) => r.replace(/\s+/g, ' ').trim())).toEqual(['Line Code Skipped because', '4 BOOK-0002 repeated in this file', '5 — blank line']);
    await settle(page);
    await expectAccessible(page, 'admin code import preview (en)');
    await captureScreen(page, 'admin-rewards-preview', 'en');
    // nothing is loaded by the preview
    expect(await reward.getByText('0 of 0 codes left', { exact: false }).count()).toBe(1);

    await reward.getByRole('button', { name: 'Load 3 codes' }).click();
    await done('Loaded 3 codes. 3 are left to hand out.');
    await main().getByTestId('admin-reward').filter({ hasText: books.title }).getByText(`${books.option} · ${books.price} pips · 3 of 3 codes left`).waitFor();

    // The option's codes: one voided (a leaked code leaves the stock).
    await main().getByRole('button', { name: `Codes: ${books.option}` }).click();
    await main().getByText('3 codes loaded in all.').waitFor();
    await main().getByRole('button', { name: 'Void: BOOK-0003' }).click();
    await done('Code voided: it left the stock. 2 are left to hand out.');
    expect(await main().getByRole('button', { name: /^Void: / }).count()).toBe(2);
    await settle(page);
    await expectAccessible(page, 'admin codes (en)');
    await main().getByRole('button', { name: '← All rewards' }).click();
    await main().getByText(`${books.option} · ${books.price} pips · 2 of 2 codes left`).waitFor();

    await phone.goto(`${product.url}/redeem`);
    await phone.getByRole('main').getByText(books.title).first().waitFor({ timeout: 15_000 });
  });

  it('archives the earn action: it leaves the live list and the member’s Earn screen, and the audit log says who did it', async () => {
    await nav('Earn actions').click();
    await page.waitForURL('**/console/earn');
    await main().getByRole('button', { name: `Archive “${walk.title}”` }).click();
    await done('Archived: members no longer see it');
    expect(await main().getByTestId('admin-promo').filter({ hasText: walk.title }).count()).toBe(0);
    await main().locator('label').filter({ hasText: 'Archived' }).click();
    await main().getByTestId('admin-promo').filter({ hasText: walk.title }).getByRole('button', { name: `Restore “${walk.title}”` }).waitFor();

    await phone.goto(`${product.url}/earn`);
    await phone.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
    await settle(phone);
    await expect.poll(() => phone.getByRole('main').getByRole('heading', { name: walk.title }).count(), { timeout: 15_000 }).toBe(0);

    await nav('Audit log').click();
    await page.waitForURL('**/console/audit');
    const rows = main().getByRole('row');
    await rows.filter({ hasText: 'promo.archive' }).waitFor();
    expect(await rows.filter({ hasText: 'promo.archive' }).first().innerText()).toContain(owner.email);
    await settle(page);
    await expectAccessible(page, 'admin audit (en)');
    await captureScreen(page, 'admin-audit', 'en');

    // On a phone, one card per write: nothing scrolls sideways, the date keeps to one line.
    await page.setViewportSize(viewports.phone);
    try {
      const card = main().getByTestId('audit-entries').getByRole('listitem').filter({ hasText: 'promo.archive' }).first();
      await card.waitFor();
      expect(await card.innerText()).toContain(owner.email);
      const box = (await card.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewports.phone.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.phone.width);
      expect(await main().getByRole('table').count()).toBe(0);
      const date = card.getByTestId('audit-when');
      const lineHeight = await date.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
      expect((await date.boundingBox())!.height).toBeLessThan(lineHeight * 1.5);
      await expectAccessible(page, 'admin audit on a phone (en)');
    } finally {
      await page.setViewportSize(viewports.desktop);
    }
  });

  it('creates an earn QR code, draws it for download, the member earns by its link, and it is ended', async () => {
    await nav('QR codes').click();
    await page.waitForURL('**/console/qr');
    await main().getByLabel('Pips earned').fill('7');
    await main().getByRole('button', { name: 'Create QR code' }).click();
    await main().getByText('Enter a title.').waitFor();
    await main().getByLabel('Title (English)').fill('Pier sign');
    await main().getByLabel('Valid for how many days (optional)').fill('30');
    await main().getByRole('button', { name: 'Create QR code' }).click();
    await done('QR code created');
    const card = main().getByTestId('admin-qr').filter({ hasText: 'Pier sign' });
    await card.getByText(/^7 pips, once per member · 0 scans · until /).waitFor();

    await card.getByRole('button', { name: 'Show QR code: Pier sign' }).click();
    const link = await card.getByText(`${product.url}/earn?qr=`).innerText();
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('link', { name: 'Download PNG' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^pier-sign-\d+\.png$/);
    // The drawn code holds the link: decoded here with jsQR from the PNG the browser offers.
    const href = await card.getByRole('link', { name: 'Download PNG' }).getAttribute('href');
    const pixels = await page.evaluate(async (source) => {
      const image = new Image();
      image.src = source!;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 300;
      const context = canvas.getContext('2d')!;
      context.imageSmoothingEnabled = false;
      context.drawImage(image, 0, 0, 300, 300);
      return Array.from(context.getImageData(0, 0, 300, 300).data);
    }, href);
    expect(jsQR(Uint8ClampedArray.from(pixels), 300, 300)?.data).toBe(link);
    await settle(page);
    await expectAccessible(page, 'admin QR codes (en)');
    await captureScreen(page, 'admin-qr-codes', 'en');

    await phone.goto(link);
    await phone.getByRole('main').getByText(/7 pips/).first().waitFor({ timeout: 15_000 });
    await page.reload();
    await main().getByTestId('admin-qr').filter({ hasText: 'Pier sign' }).getByText(/· 1 scan ·/).waitFor();

    // Edited: a cap of 50 scans, the same printed link.
    const pier = main().getByTestId('admin-qr').filter({ hasText: 'Pier sign' });
    await pier.getByRole('button', { name: 'Edit: Pier sign' }).click();
    await pier.getByLabel('Most scans in all (optional)').fill('50');
    await pier.getByRole('button', { name: 'Save changes' }).click();
    await done('Changes saved.');
    await main().getByTestId('admin-qr').filter({ hasText: 'Pier sign' }).getByText(/· 1 of 50 scans ·/).waitFor();

    await main().getByRole('button', { name: 'End now: Pier sign' }).click();
    await done('QR code ended: scanning it no longer earns pips.');
    await main().getByTestId('admin-qr').filter({ hasText: 'Pier sign' }).getByText('Not live').waitFor();
  });

  it('publishes an announcement the member reads, and deletes it', async () => {
    await nav('Announcements').click();
    await page.waitForURL('**/console/announcements');
    await main().getByRole('button', { name: 'Publish' }).click();
    expect(await main().getByText('Write it in English, Spanish or both.').count()).toBe(2);
    await main().getByLabel('Title in English').fill('Pier clean-up on Saturday');
    await main().getByLabel('Text in English').fill('Bring gloves; we bring coffee.');
    await main().getByRole('button', { name: 'Publish' }).click();
    await done('Announcement published');
    await main().getByTestId('admin-announcement').filter({ hasText: 'Pier clean-up on Saturday' }).getByText(/read by 0/).waitFor();

    await phone.goto(`${product.url}/announcements`);
    await phone.getByRole('main').getByText('Pier clean-up on Saturday').first().waitFor({ timeout: 15_000 });
    await settle(page);
    await expectAccessible(page, 'admin announcements (en)');

    // Edited: members read the new text.
    const item = main().getByTestId('admin-announcement').filter({ hasText: 'Pier clean-up on Saturday' });
    await item.getByRole('button', { name: 'Edit: Pier clean-up on Saturday' }).click();
    await item.getByLabel('Text in English').fill('Bring gloves and a hat; we bring coffee.');
    await item.getByRole('button', { name: 'Save changes' }).click();
    await done('Changes saved.');
    await phone.reload();
    await phone.getByRole('main').getByText('Bring gloves and a hat; we bring coffee.').first().waitFor({ timeout: 15_000 });

    await main().getByRole('button', { name: 'Delete “Pier clean-up on Saturday”' }).click();
    await done('Announcement deleted');
    expect(await main().getByTestId('admin-announcement').count()).toBe(0);
  });

  it('creates a Chance to Win contest the member sees on their Chance to Win screen', async () => {
    await nav('Chance to Win').click();
    await page.waitForURL('**/console/chanceToWin');
    await main().getByLabel('Name (English)').fill('Pier draw');
    await main().getByLabel('Prize (English, optional)').fill('A kayak lesson');
    await main().getByLabel('Pips to earn to take part').fill('20');
    await main().getByRole('button', { name: 'Create contest' }).click();
    await done('Contest created');
    const card = main().getByTestId('admin-contest').filter({ hasText: 'Pier draw' });
    await card.getByText(/^Members who earn 20 pips from /).waitFor();
    expect(await card.getByText(/^Commitment \(SHA-256 of the seed\): [0-9a-f]{64}$/).count()).toBe(1);
    await settle(page);
    await expectAccessible(page, 'admin Chance to Win (en)');

    await phone.goto(`${product.url}/chance-to-win`);
    await phone.getByRole('main').getByText('Pier draw').first().waitFor({ timeout: 15_000 });
  });

  it('finds the member and adjusts their pips with a reason, which their activity shows', async () => {
    await nav('Members').click();
    await page.waitForURL('**/console/members');
    await main().getByLabel('Email or name').fill('console-member');
    await main().getByRole('button', { name: 'Search', exact: true }).click();
    await main().getByText('Showing 1 of 1 members.').waitFor();
    await main().getByRole('button', { name: `Adjust pips: ${member.email}` }).click();
    await main().getByLabel('Pips to add (negative to take away)').fill('25');
    await main().getByRole('button', { name: 'Apply' }).click();
    await main().getByText('Say why: the member sees it in their activity.').waitFor();
    await main().getByLabel('Reason (the member sees it)').fill('Thanks for helping at the pier');
    await main().getByRole('button', { name: 'Apply' }).click();
    // 7 pips from the QR code, then 25 (after the contest started)
    await done('Pips adjusted. The member has 32 pips now.');
    await settle(page);
    await expectAccessible(page, 'admin members (en)');
    await captureScreen(page, 'admin-members', 'en');

    await phone.goto(`${product.url}/activity`);
    await phone.getByRole('main').getByText('Thanks for helping at the pier').first().waitFor({ timeout: 15_000 });

    // Their ledger, as the operator sees it.
    await main().getByRole('button', { name: `Ledger: ${member.email}` }).click();
    await main().getByText('32 pips available · 32 earned · 0 used').waitFor();
    await main().getByRole('row').filter({ hasText: 'Thanks for helping at the pier' }).getByText('+25').waitFor();
    await settle(page);
    await expectAccessible(page, 'admin member ledger (en)');
  });

  it('draws the contest now after a confirmation: the member who earned 25 pips since its start wins, and hears it', async () => {
    await nav('Chance to Win').click();
    await page.waitForURL('**/console/chanceToWin');
    const card = main().getByTestId('admin-contest').filter({ hasText: 'Pier draw' });
    await card.getByRole('button', { name: 'Draw now: Pier draw' }).click();
    await card.getByText(/This cannot be undone\./).waitFor();
    await card.getByRole('button', { name: 'Draw the winners now' }).click();
    await done('Drawn: 1 winner, announced to the community.');
    await card.getByText('1 member took part.').waitFor();
    expect(await card.getByText(`1. ${member.firstName} ${member.lastName[0]}. · ${member.email}`).count()).toBe(1);
    await captureScreen(page, 'admin-chance-to-win', 'en');

    await phone.goto(`${product.url}/announcements`);
    await phone.getByRole('main').getByText(/Chance to Win: Pier draw has been drawn/).first().waitFor({ timeout: 15_000 });
  });

  it('creates a questionnaire and trivia questions from JSON files, naming what is wrong with a bad one', async () => {
    await nav('Questionnaires').click();
    await page.waitForURL('**/console/questionnaires');
    const upload = (name: string, content: string) =>
      main().locator('input[type=file]').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(content) });
    await upload('broken.json', '{ "title": ');
    await main().getByRole('button', { name: 'Create questionnaire' }).click();
    await main().getByText('This file is not valid JSON.').waitFor();
    await upload('empty.json', JSON.stringify({ title: 'No steps', steps: [] }));
    await main().getByRole('button', { name: 'Create questionnaire' }).click();
    await main().getByRole('alert').filter({ hasText: 'Could not create the questionnaire' }).getByText(/^What the server found: payload: /).waitFor();
    await upload('questionnaire.json', readFileSync('examples/questionnaire.json', 'utf8'));
    await main().getByLabel('Pips for answering').fill('15');
    await main().getByRole('button', { name: 'Create questionnaire' }).click();
    await done('Questionnaire created');
    await main().getByTestId('admin-questionnaire').filter({ hasText: 'Neighbourhood survey' }).getByText('15 pips · 3 steps · 0 answers').waitFor();
    const form = main().getByTestId('admin-questionnaire').filter({ hasText: 'Neighbourhood survey' });
    await form.getByRole('button', { name: 'Edit: Neighbourhood survey' }).click();
    await form.getByLabel('Pips for answering').fill('20');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await done('Changes saved.');
    await main().getByTestId('admin-questionnaire').filter({ hasText: 'Neighbourhood survey' }).getByText('20 pips · 3 steps · 0 answers').waitFor();
    await settle(page);
    await expectAccessible(page, 'admin questionnaires (en)');

    await phone.goto(`${product.url}/forms`);
    await phone.getByRole('main').getByText('Neighbourhood survey').first().waitFor({ timeout: 15_000 });

    await nav('Trivia').click();
    await page.waitForURL('**/console/trivia');
    await main().getByText('0 questions in the pool · 3 a day per member · the day in UTC').waitFor();
    await main().locator('input[type=file]').setInputFiles({ name: 'trivia.json', mimeType: 'application/json', buffer: readFileSync('examples/trivia-questions.json') });
    await main().getByRole('button', { name: 'Add the questions' }).click();
    await done('Added 3 questions; 3 in all now.');
    await main().getByText('3 questions in the pool · 3 a day per member · the day in UTC').waitFor();
    await settle(page);
    await expectAccessible(page, 'admin trivia (en)');
    await captureScreen(page, 'admin-trivia', 'en');
  });

  it('deletes what nothing refers to after a confirmation, and says to archive what members used', async () => {
    await nav('QR codes').click();
    await page.waitForURL('**/console/qr');
    const pier = main().getByTestId('admin-qr').filter({ hasText: 'Pier sign' });
    await pier.getByRole('button', { name: 'Delete: Pier sign' }).click();
    await pier.getByRole('button', { name: 'Delete for good' }).click();
    await main().getByRole('alert').filter({ hasText: 'Could not delete it' }).getByText('Something still refers to it: archive it instead.').waitFor();
    expect(await main().getByTestId('admin-qr').filter({ hasText: 'Pier sign' }).count()).toBe(1);

    await nav('Questionnaires').click();
    await page.waitForURL('**/console/questionnaires');
    const survey = main().getByTestId('admin-questionnaire').filter({ hasText: 'Neighbourhood survey' });
    await survey.getByRole('button', { name: 'Delete: Neighbourhood survey' }).click();
    await survey.getByRole('button', { name: 'Delete for good' }).click();
    await done('Deleted for good.');
    expect(await main().getByTestId('admin-questionnaire').count()).toBe(0);
  });

  it('edits and archives a single trivia question, adds an option to a reward, and sets the support contact the member reads', async () => {
    await nav('Trivia').click();
    await page.waitForURL('**/console/trivia');
    const spider = main().getByTestId('admin-trivia-question').filter({ hasText: 'How many legs does a spider have?' });
    await spider.getByText('Six · ✓ Eight · Ten').waitFor();
    await spider.getByRole('button', { name: 'Edit: How many legs does a spider have?' }).click();
    await spider.getByLabel('Answers, one a line: English | Español, the right one starting with *').fill('Six | Seis\nEight | Ocho\n*Ten');
    await spider.getByRole('button', { name: 'Save changes' }).click();
    await done('Changes saved.');
    await spider.getByText('Six · Eight · ✓ Ten').waitFor();
    await spider.getByRole('button', { name: 'Edit: How many legs does a spider have?' }).click();
    await spider.getByLabel('Answers, one a line: English | Español, the right one starting with *').fill('*Six\n*Eight');
    await spider.getByRole('button', { name: 'Save changes' }).click();
    await spider.getByText('Write 2 to 6 answers, one per line, and mark the right one with * at its start.').waitFor();
    await spider.getByRole('button', { name: 'Cancel' }).click();
    await spider.getByRole('button', { name: 'Archive “How many legs does a spider have?”' }).click();
    await done('Archived: members no longer see it');
    await spider.getByText('Archived', { exact: true }).waitFor();
    await main().getByText('2 questions in the pool · 3 a day per member · the day in UTC').waitFor();
    await settle(page);
    await expectAccessible(page, 'admin trivia questions (en)');

    await nav('Rewards').click();
    await page.waitForURL('**/console/rewards');
    const reward = main().getByTestId('admin-reward').filter({ hasText: books.title });
    await reward.getByRole('button', { name: `Add an option to ${books.title}` }).click();
    await reward.getByLabel('What the member gets (English)').fill('$10 card');
    await reward.getByLabel('Price in pips').fill('60');
    await reward.getByRole('button', { name: 'Save changes' }).click();
    await done('Option added.');
    await reward.getByText('$10 card · 60 pips · 0 of 0 codes left').waitFor();
    // Its image, from a file: shown in the console at once.
    await reward.getByRole('button', { name: `Edit: ${books.title}` }).click();
    await reward.locator('input[type=file]').setInputFiles({
      name: 'voucher.png',
      mimeType: 'image/png',
      buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'),
    });
    await reward.getByRole('button', { name: 'Upload image' }).click();
    await done('Image set: members see it now.');
    await reward.getByRole('button', { name: `Edit: ${books.title}` }).click();
    expect(await reward.locator('img[src^="/images/"]').count()).toBe(1);
    await reward.getByRole('button', { name: 'Cancel' }).click();

    await nav('Settings').click();
    await page.waitForURL('**/console/community');
    const settings = main().getByTestId('admin-community');
    await settings.getByRole('button', { name: 'Edit: Riverside Club' }).click();
    await settings.getByLabel('Support email (empty: no contact)').fill('not-an-address');
    await settings.getByRole('button', { name: 'Save changes' }).click();
    await settings.getByText('Enter an email address such as help@example.org.').waitFor();
    await settings.getByLabel('Support email (empty: no contact)').fill('help@riverside.example');
    await settings.getByLabel('Note for members (English, optional)').fill('We answer on weekdays.');
    await settings.getByRole('button', { name: 'Save changes' }).click();
    await done('Changes saved.');
    await main().getByRole('link', { name: 'help@riverside.example' }).waitFor();
    await settle(page);
    await expectAccessible(page, 'admin settings (en)');
    await captureScreen(page, 'admin-settings', 'en');

    await phone.goto(`${product.url}/support`);
    await phone.getByRole('main').getByText('We answer on weekdays.').waitFor({ timeout: 15_000 });
    await phone.getByRole('main').getByRole('link', { name: /help@riverside\.example/ }).first().waitFor();

    // Operators: an address no account uses is invited like any other (issue 46), then withdrawn.
    await main().getByLabel('Email to invite').fill('nobody.here@example.org');
    await main().getByRole('button', { name: 'Send the invitation' }).click();
    await done('Invitation sent to nobody.here@example.org (Editor).');
    const pending = main().getByTestId('admin-invitations');
    await pending.getByRole('button', { name: 'Withdraw the invitation of nobody.here@example.org' }).click();
    await done('Invitation withdrawn: its link no longer works.');
    expect(await main().getByRole('row').filter({ hasText: 'nobody.here@example.org' }).count()).toBe(0);
  });

  it('archives the drawn contest out of the list of past draws, and restores it', async () => {
    await nav('Chance to Win').click();
    await page.waitForURL('**/console/chanceToWin');
    const card = main().getByTestId('admin-contest').filter({ hasText: 'Pier draw' });
    await card.getByRole('button', { name: 'Archive “Pier draw”' }).click();
    await done('Archived: members no longer see it');
    await card.getByText('Archived', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Restore “Pier draw”' }).click();
    await done('Restored: members see it again.');
    await expect.poll(() => card.getByText('Archived', { exact: true }).count()).toBe(0);
    // Drawn, and nothing beside it that reads as still running.
    expect(await card.getByText('Drawn', { exact: true }).count()).toBe(1);
    expect(await card.getByText('Live', { exact: true }).count()).toBe(0);
  });

  it('the dashboard shows the week: pips earned per day and what earned the most, the next draw', async () => {
    // An operator finds the console from Profile; a member has no such link.
    await page.goto(`${product.url}/profile`);
    await main().getByRole('link', { name: 'Community console' }).click();
    await page.waitForURL(/\/console$/);
    // ...and its back link leads there again
    await page.getByTestId('back-link').getByText('Back to profile').click();
    await page.waitForURL(/\/profile$/);
    await main().getByRole('link', { name: 'Community console' }).click();
    await page.waitForURL(/\/console$/);
    await phone.goto(`${product.url}/profile`);
    await phone.getByRole('main').getByRole('link', { name: 'Help and support' }).waitFor();
    expect(await phone.getByRole('main').getByRole('link', { name: 'Community console' }).count()).toBe(0);
    await nav('Dashboard').click();
    await page.waitForURL(/\/console$/);
    await main().getByRole('heading', { name: 'Pips earned per day' }).waitFor();
    // the member's QR scan (7) and the adjustment (25) are adjustments apart: earned counts the scan
    await main().getByText('Pier sign · 7 pips').waitFor();
    await main().getByText('Next Chance to Win draw').waitFor();
    await settle(page);
    await expectAccessible(page, 'admin dashboard with activity (en)');
  });

  it('speaks Spanish: the console, its forms and its checks', async () => {
    await nav('Rewards').click();
    await page.waitForURL('**/console/rewards');
    await page.getByRole('button', { name: 'Español', exact: true }).click();
    await main().getByRole('heading', { level: 1, name: 'Consola de la comunidad' }).waitFor();
    await main().getByRole('button', { name: 'Crear recompensa' }).click();
    await main().getByText('Escribe un título.').waitFor();
    await main().getByText(`${books.option} · ${books.price} pips · quedan 2 de 2 códigos`).waitFor();
    // On a phone each option's actions (edit, delete, codes, load codes) stay on one line.
    await page.setViewportSize(viewports.phone);
    await settle(page);
    const rows = await main().getByTestId('admin-option-actions').evaluateAll((groups) =>
      groups.map((group) => [...group.children].map((button) => Math.round(button.getBoundingClientRect().top))),
    );
    expect(rows.length).toBeGreaterThan(1);
    for (const tops of rows) expect(new Set(tops).size, `option actions at ${tops.join(', ')}`).toBe(1);
    await page.setViewportSize(viewports.desktop);
    await settle(page);
    await expectAccessible(page, 'admin rewards (es)');
    await captureScreen(page, 'admin-rewards', 'es');
    await page.getByRole('button', { name: 'English', exact: true }).click();
    await main().getByRole('heading', { level: 1, name: 'Community console' }).waitFor();
  });

  it('a viewer reads the rewards but gets no form and no archive button', async () => {
    const context = await stack.browser.newContext({ viewport: viewports.desktop, locale: 'en-US' });
    try {
      const viewerPage = await context.newPage();
      await viewerPage.goto(`${product.url}/console/rewards`);
      await viewerPage.waitForURL('**/login');
      await logIn(viewerPage, product, viewer);
      await viewerPage.waitForURL('**/console/rewards', { timeout: 15_000 });
      const viewerMain = viewerPage.getByRole('main');
      await viewerMain.getByText('Riverside Club · your role: Viewer (read only)').waitFor();
      await viewerMain.getByTestId('admin-reward').filter({ hasText: books.title }).waitFor();
      expect(await viewerMain.getByRole('button', { name: 'Create reward' }).count()).toBe(0);
      expect(await viewerMain.getByRole('button', { name: /^(Archive|Load codes)/ }).count()).toBe(0);

      // Issue 46: the option's codes, masked to their last 4 characters; nothing whole to copy.
      await viewerMain.getByRole('button', { name: `Codes: ${books.option}` }).click();
      await viewerMain.getByText('Your role shows only the last 4 characters of each code. Owners and editors see them whole.').waitFor();
      const codes = viewerMain.getByRole('region', { name: 'Gift-card codes' }).locator('tbody tr td:first-child');
      await expect.poll(() => codes.allInnerTexts()).toEqual(['••••••0002', '••••••0001']);
      expect(await viewerPage.content()).not.toContain('BOOK-000');
      expect(await viewerMain.getByRole('button', { name: /^Void/ }).count()).toBe(0);
      await settle(viewerPage);
      await expectAccessible(viewerPage, 'admin codes masked for a viewer (en)');
    } finally {
      await context.close();
    }
  });

  it('an account that runs no community is told so', async () => {
    const context = await stack.browser.newContext({ viewport: viewports.phone, locale: 'en-US' });
    try {
      const memberPage = await context.newPage();
      await logIn(memberPage, product, member);
      await memberPage.waitForURL('**/home', { timeout: 15_000 });
      await memberPage.goto(`${product.url}/console`);
      await memberPage.getByRole('main').getByText('You do not run a community').waitFor();
      await settle(memberPage);
      await expectAccessible(memberPage, 'admin not an operator (en)');
    } finally {
      await context.close();
    }
  });

  it("on a phone the console's sections are one row that scrolls sideways, the current one in sight", async () => {
    const context = await stack.browser.newContext({ viewport: viewports.phone, locale: 'en-US', hasTouch: true });
    try {
      const ownerPage = await context.newPage();
      await logIn(ownerPage, product, owner);
      await ownerPage.waitForURL('**/home', { timeout: 15_000 });
      await ownerPage.goto(`${product.url}/console/community`);
      const sections = ownerPage.getByTestId('console-sections');
      const settings = sections.getByRole('link', { name: 'Settings', exact: true });
      await expect.poll(() => settings.getAttribute('aria-current')).toBe('page');
      const tops = await sections.getByRole('link').evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
      expect(tops).toHaveLength(11);
      expect(new Set(tops).size).toBe(1);
      // The last section, opened by its address, is scrolled into sight; the page itself does not scroll sideways.
      const inSight = async (link: typeof settings) => {
        const box = (await link.boundingBox())!;
        return box.x >= 0 && box.x + box.width <= viewports.phone.width;
      };
      await expect.poll(() => inSight(settings)).toBe(true);
      expect(await inSight(sections.getByRole('link', { name: 'Dashboard', exact: true }))).toBe(false);
      expect(await ownerPage.evaluate(() => document.documentElement.scrollWidth)).toBe(viewports.phone.width);
      await sections.getByRole('link', { name: 'Dashboard', exact: true }).click();
      await ownerPage.waitForURL(/\/console$/);
      await ownerPage.getByRole('main').getByText('Pips earned this week').waitFor();
    } finally {
      await context.close();
    }
  });

  it('an owner invites an address to a role; its owner accepts from the mailed link, signed in, and runs the community', async () => {
    const invitee = await createMember(product, stack.sink, { label: 'console-invitee', communityId });
    // The owner, in Settings: an invitation, not a role given at once.
    await page.goto(`${product.url}${CONSOLE}/community`);
    await main().getByRole('heading', { name: 'Operators' }).waitFor();
    await main().getByLabel('Email to invite').fill(invitee.email);
    await main().getByRole('button', { name: 'Send the invitation' }).click();
    await done(`Invitation sent to ${invitee.email} (Editor). The role applies once they accept it from the mail, within 7 days.`);
    const pending = main().getByTestId('admin-invitations');
    await pending.getByText(invitee.email).waitFor();
    expect(await main().getByRole('region', { name: 'Operators' }).getByText(invitee.email).count()).toBe(0);
    await settle(page);
    await expectAccessible(page, 'admin operators with a pending invitation (en)');

    // The mail's link, opened by the invitee: signed out, it asks to log in and comes back to accept.
    const link = await stack.sink.waitFor(invitee.email, new RegExp(`(http\\S+${CONSOLE}\\?invitation=[\\w-]+)`));
    const context = await stack.browser.newContext({ viewport: viewports.phone, locale: 'en-US' });
    try {
      const inviteePage = await context.newPage();
      await inviteePage.goto(link);
      await inviteePage.waitForURL('**/login');
      await logIn(inviteePage, product, invitee);
      const result = inviteePage.getByRole('main').getByTestId('invitation-result');
      await result.getByText('Invitation accepted: you are now Editor of Riverside Club.').waitFor({ timeout: 15_000 });
      // The token left the address; the console runs the community joined.
      await inviteePage.waitForURL((url) => url.pathname === CONSOLE && url.search === '');
      await inviteePage.getByRole('main').getByText('Riverside Club · your role: Editor').waitFor();
      await settle(inviteePage);
      await expectAccessible(inviteePage, 'admin invitation accepted (en)');
      // The link worked once.
      await inviteePage.goto(link);
      await inviteePage.getByRole('main').getByTestId('invitation-result').getByText('This invitation link no longer works', { exact: false }).waitFor();
    } finally {
      await context.close();
    }

    // The owner's list: an operator now, no longer pending; the owner takes the role away at once.
    await page.reload();
    await main().getByRole('region', { name: 'Operators' }).getByRole('row').filter({ hasText: invitee.email }).getByText('Editor').waitFor();
    await main().getByTestId('admin-invitations').getByText('None: every invitation was accepted, withdrawn or has expired.').waitFor();
    await main().getByRole('button', { name: `Take the role away from ${invitee.email}` }).click();
    await done('Role taken away');
    expect(await main().getByRole('row').filter({ hasText: invitee.email }).count()).toBe(0);
  });
});
