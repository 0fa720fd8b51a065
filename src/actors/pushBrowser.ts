/** The browser's side of Web Push (permission, PushManager, the device calls): what the push actor and the session's logout use. */
import { msg } from '@lingui/core/macro';
import type {
  NotificationPermissionState,
  PushCheck,
  SubscribeOutput,
  UnsubscribeInput,
  UnsubscribeOutput,
} from '../../machines/pushNotifications.types';
import type { LogoutInput } from '../../machines/session.types';
import type { Api } from '../api/client';
import { NETWORK_ERROR } from '../api/result';
import { clearPushDevice, readInvitationDismissed, readPushDevice, storePushDevice } from '../data/pushDevice';

/** The toasts of the push switch. */
export const pushMessages = {
  registerFailed: msg({ id: 'components.push.registerFailed', message: 'Failed to register for notifications' }),
  unregisterFailed: msg({ id: 'components.push.unregisterFailed', message: 'Failed to unregister for notifications' }),
  denied: msg({
    id: 'components.push.denied',
    message: 'Notifications are blocked for this app. To get them, allow notifications in your browser’s site settings, then turn them on here again.',
  }),
};

/** The part of a service worker registration push needs. */
export type PushRegistration = Pick<ServiceWorkerRegistration, 'pushManager'>;

/** The browser's Web Push surface, injectable for tests. */
export interface PushBrowser {
  /** A service worker, `PushManager` and `Notification` are there. */
  supported(): boolean;
  permission(): NotificationPermissionState;
  /** Shows the browser's prompt (only ever after the member's tap). */
  requestPermission(): Promise<NotificationPermission>;
  /** The service worker's registration: what is there now (null when none), or once it is ready. */
  registration(options: { wait: boolean }): Promise<PushRegistration | null>;
}

/** How long enabling waits for the service worker to be ready (it registers at app start). */
const READY_TIMEOUT_MS = 10_000;
/**
 * How long a subscription may take: an unreachable push service (Chromium's FCM, behind a
 * firewall) never answers `subscribe()`, and the switch must not stay busy for ever.
 */
export const SUBSCRIBE_TIMEOUT_MS = 20_000;

/** `promise`, or a rejection after `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export const browserPush: PushBrowser = {
  supported: () =>
    typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof window !== 'undefined' && 'PushManager' in window && 'Notification' in window,
  permission: () => Notification.permission,
  requestPermission: () => Notification.requestPermission(),
  async registration({ wait }) {
    if (!wait) return (await navigator.serviceWorker.getRegistration()) ?? null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), READY_TIMEOUT_MS)));
    try {
      return await Promise.race([navigator.serviceWorker.ready, timeout]);
    } finally {
      clearTimeout(timer);
    }
  },
};

/** The VAPID public key (base64url) as the bytes `PushManager.subscribe` takes. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

const sameBytes = (a: ArrayBuffer | null | undefined, b: Uint8Array) => {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
};

/**
 * What this browser holds for the member, asking nothing: registered when the permission is
 * granted and the subscription it has is the one registered for them.
 */
export async function checkPushDevice(browser: PushBrowser, userId: number): Promise<PushCheck> {
  const told = pushCheckAtOnce(browser, userId);
  const stored = told.deviceId === null ? null : readPushDevice(userId);
  if (!stored) return told;
  const subscription = await (await browser.registration({ wait: false }))?.pushManager.getSubscription();
  return { ...told, deviceId: subscription?.endpoint === stored.endpoint ? stored.deviceId : null };
}

/**
 * The check as far as the browser tells it at once (support, permission, what this device
 * remembers), taking a remembered registration to be still there: `checkPushDevice` then asks
 * the service worker's PushManager whether its subscription still is.
 */
export function pushCheckAtOnce(browser: PushBrowser, userId: number): PushCheck {
  const invitationDismissed = readInvitationDismissed(userId);
  if (!browser.supported()) return { supported: false, permission: 'default', deviceId: null, invitationDismissed };
  const permission = browser.permission();
  const stored = permission === 'granted' ? readPushDevice(userId) : null;
  return { supported: true, permission, deviceId: stored?.deviceId ?? null, invitationDismissed };
}

/**
 * The member's tap: the permission prompt, the subscription with the server's VAPID key (a
 * subscription made with another key is replaced) and its registration, whose `msg` is the
 * device id. A subscription the server refuses is dropped again.
 */
