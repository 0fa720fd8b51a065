import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible } from './support/a11y';
import { logIn } from './support/accounts';
import { books, consoleLocators, owner, startConsoleJourney, viewer, walk } from './support/consoleJourney';
import { captureScreen, settle, viewports } from './support/screens';
import type { RunningProduct } from './support/serverProcess';
import type { Stack } from './support/stack';

/**
 * The operator console (issue 14) in Chromium against the product as `npm start` runs it, its
 * promos and codes: an owner (given the role with the CLI) signs in at /console, creates an earn
 * action and a reward, loads the reward's gift-card codes from a CSV file after a preview that
 * names the skipped lines, and archives the earn action; a member in another browser context sees
 * each change on their own screens without any restart. A viewer reads but gets no forms. The
 * console's chunk is never fetched by /login. axe and screenshots in English and Spanish. (The
 * pool's trivia questions, which one journey edits, are loaded with the CLI beforehand; the other
 * console journeys: operatorConsole.content and operatorConsole.access.)
 */
describe('operator console in Chromium', () => {
  let stack: Stack;
  let product: RunningProduct;
  let page: Page;
  let phone: Page;
  let fetched: string[];

  beforeAll(async () => {
    ({ stack, product, page, phone, fetched } = await startConsoleJourney({
      prepare: (admin, communityId) => admin('trivia:import', '--community', communityId, '--file', resolve('examples/trivia-questions.json')),
    }));
  }, 180_000);

  afterAll(() => stack?.stop());

  const { main, done, nav } = consoleLocators(() => page);

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
});
