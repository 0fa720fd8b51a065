import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { pushNotificationsMachine } from '../../machines/pushNotifications.machine';
import { selectPushCheckAnswered, selectShowsPushInvitation, showsInvitationAfter } from '../../machines/pushNotifications.selectors';
import type { NotificationPermissionState, PushCheck } from '../../machines/pushNotifications.types';

/** Every outcome of the start's check. */
const checks: PushCheck[] = [];
for (const supported of [true, false])
  for (const permission of ['default', 'granted', 'denied'] as NotificationPermissionState[])
    for (const deviceId of [null, 'web-held'])
      for (const invitationDismissed of [false, true]) checks.push({ supported, permission, deviceId, invitationDismissed });

describe('showsInvitationAfter (Home shows the invitation before the check has answered)', () => {
  it.each(checks.map((check) => [JSON.stringify(check), check] as const))('says what the machine shows once the check answered %s', async (_, check) => {
    const push = createActor(pushNotificationsMachine.provide({ actors: { checkPush: fromPromise(async () => check) } }), { input: { language: 'en' } }).start();
    push.send({ type: 'scope.changed', userId: 7, language: 'en' });
    expect(selectPushCheckAnswered(push.getSnapshot())).toBe(false);
    const answered = await waitFor(push, selectPushCheckAnswered);
    expect(selectShowsPushInvitation(answered)).toBe(showsInvitationAfter(check));
    push.stop();
  });

  it('the machine shows it for some outcome and hides it for others (the table above is not all one answer)', () => {
    expect(new Set(checks.map(showsInvitationAfter))).toEqual(new Set([true, false]));
  });
});
