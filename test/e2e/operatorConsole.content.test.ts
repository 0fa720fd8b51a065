import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import jsQR from 'jsqr';
import { expectAccessible } from './support/a11y';
import type { Member } from './support/accounts';
import { consoleLocators, startConsoleJourney } from './support/consoleJourney';
import { captureScreen, settle } from './support/screens';
import type { RunningProduct } from './support/serverProcess';
import type { Stack } from './support/stack';

/**
 * The operator console in Chromium, its content, members and draws: the owner, signed in, creates
 * an earn QR code the member scans, an announcement, a Chance to Win contest, a questionnaire and
 * trivia questions from JSON files; adjusts the member's pips, draws the contest after a
 * confirmation, deletes what nothing refers to, and reads the week on the dashboard. The member,
 * in another browser context, sees each change on their own screens. axe and screenshots.
 */
describe('operator console in Chromium', () => {
  let stack: Stack;
  let product: RunningProduct;
  let member: Member;
  let page: Page;
  let phone: Page;

  beforeAll(async () => {
    ({ stack, product, member, page, phone } = await startConsoleJourney({ ownerSignedIn: true }));
  }, 180_000);

  afterAll(() => stack?.stop());

  const { main, done, nav } = consoleLocators(() => page);

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
});
