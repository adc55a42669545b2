import { useEffect, useRef } from 'react';

/**
 * Where the focus goes when an editing dialog closes after a save: back to the edit button of the
 * row it saved (its id from `idOf`), which may be a new row. Set `.current` to the row's key as the
 * save succeeds; `open` is the dialog's state (null: closed).
 */
export function useFocusAfterClose(open: unknown, idOf: (key: string) => string) {
  const pending = useRef<string | null>(null);
  useEffect(() => {
    if (open !== null || !pending.current) return;
    document.getElementById(idOf(pending.current))?.focus();
    pending.current = null;
  }, [open, idOf]);
  return pending;
}
