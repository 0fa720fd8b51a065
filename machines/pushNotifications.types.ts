/**
 * Types of the push notifications actor (issue 9 "Web Push"): the
 * session's `deviceId` and `registeredForNotifications`. Codes only: the screens and
 * the toasts say them through Lingui.
 */

/** The browser's notification permission (`Notification.permission`). */
export type NotificationPermissionState = 'default' | 'granted' | 'denied';

/** Whose registration: the verified member, in the language their pushes are written in. */
export interface PushScope {
  userId: number;
  language: string;
}

/**
 * What the browser holds for the member at the start: whether it can do Web Push at all, the
 * permission, the device id when this browser is subscribed and registered for them, and whether
 * they already answered the one-time invitation on Home.
 */
export interface PushCheck {
  supported: boolean;
  permission: NotificationPermissionState;
  deviceId: string | null;
  invitationDismissed: boolean;
}

/**
 * Why a registration did not happen: `PERMISSION_DENIED` (the browser blocks notifications for
 * the app), `PERMISSION_DISMISSED` (the member closed the prompt), `UNSUPPORTED`,
 * `SUBSCRIBE_FAILED` (the push service refused), or the server's code.
 */
export type PushErrorCode = 'PERMISSION_DENIED' | 'PERMISSION_DISMISSED' | 'UNSUPPORTED' | 'SUBSCRIBE_FAILED' | 'UNKNOWN_ERROR' | (string & {});

/** `subscribe`: the device id the server answered (`msg`), or why not. */
export type SubscribeOutput = { ok: true; deviceId: string } | { ok: false; code: PushErrorCode };

/** `unsubscribe`: done (the server and the browser forgot it), or the server's refusal. */
export type UnsubscribeOutput = { ok: true } | { ok: false; code: PushErrorCode };

export interface UnsubscribeInput {
  userId: number;
  deviceId: string | null;
}

/** Params of `notifyFailed`: which way the switch failed, and why. */
export interface NotifyPushFailedParams {
  attempt: 'enable' | 'disable';
  code: PushErrorCode;
}

export interface PushNotificationsContext {
  userId: number | null;
  language: string;
  permission: NotificationPermissionState;
  /** The server's id of this browser's subscription for the member, while registered. */
  deviceId: string | null;
  /** The member answered (or dismissed) the one-time invitation on Home. */
  invitationDismissed: boolean;
  /** Why the last attempt failed (null after a success). */
  errorCode: PushErrorCode | null;
}

export type PushNotificationsEvent =
  /** The verified member or the language changed (sent by the app root). */
  | { type: 'scope.changed'; userId: number | null; language: string }
  /** The member turned notifications on (the Profile switch, the Home invitation). */
  | { type: 'user.enable' }
  /** The member turned them off (the Profile switch). */
  | { type: 'user.disable' }
  /** The member closed the Home invitation without turning them on. */
  | { type: 'user.dismissInvitation' };
