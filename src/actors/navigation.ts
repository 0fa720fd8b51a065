import { navigate as browserNavigate } from 'wouter/use-browser-location';

/** Goes to an app path (the router's own `navigate`, so bindings and links agree). */
export type Navigate = (to: string, options?: { replace?: boolean }) => void;

/** The browser's history: what the app's wouter router reads. */
export const historyNavigate: Navigate = (to, options) => browserNavigate(to, options);
