import { pushNotificationsMachine } from '../../machines/pushNotifications.machine';
import { selectPushDenied, selectPushSwitch, selectShowsPushInvitation, type PushSwitchState } from '../../machines/pushNotifications.selectors';
import type { NotificationPermissionState, PushCheck, PushNotificationsEvent, SubscribeOutput, UnsubscribeOutput } from '../../machines/pushNotifications.types';
import { describeMachinePaths, type PathEvent } from './describePathCoverage';
import type { ActorOutputFixtures, EventFixtures } from './pathCoverage';
import { action, actorStarted, actorStopped, sendAction, type Effect } from './recording';

const events = {
  'scope.changed': [
    { type: 'scope.changed', userId: 7, language: 'en' },
    { type: 'scope.changed', userId: 7, language: 'es' },
    { type: 'scope.changed', userId: null, language: 'en' },
  ],
  'user.enable': [{ type: 'user.enable' }],
  'user.disable': [{ type: 'user.disable' }],
  'user.dismissInvitation': [{ type: 'user.dismissInvitation' }],
} satisfies EventFixtures<PushNotificationsEvent>;

const outputs = {
  checkPush: [
    { supported: false, permission: 'default', deviceId: null, invitationDismissed: false },
    { supported: true, permission: 'default', deviceId: null, invitationDismissed: false },
    { supported: true, permission: 'granted', deviceId: 'web-held', invitationDismissed: true },
    { supported: true, permission: 'denied', deviceId: null, invitationDismissed: false },
  ],
  subscribe: [
    { ok: true, deviceId: 'web-new' },
    { ok: false, code: 'PERMISSION_DENIED' },
    { ok: false, code: 'PERMISSION_DISMISSED' },
    { ok: false, code: 'NETWORK_ERROR' },
  ],
  unsubscribe: [{ ok: true }, { ok: false, code: 'NETWORK_ERROR' }],
} satisfies ActorOutputFixtures<typeof pushNotificationsMachine>;

type Phase = 'signedOut' | 'checking' | 'unsupported' | 'off' | 'enabling' | 'on' | 'disabling';

/**
 * The rules (issue 9 "Web Push", the notification registration; the machine's doc comment):
 * - A verified member's start only looks at what the browser holds (asks nothing): no Web Push
 *   in this browser shows the switch as unavailable; a subscription registered for the member
 *   is on (the session gets its deviceId); otherwise off, with the permission as it is. The
 *   invitation on Home shows while off, not blocked, and never answered.
 * - Only the member's tap (switch or invitation) asks: it also answers the one-time invitation
 *   (remembered on the device). Success is on and tells the session the deviceId; a blocked
 *   permission is remembered and said; a closed prompt is off without a word; any other failure
 *   is off with 'Failed to register for notifications'. Every failure tells the session to clear
 *   its deviceId and registeredForNotifications.
 * - Closing the invitation remembers the answer without asking anything.
 * - Turning off asks the server and the browser to forget it: success is off (the session clears
 *   both); a failure stays on with 'Failed to unregister for notifications'.
 * - While on, a new language registers again (pushes are written in it); another member starts
 *   over; nobody signed in holds nothing (what was running stops).
 */
