import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page, Request } from 'playwright-core';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectAccessible } from './support/a11y';
import { createMember, logIn, relaxedLimits, toastTexts, type Member } from './support/accounts';
import { launchChromium } from './support/browser';
import { fakeCameraArgs, writeFakeCameraVideo } from './support/fakeCamera';
import { memberApi, storeSession, type MemberApi } from './support/memberApi';
import { captureScreen, expectInView, settle, viewports } from './support/screens';
import { createCommunity, operatorCli, printed } from './support/operator';
import { reserveProduct, type RunningProduct } from './support/serverProcess';
import { startStack, type SmtpSink, type Stack } from './support/stack';
import { type Locale, content, questionnairePayload, answers, words } from './support/earnRedeemContent';

/**
 * Pips in and out, in Chromium against the product as `npm start` runs it, on a community the
 * operator prepared with the real CLI before the start: an earn action that opens a page in a
 * new tab, an earn QR code scanned through Chromium's fake camera (and refused the second
 * time), a three-step questionnaire with every part type, and a reward redeemed through the
 * confirm dialog whose gift-card code shows in My Rewards. Each journey checks what the member
 * sees against what the server says (dashboard and ledger through the API). Then axe and the
 * screenshots of these screens, in English and Spanish, at both sizes.
 */

/** Polls until `read()` is true (the screens load and refresh asynchronously). */
const until = (read: () => Promise<boolean>, timeout = 15_000) => expect.poll(read, { timeout }).toBe(true);

const hasToast = async (page: Page, text: string) => (await toastTexts(page)).some((toast) => toast.includes(text));

