import { useEffect, useRef } from 'react';

/**
 * Focuses the element when it first appears: a screen that replaces a form (its success or the
 * 'Incorrect code' screen) is where keyboard and screen-reader users continue.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
