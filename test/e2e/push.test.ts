import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, CDPSession, Page, Worker } from 'playwright-core';
import { startPushService, type PushServiceStandIn, type StandInSubscription } from '../support/pushService';
import { createMember, logIn, relaxedLimits, toastTexts, type Member } from './support/accounts';
import { launchChromium } from './support/browser';
import { createCommunity } from './support/operator';
import { reserveProduct, runAdminCli, startProduct, type ProductPlace, type RunningProduct } from './support/serverProcess';
import { startSmtpSink } from './support/smtpSink';
import type { SmtpSink } from './support/stack';

/**
 * What the page's `subscribe()` is replaced with. Chromium's real `PushManager.subscribe` needs
 * its maker's push service (FCM), which this machine cannot reach: in a playwright context it
 * rejects at once ("Registration failed - permission denied": no Push API in incognito-like
 * profiles, crbug.com/41124656), and in a persistent profile it never answers (the first test
 * shows the refusal). So only `subscribe()` / `getSubscription()` are replaced, by a subscription
 * whose endpoint is the local stand-in push service and whose keys the test holds; the
 * permission, the service worker, the server's registration and sending, and the delivery to the
 * real service worker (DevTools' `ServiceWorker.deliverPushMessage`) are the real ones. The page's
 * `Notification.requestPermission` calls are counted (the app must ask only on the member's tap).
 */
function replaceSubscribe(json: StandInSubscription['json']) {
  const held = '__standInSubscription';
  const record = (what: string) => {
    const calls = JSON.parse(sessionStorage.getItem('__pushCalls') ?? '[]') as string[];
    calls.push(what);
    sessionStorage.setItem('__pushCalls', JSON.stringify(calls));
  };
  const toBase64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const fromBase64url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  const subscription = (key: string) => ({
    endpoint: json.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: fromBase64url(key).buffer },
    toJSON: () => json,
    unsubscribe: async () => {
      record('unsubscribe');
      sessionStorage.removeItem(held);
      return true;
    },
  });
  PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
    const key = toBase64url(new Uint8Array(options!.applicationServerKey as Uint8Array));
    record(`subscribe ${key}`);
    sessionStorage.setItem(held, key);
    return subscription(key) as unknown as PushSubscription;
  };
  PushManager.prototype.getSubscription = async function () {
    const key = sessionStorage.getItem(held);
    return (key ? subscription(key) : null) as unknown as PushSubscription | null;
  };
  const request = Notification.requestPermission.bind(Notification);
  Notification.requestPermission = (async () => {
    record('requestPermission');
    return request();
  }) as typeof Notification.requestPermission;
}

/**
 * Web Push in Chromium against the real server (issue 9): the member turns notifications on (the
 * one-time Home invitation, the Profile switch), the server pushes an operator's announcement in
 * the member's language to the stand-in push service, the payload it received reaches the page's
 * real service worker, which shows it and updates the bell, and its click opens /announcements.
 */
