import { useLayoutEffect, useRef } from 'react';

/**
 * Gives the focus back to what opened a dialog once it closes (by Escape, its x, a button), as
 * Mantine's Modal and Drawer do, also when the dialog mounts already open: a dialog whose code
 * loads when it first opens (the redeem confirmation, the install instructions, the modal
 * notices), where Mantine, which notes the focused element only when `opened` changes, leaves the
 * focus on the page's body. A dialog that unmounts as it closes counts as closed.
 *
 * The focus goes back only while nothing else took it: after the close the focused element is
 * the page's body (the dialog is gone) or still the one that had it in the dialog. The opener
 * must still be on the page (a redemption that leads to another screen leaves it behind).
 */
export function useReturnFocus(opened: boolean): void {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!opened) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    return () => {
      const target = opener.current;
      opener.current = null;
      if (!target) return;
      const atClose = document.activeElement;
      // After the dialog's own focus handling (its trap lets go of the focus on the next tick).
      setTimeout(() => {
        const active = document.activeElement;
        const free = active === null || active === document.body || active === atClose;
        if (free && target.isConnected && active !== target) target.focus({ preventScroll: true });
      }, 20);
    };
  }, [opened]);
}
