import type { Shown } from '@festival/contract';
import { say } from '../lib/say';

/**
 * The key to the stock bars of the dashboard and the catalogue: sold, held in carts, available
 * (hidden from screen readers: every bar says its numbers in words).
 */
export function StockLegend({ labels, className }: { labels: { sold: Shown; held: Shown; available: Shown }; className?: string }) {
  return (
    <ul className={className ? `staff-dash-legend ${className}` : 'staff-dash-legend'} aria-hidden="true">
      <li>
        <span className="staff-dash-swatch staff-dash-swatch--sold" /> {say(labels.sold)}
      </li>
      <li>
        <span className="staff-dash-swatch staff-dash-swatch--held" /> {say(labels.held)}
      </li>
      <li>
        <span className="staff-dash-swatch staff-dash-swatch--left" /> {say(labels.available)}
      </li>
    </ul>
  );
}