describe('Web Push in Chromium', () => {
  let pushService: PushServiceStandIn;
  let standIn: StandInSubscription;
  let place: ProductPlace;
  let sink: SmtpSink;
  let product: RunningProduct;
  let browser: Browser;
  let member: Member;
  let communityId: string;
  let context: BrowserContext;
  let page: Page;
  const env = () => ({ ...relaxedLimits, SMTP_URL: sink.url, PUSH_ALLOW_INSECURE_ENDPOINT: 'true', PUSH_POLL_SECONDS: '1' });

  beforeAll(async () => {
    pushService = await startPushService();
    standIn = pushService.subscribe();
    place = await reserveProduct();
    communityId = await createCommunity(place, 'Push Town');
    sink = await startSmtpSink();
    product = await startProduct(env(), place);
    browser = await launchChromium();
    member = await createMember(product, sink, { label: 'push', communityId });
    context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    await context.grantPermissions(['notifications'], { origin: product.url });
    await context.addInitScript(replaceSubscribe, standIn.json);
    page = await context.newPage();
    await logIn(page, product, member);
    await page.waitForURL('**/home', { timeout: 15_000 });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await sink?.close();
    await pushService?.close();
  });

  const pushCalls = (on: Page = page) => on.evaluate(() => JSON.parse(sessionStorage.getItem('__pushCalls') ?? '[]') as string[]);
  const storedDevice = () => page.evaluate((id) => localStorage.getItem(`pushDevice.${id}`), member.userId);
  const servedKey = async () => ((await (await fetch(`${product.url}/mobile/push/key`)).json()) as { data: { publicKey: string } }).data.publicKey;
  const notificationsSwitch = () => page.getByRole('switch', { name: 'Announcements on this device' });

  it('the real PushManager.subscribe cannot work here (why the page’s subscribe() is replaced)', async () => {
    const plain = await browser.newContext();
    await plain.grantPermissions(['notifications'], { origin: product.url });
    const other = await plain.newPage();
    await other.goto(`${product.url}/login`);
    const key = await servedKey();
    const outcome = await other.evaluate(async (publicKey) => {
      const registration = await navigator.serviceWorker.ready;
      const bytes = Uint8Array.from(atob(publicKey.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
      return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes }).then(
        () => 'subscribed',
        (error: Error) => `${error.name}: ${error.message}`,
      );
    }, key);
    expect(outcome).toBe('AbortError: Registration failed - permission denied');
    await plain.close();
  });

  it('asks nothing on load; the Home invitation’s tap asks, subscribes with the server’s VAPID key and registers', async () => {
    const invitation = page.getByTestId('push-invitation');
    await expect.poll(() => invitation.isVisible()).toBe(true);
    expect(await pushCalls()).toEqual([]);

    await invitation.getByRole('button', { name: 'Turn on notifications' }).click();
    await expect.poll(storedDevice).toMatch(/^\{"deviceId":"web-[A-Za-z0-9_-]+","endpoint":"http:\/\/127\.0\.0\.1:\d+\/push\//);
    expect(await pushCalls()).toEqual(['requestPermission', `subscribe ${await servedKey()}`]);
    await expect.poll(() => invitation.count()).toBe(0);

    // The invitation was answered: it does not come back, and Profile's switch is on.
    await page.reload();
    await page.getByRole('link', { name: 'Profile' }).first().click();
    await expect.poll(() => notificationsSwitch().isChecked()).toBe(true);
    await page.goBack();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toMatch(/^Hi/);
    expect(await page.getByTestId('push-invitation').count()).toBe(0);
  });

  it('the Profile switch turns them off (the server and the browser forget it) and on again', async () => {
    await page.goto(`${product.url}/profile`);
    await expect.poll(() => notificationsSwitch().isChecked()).toBe(true);
    // A forced click skips Playwright's checks: wait for what a person waits for, the splash gone
    // (it fades for 250 ms over the first screen) and the switch enabled (it is not while the push
    // actor checks what the browser holds).
    await page.waitForFunction(() => !document.getElementById('splash'));
    await expect.poll(() => notificationsSwitch().isEnabled()).toBe(true);
    const deleted = page.waitForResponse((r) => r.url().endsWith('/mobile/device/identifier/delete'));
    await notificationsSwitch().click({ force: true });
    expect(((await (await deleted).json()) as { success: boolean }).success).toBe(true);
    await expect.poll(() => notificationsSwitch().isChecked()).toBe(false);
    expect((await pushCalls()).at(-1)).toBe('unsubscribe');
    expect(await storedDevice()).toBeNull();

    await notificationsSwitch().click({ force: true });
    await expect.poll(() => notificationsSwitch().isChecked()).toBe(true);
    await expect.poll(storedDevice).not.toBeNull();
  });

  it('a member whose browser blocks notifications is told how to allow them', async () => {
    const blocked = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    await blocked.addInitScript(replaceSubscribe, pushService.subscribe().json);
    const other = await blocked.newPage();
    const second = await createMember(product, sink, { label: 'blocked', communityId });
    await logIn(other, product, second);
    await other.waitForURL('**/home', { timeout: 15_000 });
    // On a phone the invitation's two answers are stacked, each the card's width (side by side
    // they do not fit, and "Not now" wrapped alone under the first).
    const invitation = other.getByTestId('push-invitation');
    await expect.poll(() => invitation.isVisible()).toBe(true);
    // Both buttons read in one go: Home's cards above may still change height as their data
    // comes, and two separate reads could straddle that move.
    const [turnOn, notNow] = await invitation.evaluate((card) =>
      ['Turn on notifications', 'Not now'].map((name) => {
        const button = [...card.querySelectorAll('button')].find((b) => b.textContent?.trim() === name)!;
        const { x, y, width, height } = button.getBoundingClientRect();
        return { x, y, width, height };
      }),
    );
    expect(notNow.width).toBeCloseTo(turnOn.width, 0);
    expect(notNow.x).toBeCloseTo(turnOn.x, 0);
    expect(notNow.y).toBeGreaterThanOrEqual(turnOn.y + turnOn.height);
    expect(turnOn.x + turnOn.width).toBeLessThanOrEqual(390);
    await other.goto(`${product.url}/profile`);
    // Headless Chromium has no prompt to show: an ungranted permission is refused.
    await other.getByRole('switch', { name: 'Announcements on this device' }).click({ force: true });
    await expect.poll(() => toastTexts(other)).toContainEqual(expect.stringContaining('Notifications are blocked for this app.'));
    expect(await other.getByRole('status').filter({ hasText: 'Allow them in the browser’s site settings' }).count()).toBe(1);
    expect(await other.getByRole('switch', { name: 'Announcements on this device' }).isChecked()).toBe(false);
    expect(await pushCalls(other)).toEqual(['requestPermission']);
    await blocked.close();
  });

  it('an operator’s announcement is pushed in the member’s language, shown by the service worker, counted on the bell, and its click opens /announcements', async () => {
    // The member switches to Spanish: the app registers again, so pushes come in Spanish.
    const registeredAgain = page.waitForResponse((r) => r.url().endsWith('/mobile/device/identifier/set'));
    await page.getByRole('button', { name: 'Español', exact: true }).click();
    expect((await registeredAgain).request().headers()['accept-language']).toMatch(/^es/);
    await page.goto(`${product.url}/home`);
    await expect.poll(() => page.getByTestId('bell-count').count()).toBe(0);

    // The operator's CLI needs the data folder to itself (PGlite): the server stops for it and
    // starts again on the same address, and its push worker sends what was queued.
    await product.stop({ keepData: true });
    const created = await runAdminCli(place, [
      'announcement:create', '--community', communityId, '--title', 'Market day', '--title-es', 'Día de mercado',
      '--text', 'Stalls open at 9', '--text-es', 'Los puestos abren a las 9', '--push',
    ]);
    expect(created).toMatch(/Created announcement #\d+ "Market day"/);
    product = await startProduct(env(), place);
    const [received] = await pushService.waitFor(1, 20_000);
    expect(received.subscriptionId).toBe(standIn.id);
    expect(received.vapidKey).toBe(await servedKey());
    const payload = JSON.parse(received.text) as { title: string; body: string; url: string; announcementId: number };
    expect(payload).toMatchObject({ type: 'announcement', title: 'Día de mercado', body: 'Los puestos abren a las 9', url: '/announcements' });

    // Nothing told the open page yet: the bell is still empty.
    expect(await page.getByTestId('bell-count').count()).toBe(0);

    // The push service relays it to the browser: DevTools hands the payload to the page's real worker.
    const cdp: CDPSession = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.find((r) => r.scopeURL === `${product.url}/` && !r.isDeleted)?.registrationId).toBeDefined();
    const registrationId = registrations.find((r) => r.scopeURL === `${product.url}/` && !r.isDeleted)!.registrationId;
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: product.url, registrationId, data: received.text });

    const worker: Worker = context.serviceWorkers().find((w) => w.url().startsWith(product.url))!;
    const shown = () =>
      worker.evaluate(async () =>
        (await (self as unknown as ServiceWorkerGlobalScope).registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, icon: n.icon, data: n.data })),
      );
    await expect.poll(shown).toEqual([
      { title: 'Día de mercado', body: 'Los puestos abren a las 9', icon: `${product.url}/icons/icon-192.png`, data: { url: '/announcements' } },
    ]);
    // The open page hears of it and the bell counts it, without a reload.
    await expect.poll(() => page.getByTestId('bell-count').innerText().catch(() => ''), { timeout: 15_000 }).toBe('1');

    // The click: headless Chromium cannot click a system notification, so the worker gets the
    // notificationclick event for the notification it showed (without the click's user activation).
    await worker.evaluate(async () => {
      const scope = self as unknown as ServiceWorkerGlobalScope;
      const [notification] = await scope.registration.getNotifications();
      scope.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
    });
    await page.waitForURL('**/announcements', { timeout: 15_000 });
    await expect.poll(() => page.getByTestId('announcement').getByRole('heading').allInnerTexts()).toEqual(['Día de mercado']);
    await expect.poll(shown).toEqual([]);
  });

  it('logging out drops the subscription in the browser and on the server', async () => {
    await page.goto(`${product.url}/profile`);
    const deleted = page.waitForResponse((r) => r.url().endsWith('/mobile/device/identifier/delete'));
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    const response = await deleted;
    expect(response.request().postData()).toMatch(/identifier=web-/);
    expect(((await response.json()) as { success: boolean }).success).toBe(true);
    await page.waitForURL('**/login');
    expect((await pushCalls()).at(-1)).toBe('unsubscribe');
    expect(await storedDevice()).toBeNull();
  });
});
