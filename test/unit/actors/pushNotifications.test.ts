// Loads fake-indexeddb before Dexie is imported.
import { MEMBER, memberActorsLoaded, resetData, sessionOf, signIn, startApp, waitForMember } from '../data/dataTestKit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor, type ActorRefFrom } from 'xstate';
import type { pushNotificationsMachine } from '../../../machines/pushNotifications.machine';
import type { NotificationPermissionState } from '../../../machines/pushNotifications.types';
import { createApi } from '../../../src/api/client';
import {
  applicationServerKey,
  checkPushDevice,
  pushCheckAtOnce,
  SUBSCRIBE_TIMEOUT_MS,
  subscribePushDevice,
  unregisterPushOnLogout,
  LOGOUT_BROWSER_WAIT_MS,
  unsubscribePushDevice,
  type PushBrowser,
  type PushRegistration,
} from '../../../src/actors/pushNotifications';
import { readPushDevice, storePushDevice } from '../../../src/data/pushDevice';
import { fakeFetch, noAnswer, requests } from '../screens/fakeFetch';

afterEach(async () => {
  localStorage.clear();
  await resetData();
});

/** A VAPID public key as the server serves it: an uncompressed P-256 point, base64url. */
const vapidBytes = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i));
const vapidKey = Buffer.from(vapidBytes).toString('base64url');
const otherKey = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : 200 - i));

interface FakeSubscription {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer };
  toJSON(): PushSubscriptionJSON;
  unsubscribe(): Promise<boolean>;
}

/**
 * The browser's Web Push surface as a test holds it: the permission (and the answer its prompt
 * gives), the service worker's PushManager with at most one subscription, and what was called.
 */
function fakeBrowser(options: { permission?: NotificationPermissionState; answer?: NotificationPermission; existingKey?: Uint8Array } = {}) {
  const calls: string[] = [];
  let permission: NotificationPermissionState = options.permission ?? 'default';
  let current: FakeSubscription | null = null;
  let made = 0;
  const subscription = (key: Uint8Array): FakeSubscription => {
    const endpoint = `https://push.example/send/${++made}`;
    const json = { endpoint, expirationTime: null, keys: { p256dh: `p256dh-${made}`, auth: `auth-${made}` } };
    const sub: FakeSubscription = {
      endpoint,
      options: { applicationServerKey: key.slice().buffer },
      toJSON: () => json,
      unsubscribe: async () => {
        calls.push(`unsubscribe ${endpoint}`);
        if (current === sub) current = null;
        return true;
      },
    };
    return sub;
  };
  if (options.existingKey) current = subscription(options.existingKey);
  const pushManager = {
    getSubscription: async () => current,
    subscribe: async (init: PushSubscriptionOptionsInit) => {
      calls.push('subscribe');
      expect(init.userVisibleOnly).toBe(true);
      current = subscription(init.applicationServerKey as Uint8Array);
      return current;
    },
  };
  const browser: PushBrowser = {
    supported: () => true,
    permission: () => permission,
    requestPermission: async () => {
      calls.push('requestPermission');
      permission = options.answer === 'default' ? 'default' : (options.answer ?? 'granted');
      return options.answer ?? 'granted';
    },
    registration: async () => ({ pushManager }) as unknown as PushRegistration,
  };
  return { browser, calls, current: () => current };
}

const api = () => createApi({ baseUrl: 'http://localhost', getToken: () => 'auth-token-7-0123456789' });

describe('applicationServerKey', () => {
  it('decodes the base64url VAPID key into the bytes PushManager.subscribe takes', () => {
    expect([...applicationServerKey(vapidKey)]).toEqual([...vapidBytes]);
    expect([...applicationServerKey('-_8')]).toEqual([0xfb, 0xff]);
  });
});

