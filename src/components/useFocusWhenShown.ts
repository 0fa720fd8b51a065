import { useEffect, useRef } from 'react';

/**
 * A form's result that takes the form's place (a 'Check your email' after the submit): once it is
 * shown, it takes the focus (give the element `tabIndex={-1}`), so a screen reader reads it and the
 * focus does not fall to the page's body with the submit button gone.
 */
export function useFocusWhenShown<T extends HTMLElement>(shown: boolean) {
  const element = useRef<T>(null);
  useEffect(() => {
    if (shown) element.current?.focus();
  }, [shown]);
  return element;
}