function pushRules(input: { language?: string } | undefined) {
  let phase: Phase = 'signedOut';
  let userId: number | null = null;
  let language = input?.language ?? 'en';
  let permission: NotificationPermissionState = 'default';
  let deviceId: string | null = null;
  let invitationDismissed = false;
  let errorCode: string | null = null;

  const scope = () => ({ userId: userId ?? 0, language });
  const clear = () => {
    [permission, deviceId, invitationDismissed, errorCode] = ['default', null, false, null];
  };
  const stopRunning = (): Effect[] =>
    phase === 'checking' ? [actorStopped('checkPush')] : phase === 'enabling' ? [actorStopped('subscribe')] : phase === 'disabling' ? [actorStopped('unsubscribe')] : [];
  const registered = (id: string) => sendAction('tellRegistered', 'session', { type: 'push.registered', deviceId: id }, { deviceId: id });
  const unregistered = () => sendAction('tellUnregistered', 'session', { type: 'push.unregistered' });
  const answerInvitation = () => {
    invitationDismissed = true;
    return action('storeInvitationDismissed', { userId: userId ?? 0 });
  };
  const only = (ok: boolean, what: string) => {
    if (!ok) throw new Error(`the rules take no ${what} while ${phase}`);
  };

  return {
    started: [],
    on(event: PathEvent<PushNotificationsEvent>): Effect[] {
      switch (event.type) {
        case 'scope.changed': {
          if (event.userId === null) {
            const stopped = stopRunning();
            [phase, userId, language] = ['signedOut', null, event.language];
            clear();
            return stopped;
          }
          if (phase !== 'signedOut' && event.userId === userId) {
            const newLanguage = event.language !== language;
            language = event.language;
            if (phase === 'on' && newLanguage) {
              phase = 'enabling';
              return [actorStarted('subscribe', scope())];
            }
            return [];
          }
          const stopped = stopRunning();
          [phase, userId, language] = ['checking', event.userId, event.language];
          clear();
          return [...stopped, actorStarted('checkPush', scope())];
        }
        case 'xstate.done.actor.checkPush': {
          const check = event.output as PushCheck;
          if (!check.supported) {
            phase = 'unsupported';
            return [];
          }
          [permission, deviceId, invitationDismissed] = [check.permission, check.deviceId, check.invitationDismissed];
          if (check.deviceId !== null) {
            phase = 'on';
            return [registered(check.deviceId)];
          }
          phase = 'off';
          return [];
        }
        case 'xstate.error.actor.checkPush':
          phase = 'off';
          return [];
        case 'user.enable': {
          only(phase === 'off', event.type);
          const stored = answerInvitation();
          phase = 'enabling';
          return [stored, actorStarted('subscribe', scope())];
        }
        case 'user.dismissInvitation':
          only(phase === 'off', event.type);
          return [answerInvitation()];
        case 'xstate.done.actor.subscribe': {
          const output = event.output as SubscribeOutput;
          if (output.ok) {
            [phase, deviceId, permission, errorCode] = ['on', output.deviceId, 'granted', null];
            return [registered(output.deviceId)];
          }
          phase = 'off';
          deviceId = null;
          if (output.code === 'PERMISSION_DENIED') {
            [permission, errorCode] = ['denied', 'PERMISSION_DENIED'];
            return [unregistered(), action('notifyDenied')];
          }
          if (output.code === 'PERMISSION_DISMISSED') return [unregistered()];
          errorCode = output.code;
          return [unregistered(), action('notifyFailed', { attempt: 'enable', code: output.code })];
        }
        case 'xstate.error.actor.subscribe':
          [phase, deviceId, errorCode] = ['off', null, 'UNKNOWN_ERROR'];
          return [unregistered(), action('notifyFailed', { attempt: 'enable', code: 'UNKNOWN_ERROR' })];
        case 'user.disable':
          only(phase === 'on', event.type);
          phase = 'disabling';
          return [actorStarted('unsubscribe', { userId: userId ?? 0, deviceId })];
        case 'xstate.done.actor.unsubscribe': {
          const output = event.output as UnsubscribeOutput;
          if (output.ok) {
            [phase, deviceId] = ['off', null];
            return [unregistered()];
          }
          [phase, errorCode] = ['on', output.code];
          return [action('notifyFailed', { attempt: 'disable', code: output.code })];
        }
        case 'xstate.error.actor.unsubscribe':
          [phase, errorCode] = ['on', 'UNKNOWN_ERROR'];
          return [action('notifyFailed', { attempt: 'disable', code: 'UNKNOWN_ERROR' })];
        default:
          throw new Error(`the rules have no ${event.type}`);
      }
    },
    meaning: () => {
      const switchState: PushSwitchState =
        phase === 'enabling' || phase === 'disabling' ? 'busy' : phase === 'signedOut' ? 'checking' : phase;
      return {
        switchState,
        denied: permission === 'denied',
        invitation: phase === 'off' && permission !== 'denied' && !invitationDismissed,
        deviceId,
        errorCode,
      };
    },
  };
}

describeMachinePaths({
  name: 'pushNotifications',
  machine: pushNotificationsMachine,
  events,
  outputs,
  meaning: (s) => ({
    switchState: selectPushSwitch(s),
    denied: selectPushDenied(s),
    invitation: selectShowsPushInvitation(s),
    deviceId: s.context.deviceId,
    errorCode: s.context.errorCode,
  }),
  oracle: pushRules,
  words: {
    events: {
      'scope.changed': (e) =>
        e.userId === null ? 'nobody is signed in' : `member ${e.userId} is verified (${e.language === 'es' ? 'Spanish' : 'English'})`,
      'user.enable': 'the member turns notifications on',
      'user.disable': 'the member turns them off',
      'user.dismissInvitation': 'the member closes the invitation',
      'xstate.done.actor.checkPush': (e) => {
        const check = e.output as PushCheck;
        if (!check.supported) return 'the browser has no Web Push';
        if (check.deviceId) return 'the browser holds a registered subscription';
        return `the browser holds none (permission ${check.permission})`;
      },
      'xstate.error.actor.checkPush': 'looking at the browser breaks',
      'xstate.done.actor.subscribe': (e) => {
        const output = e.output as SubscribeOutput;
        if (output.ok) return 'the registration succeeds';
        if (output.code === 'PERMISSION_DENIED') return 'the permission is blocked';
        return output.code === 'PERMISSION_DISMISSED' ? 'the prompt is closed' : `the registration fails (${output.code})`;
      },
      'xstate.error.actor.subscribe': 'the registration breaks',
      'xstate.done.actor.unsubscribe': (e) => ((e.output as UnsubscribeOutput).ok ? 'the registration is removed' : 'removing it fails'),
      'xstate.error.actor.unsubscribe': 'removing it breaks',
    },
    outcome: (m) => {
      const invitation = m.invitation ? ', the invitation shows' : '';
      const error = m.errorCode ? `, the member told why (${m.errorCode})` : '';
      switch (m.switchState) {
        case 'checking':
          return 'the switch waits for the browser';
        case 'unsupported':
          return 'the switch shows notifications are unavailable here';
        case 'busy':
          return 'the switch shows it is busy';
        case 'on':
          return `the switch is on${error}`;
        default:
          return `the switch is off${m.denied ? ', blocked' : ''}${error}${invitation}`;
      }
    },
  },
});