describe('earn and redeem in Chromium', () => {
  let dir: string;
  let stack: Stack;
  let sink: SmtpSink;
  let product: RunningProduct;
  let browser: Browser;
  let communityId: string;
  const ids = { promo: 0, qr: 0, questionnaire: 0, coffee: 0, coffeeOption: 0, weekend: 0, weekendOption: 0 };
  let qrLink = '';
  let qrVideo = '';
  const browsers: Browser[] = [];

  /** The member of the journeys, logged in through the form in `context`. */
  let member: Member;
  let api: MemberApi;
  let context: BrowserContext;
  let page: Page;
  const shooters = {} as Record<Locale, { member: Member; api: MemberApi }>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pips-earn-redeem-'));
    const place = await reserveProduct();
    const admin = operatorCli(place);

    communityId = await createCommunity(place, 'E2E Rewards');
    const community = ['--community', communityId];
    ids.promo = Number(
      printed(
        await admin(
          'promo:create', ...community,
          '--title', content.promo.title, '--title-es', content.promo.titleEs,
          '--description', 'Have a look at every page of the app.', '--description-es', 'Echa un vistazo a todas las páginas de la app.',
          '--pips', String(content.promo.pips), '--limit', 'once', '--url', `${place.url}/sitemap`,
        ),
        /Created earn promo #(\d+)/,
      ),
    );
    const qrOut = await admin(
      'qr:create', ...community,
      '--title', content.qr.title, '--title-es', content.qr.titleEs,
      '--pips', String(content.qr.pips), '--limit', 'once', '--out', join(dir, 'qr'),
    );
    ids.qr = Number(printed(qrOut, /Created earn QR code #(\d+)/));
    qrLink = printed(qrOut, /link:\s+(\S+)/);
    expect(qrLink).toMatch(new RegExp(`^${place.url}/earn\\?qr=[A-Za-z0-9_-]{16,}$`));

    const formFile = join(dir, 'survey.json');
    writeFileSync(formFile, JSON.stringify(questionnairePayload, null, 2));
    ids.questionnaire = Number(
      printed(
        await admin('questionnaire:create', ...community, '--file', formFile, '--pips', String(content.questionnaire.pips)),
        /Created questionnaire #(\d+)/,
      ),
    );

    const coffeeOut = await admin(
      'reward:create', ...community,
      '--title', content.coffee.title, '--title-es', 'Café en la esquina',
      '--description', 'A small coffee at the corner café, any day.', '--description-es', 'Un café pequeño en la cafetería de la esquina.',
      '--terms', 'One code per visit. Valid for 90 days.', '--terms-es', 'Un código por visita. Válido 90 días.',
      '--option', `${content.coffee.option}|Café pequeño=${content.coffee.price}`,
      // One per member (issue 46): the member sees it on the reward, and that they have it once redeemed.
      '--limit', '1',
    );
    expect(coffeeOut).toMatch(/1 per member/);
    ids.coffee = Number(printed(coffeeOut, /Created reward #(\d+)/));
    ids.coffeeOption = Number(printed(coffeeOut, /option #(\d+)/));
    const weekendOut = await admin(
      'reward:create', ...community,
      '--title', content.weekend.title, '--title-es', 'Fin de semana para dos',
      '--option', `${content.weekend.option}|Dos noches=${content.weekend.price}`,
    );
    ids.weekend = Number(printed(weekendOut, /Created reward #(\d+)/));
    ids.weekendOption = Number(printed(weekendOut, /option #(\d+)/));

    // Codes for both rewards: the expensive one is in stock, only out of reach.
    const codesFile = join(dir, 'codes.csv');
    writeFileSync(codesFile, `code\n${content.coffeeCodes.join('\n')}\n`);
    expect(await admin('giftcards:import', '--option', String(ids.coffeeOption), '--file', codesFile)).toMatch(/Imported 5 codes/);
    writeFileSync(codesFile, `${content.weekendCodes.join('\n')}\n`);
    expect(await admin('giftcards:import', '--option', String(ids.weekendOption), '--file', codesFile)).toMatch(/Imported 1 code/);

    qrVideo = writeFakeCameraVideo(join(dir, 'earn-qr.y4m'), qrLink);

    ({ sink, product, browser } = stack = await startStack({ ...relaxedLimits }, place));
    /** A member of the screenshot pass, who earned the action and the QR code through the API. */
    const shooter = async (locale: Locale) => {
      const made = await createMember(product, sink, { label: `shots-${locale}`, firstName: locale === 'es' ? 'Lucía' : 'Ada', communityId });
      const madeApi = memberApi(product, made, { language: locale });
      expect(await madeApi.earn(ids.promo)).toMatchObject({ ok: true });
      expect(await madeApi.earnQr(qrLink)).toMatchObject({ ok: true });
      shooters[locale] = { member: made, api: madeApi };
    };
    [member] = await Promise.all([createMember(product, sink, { label: 'earner', firstName: 'Ada', communityId }), shooter('en'), shooter('es')]);
    api = memberApi(product, member);

    context = await browser.newContext({ viewport: viewports.phone, locale: 'en-US' });
    page = await context.newPage();
    await page.goto(`${product.url}/login`);
    await logIn(page, product, member);
    await page.waitForURL('**/home', { timeout: 15_000 });
  });

  afterAll(async () => {
    for (const extra of browsers) await extra.close();
    await stack?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** The balance the home screen shows, as text. */
  async function homeBalance(on: Page): Promise<string> {
    await on.goto(`${product.url}/home`);
    const balance = on.locator('output[aria-label="Available pips"]');
    await balance.waitFor();
    return balance.innerText();
  }

  const ledgerOf = async (kind: string) => (await api.actions()).filter((row) => row.kind === kind);

  it('earns an external action: its page opens in a new tab, the pips are credited once', async () => {
    await page.goto(`${product.url}/earn`);
    const card = page.locator(`#earn-action-${ids.promo}`);
    await card.getByRole('heading', { name: content.promo.title }).waitFor();
    expect(await card.getByText('+5 pips').isVisible()).toBe(true);

    const [tab] = await Promise.all([context.waitForEvent('page'), card.getByRole('button', { name: 'Earn', exact: true }).click()]);
    await until(() => hasToast(page, 'You earned 5 pips.'));
    await tab.waitForURL(`${product.url}/sitemap`, { timeout: 15_000 });
    // The earn page is cut off from the app that opened it.
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    await tab.close();

    // Once only: the action now says it is earned, and the server refuses it.
    const earned = card.getByRole('button', { name: 'Earned' });
    await earned.waitFor({ timeout: 15_000 });
    expect(await earned.isDisabled()).toBe(true);
    expect(await card.getByRole('button', { name: 'Earn', exact: true }).count()).toBe(0);
    expect(await api.earn(ids.promo)).toMatchObject({ ok: false, code: 'ALREADY_EARNED' });

    const dashboard = await api.dashboard();
    expect(dashboard).toMatchObject({ availablePips: 5, totalEarnedPips: 5, totalUsedPips: 0 });
    expect(await ledgerOf('promo')).toMatchObject([{ type: 'EARN', title: content.promo.title, pips: 5 }]);
    expect((await api.promos('EARN')).find((promo) => promo.id === ids.promo)).toMatchObject({ available: false, limit: 'once' });

    expect(await homeBalance(page)).toBe('5');
  });

  it('earns a QR code through the camera, and refuses the same code the second time', async () => {
    const camera = await launchChromium({ args: fakeCameraArgs(qrVideo) });
    browsers.push(camera);
    const phone = await (await camera.newContext({ viewport: viewports.phone, locale: 'en-US' })).newPage();
    await logIn(phone, product, member);
    await phone.waitForURL('**/home', { timeout: 15_000 });

    await phone.goto(`${product.url}/earn`);
    await phone.getByRole('button', { name: 'Scan a QR code' }).click();
    const result = phone.getByTestId('earn-qr-result');
    await result.waitFor({ timeout: 20_000 });
    expect(await result.innerText()).toContain('You earned 10 pips.');
    expect(await result.innerText()).toContain(content.qr.title);
    // Where the member looks: inside the phone's screen, with the camera box gone.
    await expectInView(phone, result);
    expect(await phone.getByLabel('Camera preview').count()).toBe(0);
    expect(await phone.getByText('Code accepted.').count()).toBe(0);
    await captureScreen(phone, 'earn-redeem/earn-qr-result', 'en');
    await until(async () => (await api.dashboard()).availablePips === 15);

    // The camera still films the same code: scanning again is refused, nothing more is credited.
    // The way on after a code, worded as after a refused one.
    expect(await phone.getByRole('button', { name: 'Scan with the camera' }).count()).toBe(0);
    await phone.getByRole('button', { name: 'Scan another code' }).click();
    await phone.getByText('You already scanned this code.').waitFor({ timeout: 20_000 });
    // An answer, not a failure: 'Already earned', and the way on is another code.
    const refusal = phone.getByTestId('qr-rejection');
    expect(await refusal.innerText()).toContain('Already earned');
    expect(await phone.getByText('Uh-oh, something went wrong').count()).toBe(0);
    await expectInView(phone, phone.getByRole('alert').filter({ hasText: 'You already scanned this code.' }));
    expect(await phone.getByLabel('Camera preview').count()).toBe(0);
    expect(await phone.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    expect(await phone.getByRole('button', { name: 'Scan another code' }).isVisible()).toBe(true);
    await captureScreen(phone, 'earn-redeem/earn-qr-refused', 'en');
    // And straight to the server, as a replayed scan would come.
    expect(await api.earnQr(qrLink)).toMatchObject({ ok: false, code: 'ALREADY_EARNED' });

    expect(await ledgerOf('qr')).toMatchObject([{ type: 'EARN', title: content.qr.title, pips: 10 }]);
    expect(await api.dashboard()).toMatchObject({ availablePips: 15, totalEarnedPips: 15, totalUsedPips: 0 });
    expect(await homeBalance(phone)).toBe('15');
  });

  it('answers a three-step questionnaire with every part type, once', async () => {
    await page.goto(`${product.url}/forms`);
    await page.getByRole('link', { name: new RegExp(content.questionnaire.title) }).click();
    await page.waitForURL(`**/forms/${ids.questionnaire}`);
    const step = page.locator('#form-step-heading');
    await until(async () => (await step.innerText()).includes('Step 1 of 3'));
    expect(await step.innerText()).toContain('About you');

    // Next without the required answers: each one says so, and the step stays.
    await page.getByRole('button', { name: 'Next' }).click();
    await until(async () => (await page.getByText('Please answer this question.').count()) === 2);
    expect(await step.innerText()).toContain('Step 1 of 3');

    await page.getByRole('radio', { name: 'Every week' }).check();
    await page.getByRole('checkbox', { name: 'Sport' }).check();
    await page.getByRole('checkbox', { name: 'Music' }).check();
    expect(await page.getByText('Please answer this question.').count()).toBe(0);
    await page.getByRole('button', { name: 'Next' }).click();
    await until(async () => (await step.innerText()).includes('Step 2 of 3'));

    await page.getByRole('button', { name: 'Next' }).click();
    await until(async () => (await page.getByText('Please answer this question.').count()) === 1);
    await page.getByLabel('4 of 5 stars').check({ force: true });
    await page.getByLabel('What should we improve?').fill(answers.improve);
    await page.getByRole('button', { name: 'Next' }).click();
    await until(async () => (await step.innerText()).includes('Step 3 of 3'));

    // A reload goes on where the member was: the same step, every answer kept.
    await page.reload();
    await until(async () => (await page.locator('#form-step-heading').innerText()).includes('Step 3 of 3'));

    // The date as an English-speaking member types it (MM/DD/YYYY): answers.lastVisit.
    const lastVisitTyped = '05/01/2026';
    // A number out of its range is refused on the spot.
    await page.getByLabel('How many people live in your home?').fill('25');
    await page.getByLabel('When did you last visit?').fill(lastVisitTyped);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Please enter a number from 1 to 20.').waitFor();
    await page.getByLabel('How many people live in your home?').fill('3');

    // Previous keeps every answer, back to the first step and forward again.
    await page.getByRole('button', { name: 'Previous' }).click();
    await until(async () => (await step.innerText()).includes('Step 2 of 3'));
    expect(await page.getByLabel('4 of 5 stars').isChecked()).toBe(true);
    expect(await page.getByLabel('What should we improve?').inputValue()).toBe(answers.improve);
    await page.getByRole('button', { name: 'Previous' }).click();
    await until(async () => (await step.innerText()).includes('Step 1 of 3'));
    expect(await page.getByRole('radio', { name: 'Every week' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Sport' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Music' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Gardening' }).isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Next' }).click();
    await until(async () => (await step.innerText()).includes('Step 2 of 3'));
    await page.getByRole('button', { name: 'Next' }).click();
    await until(async () => (await step.innerText()).includes('Step 3 of 3'));
    expect(await page.getByLabel('How many people live in your home?').inputValue()).toBe('3');
    expect(await page.getByLabel('When did you last visit?').inputValue()).toBe(lastVisitTyped);

    await page.getByRole('button', { name: 'Submit' }).click();
    await until(() => hasToast(page, 'Thank you! You earned 15 pips.'));
    await page.waitForURL(`${product.url}/forms`);
    const listed = page.getByRole('listitem').filter({ hasText: content.questionnaire.title });
    await until(() => listed.getByText('Completed').isVisible());
    expect(await page.getByRole('link', { name: new RegExp(content.questionnaire.title) }).count()).toBe(0);

    expect((await api.questionnaires()).find((form) => form.id === ids.questionnaire)).toMatchObject({ answered: true, pipsToEarn: 15 });
    expect(await ledgerOf('questionnaire')).toMatchObject([{ type: 'EARN', title: content.questionnaire.title, pips: 15 }]);
    expect(await api.dashboard()).toMatchObject({ availablePips: 30, totalEarnedPips: 30, totalUsedPips: 0 });
    // Once per member: the same answers again are refused.
    expect(await api.answer(ids.questionnaire, answers)).toMatchObject({ ok: false, code: 'ALREADY_ANSWERED' });
  });

  it('redeems a reward through the confirm dialog and finds its code in My Rewards and Activity', async () => {
    // The scripts this visit asks for (from the browser's cache or not): the list does not need
    // a reward's screen or its dialog, which are chunks of their own.
    const scripts: string[] = [];
    const recordScript = (request: Request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) scripts.push(pathname);
    };
    const asked = (chunk: string) => scripts.some((path) => path.startsWith(`/assets/${chunk}-`));
    page.on('request', recordScript);
    await page.goto(`${product.url}/redeem`);
    const coffee = page.locator(`a[href="/redeem/${ids.coffee}"]`);
    const weekend = page.locator(`a[href="/redeem/${ids.weekend}"]`);
    await until(() => weekend.getByText('You need 470 more pips').isVisible());
    expect(await page.getByText('You have 30 pips').first().isVisible()).toBe(true);
    expect(await coffee.innerText()).toContain(content.coffee.title);
    expect(await coffee.innerText()).toContain('Price: 20 pips');
    expect(await coffee.getByTestId('redeem-limit').textContent()).toBe('1 per member');
    expect(await coffee.innerText()).not.toContain('more pips');
    expect(await weekend.innerText()).toContain(content.weekend.title);
    expect(await weekend.innerText()).toContain('Price: 500 pips');
    // Neither the reward's screen nor its dialog, nor the Mantine parts only they use.
    const notForTheList = ['RedeemDetail', 'ConfirmRedeemModal', 'Radio.layer', 'Modal.layer', 'ModalBase.layer', 'Overlay.layer', 'ScrollArea.layer'];
    expect(notForTheList.filter(asked)).toEqual([]);

    // Out of reach: the detail says so and Redeem is off.
    await weekend.click();
    await page.waitForURL(`**/redeem/${ids.weekend}`);
    await page.getByRole('status').filter({ hasText: 'You need 470 more pips' }).waitFor();
    expect(asked('RedeemDetail')).toBe(true);
    expect(await page.getByRole('button', { name: 'Redeem', exact: true }).isDisabled()).toBe(true);

    await page.goto(`${product.url}/redeem/${ids.coffee}`);
    await page.getByRole('heading', { name: content.coffee.title }).waitFor();
    expect(await page.getByRole('radio', { name: content.coffee.option }).isChecked()).toBe(true);
    const redeem = page.getByRole('button', { name: 'Redeem', exact: true });
    await until(() => redeem.isEnabled());
    await redeem.click();

    const dialog = page.getByRole('dialog', { name: 'Confirm redemption' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('confirm-balance').innerText()).toBe('30');
    expect(await dialog.getByTestId('confirm-cost').innerText()).toBe('−20');
    expect(await dialog.getByTestId('confirm-remaining').innerText()).toBe('10');
    expect(await dialog.innerText()).toContain(`Redeem ${content.coffee.title} (${content.coffee.option})?`);
    expect(asked('ConfirmRedeemModal')).toBe(true);
    page.off('request', recordScript);
    await dialog.getByRole('button', { name: 'Confirm' }).click();

    await page.waitForURL(/\/rewards\/\d+$/, { timeout: 15_000 });
    await until(() => hasToast(page, 'Reward redeemed! Your code is in My Rewards.'));
    const transactionId = Number(new URL(page.url()).pathname.split('/').pop());
    const code = page.getByTestId('reward-code');
    await code.waitFor({ timeout: 15_000 });
    const shown = await code.innerText();
    expect(content.coffeeCodes).toContain(shown);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toContain(content.coffee.title);

    // The server agrees: one gift card with that code, 20 pips used.
    expect(await api.giftCards()).toMatchObject([{ transactionId, pips: 20 }]);
    const transaction = await api.call<{ code: string }>('POST', '/mobile/transaction', { form: { id: transactionId } });
    expect(transaction).toMatchObject({ ok: true, data: { code: shown } });
    expect(await api.dashboard()).toMatchObject({ availablePips: 10, totalEarnedPips: 30, totalUsedPips: 20 });

    // One per member: the reward says the member has it, Redeem is off, and the server refuses another.
    await page.goto(`${product.url}/redeem`);
    await until(async () => (await coffee.getByTestId('redeem-used-up').isVisible()) && (await coffee.getByTestId('redeem-used-up').innerText()) === 'You already have this one');
    await coffee.click();
    await page.waitForURL(`**/redeem/${ids.coffee}`);
    await page.getByRole('status').filter({ hasText: 'You already have this one' }).waitFor();
    expect(await page.getByRole('button', { name: 'Redeem', exact: true }).isDisabled()).toBe(true);
    expect(await api.call('POST', '/mobile/redeem', { form: { pid: ids.coffee, optId: ids.coffeeOption, amount: 1 } })).toMatchObject({
      ok: false,
      status: 409,
      code: 'REDEMPTION_LIMIT_REACHED',
    });
    expect(await api.dashboard()).toMatchObject({ availablePips: 10 });

    // My Rewards lists it and leads back to the code.
    await page.goto(`${product.url}/rewards`);
    const row = page.locator(`a[href="/rewards/${transactionId}"]`);
    await row.waitFor();
    expect(await row.innerText()).toContain(content.coffee.title);
    // A card, not a link in a sentence: its title in the text colour, not the link blue (nor, once
    // opened, a visited link's purple, which the browser hides from scripts but follows the same rule).
    const colors = await row.evaluate((card) => [getComputedStyle(card.querySelector('h2')!).color, getComputedStyle(document.body).color]);
    expect(colors[0]).toBe(colors[1]);
    await row.click();
    await page.waitForURL(`**/rewards/${transactionId}`);
    await until(async () => (await code.innerText()) === shown);

    expect(await homeBalance(page)).toBe('10');

    // Activity: each line says what moved the pips, + for earned and − for spent.
    await page.goto(`${product.url}/activity`);
    const lines = page.locator('main ul[aria-label="Your pips, newest first"] > li');
    await until(async () => (await lines.count()) === 4);
    const texts = await lines.allInnerTexts();
    const line = (title: string) => texts.find((text) => text.includes(title)) ?? `(no line for ${title})`;
    expect(line(content.promo.title)).toMatch(/Earn action[\s\S]*\+5\s*pips earned/);
    expect(line(content.qr.title)).toMatch(/QR code[\s\S]*\+10\s*pips earned/);
    expect(line(content.questionnaire.title)).toMatch(/Questionnaire[\s\S]*\+15\s*pips earned/);
    expect(line(content.coffee.title)).toMatch(/Reward[\s\S]*−20\s*pips spent/);
    // Newest first: the redemption on top.
    expect(texts[0]).toContain(content.coffee.title);
    expect((await api.actions()).map(({ kind, pips }) => [kind, pips])).toEqual([
      ['redeem', -20],
      ['questionnaire', 15],
      ['qr', 10],
      ['promo', 5],
    ]);
  });

  describe.each<Locale>(['en', 'es'])('accessible and photographed in %s', (locale) => {
    it('earn, forms, redeem, the confirm dialog, rewards and activity', async () => {
      // A member of their own who earned through the API, so every screen has something to show.
      const { member: shooter, api: shooterApi } = shooters[locale];

      const shots = await browser.newContext({ viewport: viewports.phone, locale: locale === 'es' ? 'es-ES' : 'en-US' });
      await shots.addInitScript((language) => localStorage.setItem('language', language), locale);
      const shot = await shots.newPage();
      await shot.goto(`${product.url}/login`);
      await storeSession(shot, shooter);
      await shot.goto(`${product.url}/earn`);

      const screen = async (name: string, ready: Locator) => {
        await ready.first().waitFor({ timeout: 15_000 });
        await settle(shot);
        expect(await shot.evaluate(() => document.documentElement.lang)).toBe(locale);
        await expectAccessible(shot, `${name} (${locale})`);
        await captureScreen(shot, `earn-redeem/${name}`, locale);
      };
      /** Opens `path` within the app, as a link would (a reload per screen costs a second), or afresh. */
      const go = async (path: string, { fresh = false } = {}) => {
        if (fresh || !shot.url().startsWith(product.url)) await shot.goto(`${product.url}${path}`);
        else {
          await shot.evaluate((to) => {
            history.pushState(null, '', to);
            dispatchEvent(new PopStateEvent('popstate'));
          }, path);
        }
        await shot.waitForURL(`${product.url}${path}`);
      };
      const visit = async (path: string, name: string, ready: string, options?: { fresh?: boolean }) => {
        await go(path, options);
        await screen(name, shot.locator(ready));
      };

      await visit('/earn', 'earn', `#earn-action-${ids.promo} button:disabled`);
      await visit('/forms', 'forms', `a[href="/forms/${ids.questionnaire}"]`);
      await visit(`/forms/${ids.questionnaire}`, 'form-step', '#form-step-heading');
      await shot.getByRole('button', { name: words[locale].next }).click();
      await screen('form-step-errors', shot.locator('#form-part-visits-error'));

      expect(await shooterApi.answer(ids.questionnaire, answers)).toMatchObject({ ok: true, data: { pipsEarned: 15 } });
      await visit('/forms', 'forms-completed', 'main li:not(:has(a)) .mantine-Badge-root');
      await go('/redeem');
      await screen('redeem', shot.locator(`a[href="/redeem/${ids.weekend}"]`).getByText(words[locale].needMore));
      await visit(`/redeem/${ids.weekend}`, 'redeem-detail-short', 'section[aria-labelledby="redeem-option"] [role="status"]');
      await visit(`/redeem/${ids.coffee}`, 'redeem-detail', `section[aria-labelledby="redeem-option"] button:enabled`);
      await shot.getByRole('button', { name: words[locale].redeem, exact: true }).click();
      await screen('redeem-confirm', shot.getByTestId('confirm-remaining').filter({ hasText: '10' }));
      // Each amount's name on one line, 'Remaining balance' / 'Saldo restante' too, on a phone.
      const rowHeights = await shot.getByRole('dialog').locator('tbody th').evaluateAll((cells) => cells.map((cell) => Math.round(cell.getBoundingClientRect().height)));
      expect(new Set(rowHeights).size).toBe(1);
      await shot.getByRole('dialog').getByRole('button', { name: words[locale].confirm }).click();
      await shot.waitForURL(/\/rewards\/\d+$/, { timeout: 15_000 });
      // With the 'Reward redeemed!' toast on screen (its close button is named), then afresh.
      await screen('reward-redeemed', shot.locator('.mantine-Notification-root [aria-label]'));
      await visit(new URL(shot.url()).pathname, 'reward-detail', '[data-testid="reward-code"]', { fresh: true });
      await visit('/rewards', 'rewards', 'a[href^="/rewards/"]');
      await visit('/activity', 'activity', 'main ul > li:nth-child(4)');
      await shots.close();
    });
  });
});
