import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible } from './support/a11y';
import { toastTexts, type Member } from './support/accounts';
import { consoleLocators, startConsoleJourney } from './support/consoleJourney';
import { printed } from './support/operator';
import { captureScreen, settle } from './support/screens';
import type { RunningProduct } from './support/serverProcess';
import type { Stack } from './support/stack';

const SUSPENDED = 'Your account is suspended: you can see your pips and history, but not earn or redeem. Ask your community for help.';

/**
 * Member care in Chromium (issue 49): the owner looks a member up by id in the console and
 * suspends them with a reason; on their phone the member still reads their balance but is told
 * why an earn is refused; restored, the same press earns.
 */
describe('member care in Chromium: a member looked up, suspended and restored', () => {
  let stack: Stack;
  let product: RunningProduct;
  let member: Member;
  let page: Page;
  let phone: Page;
  let promoId: number;

  beforeAll(async () => {
    ({ stack, product, member, page, phone } = await startConsoleJourney({
      ownerSignedIn: true,
      prepare: async (admin, communityId) => {
        promoId = Number(printed(await admin('promo:create', '--community', communityId, '--title', 'Beach clean-up', '--pips', '6', '--limit', 'unlimited'), /Created earn promo #(\d+)/));
      },
    }));
  }, 180_000);

  afterAll(() => stack?.stop());

  const { main, done, nav } = consoleLocators(() => page);
  const earnOnPhone = async () => {
    await phone.goto(`${product.url}/earn`);
    const card = phone.locator(`#earn-action-${promoId}`);
    await card.getByRole('heading', { name: 'Beach clean-up' }).waitFor({ timeout: 15_000 });
    await card.getByRole('button', { name: 'Earn', exact: true }).click();
  };

  it('suspends from the members list: the member reads but is told why an earn is refused; restored, they earn', async () => {
    await nav('Members').click();
    await page.waitForURL('**/console/members');
    await main().getByLabel('Email or name').fill(`#${member.userId}`);
    await main().getByRole('button', { name: 'Search' }).click();
    await main().getByText('Showing 1 of 1 members.').waitFor();
    await main().getByRole('button', { name: `Suspend: ${member.email}` }).click();
    await main().getByLabel('Why (kept for the operators, not shown to the member)').fill('Shared QR codes online');
    await main().getByRole('button', { name: 'Suspend the member' }).click();
    await done('Member suspended');
    await main().getByText('Shared QR codes online').waitFor();
    await main().getByRole('button', { name: `Restore: ${member.email}` }).waitFor();
    await settle(page);
    await expectAccessible(page, 'admin members, a member suspended (en)');
    await captureScreen(page, 'admin-member-suspended', 'en');

    // The member: Home still shows the balance; an earn is refused with the reason they can act on.
    await phone.goto(`${product.url}/home`);
    await phone.getByRole('main').getByText('0', { exact: true }).first().waitFor({ timeout: 15_000 });
    await earnOnPhone();
    await expect.poll(() => toastTexts(phone), { timeout: 15_000 }).toContain(SUSPENDED);
    await captureScreen(phone, 'earn-suspended', 'en');

    // Restored: the same press earns.
    await main().getByRole('button', { name: `Restore: ${member.email}` }).click();
    await done('Member restored');
    await main().getByRole('button', { name: `Suspend: ${member.email}` }).waitFor();
    await earnOnPhone();
    await expect.poll(async () => (await toastTexts(phone)).join(' '), { timeout: 15_000 }).toContain('You earned 6 pips.');

    // The audit keeps both, under the owner.
    await nav('Audit log').click();
    await page.waitForURL('**/console/audit');
    const rows = main().getByRole('row');
    await rows.filter({ hasText: 'member.suspend' }).first().waitFor();
    expect(await rows.filter({ hasText: 'member.restore' }).first().innerText()).toContain('owner.console@example.org');
  });
});
