/**
 * The key to the stock bars of the dashboard and the catalogue: sold, held in carts, available
 * (hidden from screen readers: every bar says its numbers in words).
 */
export function StockLegend({ labels, className }: { labels: { sold: string; held: string; available: string }; className?: string }) {
  return (
    <ul className={className ? `staff-dash-legend ${className}` : 'staff-dash-legend'} aria-hidden="true">
      <li>
        <span className="staff-dash-swatch staff-dash-swatch--sold" /> {labels.sold}
      </li>
      <li>
        <span className="staff-dash-swatch staff-dash-swatch--held" /> {labels.held}
      </li>
      <li>
        <span className="staff-dash-swatch staff-dash-swatch--left" /> {labels.available}
      </li>
    </ul>
  );
}
