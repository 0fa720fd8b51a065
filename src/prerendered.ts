/** How long a prerendered page waits for the app's first screen before the app shows whatever it has. */
export const TAKEOVER_LIMIT_MS = 8000;

export interface Takeover {
  /** Where the app renders. */
  container: HTMLElement;
  /** The app's first screen is committed: it replaces the prerendered one. */
  screenShown(): void;
}

/**
 * A prerendered page (build/prerender) holds the screen's markup in #root, inert: the app renders
 * beside it, laid out but unseen, and replaces it in one step once its own first screen is
 * committed (the same markup, so nothing moves). Were no screen to come (a screen that fails
 * shows its error instead), the app replaces it after `TAKEOVER_LIMIT_MS` anyway. Without one, the
 * app renders into #root itself.
 */
export function takeOverPrerendered(root: HTMLElement, limitMs = TAKEOVER_LIMIT_MS): Takeover {
  const prerendered = root.querySelector(':scope > [data-prerendered]');
  if (!prerendered) return { container: root, screenShown: () => {} };
  const container = document.createElement('div');
  container.style.cssText = 'position:absolute;top:0;left:0;width:100%;visibility:hidden';
  root.append(container);
  const swap = () => {
    clearTimeout(timer);
    if (!prerendered.isConnected) return;
    prerendered.remove();
    container.removeAttribute('style');
  };
  const timer = setTimeout(swap, limitMs);
  return { container, screenShown: swap };
}
