import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLingui } from '@lingui/react';
import { documentTitle, screenTitle } from './screenTitles';

/** How long a new screen's heading is waited for (a screen's chunk and data on a slow line). */
const HEADING_WAIT_MS = 15_000;

/**
 * What a change of screen does for keyboard and screen-reader users, for every route at once:
 * - the document's title names the screen in the member's language ("Redeem · pips"), and follows
 *   a change of language;
 * - after a navigation (not on the first screen a visit opens), the new screen's heading takes the
 *   focus as soon as it is on the page: a screen reader reads it out, and Tab goes on from the top
 *   of the new screen instead of from the page's start. The focus stays where it is when something
 *   else took it meanwhile (a screen's own first field, a dialog).
 */
export function useScreenChange(pathname: string): void {
  const { i18n } = useLingui();
  const title = documentTitle(i18n._(screenTitle(pathname)));
  useEffect(() => {
    document.title = title;
  }, [title]);

  // A layout effect: the focused element is read before the new screen's own effects run (one that
  // focuses its first field wins over the heading).
  const first = useRef(true);
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    return focusHeadingOnceShown(document.activeElement);
  }, [pathname]);
}

/** Marks the heading a screen change focuses (app.css draws no ring on it: it is no control). */
export const SCREEN_HEADING_ATTRIBUTE = 'data-screen-heading';

/**
 * Focuses the shown screen's heading (the first `h1` in the app's main area that is displayed)
 * once there is one, unless the focus has moved on from `before` (the element focused when the
 * screen changed) to another element. Returns a function that stops waiting.
 */
export function focusHeadingOnceShown(before: Element | null): () => void {
  const tryFocus = (): boolean => {
    const heading = shownHeading();
    if (!heading) return false;
    const active = document.activeElement;
    if (active === null || active === document.body || active === before) {
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.setAttribute(SCREEN_HEADING_ATTRIBUTE, '');
      heading.focus();
    }
    return true;
  };
  if (tryFocus()) return () => {};
  const observer = new MutationObserver(() => {
    if (tryFocus()) stop();
  });
  const timer = setTimeout(() => stop(), HEADING_WAIT_MS);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['style', 'inert'] });
  return stop;
}

/**
 * The screen's heading: not in the prerendered page the app replaces (inert), nor in a screen
 * React keeps hidden while the next one's code loads (an inline `display: none`).
 */
function shownHeading(): HTMLElement | null {
  for (const heading of document.querySelectorAll<HTMLElement>('main h1')) {
    if (heading.closest('[inert]')) continue;
    if (!hiddenByStyle(heading)) return heading;
  }
  return null;
}

function hiddenByStyle(element: HTMLElement): boolean {
  for (let node: HTMLElement | null = element; node; node = node.parentElement) {
    if (node.style.display === 'none') return true;
  }
  return false;
}