describe('subscribePushDevice (the member turned notifications on)', () => {
  it('asks the permission, subscribes with the server key and registers the subscription JSON; the device id is kept', async () => {
    const sent = fakeFetch({
      'GET /mobile/push/key': { data: { publicKey: vapidKey } },
      'POST /mobile/device/identifier/set': { data: { msg: 'web-device-1' } },
    });
    const push = fakeBrowser();
    const output = await subscribePushDevice(api(), push.browser, MEMBER);

    expect(output).toEqual({ ok: true, deviceId: 'web-device-1' });
    expect(push.calls).toEqual(['requestPermission', 'subscribe']);
    expect([...new Uint8Array(push.current()!.options.applicationServerKey)]).toEqual([...vapidBytes]);
    const [set] = requests(sent, 'POST', '/mobile/device/identifier/set');
    expect(set.form.platform).toBe('ios');
    expect(JSON.parse(set.form.identifier)).toEqual({
      endpoint: 'https://push.example/send/1',
      expirationTime: null,
      keys: { p256dh: 'p256dh-1', auth: 'auth-1' },
    });
    expect(readPushDevice(MEMBER)).toEqual({ deviceId: 'web-device-1', endpoint: 'https://push.example/send/1' });
  });

  it('a blocked permission: PERMISSION_DENIED, nothing subscribed or sent', async () => {
    const sent = fakeFetch({});
    const push = fakeBrowser({ answer: 'denied' });
    expect(await subscribePushDevice(api(), push.browser, MEMBER)).toEqual({ ok: false, code: 'PERMISSION_DENIED' });
    expect(push.calls).toEqual(['requestPermission']);
    expect(sent).toEqual([]);
  });

  it('a closed prompt: PERMISSION_DISMISSED, nothing subscribed or sent', async () => {
    const sent = fakeFetch({});
    const push = fakeBrowser({ answer: 'default' });
    expect(await subscribePushDevice(api(), push.browser, MEMBER)).toEqual({ ok: false, code: 'PERMISSION_DISMISSED' });
    expect(sent).toEqual([]);
  });

  it('a subscription made with another key is replaced', async () => {
    fakeFetch({ 'GET /mobile/push/key': { data: { publicKey: vapidKey } }, 'POST /mobile/device/identifier/set': { data: { msg: 'web-device-2' } } });
    const push = fakeBrowser({ permission: 'granted', existingKey: otherKey });
    expect(await subscribePushDevice(api(), push.browser, MEMBER)).toEqual({ ok: true, deviceId: 'web-device-2' });
    expect(push.calls).toEqual(['requestPermission', 'unsubscribe https://push.example/send/1', 'subscribe']);
    expect(push.current()!.endpoint).toBe('https://push.example/send/2');
  });

  it('a push service that never answers (FCM out of reach): SUBSCRIBE_FAILED after the timeout, nothing registered', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const sent = fakeFetch({ 'GET /mobile/push/key': { data: { publicKey: vapidKey } } });
      const push = fakeBrowser();
      const registration = (await push.browser.registration({ wait: true }))!;
      registration.pushManager.subscribe = () => new Promise<PushSubscription>(() => {});
      let output: unknown = 'pending';
      void subscribePushDevice(api(), push.browser, MEMBER).then((o) => (output = o));
      await vi.advanceTimersByTimeAsync(SUBSCRIBE_TIMEOUT_MS - 1);
      expect(output).toBe('pending');
      await vi.advanceTimersByTimeAsync(1);
      expect(output).toEqual({ ok: false, code: 'SUBSCRIBE_FAILED' });
      expect(requests(sent, 'POST', '/mobile/device/identifier/set')).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the server refuses the registration: the browser drops the subscription again, nothing is kept', async () => {
    fakeFetch({ 'GET /mobile/push/key': { data: { publicKey: vapidKey } }, 'POST /mobile/device/identifier/set': { error: 'VALIDATION_ERROR' } });
    const push = fakeBrowser();
    expect(await subscribePushDevice(api(), push.browser, MEMBER)).toEqual({ ok: false, code: 'VALIDATION_ERROR' });
    expect(push.current()).toBeNull();
    expect(readPushDevice(MEMBER)).toBeNull();
  });
});

describe('checkPushDevice (app start: asks nothing)', () => {
  it('registered only when the permission is granted and the browser holds the subscription registered for the member', async () => {
    const push = fakeBrowser({ permission: 'granted', existingKey: vapidBytes });
    expect(await checkPushDevice(push.browser, MEMBER)).toEqual({ supported: true, permission: 'granted', deviceId: null, invitationDismissed: false });
    storePushDevice(MEMBER, { deviceId: 'web-device-1', endpoint: 'https://push.example/send/1' });
    expect(await checkPushDevice(push.browser, MEMBER)).toEqual({ supported: true, permission: 'granted', deviceId: 'web-device-1', invitationDismissed: false });
    storePushDevice(MEMBER, { deviceId: 'web-device-0', endpoint: 'https://push.example/send/0' });
    expect((await checkPushDevice(push.browser, MEMBER)).deviceId).toBeNull();
    expect(push.calls).toEqual([]);
  });

  it('reports the blocked permission, and no support at all', async () => {
    expect((await checkPushDevice(fakeBrowser({ permission: 'denied' }).browser, MEMBER)).permission).toBe('denied');
    const none: PushBrowser = { ...fakeBrowser().browser, supported: () => false };
    expect((await checkPushDevice(none, MEMBER)).supported).toBe(false);
  });
});

