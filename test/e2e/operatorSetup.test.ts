import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y';
import { logIn } from './support/accounts';
import { consoleLocators } from './support/consoleJourney';
import { appShows, captureScreen, viewports } from './support/screens';
import { startStack, type Stack } from './support/stack';

const OWNER = { email: 'founder@example.org', password: 'Founder-2026!secret' };

/**
 * Issue 49, "setting up without downtime", in Chromium: a fresh server with no operator prints a
 * one-time setup link; opening it makes the first community and its owner, the server running;
 * the owner then signs in and the console opens on that community. The link works once.
 */
describe('setting up a fresh server from its setup link, in Chromium', () => {
  let stack: Stack;
  let link: string;

  beforeAll(async () => {
    stack = await startStack();
    const printed = /(http:\/\/\S+\/setup\?token=[A-Za-z0-9_-]+)/.exec(stack.product.output());
    expect(printed, stack.product.output()).not.toBeNull();
    link = printed![1];
  }, 180_000);

  afterAll(() => stack?.stop());

  it('the link makes the community and its owner, who signs in to its console; a second use is refused', async () => {
    const context = await stack.browser.newContext({ viewport: viewports.desktop, locale: 'en-US' });
    try {
      const page = await context.newPage();
      await page.goto(link);
      await appShows(page, 'Set up your community');
      await expectAccessible(page, 'setup (en)');
      await captureScreen(page, 'setup', 'en');
      // Bad input is named and nothing is sent.
      await page.getByRole('button', { name: 'Create the community' }).click();
      await page.getByText('Enter the name of your community.').waitFor();

      await page.getByLabel('Community name').fill('Riverside Runners');
      await page.getByLabel('Your email').fill(OWNER.email);
      await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
      await page.getByRole('button', { name: 'Create the community' }).click();
      const done = page.getByRole('status').filter({ hasText: 'Your community is ready' });
      await done.waitFor();
      expect(await done.innerText()).toContain(`Riverside Runners is set up, and you own it. Sign in as ${OWNER.email}`);
      const joinLink = await done.locator('code').innerText();
      expect(joinLink).toMatch(new RegExp(`^${stack.product.url}/community-scan\\?communityId=c-[a-z0-9]+$`));
      await captureScreen(page, 'setup-done', 'en');

      // On to the console: sign in first, then it opens on the new community.
      await done.getByRole('link', { name: 'Sign in and open the console' }).click();
      await page.waitForURL('**/login');
      await logIn(page, stack.product, OWNER);
      await page.waitForURL('**/console**', { timeout: 15_000 });
      await page.getByRole('main').getByText('Riverside Runners').first().waitFor();

      // From the console alone: a questionnaire, offered on the members' Earn screen.
      const { main, done: wrote, nav } = consoleLocators(() => page);
      await nav('Questionnaires').click();
      await page.waitForURL('**/console/questionnaires');
      await main().locator('input[type=file]').setInputFiles({ name: 'questionnaire.json', mimeType: 'application/json', buffer: readFileSync('examples/questionnaire.json') });
      await main().getByLabel('Pips for answering').fill('15');
      await main().getByRole('button', { name: 'Create questionnaire' }).click();
      await wrote('Questionnaire created');
      const survey = main().getByTestId('admin-questionnaire').filter({ hasText: 'Neighbourhood survey' });
      await survey.getByRole('button', { name: 'Offer on Earn: Neighbourhood survey' }).click();
      await wrote('Created “Neighbourhood survey”. Members see it now.');
      await survey.getByText('On Earn', { exact: true }).waitFor();
      expect(await survey.getByRole('button', { name: /^Offer on Earn/ }).count()).toBe(0);
      await nav('Earn actions').click();
      await page.waitForURL('**/console/earn');
      await main().getByText('Neighbourhood survey').first().waitFor();

      // The token died on use: the same link now says so.
      const again = await context.newPage();
      await again.goto(link);
      await appShows(again, 'Set up your community');
      await again.getByLabel('Community name').fill('Second try');
      await again.getByLabel('Your email').fill('other@example.org');
      await again.getByLabel('Password', { exact: true }).fill(OWNER.password);
      await again.getByRole('button', { name: 'Create the community' }).click();
      await again.getByRole('alert').filter({ hasText: 'This setup link does not work: it was used' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('speaks Spanish on a phone, and a link without its token offers no form', async () => {
    const context = await stack.browser.newContext({ viewport: viewports.phone, locale: 'es-ES' });
    try {
      const page = await context.newPage();
      await page.goto(`${stack.product.url}/setup`);
      await appShows(page, 'Configura tu comunidad');
      await page.getByRole('alert').filter({ hasText: 'Este enlace de configuración no funciona' }).waitFor();
      expect(await page.getByLabel('Nombre de la comunidad').count()).toBe(0);
      await page.goto(`${stack.product.url}/setup?token=not-a-token`);
      await appShows(page, 'Configura tu comunidad');
      await page.getByLabel('Nombre de la comunidad').waitFor();
      await expectAccessible(page, 'setup (es)');
      await captureScreen(page, 'setup', 'es');
    } finally {
      await context.close();
    }
  });
});
