/** Units of a product or seats of a departure: available is null when not counted. */
export interface StockFigures {
  stock: number | null;
  sold: number;
  held: number;
  available: number | null;
}

/**
 * Each value as a share of the largest (0 to 1), for bars drawn against one another; all zero
 * when there is nothing. A small non-zero value keeps a sliver so it is not read as none.
 */
export function barHeights(values: readonly number[]): number[] {
  const largest = Math.max(0, ...values);
  if (largest <= 0) return values.map(() => 0);
  return values.map((value) => (value <= 0 ? 0 : Math.max(0.02, value / largest)));
}

/**
 * Sold, held and available as percentages of one bar (they add up to 100, or to 0 when there is
 * nothing). Unlimited stock has no available part: sold and held share the bar.
 */
export function stockShares(figures: StockFigures): { sold: number; held: number; available: number } {
  const available = Math.max(0, figures.available ?? 0);
  const total = figures.sold + figures.held + available;
  if (total <= 0) return { sold: 0, held: 0, available: 0 };
  const sold = (figures.sold / total) * 100;
  const held = (figures.held / total) * 100;
  return { sold, held, available: 100 - sold - held };
}

/** A bucket's start as staff read it: the time of a minute, the date of a day, in the shop's time zone. */
export function bucketLabel(at: string, per: 'minute' | 'day', timeZone: string, locale: string): string {
  // A day bucket may come as a date without a time (the shop's day): it is that date, whatever the zone.
  if (per === 'day' && /^\d{4}-\d{2}-\d{2}$/.test(at)) return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${at}T00:00:00Z`));
  return new Intl.DateTimeFormat(locale, per === 'minute' ? { timeStyle: 'short', timeZone } : { dateStyle: 'medium', timeZone }).format(new Date(at));
}