describe('pushCheckAtOnce (what Home shows before the check has answered)', () => {
  it('tells what checkPushDevice will, without asking the service worker, taking a remembered registration to be still there', async () => {
    const push = fakeBrowser({ permission: 'granted', existingKey: vapidBytes });
    expect(pushCheckAtOnce(push.browser, MEMBER)).toEqual(await checkPushDevice(push.browser, MEMBER));
    storePushDevice(MEMBER, { deviceId: 'web-device-1', endpoint: 'https://push.example/send/1' });
    expect(pushCheckAtOnce(push.browser, MEMBER)).toEqual(await checkPushDevice(push.browser, MEMBER));
    // a remembered registration whose subscription the browser no longer holds: only the check finds out
    storePushDevice(MEMBER, { deviceId: 'web-device-0', endpoint: 'https://push.example/send/0' });
    expect(pushCheckAtOnce(push.browser, MEMBER).deviceId).toBe('web-device-0');
    expect((await checkPushDevice(push.browser, MEMBER)).deviceId).toBeNull();
    expect(push.calls).toEqual([]);
  });

  it('agrees with the check on a blocked or default permission, no support, and an answered invitation', async () => {
    for (const browser of [
      fakeBrowser({ permission: 'denied' }).browser,
      fakeBrowser({ permission: 'default' }).browser,
      { ...fakeBrowser().browser, supported: () => false },
    ]) {
      expect(pushCheckAtOnce(browser, MEMBER)).toEqual(await checkPushDevice(browser, MEMBER));
      localStorage.setItem(`pushInvitation.${MEMBER}`, 'dismissed');
      expect(pushCheckAtOnce(browser, MEMBER)).toEqual(await checkPushDevice(browser, MEMBER));
      localStorage.clear();
    }
  });
});

