import type { ShopItem, UserData } from '@festival/contract';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { USER_DATA_KEY } from '../../../lib/user-data';

export const SHOP_ITEM_KEY = 'shop-item';

export function shopItemQuery(code: string) {
  return queryOptions({
    queryKey: [SHOP_ITEM_KEY, code] as const,
    queryFn: async ({ signal }) => (await callApi('get-shop-item', { external_code: code }, { signal })).item,
    // Stock and seats change while people buy: ask again when the page is opened again.
    staleTime: 10_000,
  });
}

/** The item as the listing (get-data) already has it, to show at once while get-shop-item answers. */
function findListedItem(queryClient: QueryClient, code: string): ShopItem | undefined {
  for (const [, data] of queryClient.getQueriesData<UserData>({ queryKey: [USER_DATA_KEY] })) {
    const found = data && [...data.products, ...data.merchandise].find((item) => item.external_code === code);
    if (found) return found;
  }
  return undefined;
}

/** One shop item by external code (get-shop-item); 404 for an unknown code (an ApiError). */
export function useShopItem(code: string) {
  const queryClient = useQueryClient();
  return useQuery({
    ...shopItemQuery(code),
    placeholderData: () => findListedItem(queryClient, code),
  });
}
