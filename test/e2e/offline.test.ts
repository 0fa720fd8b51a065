import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMember, logIn, relaxedLimits, type Member } from './support/accounts';
import { launchChromium } from './support/browser';
import { fakeCameraArgs, writeFakeCameraVideo } from './support/fakeCamera';
import { memberApi, type MemberApi } from './support/memberApi';
import { captureScreen, viewports } from './support/screens';
import { createCommunity, operatorCli, printed } from './support/operator';
import { reserveProduct, type RunningProduct } from './support/serverProcess';
import { startStack, type SmtpSink, type Stack } from './support/stack';
import { recordToasts, type ToastLog } from './support/toastLog';
import { say, decir, content, surveyPayload, pollPayload } from './support/offlineContent';

/**
 * Offline, in Chromium against the product as `npm start` runs it: the
 * member scans an earn QR code through the fake camera and answers a questionnaire while the
 * browser is offline (playwright's `setOffline`); both wait in the IndexedDB queues (through a
 * reload), nothing reaches the server; back online the toasts count what is sent, and the
 * server credits each exactly once, also when the connection drops and comes back again, and
 * when two tabs of the member come back online together.
 */

const until = (read: () => Promise<boolean>, timeout = 15_000) => expect.poll(read, { timeout }).toBe(true);

