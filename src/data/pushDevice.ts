/**
 * What this device remembers of a member's Web Push registration (localStorage, the persisted
 * user's deviceId and registeredForNotifications): the device id the server answered with the
 * subscription's endpoint, and whether the member answered the one-time invitation on Home.
 */

import { readStored as read, writeStored as write } from './localStore';

/** The registration kept for a member: the server's device id for this browser's subscription. */
export interface StoredPushDevice {
  deviceId: string;
  endpoint: string;
}

const deviceKey = (userId: number) => `pushDevice.${userId}`;
const invitationKey = (userId: number) => `pushInvitation.${userId}`;


export function readPushDevice(userId: number): StoredPushDevice | null {
  try {
    const value = JSON.parse(read(deviceKey(userId)) ?? 'null') as Partial<StoredPushDevice> | null;
    return typeof value?.deviceId === 'string' && typeof value.endpoint === 'string' ? { deviceId: value.deviceId, endpoint: value.endpoint } : null;
  } catch {
    return null;
  }
}

export const storePushDevice = (userId: number, device: StoredPushDevice): void => write(deviceKey(userId), JSON.stringify(device));
export const clearPushDevice = (userId: number): void => write(deviceKey(userId), null);

export const readInvitationDismissed = (userId: number): boolean => read(invitationKey(userId)) === 'dismissed';
export const storeInvitationDismissed = (userId: number): void => write(invitationKey(userId), 'dismissed');
