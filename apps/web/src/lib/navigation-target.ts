import { createContext, useContext } from 'react';
import type { Location } from 'react-router';

/** Where a navigation under way goes (the shop's router provides it, app/shop-router.tsx); null when none is. */
export const NavigationTargetContext = createContext<Location | null>(null);

export function useNavigationTarget(): Location | null {
  return useContext(NavigationTargetContext);
}
