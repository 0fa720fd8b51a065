/**
 * Holds the browser's install offer (Chromium's `beforeinstallprompt`) made before the app exists.
 *
 * The page loads this file as its own small entry, ahead of the app's script (build/earlyEntry.ts),
 * so it runs as soon as the page is parsed. The app's install prompt only listens once the app's
 * chunk has downloaded and its start (the catalog, the stylesheets) is done; an offer Chromium
 * made before that was lost, and the install button never came on that visit.
 *
 * The app takes the held offer with `takeEarlyInstallOffer` (src/actors/installPrompt.ts), which
 * asks for it with the DOM event below: importing this module would put it in the app's chunk,
 * which is what it must not wait for. It imports nothing and exports nothing (`export {}` makes
 * it a module for TypeScript).
 */
export {};

/** The event the app sends to take the held offer; its `detail` is called with it (or null). */
const TAKE_EVENT = 'pips:take-early-install-offer';

let held: Event | null = null;

const hold = (event: Event) => {
  // The app shows its own button instead of the browser's mini-infobar.
  event.preventDefault();
  held = event;
};

/** Hands the held offer over once, and lets go: the app listens to the browser's later offers itself. */
const handOver = (event: Event) => {
  window.removeEventListener('beforeinstallprompt', hold);
  window.removeEventListener(TAKE_EVENT, handOver);
  (event as CustomEvent<(offer: Event | null) => void>).detail(held);
  held = null;
};

window.addEventListener('beforeinstallprompt', hold);
window.addEventListener(TAKE_EVENT, handOver);
