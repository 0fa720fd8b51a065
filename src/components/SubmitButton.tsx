import { Button, type ButtonProps } from '@mantine/core';
import type { ComponentPropsWithoutRef, MouseEvent } from 'react';

/**
 * A form's full-width submit button. A press keeps the focus in the field instead of moving it
 * to the button: the account forms check a field as it is left, and otherwise the field's new
 * message pushes the button down between the press and the release, the release lands beside
 * it, and the browser sends no click (the first press did nothing). The click itself, and the
 * keyboard's Enter and Space, submit as always.
 */
export function SubmitButton(props: ButtonProps & Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps | 'type'>) {
  return <Button type="submit" fullWidth onMouseDown={keepFocusOnPress} {...props} />;
}

const keepFocusOnPress = (event: MouseEvent) => event.preventDefault();
