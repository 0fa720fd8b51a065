import type { SnapshotFrom } from 'xstate';
import type { pushNotificationsMachine } from './pushNotifications.machine';
import type { PushCheck } from './pushNotifications.types';

type PushSnapshot = SnapshotFrom<typeof pushNotificationsMachine>;

/** What the Profile switch shows: on, off, working, or not available in this browser. */
export type PushSwitchState = 'checking' | 'unsupported' | 'off' | 'on' | 'busy';

export const selectPushSwitch = (s: PushSnapshot): PushSwitchState => {
  if (s.matches({ active: 'unsupported' })) return 'unsupported';
  if (s.matches({ active: 'on' })) return 'on';
  if (s.matches({ active: 'off' })) return 'off';
  if (s.hasTag('busy')) return 'busy';
  return 'checking';
};

/** The browser blocks notifications for the app: only its site settings can allow them again. */
export const selectPushDenied = (s: PushSnapshot): boolean => s.context.permission === 'denied';

/** The one-time invitation on Home: notifications off and not blocked, the invitation never answered. */
export const selectShowsPushInvitation = (s: PushSnapshot): boolean =>
  s.matches({ active: 'off' }) && s.context.permission !== 'denied' && !s.context.invitationDismissed;

/** Whether the check has answered for the member (the states `selectShowsPushInvitation` reads). */
export const selectPushCheckAnswered = (s: PushSnapshot): boolean => s.matches('active') && !s.matches({ active: 'checking' });

/**
 * What `selectShowsPushInvitation` will say once a check with this outcome has answered (the
 * machine goes `unsupported` without support, `on` with a device id, `off` otherwise): lets Home
 * show the invitation from what the browser tells at once, before the check has run.
 */
export const showsInvitationAfter = (check: PushCheck): boolean =>
  check.supported && check.deviceId === null && check.permission !== 'denied' && !check.invitationDismissed;

/** The switch reads on while registered, and while turning off (until the server answers). */
export const selectPushChecked = (s: PushSnapshot): boolean => s.matches({ active: 'on' }) || s.matches({ active: 'disabling' });
