import { fromPromise } from 'xstate';
import { pushNotificationsMachine } from '../../machines/pushNotifications.machine';
import type { PushCheck, PushScope, SubscribeOutput, UnsubscribeInput, UnsubscribeOutput } from '../../machines/pushNotifications.types';
import { storeInvitationDismissed } from '../data/pushDevice';
import { i18n } from '../i18n/i18n';
import type { SystemApi } from './api';
import { browserPush, checkPushDevice, pushMessages, subscribePushDevice, unsubscribePushDevice, type PushBrowser } from './pushBrowser';
import { showToast } from './toast';

// What the session uses at logout lives in ./pushBrowser, so that the session does not bring this
// machine into the first download (the push actor is a member actor, loaded with member screens).
export * from './pushBrowser';

export interface PushNotificationsDeps {
  systemApi: SystemApi;
  browser?: PushBrowser;
}

/**
 * The push registration bound to the browser: the Notification permission, the service worker's
 * PushManager, the device calls of the API, localStorage, and the toasts.
 */
export function pushNotificationsLogic({ systemApi: { apiOf }, browser = browserPush }: PushNotificationsDeps) {
  return pushNotificationsMachine.provide({
    actors: {
      checkPush: fromPromise<PushCheck, PushScope>(({ input }) => checkPushDevice(browser, input.userId)),
      subscribe: fromPromise<SubscribeOutput, PushScope>(({ input, signal, system }) => subscribePushDevice(apiOf(system), browser, input.userId, signal)),
      unsubscribe: fromPromise<UnsubscribeOutput, UnsubscribeInput>(({ input, signal, system }) =>
        unsubscribePushDevice(apiOf(system), browser, input, signal),
      ),
    },
    actions: {
      storeInvitationDismissed: (_, { userId }) => storeInvitationDismissed(userId),
      notifyDenied: () => showToast('warning', () => i18n._(pushMessages.denied), { id: 'push-denied' }),
      notifyFailed: (_, { attempt }) =>
        showToast('error', () => i18n._(attempt === 'enable' ? pushMessages.registerFailed : pushMessages.unregisterFailed), { id: 'push-failed' }),
    },
  });
}
