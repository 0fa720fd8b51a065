import { fromCallback, type EventObject } from 'xstate';

/** The window's online event, sent as `connectivity.online`. */
export const watchOnline = (target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window) =>
  fromCallback<EventObject>(({ sendBack }) => {
    const online = () => sendBack({ type: 'connectivity.online' });
    target.addEventListener('online', online);
    return () => target.removeEventListener('online', online);
  });
