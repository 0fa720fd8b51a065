import { act } from '@testing-library/react';
import { vi } from 'vitest';
import { MEMBER } from '../../data/dataTestKit';

export { resetData, signIn } from '../../data/dataTestKit';
export { noAnswer, requests } from '../fakeFetch';

/** The member and language the screen tests' cached copies belong to. */
export const scope = { userId: MEMBER, language: 'en' };

/** The idempotency key pattern of openapi.yaml. */
export const keyPattern = /^[A-Za-z0-9_-]{8,128}$/;

/** The browser goes offline or back online (navigator.onLine and the window event the app listens to). */
export function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}
