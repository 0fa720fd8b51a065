import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { installPromptMachine } from '../../machines/installPrompt.machine';
import type { InstallStateOutput } from '../../machines/installPrompt.types';
import { readStored as read, writeStored as write } from '../data/localStore';

/** The local storage keys of the install prompt. */
export const installKeys = { appInstalled: 'appInstalled', installButtonViews: 'installButtonViews' } as const;

/** The browser's install offer (Chromium's `beforeinstallprompt`, not in TypeScript's DOM library). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/**
 * The offer the browser made before the app listened, held by src/earlyInstallOffer.ts (the page's
 * first script), or null (no offer yet, or no holder: a page without it). Asked with a DOM event,
 * answered at once; the holder hands it over once and stops holding.
 */
export function takeEarlyInstallOffer(): BeforeInstallPromptEvent | null {
  let offer: Event | null = null;
  // The window's own CustomEvent (the same as the global one in a page; not in a test whose window
  // is happy-dom's in Node, where a foreign event thrown here ended the app's whole system).
  window.dispatchEvent(new window.CustomEvent('pips:take-early-install-offer', { detail: (held: Event | null) => (offer = held) }));
  return offer as BeforeInstallPromptEvent | null;
}

/** Running as the installed app (iOS Safari marks it on navigator). */
export const isStandalone = (): boolean =>
  window.matchMedia?.('(display-mode: standalone)').matches === true || (navigator as Navigator & { standalone?: boolean }).standalone === true;

/**
 * Safari (macOS and iOS, and iOS browsers, which are all Safari inside): no `beforeinstallprompt`,
 * the app is added through Share / File menus instead.
 */
export function isSafari(userAgent = navigator.userAgent): boolean {
  const ios = /iPhone|iPad|iPod/.test(userAgent);
  const desktopSafari = /Safari\//.test(userAgent) && !/Chrome|Chromium|CriOS|Edg|OPR|Firefox|FxiOS|Android/.test(userAgent);
  return ios || desktopSafari;
}

/** `readInstallState` of the install prompt machine. */
export const readInstallState = fromPromise<InstallStateOutput>(async () => {
  const views = Number(read(installKeys.installButtonViews));
  return {
    standalone: isStandalone(),
    installed: read(installKeys.appInstalled) === 'true',
    views: Number.isSafeInteger(views) && views > 0 ? views : 0,
    safari: isSafari(),
  };
});

/**
 * Keeps the browser's install offer for the button (`prompt.available`), shows it on
 * `prompt.show` and reports the member's answer; reports `appinstalled`. An offer the browser made
 * before the app listened (src/earlyInstallOffer.ts) counts as made now.
 */
export const watchInstallPrompt = fromCallback<EventObject>(({ sendBack, receive }) => {
  let offer = takeEarlyInstallOffer();
  if (offer) sendBack({ type: 'prompt.available' });
  const onOffer = (event: Event) => {
    // The app shows its own button instead of the browser's mini-infobar.
    event.preventDefault();
    offer = event as BeforeInstallPromptEvent;
    sendBack({ type: 'prompt.available' });
  };
  const onInstalled = () => sendBack({ type: 'app.installed' });
  window.addEventListener('beforeinstallprompt', onOffer);
  window.addEventListener('appinstalled', onInstalled);
  receive((event) => {
    if (event.type !== 'prompt.show') return;
    const shown = offer;
    // An offer can be shown once; the browser makes a new one if the member dismisses it.
    offer = null;
    if (!shown) {
      sendBack({ type: 'prompt.dismissed' });
      return;
    }
    void shown
      .prompt()
      .then(() => shown.userChoice)
      .then(({ outcome }) => sendBack({ type: outcome === 'accepted' ? 'prompt.accepted' : 'prompt.dismissed' }))
      .catch(() => sendBack({ type: 'prompt.dismissed' }));
  });
  return () => {
    window.removeEventListener('beforeinstallprompt', onOffer);
    window.removeEventListener('appinstalled', onInstalled);
  };
});

/** Installed: the `appinstalled` event came, or the app now runs standalone, or the browser lists it. */
export const checkInstalled = fromPromise<boolean>(async () => {
  if (read(installKeys.appInstalled) === 'true' || isStandalone()) return true;
  const related = (navigator as Navigator & { getInstalledRelatedApps?: () => Promise<unknown[]> }).getInstalledRelatedApps;
  if (!related) return false;
  try {
    return (await related.call(navigator)).length > 0;
  } catch {
    return false;
  }
});

/** Locks the installed app to portrait where the browser allows it. */
function lockPortrait(): void {
  const orientation = screen.orientation as ScreenOrientation & { lock?: (orientation: string) => Promise<void> };
  void orientation?.lock?.('portrait').catch(() => {
    // not allowed here (desktop, or not fullscreen): the manifest's orientation still applies
  });
}

/** The install prompt bound to the browser: local storage, `beforeinstallprompt`, the screen. */
export function installPromptLogic() {
  return installPromptMachine.provide({
    actors: { readInstallState, watchInstallPrompt, checkInstalled },
    actions: {
      lockPortrait: () => lockPortrait(),
      storeViews: (_, { views }) => write(installKeys.installButtonViews, String(views)),
      storeInstalled: () => write(installKeys.appInstalled, 'true'),
    },
  });
}