describe('turning off and logging out', () => {
  it('the switch off: the server forgets the device, then the browser drops the subscription', async () => {
    const sent = fakeFetch({ 'POST /mobile/device/identifier/delete': { data: { status: 'OK' } } });
    const push = fakeBrowser({ permission: 'granted', existingKey: vapidBytes });
    storePushDevice(MEMBER, { deviceId: 'web-device-1', endpoint: 'https://push.example/send/1' });
    expect(await unsubscribePushDevice(api(), push.browser, { userId: MEMBER, deviceId: 'web-device-1' })).toEqual({ ok: true });
    expect(requests(sent, 'POST', '/mobile/device/identifier/delete').map((r) => r.form)).toEqual([{ identifier: 'web-device-1' }]);
    expect(push.current()).toBeNull();
    expect(readPushDevice(MEMBER)).toBeNull();
  });

  it('the switch off without an answer: still on (the browser keeps it), NETWORK_ERROR', async () => {
    fakeFetch({ 'POST /mobile/device/identifier/delete': noAnswer });
    const push = fakeBrowser({ permission: 'granted', existingKey: vapidBytes });
    expect(await unsubscribePushDevice(api(), push.browser, { userId: MEMBER, deviceId: 'web-device-1' })).toEqual({ ok: false, code: 'NETWORK_ERROR' });
    expect(push.current()).not.toBeNull();
  });

  it('logout: the browser drops the subscription first; offline the server is told later (by the 410), a refusal rejects', async () => {
    const sent = fakeFetch({ 'POST /mobile/device/identifier/delete': noAnswer });
    const push = fakeBrowser({ permission: 'granted', existingKey: vapidBytes });
    await expect(unregisterPushOnLogout(api(), push.browser, { userId: MEMBER, reason: 'USER', deviceId: 'web-device-1' })).resolves.toBeUndefined();
    expect(push.current()).toBeNull();
    expect(requests(sent, 'POST', '/mobile/device/identifier/delete')).toHaveLength(1);

    fakeFetch({ 'POST /mobile/device/identifier/delete': { status: 500, error: 'INTERNAL_ERROR' } });
    await expect(unregisterPushOnLogout(api(), push.browser, { userId: MEMBER, reason: 'USER', deviceId: 'web-device-1' })).rejects.toThrow(/INTERNAL_ERROR/);
  });

  it('logout before the push actor has read the registration back (a reload, then a quick tap): the device remembers it, and the server is told', async () => {
    const sent = fakeFetch({ 'POST /mobile/device/identifier/delete': { data: { success: true } } });
    const push = fakeBrowser({ permission: 'granted', existingKey: vapidBytes });
    storePushDevice(MEMBER, { deviceId: 'web-device-7', endpoint: push.current()!.endpoint });
    await unregisterPushOnLogout(api(), push.browser, { userId: MEMBER, reason: 'USER', deviceId: null });
    expect(requests(sent, 'POST', '/mobile/device/identifier/delete').map((r) => r.form)).toEqual([{ identifier: 'web-device-7' }]);
    expect(push.current()).toBeNull();
    expect(readPushDevice(MEMBER)).toBeNull();
  });
  it('logout with a push manager that never answers: the server is told at once, and the logout goes on after the wait', async () => {
    vi.useFakeTimers();
    try {
      const sent = fakeFetch({ 'POST /mobile/device/identifier/delete': { data: { success: true } } });
      const push = fakeBrowser({ permission: 'granted', existingKey: vapidBytes });
      const stuck = { ...push.browser, registration: () => new Promise<never>(() => {}) } as typeof push.browser;
      const outcome = unregisterPushOnLogout(api(), stuck, { userId: MEMBER, reason: 'USER', deviceId: 'web-device-1' }).then(
        () => 'resolved',
        (error: Error) => error.message,
      );
      await vi.waitFor(() => expect(requests(sent, 'POST', '/mobile/device/identifier/delete')).toHaveLength(1));
      await vi.advanceTimersByTimeAsync(LOGOUT_BROWSER_WAIT_MS);
      expect(await outcome).toBe('the push manager did not answer');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('in the app system: the switch, the session and the logout', () => {
  it('a tap registers (the session keeps deviceId), and the logout unregisters on the server and in the browser', async () => {
    signIn(MEMBER);
    const sent = fakeFetch({
      'GET /mobile/push/key': { data: { publicKey: vapidKey } },
      'POST /mobile/device/identifier/set': { data: { msg: 'web-device-1' } },
      'POST /mobile/device/identifier/delete': { data: { status: 'OK' } },
      'POST /web/user/logout': { data: { status: 'OK' } },
    });
    const push = fakeBrowser();
    const app = startApp({ baseUrl: 'http://localhost', push: push.browser, connectivity: { isOnline: () => true } });
    await waitForMember(app, MEMBER);
    const actor = app.system.get('pushNotifications') as ActorRefFrom<typeof pushNotificationsMachine>;
    await waitFor(actor, (s) => s.matches({ active: 'off' }));
    // Nothing was asked at start.
    expect(push.calls).toEqual([]);

    actor.send({ type: 'user.enable' });
    await waitFor(actor, (s) => s.matches({ active: 'on' }));
    expect(sessionOf(app).context).toMatchObject({ deviceId: 'web-device-1', registeredForNotifications: true });
    expect(localStorage.getItem(`pushInvitation.${MEMBER}`)).toBe('dismissed');

    app.system.get('session')!.send({ type: 'user.logout' });
    await waitFor(app.system.get('session')!, (s) => s.matches('loggedOut'));
    expect(requests(sent, 'POST', '/mobile/device/identifier/delete').map((r) => r.form)).toEqual([{ identifier: 'web-device-1' }]);
    expect(push.current()).toBeNull();
    expect(sessionOf(app).context).toMatchObject({ deviceId: null, registeredForNotifications: false });
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
  });

  it('an account deletion: the server dropped the registration with the account, so the logout only drops the browser’s subscription', async () => {
    signIn(MEMBER);
    const sent = fakeFetch({
      'DELETE /mobile/user': { data: { status: 'OK' } },
      'POST /mobile/device/identifier/delete': { status: 401, error: 'UNAUTHORIZED' },
      'POST /web/user/logout': { data: { status: 'OK' } },
    });
    const push = fakeBrowser({ permission: 'granted', existingKey: vapidBytes });
    storePushDevice(MEMBER, { deviceId: 'web-device-1', endpoint: 'https://push.example/send/1' });
    const app = startApp({ baseUrl: 'http://localhost', push: push.browser, connectivity: { isOnline: () => true } });
    await memberActorsLoaded(app);
    const actor = app.system.get('pushNotifications') as ActorRefFrom<typeof pushNotificationsMachine>;
    await waitFor(actor, (s) => s.matches({ active: 'on' }));

    app.system.get('accountDeletion')!.send({ type: 'user.submit', input: { userId: MEMBER } });
    await waitFor(app.system.get('session')!, (s) => s.matches('loggedOut'));
    expect(requests(sent, 'DELETE', '/mobile/user')).toHaveLength(1);
    expect(requests(sent, 'POST', '/mobile/device/identifier/delete')).toEqual([]);
    expect(push.current()).toBeNull();
    expect(readPushDevice(MEMBER)).toBeNull();
  });

  it('at start a browser already registered for the member is on, and the session has its deviceId', async () => {
    signIn(MEMBER);
    fakeFetch({});
    const push = fakeBrowser({ permission: 'granted', existingKey: vapidBytes });
    storePushDevice(MEMBER, { deviceId: 'web-device-1', endpoint: 'https://push.example/send/1' });
    const app = startApp({ baseUrl: 'http://localhost', push: push.browser });
    await memberActorsLoaded(app);
    const actor = app.system.get('pushNotifications') as ActorRefFrom<typeof pushNotificationsMachine>;
    await waitFor(actor, (s) => s.matches({ active: 'on' }));
    expect(sessionOf(app).context).toMatchObject({ deviceId: 'web-device-1', registeredForNotifications: true });
    expect(push.calls).toEqual([]);
  });
});
