/** What a set of lines takes from stock: units per item, and seats per departure for transport. */
export function tallyUnits(lines: readonly { itemId: number; travelTimeId?: number | null }[]): { items: Map<number, number>; seats: Map<number, number> } {
  const items = new Map<number, number>();
  const seats = new Map<number, number>();
  for (const line of lines) {
    items.set(line.itemId, (items.get(line.itemId) ?? 0) + 1);
    if (line.travelTimeId != null) seats.set(line.travelTimeId, (seats.get(line.travelTimeId) ?? 0) + 1);
  }
  return { items, seats };
}
