import { getShopItemAnswer } from '@festival/contract';
import { baseUrl } from './browser';

/**
 * The seats each travel time of a product has left now, as the server answers get-shop-item, in
 * its order (null: not counted). The journeys share one database and run in an order of vitest's
 * choosing, so another journey may hold or have bought a seat: counts are read, never assumed.
 */
export async function seatsLeftNow(externalCode: string): Promise<(number | null)[]> {
  const response = await fetch(`${baseUrl()}/api/get-shop-item`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ external_code: externalCode }),
  });
  if (response.status !== 200) throw new Error(`get-shop-item ${externalCode} answered ${response.status}`);
  return getShopItemAnswer.parse(await response.json()).item.travel_times.map((time) => time.remaining);
}
