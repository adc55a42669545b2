import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Scroll positions across navigations, as a browser keeps them for whole pages (what React Router's
 * `<ScrollRestoration>` did under the data router, decision 0074): Back and Forward return to where
 * the visitor was on that entry, also after a reload; a new page starts at its top, or at the
 * element its #hash names; a change of the query alone (a listing's filter) keeps the position.
 */
const STORAGE_KEY = 'shop-scroll-positions';
/** Enough entries for any visit; the oldest go first. */
const MAX_ENTRIES = 100;

let positions: Map<string, number> | null = null;
let shownKey: string | null = null;

function stored(): Map<string, number> {
  if (positions) return positions;
  positions = new Map();
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as unknown;
    if (Array.isArray(saved)) {
      for (const entry of saved) {
        if (Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'number') positions.set(entry[0], entry[1]);
      }
    }
  } catch {
    // Storage blocked or damaged: positions are kept for this page only.
  }
  return positions;
}

/** Notes where the visitor is on the entry being shown; the router calls it as a navigation starts. */
export function rememberScrollPosition(): void {
  if (shownKey === null) return;
  const map = stored();
  map.delete(shownKey);
  map.set(shownKey, window.scrollY);
  while (map.size > MAX_ENTRIES) map.delete(map.keys().next().value!);
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...map]));
  } catch {
    // Storage full or blocked: nothing to keep.
  }
}

/**
 * Rendered beside the page inside its Suspense boundary, so it acts once the page's code is there
 * (on the first load too, where a reload returns to the position of the entry).
 */
export function ScrollRestoration(): null {
  const location = useLocation();
  const navigationType = useNavigationType();
  const shownPath = useRef<string | null>(null);

  useEffect(() => {
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    window.addEventListener('pagehide', rememberScrollPosition);
    return () => {
      window.history.scrollRestoration = previous;
      window.removeEventListener('pagehide', rememberScrollPosition);
    };
  }, []);

  useLayoutEffect(() => {
    const first = shownPath.current === null;
    const samePath = shownPath.current === location.pathname;
    shownKey = location.key;
    shownPath.current = location.pathname;
    const saved = navigationType === 'POP' ? stored().get(location.key) : undefined;
    if (saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    if (location.hash) {
      const element = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (element) {
        element.scrollIntoView();
        return;
      }
    }
    if (!first && !samePath) window.scrollTo(0, 0);
  }, [location.key, location.pathname, location.hash, navigationType]);
  return null;
}
