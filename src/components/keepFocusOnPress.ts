import type { MouseEvent } from 'react';

/**
 * For a form's submit button below fields checked as they are left: a press keeps the focus in
 * the field instead of moving it to the button. Otherwise the field's blur shows its message
 * between the press and the release, the message pushes the button down, the release lands
 * beside it, and the browser sends no click: the first press did nothing. The click itself (and
 * the keyboard's Enter and Space) submits as always.
 */
export const keepFocusOnPress = (event: MouseEvent) => event.preventDefault();
