import { useSyncExternalStore } from 'react';

/**
 * The shared form error of spec section 8: one danger alert text that a page sets when a call
 * fails and that every navigation clears. A tiny external store, so the router can clear it
 * without being inside a React provider.
 */
type Listener = () => void;
let current: string | null = null;
const listeners = new Set<Listener>();

function emit(): void {
  listeners.forEach((listener) => listener());
}

export const formErrorStore = {
  get: (): string | null => current,
  set(message: string | null): void {
    const next = message && message.trim() ? message : null;
    if (next === current) return;
    current = next;
    emit();
  },
  clear(): void {
    formErrorStore.set(null);
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useFormError() {
  const formError = useSyncExternalStore(formErrorStore.subscribe, formErrorStore.get, formErrorStore.get);
  return { formError, setFormError: formErrorStore.set, clearFormError: formErrorStore.clear };
}
