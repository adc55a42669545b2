import { useEffect, useSyncExternalStore } from 'react';

/**
 * A title a page sets for itself once it knows it (a product page: the item's name), in place
 * of the route's title. The frame (AppLayout) reads it when it sets document.title; a page
 * effect cannot set document.title itself, because the frame's own effect runs after it.
 */
type Listener = () => void;
let current: string | null = null;
const listeners = new Set<Listener>();

export const pageTitleStore = {
  get: (): string | null => current,
  set(title: string | null): void {
    const next = title?.trim() ? title.trim() : null;
    if (next === current) return;
    current = next;
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The title a page set for itself, or null (for the frame). */
export function usePageTitleOverride(): string | null {
  return useSyncExternalStore(pageTitleStore.subscribe, pageTitleStore.get, pageTitleStore.get);
}

/** Sets the page's own title while it is shown; null keeps the route's title. */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    pageTitleStore.set(title ?? null);
    return () => pageTitleStore.set(null);
  }, [title]);
}
