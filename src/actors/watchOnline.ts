import { fromCallback, type EventObject } from 'xstate';

/**
 * Whether the browser says it is online (`navigator.onLine`). Where there is no navigator (a
 * test's Node), online: nothing says otherwise.
 */
export const browserOnline = (): boolean => typeof navigator === 'undefined' || navigator.onLine !== false;

/** The window's online event, sent as `connectivity.online`. */
export const watchOnline = (target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window) =>
  fromCallback<EventObject>(({ sendBack }) => {
    const online = () => sendBack({ type: 'connectivity.online' });
    target.addEventListener('online', online);
    return () => target.removeEventListener('online', online);
  });
