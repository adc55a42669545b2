import { useEffect, type RefObject } from 'react';

/**
 * After a refused save (the browser's own check or the shop's answer: `tried` counts the tries,
 * `errors` are the shop's), the form's first marked field takes the focus, and its problem is read
 * with it.
 */
export function useFocusOnRefusal(formRef: RefObject<HTMLFormElement | null>, tried: number, errors: unknown) {
  useEffect(() => {
    if (tried === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [formRef, tried, errors]);
}
