import { assign, fromPromise, sendTo, setup } from 'xstate';
import type {
  NotifyPushFailedParams,
  PushCheck,
  PushErrorCode,
  PushNotificationsContext,
  PushNotificationsEvent,
  PushScope,
  SubscribeOutput,
  UnsubscribeInput,
  UnsubscribeOutput,
} from './pushNotifications.types';
import { sessionActor } from './system';

const scopeOf = ({ context }: { context: PushNotificationsContext }): PushScope => ({ userId: context.userId ?? 0, language: context.language });
const failureCode = (output: SubscribeOutput | UnsubscribeOutput): PushErrorCode => (output.ok ? 'UNKNOWN_ERROR' : output.code);

/**
 * The member's Web Push registration (issue 9): at sign-in
 * it reads what the browser holds (never asking anything); only the member's tap (the Profile
 * switch, the one-time invitation on Home) asks for the permission, subscribes with the server's
 * VAPID key and registers the subscription, whose device id the session keeps. A blocked
 * permission is said once and remembered; any other failure clears the registration with a
 * notice. Turning it off forgets it on the server and in the browser. A language change while on
 * registers again, so pushes come in the new language. The logout's unregistration is the
 * session's first logout step; nobody signed in holds nothing here.
 */
export const pushNotificationsMachine = setup({
  types: {
    context: {} as PushNotificationsContext,
    events: {} as PushNotificationsEvent,
    input: {} as { language?: string } | undefined,
    tags: {} as 'busy',
  },
  actors: {
    /** Reads the support, the permission, this browser's subscription and the invitation's answer; asks nothing. */
    checkPush: fromPromise<PushCheck, PushScope>(async () => ({ supported: false, permission: 'default', deviceId: null, invitationDismissed: true })),
    /**
     * Asks for the permission (the member's tap), subscribes with the server's VAPID key
     * (GET /mobile/push/key) and registers it (POST /mobile/device/identifier/set); failures as data.
     */
    subscribe: fromPromise<SubscribeOutput, PushScope>(async () => ({ ok: false, code: 'NOT_PROVIDED' })),
    /** POST /mobile/device/identifier/delete, then the browser's subscription is dropped; failures as data. */
    unsubscribe: fromPromise<UnsubscribeOutput, UnsubscribeInput>(async () => ({ ok: false, code: 'NOT_PROVIDED' })),
  },
  actions: {
    assignScope: assign((_, params: { userId: number | null; language: string }) => ({ userId: params.userId, language: params.language })),
    assignLanguage: assign((_, params: { language: string }) => ({ language: params.language })),
    clearAll: assign({ permission: 'default', deviceId: null, invitationDismissed: false, errorCode: null }),
    assignCheck: assign((_, params: { check: PushCheck }) => ({
      permission: params.check.permission,
      deviceId: params.check.deviceId,
      invitationDismissed: params.check.invitationDismissed,
    })),
    assignDevice: assign((_, params: { deviceId: string }) => ({ deviceId: params.deviceId, permission: 'granted' as const, errorCode: null })),
    clearDevice: assign({ deviceId: null }),
    assignError: assign((_, params: { code: PushErrorCode }) => ({ errorCode: params.code })),
    assignDenied: assign({ permission: 'denied' as const }),
    assignInvitationDismissed: assign({ invitationDismissed: true }),
    /** Remembers on this device that the member answered the invitation (it shows once). */
    storeInvitationDismissed: (_, _params: { userId: number }) => {},
    /** A registration sets the session's deviceId (and registeredForNotifications). */
    tellRegistered: sendTo(sessionActor, (_, params: { deviceId: string }) => ({ type: 'push.registered' as const, deviceId: params.deviceId })),
    /** A failure or an unregistration clears both. */
    tellUnregistered: sendTo(sessionActor, { type: 'push.unregistered' }),
    /** The browser blocks notifications: how to allow them again (its site settings). */
    notifyDenied: () => {},
    /** 'Failed to register for notifications' / 'Failed to unregister for notifications'. */
    notifyFailed: (_, _params: NotifyPushFailedParams) => {},
  },
  guards: {
    hasNoMember: (_, params: { userId: number | null }) => params.userId === null,
    isSameMember: ({ context }, params: { userId: number | null }) => context.userId === params.userId,
    isNewLanguage: ({ context }, params: { userId: number | null; language: string }) =>
      context.userId === params.userId && context.language !== params.language,
    isUnsupported: (_, params: { check: PushCheck }) => !params.check.supported,
    isRegistered: (_, params: { check: PushCheck }) => params.check.deviceId !== null,
    isSubscribed: (_, params: { output: SubscribeOutput | UnsubscribeOutput }) => params.output.ok,
    isDenied: (_, params: { output: SubscribeOutput }) => !params.output.ok && params.output.code === 'PERMISSION_DENIED',
    isDismissed: (_, params: { output: SubscribeOutput }) => !params.output.ok && params.output.code === 'PERMISSION_DISMISSED',
  },
}).createMachine({
  id: 'pushNotifications',
  initial: 'signedOut',
  context: ({ input }) => ({
    userId: null,
    language: input?.language ?? 'en',
    permission: 'default',
    deviceId: null,
    invitationDismissed: false,
    errorCode: null,
  }),
  on: {
    'scope.changed': [
      {
        guard: { type: 'hasNoMember', params: ({ event }) => ({ userId: event.userId }) },
        target: '.signedOut',
        actions: ['clearAll', { type: 'assignScope', params: ({ event }) => ({ userId: null, language: event.language }) }],
      },
      {
        guard: { type: 'isSameMember', params: ({ event }) => ({ userId: event.userId }) },
        actions: { type: 'assignLanguage', params: ({ event }) => ({ language: event.language }) },
      },
      {
        target: '.active',
        reenter: true,
        actions: ['clearAll', { type: 'assignScope', params: ({ event }) => ({ userId: event.userId, language: event.language }) }],
      },
    ],
  },
  states: {
    /** Nobody verified. */
    signedOut: {},
    active: {
      initial: 'checking',
      states: {
        /** What the browser already holds for the member; nothing is asked. */
        checking: {
          invoke: {
            id: 'checkPush',
            src: 'checkPush',
            input: scopeOf,
            onDone: [
              {
                guard: { type: 'isUnsupported', params: ({ event }) => ({ check: event.output }) },
                target: 'unsupported',
              },
              {
                guard: { type: 'isRegistered', params: ({ event }) => ({ check: event.output }) },
                target: 'on',
                actions: [
                  { type: 'assignCheck', params: ({ event }) => ({ check: event.output }) },
                  { type: 'tellRegistered', params: ({ event }) => ({ deviceId: event.output.deviceId ?? '' }) },
                ],
              },
              { target: 'off', actions: { type: 'assignCheck', params: ({ event }) => ({ check: event.output }) } },
            ],
            onError: { target: 'off' },
          },
        },
        /** This browser cannot receive Web Push (no service worker, PushManager or Notification). */
        unsupported: {},
        off: {
          on: {
            'user.enable': {
              target: 'enabling',
              actions: ['assignInvitationDismissed', { type: 'storeInvitationDismissed', params: ({ context }) => ({ userId: context.userId ?? 0 }) }],
            },
            'user.dismissInvitation': {
              actions: ['assignInvitationDismissed', { type: 'storeInvitationDismissed', params: ({ context }) => ({ userId: context.userId ?? 0 }) }],
            },
          },
        },
        /** The permission prompt, the subscription and its registration (also again in a new language). */
        enabling: {
          tags: 'busy',
          invoke: {
            id: 'subscribe',
            src: 'subscribe',
            input: scopeOf,
            onDone: [
              {
                guard: { type: 'isSubscribed', params: ({ event }) => ({ output: event.output }) },
                target: 'on',
                actions: [
                  { type: 'assignDevice', params: ({ event }) => ({ deviceId: event.output.ok ? event.output.deviceId : '' }) },
                  { type: 'tellRegistered', params: ({ event }) => ({ deviceId: event.output.ok ? event.output.deviceId : '' }) },
                ],
              },
              {
                guard: { type: 'isDenied', params: ({ event }) => ({ output: event.output }) },
                target: 'off',
                actions: ['assignDenied', 'clearDevice', { type: 'assignError', params: { code: 'PERMISSION_DENIED' } }, 'tellUnregistered', 'notifyDenied'],
              },
              {
                guard: { type: 'isDismissed', params: ({ event }) => ({ output: event.output }) },
                target: 'off',
                actions: ['clearDevice', 'tellUnregistered'],
              },
              {
                target: 'off',
                actions: [
                  'clearDevice',
                  { type: 'assignError', params: ({ event }) => ({ code: failureCode(event.output) }) },
                  'tellUnregistered',
                  { type: 'notifyFailed', params: ({ event }) => ({ attempt: 'enable' as const, code: failureCode(event.output) }) },
                ],
              },
            ],
            onError: {
              target: 'off',
              actions: [
                'clearDevice',
                { type: 'assignError', params: { code: 'UNKNOWN_ERROR' } },
                'tellUnregistered',
                { type: 'notifyFailed', params: { attempt: 'enable', code: 'UNKNOWN_ERROR' } },
              ],
            },
          },
        },
        on: {
          on: {
            'user.disable': { target: 'disabling' },
            // Pushes are written in the language of the registration: register again in the new one.
            'scope.changed': {
              guard: { type: 'isNewLanguage', params: ({ event }) => ({ userId: event.userId, language: event.language }) },
              target: 'enabling',
              actions: { type: 'assignLanguage', params: ({ event }) => ({ language: event.language }) },
            },
          },
        },
        disabling: {
          tags: 'busy',
          invoke: {
            id: 'unsubscribe',
            src: 'unsubscribe',
            input: ({ context }) => ({ userId: context.userId ?? 0, deviceId: context.deviceId }),
            onDone: [
              {
                guard: { type: 'isSubscribed', params: ({ event }) => ({ output: event.output }) },
                target: 'off',
                actions: ['clearDevice', 'tellUnregistered'],
              },
              {
                target: 'on',
                actions: [
                  { type: 'assignError', params: ({ event }) => ({ code: failureCode(event.output) }) },
                  { type: 'notifyFailed', params: ({ event }) => ({ attempt: 'disable' as const, code: failureCode(event.output) }) },
                ],
              },
            ],
            onError: {
              target: 'on',
              actions: [
                { type: 'assignError', params: { code: 'UNKNOWN_ERROR' } },
                { type: 'notifyFailed', params: { attempt: 'disable', code: 'UNKNOWN_ERROR' } },
              ],
            },
          },
        },
      },
    },
  },
});
