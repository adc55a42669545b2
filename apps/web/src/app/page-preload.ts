import { PRELOAD_ELEMENT_ID, type ApiAnswer, type PagePreload } from '@festival/contract';
import type { QueryClient } from '@tanstack/react-query';
import { shopItemQuery } from '../features/shop/api/shop-item';
import { userDataKey } from '../lib/user-data';

/**
 * The server puts the first API answers of a page into the page (see the server's
 * page-preload.ts): get-data as a visitor without a session gets it, and a product page's
 * get-shop-item. Seeding the query cache with them lets the first render show the page without
 * waiting for the API. A visitor with a session token still asks get-data for their own data.
 */
export function seedPreloadedAnswers(queryClient: QueryClient, doc: Document, token: string | null): void {
  const text = doc.getElementById(PRELOAD_ELEMENT_ID)?.textContent;
  if (!text) return;
  let preload: PagePreload;
  try {
    preload = JSON.parse(text) as PagePreload;
  } catch {
    return; // Not there or damaged: the queries ask the API as usual.
  }
  const userData = preload['get-data'] as ApiAnswer<'get-data'> | undefined;
  if (userData?.data && token === null) queryClient.setQueryData(userDataKey(null), userData.data);
  const shopItem = preload['get-shop-item'];
  const item = (shopItem?.answer as ApiAnswer<'get-shop-item'> | undefined)?.item;
  if (shopItem && item) queryClient.setQueryData(shopItemQuery(shopItem.external_code).queryKey, item);
}
