import type { Page } from 'playwright-core';
import { createMember, logIn, relaxedLimits, type Member } from './accounts';
import { viewports } from './screens';
import { createCommunity, operatorCli } from './operator';
import { reserveProduct, type RunningProduct } from './serverProcess';
import { startStack, type Stack } from './stack';

/*
 * What the operator console's journeys (test/e2e/operatorConsole.*.test.ts) start from: one
 * community with an owner and a viewer given their roles with the CLI, one of its members
 * signed in on a phone, and the operator's desktop page; and the console's locators on that page.
 */

/**
 * The console's client route (src/routing/paths.ts `admin`; the server's invitation links:
 * INVITATION_LINK_PATH in server/plugins/app/operatorInvitations.ts). The journeys written for
 * issue 46 build their addresses from it.
 */
export const CONSOLE = '/console';
const OPERATOR_PASSWORD = 'Operator-2026!console';
export const owner = { email: 'owner.console@example.org', password: OPERATOR_PASSWORD };
export const viewer = { email: 'viewer.console@example.org', password: OPERATOR_PASSWORD };
export const walk = { title: 'Harbour walk', titleEs: 'Paseo por el puerto', pips: 15 };
export const books = { title: 'Book shop voucher', option: '$5 card', price: 30 };

export interface ConsoleJourney {
  stack: Stack;
  product: RunningProduct;
  /** The member of the community, signed in on `phone`. */
  member: Member;
  communityId: string;
  /** The operator's page (desktop, English): signed out, or the owner's console with `ownerSignedIn`. */
  page: Page;
  phone: Page;
  /** Every address `page` requested. */
  fetched: string[];
}

/**
 * Starts a journey: the community "Riverside Club" and its two operators, `prepare` (more CLI
 * commands on the community before the product starts), the product as `npm start` runs it, the
 * member, and the two browser contexts. With `ownerSignedIn`, the owner has logged in on `page`
 * and the console is open.
 */
export async function startConsoleJourney({
  prepare,
  ownerSignedIn = false,
}: { prepare?: (admin: (...args: string[]) => Promise<string>, communityId: string) => Promise<unknown>; ownerSignedIn?: boolean } = {}): Promise<ConsoleJourney> {
  const place = await reserveProduct();
  const admin = operatorCli(place);
  const communityId = await createCommunity(place, 'Riverside Club');
  process.env.OPERATOR_PASSWORD = OPERATOR_PASSWORD;
  try {
    await admin('operator:add', '--email', owner.email, '--community', communityId, '--role', 'owner');
    await admin('operator:add', '--email', viewer.email, '--community', communityId, '--role', 'viewer');
  } finally {
    delete process.env.OPERATOR_PASSWORD;
  }
  await prepare?.(admin, communityId);
  const stack = await startStack({ ...relaxedLimits }, place);
  try {
    const { sink, product } = stack;
    const member = await createMember(product, sink, { label: 'console-member', communityId });

    const operatorContext = await stack.browser.newContext({ viewport: viewports.desktop, locale: 'en-US' });
    const page = await operatorContext.newPage();
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(request.url()));
    const memberContext = await stack.browser.newContext({ viewport: viewports.phone, locale: 'en-US' });
    const phone = await memberContext.newPage();
    await logIn(phone, product, member);
    await phone.waitForURL('**/home', { timeout: 15_000 });

    if (ownerSignedIn) {
      await logIn(page, product, owner);
      await page.waitForURL('**/home', { timeout: 15_000 });
      await page.goto(`${product.url}${CONSOLE}`);
      await page.getByRole('main').getByRole('heading', { level: 1, name: 'Community console' }).waitFor();
    }
    return { stack, product, member, communityId, page, phone, fetched };
  } catch (error) {
    await stack.stop();
    throw error;
  }
}

/** The console's parts on the operator's page (`page()`: read when called, once the journey has started). */
export function consoleLocators(page: () => Page) {
  const main = () => page().getByRole('main');
  const notice = () => main().getByRole('status');
  /** A write's notice, then the view loaded again (the notice shows while the list reloads). */
  const done = async (text: string | RegExp) => {
    await notice().filter({ hasText: text }).waitFor();
    await main().locator('.mantine-Loader-root').waitFor({ state: 'detached' });
  };
  const nav = (name: string) => main().getByRole('navigation', { name: 'Console' }).getByRole('link', { name, exact: true });
  return { main, notice, done, nav };
}
