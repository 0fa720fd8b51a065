import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible } from './support/a11y';
import { createMember, logIn, type Member } from './support/accounts';
import { CONSOLE, consoleLocators, owner, startConsoleJourney } from './support/consoleJourney';
import { settle, viewports } from './support/screens';
import type { RunningProduct } from './support/serverProcess';
import type { Stack } from './support/stack';

/**
 * The operator console in Chromium, who may use it: an account that runs no community is told
 * so; on a phone the console's sections are one row; an owner invites an address to a role from
 * the community's settings, and its owner accepts from the mailed link (issue 46).
 */
describe('operator console in Chromium', () => {
  let stack: Stack;
  let product: RunningProduct;
  let member: Member;
  let communityId: string;
  let page: Page;

  beforeAll(async () => {
    ({ stack, product, member, communityId, page } = await startConsoleJourney({ ownerSignedIn: true }));
  }, 180_000);

  afterAll(() => stack?.stop());

  const { main, done } = consoleLocators(() => page);

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
    // The pointer off the page: the notice pushes the list down under where it clicked, and a red
    // button under it shows Mantine's hover colours (red 9 on red 2, 3.8:1), which axe would read.
    await page.mouse.move(0, 0);
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
