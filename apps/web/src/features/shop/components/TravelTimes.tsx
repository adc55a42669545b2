import { type ShopItem } from '@festival/contract';
import { Badge } from '../../../components/ui/Badge';
import { useFormat } from '../../../lib/use-format';
import { seatsText } from '../product-facts';
import { say } from '../../../lib/say';
import { productTexts } from '../product.messages';

/**
 * Departures of a transport product in the event's zone: the one time of a fixed product, or
 * every time of a selectable one with its seats ('Sold out', "12 seats left", or nothing when
 * seats are not counted).
 */
export function TravelTimes({ item }: { item: Pick<ShopItem, 'travel_time_type' | 'travel_time' | 'travel_times' | 'timezone'> }) {
  const format = useFormat();
  const when = (value: string) => format.date(value, item.timezone, 'dayDateTime');

  if (item.travel_time_type === 'fixed') {
    return item.travel_time ? (
      <p className="travel-times__fixed" id="travel-time">
        {say(productTexts.travelTimes.departure)} <strong>{when(item.travel_time)}</strong>
      </p>
    ) : null;
  }

  return (
    <ul className="travel-times" id="travel-times">
      {item.travel_times.map((option) => {
        const seats = seatsText(option.remaining, format.number);
        const soldOut = option.remaining !== null && option.remaining <= 0;
        return (
          <li key={option.id} className={soldOut ? 'travel-times__option travel-times__option--sold-out' : 'travel-times__option'}>
            <span className="travel-times__when">{when(option.travel_time)}</span>
            {seats &&
              (soldOut ? (
                <Badge tone="danger">{seats}</Badge>
              ) : (
                <span className="travel-times__seats">{seats}</span>
              ))}
          </li>
        );
      })}
    </ul>
  );
}