export async function subscribePushDevice(api: Api, browser: PushBrowser, userId: number, signal?: AbortSignal): Promise<SubscribeOutput> {
  if (!browser.supported()) return { ok: false, code: 'UNSUPPORTED' };
  const permission = await browser.requestPermission();
  if (permission === 'denied') return { ok: false, code: 'PERMISSION_DENIED' };
  if (permission !== 'granted') return { ok: false, code: 'PERMISSION_DISMISSED' };
  const key = await api.getPushKey(undefined, { signal });
  if (!key.success) return { ok: false, code: key.error };
  const registration = await browser.registration({ wait: true });
  if (!registration) return { ok: false, code: 'UNSUPPORTED' };
  const serverKey = applicationServerKey(key.data.publicKey);
  let subscription: PushSubscription;
  try {
    const held = await registration.pushManager.getSubscription();
    if (held && sameBytes(held.options.applicationServerKey, serverKey)) subscription = held;
    else {
      await held?.unsubscribe();
      subscription = await within(registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: serverKey }), SUBSCRIBE_TIMEOUT_MS);
    }
  } catch {
    return { ok: false, code: 'SUBSCRIBE_FAILED' };
  }
  // The platform is fixed to ios; the identifier is the subscription's JSON.
  const result = await api.setDeviceIdentifier({ identifier: JSON.stringify(subscription.toJSON()), platform: 'ios' }, { signal });
  if (!result.success) {
    await subscription.unsubscribe().catch(() => false);
    return { ok: false, code: result.error };
  }
  storePushDevice(userId, { deviceId: result.data.msg, endpoint: subscription.endpoint });
  return { ok: true, deviceId: result.data.msg };
}

/** Drops this browser's subscription (no more notifications reach it) and the member's record of it. */
async function dropBrowserSubscription(browser: PushBrowser, userId: number | null): Promise<void> {
  if (userId !== null) clearPushDevice(userId);
  if (!browser.supported()) return;
  const subscription = await (await browser.registration({ wait: false }))?.pushManager.getSubscription();
  await subscription?.unsubscribe();
}

/** The Profile switch turned off: the server forgets the device first, then the browser drops it. */
export async function unsubscribePushDevice(api: Api, browser: PushBrowser, input: UnsubscribeInput, signal?: AbortSignal): Promise<UnsubscribeOutput> {
  const deviceId = input.deviceId ?? readPushDevice(input.userId)?.deviceId ?? null;
  if (deviceId) {
    const result = await api.deleteDeviceIdentifier({ identifier: deviceId }, { signal });
    if (!result.success) return { ok: false, code: result.error };
  }
  await dropBrowserSubscription(browser, input.userId).catch(() => undefined);
  return { ok: true };
}

/**
 * Logout step 1: the browser drops the subscription at once (nothing more reaches the
 * signed-out device), then the server forgets the session's deviceId. Without a network the
 * server is not told: the dropped endpoint answers 410 to its next push, and the server deletes
 * it then. A refusal rejects (the logout error toast); the logout goes on.
 */
export async function unregisterPushOnLogout(api: Api, browser: PushBrowser, input: LogoutInput): Promise<void> {
  // The session's deviceId, or what this device remembers when the logout comes before the push
  // actor (loaded with the member screens) has read it back after a reload. None after an account
  // deletion: the server dropped it with the account, and the deletion forgot the record.
  const deviceId = input.deviceId ?? (input.userId === null ? null : (readPushDevice(input.userId)?.deviceId ?? null));
  // Both at once: a push manager slow to answer (a service worker busy starting) never keeps the
  // server from hearing of the logout, nor the logout from going on.
  const dropped = withinBrowserWait(dropBrowserSubscription(browser, input.userId));
  const told = deviceId ? api.deleteDeviceIdentifier({ identifier: deviceId }) : null;
  const [browserResult] = await Promise.allSettled([dropped]);
  const result = told ? await told : null;
  if (result && !result.success && result.error !== NETWORK_ERROR) throw new Error(`deleteDeviceIdentifier: ${result.error}`);
  if (browserResult.status === 'rejected') throw browserResult.reason;
}

/** How long the logout waits for the browser's push manager before it goes on. */
export const LOGOUT_BROWSER_WAIT_MS = 5_000;

function withinBrowserWait(work: Promise<void>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the push manager did not answer')), LOGOUT_BROWSER_WAIT_MS);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