describe('offline earn and forms in Chromium', () => {
  let dir: string;
  let stack: Stack;
  let sink: SmtpSink;
  let product: RunningProduct;
  let camera: Browser;
  let cameraVideo = '';
  let qrLink = '';
  let secondQrLink = '';
  const ids = { qr: 0, survey: 0, poll: 0 };

  let member: Member;
  let api: MemberApi;
  let context: BrowserContext;
  let page: Page;
  let toasts: ToastLog;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pips-offline-'));
    const place = await reserveProduct();
    const admin = operatorCli(place);

    const communityId = await createCommunity(place, 'E2E Offline');
    const community = ['--community', communityId];
    const qrOut = await admin(
      'qr:create', ...community, '--title', content.qr.title, '--pips', String(content.qr.pips), '--limit', 'once', '--out', join(dir, 'qr'),
    );
    ids.qr = Number(printed(qrOut, /Created earn QR code #(\d+)/));
    qrLink = printed(qrOut, /link:\s+(\S+)/);
    // A second code, scanned offline with the scanner left open (the last journey).
    secondQrLink = printed(await admin('qr:create', ...community, '--title', 'Market stall', '--pips', '3', '--limit', 'once', '--out', join(dir, 'qr2')), /link:\s+(\S+)/);
    expect(qrLink).toMatch(new RegExp(`^${place.url}/earn\\?qr=[A-Za-z0-9_-]{16,}$`));

    for (const [name, payload, pips] of [
      ['survey', surveyPayload, content.survey.pips],
      ['poll', pollPayload, content.poll.pips],
    ] as const) {
      const file = join(dir, `${name}.json`);
      writeFileSync(file, JSON.stringify(payload, null, 2));
      ids[name] = Number(printed(await admin('questionnaire:create', ...community, '--file', file, '--pips', String(pips)), /Created questionnaire #(\d+)/));
    }

    // The camera films an empty scene until the offline scan: opening the scanner online (to
    // load its chunk) must not earn the code. Chromium opens the file again at every capture.
    cameraVideo = writeFakeCameraVideo(join(dir, 'camera.y4m'), null);

    ({ sink, product } = stack = await startStack({ ...relaxedLimits }, place));
    member = await createMember(product, sink, { label: 'offline', firstName: 'Olive', communityId });
    api = memberApi(product, member);

    camera = await launchChromium({ args: fakeCameraArgs(cameraVideo) });
    context = await camera.newContext({ viewport: viewports.phone, locale: 'en-US' });
    toasts = await recordToasts(context);
    page = await context.newPage();
    await page.goto(`${product.url}/login`);
    await logIn(page, product, member);
    await page.waitForURL('**/home', { timeout: 15_000 });
  });

  afterAll(async () => {
    await camera?.close();
    await stack?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** The server's view: available pips and the ledger rows as [kind, pips], newest first. */
  const serverSays = async () => ({
    available: (await api.dashboard()).availablePips,
    rows: (await api.actions()).map(({ kind, pips }) => [kind, pips]),
  });

  /**
   * Until no offline sync runs or waits in the tab (its Web Locks lock is neither held nor
   * asked for), and the toasts it raised are on screen: a run starts in the same step as the
   * online toast, so after that toast this is the end of whatever the tab sends.
   */
  const syncIdle = async (on: Page) => {
    await on.waitForFunction(async () => {
      const { held = [], pending = [] } = await navigator.locks.query();
      return ![...held, ...pending].some((lock) => lock.name === 'pips-offline-sync');
    });
    await on.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  };

  const earnPending = (on: Page) => on.locator('section[aria-labelledby="earn-pending-heading"]');
  const activityPending = (on: Page) => on.locator('section[aria-labelledby="activity-pending"]');
  const formItem = (on: Page, title: string) => on.getByRole('listitem').filter({ hasText: title });

  it('loads the app, the scanner and the questionnaire while online, with the service worker in control', async () => {
    // The service worker precaches the app shell and every chunk; the offline visits below need it.
    await until(() => page.evaluate(() => navigator.serviceWorker.ready.then(() => Boolean(navigator.serviceWorker.controller))), 20_000);

    await page.goto(`${product.url}/earn`);
    await page.getByRole('button', { name: 'Scan a QR code' }).click();
    await page.getByText('Point the camera at the QR code.').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Close the scanner' }).click();

    await page.goto(`${product.url}/forms/${ids.survey}`);
    await until(async () => (await page.locator('#form-step-heading').innerText()).includes('Step 1 of 2'));
    await page.goto(`${product.url}/forms`);
    await formItem(page, content.poll.title).getByRole('link').waitFor();
    await page.goto(`${product.url}/earn`);
    await page.getByRole('heading', { name: 'Earn', level: 1 }).waitFor();

    expect(await serverSays()).toEqual({ available: 0, rows: [] });
  });

  it('offline: queues a camera scan and a questionnaire, keeps them through a reload, sends nothing', async () => {
    const since = toasts.mark();
    await context.setOffline(true);
    await toasts.waitFor(page, say.offline, { since });
    expect(toasts.entries(page, since)).toEqual([['error', say.offline]]);

    // The camera now films the earn QR code.
    writeFakeCameraVideo(cameraVideo, qrLink);
    await page.getByRole('button', { name: 'Scan a QR code' }).click();
    await page.getByText(say.scanQueued).waitFor({ timeout: 20_000 });
    expect(await page.getByText('Saved for later').isVisible()).toBe(true);
    expect(await page.getByTestId('earn-qr-result').count()).toBe(0);
    expect(await page.getByText('Code accepted.').count()).toBe(0);
    await earnPending(page).waitFor();
    expect(await earnPending(page).textContent()).toMatch(new RegExp(`${say.waiting}.*${say.scanPending}.*Pending`));
    await page.getByRole('button', { name: 'Close the scanner' }).click();

    // A reload while offline: the service worker serves the app, IndexedDB still holds the scan.
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await earnPending(page).waitFor({ timeout: 15_000 });
    expect(await earnPending(page).getByRole('listitem').count()).toBe(1);

    // The questionnaire, from the copy cached while online.
    await page.goto(`${product.url}/forms/${ids.survey}`);
    const step = page.locator('#form-step-heading');
    await until(async () => (await step.innerText()).includes('Step 1 of 2'));
    await page.getByRole('radio', { name: 'No' }).check();
    await page.getByRole('checkbox', { name: 'Benches' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await until(async () => (await step.innerText()).includes('Step 2 of 2'));
    await page.getByLabel('Anything else to tell us?').fill('The corner lamp is out.');
    const beforeSubmit = toasts.mark();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(`${product.url}/forms`);
    await toasts.waitFor(page, say.formQueued, { since: beforeSubmit });
    const survey = formItem(page, content.survey.title);
    await survey.getByText(say.waiting).waitFor();
    expect(await survey.getByRole('link').count()).toBe(0);
    // The other questionnaire is still open.
    expect(await formItem(page, content.poll.title).getByRole('link').count()).toBe(1);

    await page.goto(`${product.url}/activity`);
    await activityPending(page).waitFor({ timeout: 15_000 });
    const pending = activityPending(page).getByRole('listitem');
    expect(await pending.count()).toBe(2);
    const lines = await pending.allInnerTexts();
    expect(lines.some((line) => line.includes(say.activityScan))).toBe(true);
    expect(lines.some((line) => line.includes(content.survey.title))).toBe(true);

    // Nothing reached the server (the test process is online; the browser is not).
    expect(await serverSays()).toEqual({ available: 0, rows: [] });
    // No sync toast while offline.
    expect(toasts.texts(page, since).filter((text) => /sync|sent\.|synced/.test(text))).toEqual([]);
  });

  it('back online: the toasts count what is sent, the queues empty, each credited exactly once', async () => {
    const since = toasts.mark();
    await context.setOffline(false);
    await toasts.waitFor(page, say.formSent, { since, timeout: 20_000 });
    // In order: online, the earn queue synced, the form queue sent. Each queue has one toast that
    // turns from 'waiting' to the count sent, then 'synced', in place; a quick sync may turn it
    // before it is seen.
    const seen = toasts.entries(page, since);
    const waiting: (string | null)[] = [say.earnPending, say.earnProgress, say.formPending, say.formProgress];
    expect(seen.filter(([, text]) => !waiting.includes(text))).toEqual([
      ['success', say.online],
      ['success', say.earnSynced],
      ['success', say.formSent],
    ]);
    expect(seen.filter(([kind]) => kind === 'info').map(([, text]) => text).filter((text) => !waiting.includes(text))).toEqual([]);

    // Activity: the pending section gone, the two credits listed.
    await until(async () => (await activityPending(page).count()) === 0);
    const lines = page.locator('main ul[aria-label="Your pips, newest first"] > li');
    await until(async () => (await lines.count()) === 2);
    const texts = await lines.allInnerTexts();
    expect(texts.find((text) => text.includes(content.qr.title))).toMatch(/\+10\s*pips earned/);
    expect(texts.find((text) => text.includes(content.survey.title))).toMatch(/\+15\s*pips earned/);

    expect(await serverSays()).toEqual({
      available: 25,
      rows: [
        ['questionnaire', 15],
        ['qr', 10],
      ],
    });
    expect(await api.dashboard()).toMatchObject({ availablePips: 25, totalEarnedPips: 25, totalUsedPips: 0 });
    expect((await api.questionnaires()).find((form) => form.id === ids.survey)).toMatchObject({ answered: true });

    await page.goto(`${product.url}/earn`);
    await page.getByRole('heading', { name: 'Earn', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Ways to earn' }).waitFor();
    expect(await earnPending(page).count()).toBe(0);
    await page.goto(`${product.url}/forms`);
    await formItem(page, content.survey.title).getByText('Completed').waitFor();
  });

  it('offline and online again: nothing is sent again', async () => {
    const since = toasts.mark();
    await context.setOffline(true);
    await toasts.waitFor(page, say.offline, { since });
    await context.setOffline(false);
    await toasts.waitFor(page, say.online, { since });
    // The run the network's return started is over: it sent nothing, and said nothing.
    await syncIdle(page);
    expect(toasts.texts(page, since)).toEqual([say.offline, say.online]);
    expect(await serverSays()).toEqual({
      available: 25,
      rows: [
        ['questionnaire', 15],
        ['qr', 10],
      ],
    });
  });

  it('two tabs of the member come back online: the queued answer is sent once, by one tab', async () => {
    const other = await context.newPage();
    await other.goto(`${product.url}/activity`);
    await other.getByRole('heading', { name: 'Activity', level: 1 }).waitFor({ timeout: 15_000 });
    await page.goto(`${product.url}/forms/${ids.poll}`);
    await page.getByRole('radio', { name: 'Sunday' }).waitFor({ timeout: 15_000 });

    const since = toasts.mark();
    await context.setOffline(true);
    await toasts.waitFor(page, say.offline, { since });
    await toasts.waitFor(other, say.offline, { since });
    await page.getByRole('radio', { name: 'Sunday' }).check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await toasts.waitFor(page, say.formQueued, { since });
    // The other tab sees it waiting (IndexedDB is shared by the tabs).
    await activityPending(other).getByText(content.poll.title).waitFor({ timeout: 15_000 });

    const back = toasts.mark();
    await context.setOffline(false);
    await until(() => Promise.resolve(toasts.texts(undefined, back).includes(say.formSent)), 20_000);
    await until(async () => (await activityPending(other).count()) === 0);
    // Both tabs' runs are over (one sent the answer, the other found nothing left).
    await Promise.all([syncIdle(page), syncIdle(other)]);
    // Both tabs say they are online; only one announced and sent the queue.
    expect(toasts.texts(page, back).filter((text) => text === say.online)).toHaveLength(1);
    expect(toasts.texts(other, back).filter((text) => text === say.online)).toHaveLength(1);
    const sent = [page, other].map((tab) => toasts.texts(tab, back).filter((text) => text !== say.online));
    // One tab sent it (its toast may have turned from 'waiting' to 'sent' before it was seen); the other said nothing.
    const [sender, silent] = sent.sort((a, b) => b.length - a.length);
    expect([sender.filter((text) => text !== say.formPending && text !== say.formProgress), silent]).toEqual([[say.formSent], []]);

    expect(await serverSays()).toEqual({
      available: 30,
      rows: [
        ['questionnaire', 5],
        ['questionnaire', 15],
        ['qr', 10],
      ],
    });
    await other.close();
  });

  it('offline, the installed app switches to Spanish on every screen, those never opened too (the catalog parts are precached), showing the data saved in English', async () => {
    await context.setOffline(true);
    await page.goto(`${product.url}/home`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Español', exact: true }).click();
    // Home's tiles, from the parts already loaded, now in Spanish
    await page.getByText('Responde cuestionarios y gana pips').waitFor();
    // No balances were ever saved in Spanish: the ones saved in English show (figures need no translation), not the load error
    await expect.poll(() => page.getByRole('status', { name: 'Pips disponibles' }).textContent()).toMatch(/^\d/);
    expect(await page.getByText('No se pudo cargar el panel').count()).toBe(0);
    // Activity likewise lists what was saved, with the offline notice
    await page.getByTestId('tab-bar').getByRole('link', { name: 'Actividad', exact: true }).click();
    await page.getByText('Estás sin conexión o el servidor no respondió: esta es tu actividad guardada.').waitFor();
    expect(await page.getByText('No se pudieron cargar los datos del panel').count()).toBe(0);
    // Profile and Redeem were never opened in this tab: their code and their Spanish come from the precache
    const tabBar = page.getByTestId('tab-bar');
    await tabBar.getByRole('link', { name: 'Perfil', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Perfil' }).waitFor();
    await tabBar.getByRole('link', { name: 'Canjear', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Canjear' }).waitFor();
    // My rewards was never loaded on this device: no error and no button, it comes with the connection.
    await page.goto(`${product.url}/rewards`);
    const notSaved = page.getByTestId('not-saved-offline');
    await notSaved.getByText('Estás sin conexión').waitFor({ timeout: 15_000 });
    expect(await notSaved.innerText()).toContain('Se mostrará en cuanto vuelvas a estar en línea.');
    expect(await page.getByRole('main').getByRole('button').count()).toBe(0);
    expect(await page.getByText('No se pudieron cargar tus recompensas').count()).toBe(0);
    await context.setOffline(false);
    await page.getByText('Todavía no tienes recompensas.').waitFor({ timeout: 15_000 });
    expect(await notSaved.count()).toBe(0);
    await page.getByRole('button', { name: 'English', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'My rewards' }).waitFor();
  });

  it('without a service worker yet, a screen whose code cannot load offline keeps the app on screen (no reload into the browser error page)', async () => {
    // A first visit before the service worker controls the page: here, one that never will.
    const fresh = await camera.newContext({ viewport: viewports.phone, locale: 'en-US', serviceWorkers: 'block' });
    const tab = await fresh.newPage();
    // The page's timers on a clock the test moves (it runs at its own pace until then).
    await tab.clock.install();
    const pageErrors: string[] = [];
    tab.on('pageerror', (error) => pageErrors.push(String(error)));
    const failedChunks: string[] = [];
    tab.on('requestfailed', (request) => {
      if (request.url().includes('/assets/')) failedChunks.push(request.url());
    });
    const navigations: string[] = [];
    tab.on('framenavigated', (frame) => {
      if (frame === tab.mainFrame()) navigations.push(frame.url());
    });
    await tab.goto(`${product.url}/login`);
    await logIn(tab, product, member);
    await tab.waitForURL('**/home', { timeout: 15_000 });
    await tab.getByRole('heading', { level: 1, name: /^Hi,/ }).waitFor();
    const before = navigations.length;
    await fresh.setOffline(true);
    await tab.getByTestId('tab-bar').getByRole('link', { name: 'Redeem', exact: true }).click();
    await expect.poll(() => failedChunks.length).toBeGreaterThan(0);
    // The page's clock moved 1.5 s on, every timer due on the way run: the reload the app used to
    // make (100 ms after the failure) would have come, and the browser's error page with it.
    await tab.clock.runFor(1500);
    expect(navigations.slice(before).filter((url) => !url.startsWith(product.url))).toEqual([]);
    expect(tab.url()).toBe(`${product.url}/redeem`);
    // The frame stays (top bar, tab bar) with the notice in place of the screen.
    await tab.getByTestId('tab-bar').waitFor();
    const notice = tab.getByTestId('screen-error');
    await notice.getByText("You're offline").waitFor();
    await notice.getByText("This page is not saved on this device yet. It opens as soon as you're back online.").waitFor();
    // Back online, the screen's code is asked for again and the screen shows by itself.
    await fresh.setOffline(false);
    await tab.getByRole('heading', { level: 1, name: 'Redeem' }).waitFor();
    expect(await notice.count()).toBe(0);
    // With its stylesheet, which failed offline too (Vite's preload helper never asks twice).
    const styled = () =>
      tab.evaluate(() =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].some((link) => link.href.includes('/assets/RedeemScreen-') && link.sheet !== null),
      );
    await expect.poll(styled).toBe(true);
    // The toast container, asked for offline too (the offline toast), comes with all six of its
    // stylesheets: the toasts float over the screen instead of lying unstyled under the tab bar.
    const toastsFloat = () =>
      tab.evaluate(() => {
        const root = document.querySelector('.mantine-Notifications-root');
        return root ? getComputedStyle(root).position : 'absent';
      });
    await expect.poll(toastsFloat).toBe('fixed');

    // Español chosen offline: its catalog was never fetched, so English stays, and the switch
    // says so at once (no 11 s of retries offline); back online, Spanish shows by itself.
    await fresh.setOffline(true);
    const languages = tab.getByRole('group', { name: 'Language' });
    await languages.getByRole('button', { name: 'Español' }).click();
    const waiting = tab.getByRole('status').filter({ hasText: 'back online' });
    await expect.poll(() => waiting.textContent(), { timeout: 3000 }).toBe("Español will show once you're back online.");
    expect(await tab.getByRole('heading', { level: 1 }).textContent()).toBe('Redeem');
    expect(await languages.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');
    // The notice stands in the page's flow below the top bar: on a phone it covered the heading.
    const noticeBox = (await waiting.locator('xpath=..').boundingBox())!;
    const headingBox = (await tab.getByRole('heading', { level: 1 }).boundingBox())!;
    expect(noticeBox.y + noticeBox.height).toBeLessThanOrEqual(headingBox.y);
    expect(noticeBox.width).toBeGreaterThan(viewports.phone.width * 0.8);
    await captureScreen(tab, 'offline-language-waiting', 'en');
    await fresh.setOffline(false);
    await tab.getByRole('heading', { level: 1, name: 'Canjear' }).waitFor();
    expect(await tab.getByRole('group', { name: 'Idioma' }).getByRole('button', { name: 'Español' }).getAttribute('aria-pressed')).toBe('true');
    // The notice is gone (its live region, below the top bar, is empty).
    await expect.poll(() => tab.getByTestId('language-notice-slot').getByRole('status').textContent()).toBe('');
    expect(pageErrors).toEqual([]);
    await fresh.close();
  });

  it('a toast on screen follows a language switch: the offline toast raised in English turns Spanish in place; back online the data comes in Spanish', async () => {
    await page.goto(`${product.url}/home`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const since = toasts.mark();
    await context.setOffline(true);
    await toasts.waitFor(page, say.offline, { since });
    await page.getByRole('button', { name: 'Español', exact: true }).click();
    await toasts.waitFor(page, decir.offline, { since });
    // The same toast, its text changed in place: no second toast, no English left on screen.
    expect(await page.locator('.mantine-Notification-root').count()).toBe(1);
    expect(toasts.entries(page, since)).toEqual([
      ['error', say.offline],
      ['error', decir.offline],
    ]);
    // Back online, Home's data (kept from English while offline) is fetched again in Spanish.
    const spanishDashboard = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/mobile/dashboard' && response.request().headers()['accept-language'] === 'es' && response.ok(),
      { timeout: 15_000 },
    );
    await context.setOffline(false);
    await toasts.waitFor(page, decir.online, { since });
    await spanishDashboard;
    // Nothing was waiting to be sent, so no sync run (whose credits reload the balances) fetched it.
    await syncIdle(page);
    expect(toasts.entries(page, since)).toEqual([
      ['error', say.offline],
      ['error', decir.offline],
      ['success', decir.online],
    ]);
    await page.getByRole('button', { name: 'English', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: /^Hi,/ }).waitFor();
  });

  it('a scan saved for later with the scanner left open: once it is sent, the notice says so and no offline notice stays', async () => {
    await page.goto(`${product.url}/earn`);
    await page.getByRole('heading', { name: 'Earn', level: 1 }).waitFor();
    const since = toasts.mark();
    await context.setOffline(true);
    await toasts.waitFor(page, say.offline, { since });
    writeFakeCameraVideo(cameraVideo, secondQrLink);
    await page.getByRole('button', { name: 'Scan a QR code' }).click();
    await page.getByText(say.scanQueued).waitFor({ timeout: 20_000 });
    expect(await page.getByText('Saved for later', { exact: true }).isVisible()).toBe(true);
    // The camera films nothing again: the open scanner must not scan the code a second time.
    writeFakeCameraVideo(cameraVideo, null);

    await context.setOffline(false);
    await toasts.waitFor(page, say.earnSynced, { since, timeout: 20_000 });
    await page.getByTestId('earn-qr-queued-sent').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('earn-qr-queued-sent').innerText()).toContain("You're back online: your saved scan was sent.");
    expect(await page.getByText('Saved for later', { exact: true }).count()).toBe(0);
    expect(await page.getByText(say.scanQueued).count()).toBe(0);
    await captureScreen(page, 'offline/scanner-queued-sent', 'en');
    // Closed and back on Earn: nothing waits, nothing says it does.
    await page.getByRole('button', { name: 'Close the scanner' }).click();
    await page.getByRole('heading', { name: 'Earn', level: 1 }).waitFor();
    expect(await earnPending(page).count()).toBe(0);
    expect(await page.getByText(say.scanQueued).count()).toBe(0);
    expect((await serverSays()).rows[0]).toEqual(['qr', 3]);
  });
});
