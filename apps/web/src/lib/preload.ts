import { withTexts } from './say';

/**
 * Code that the first render does not need (a header panel's content), loaded on the first
 * sign that it will be (pointer over or focus on its button) and kept once loaded, so it can
 * render synchronously afterwards. Keeps it out of the first route's JavaScript. It comes with the
 * rest of the page's language's texts (say.ts), so what it shows is said in that language.
 */
export interface Preloadable<T> {
  /** Starts loading (once); a failed load may be tried again. */
  load(): Promise<T>;
  /** The loaded value, or undefined while it is not there yet. */
  current(): T | undefined;
}

export function preloadable<T>(loader: () => Promise<T>): Preloadable<T> {
  let value: T | undefined;
  let pending: Promise<T> | undefined;
  return {
    load() {
      pending ??= withTexts(loader()).then(
        (loaded) => (value = loaded),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
    current: () => value,
  };
}
