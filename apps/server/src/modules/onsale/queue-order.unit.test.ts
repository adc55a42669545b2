import { randomInt } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareQueuePlaces, isPreQueue, queueOrder, randomQueueKey, type QueuePlace } from './queue-order';

const openedAt = new Date('2027-03-01T10:00:00Z');
const before = (ms: number) => new Date(openedAt.getTime() - ms);
const after = (ms: number) => new Date(openedAt.getTime() + ms);

/**
 * How fair a shuffle of the pre-queue is, from `runs` independent draws of VISITORS places.
 *
 * `positions`: Pearson's statistic of the visitor × position table (6 × 6 cells, each expected
 * runs / 6 times), scaled by (n − 1) / n. The scaling is not optional: within one run the six
 * visitors take six different positions, so a cell's count varies less and co-varies differently
 * than a multinomial's. For a uniform permutation the covariance of the n × n indicator table is
 * (1 / (n − 1)) · Q ⊗ Q with Q = I − J/n (a projection of rank n − 1), so the plain Pearson sum
 * is n/(n − 1) times a chi-square with (n − 1)² = 25 degrees of freedom: its mean is 30, not 25
 * (a simulation of 300 × 60,000 draws gave 29.9), and compared unscaled it would fail about a
 * hundred times more often than the level says.
 *
 * `orders`: Pearson's statistic over the 6! = 720 orders a run can produce (each expected
 * 60,000 / 720 ≈ 83 times: enough for the chi-square approximation), 719 degrees of freedom. It
 * catches a shuffle whose positions look uniform one visitor at a time but which favours some
 * orders (it keeps two visitors together, say).
 */
const VISITORS = 6;
const RUNS = 60_000;
/**
 * Upper 10⁻⁶ points of the chi-square distribution (scipy.stats.chi2.isf(1e-6, df)): a fair
 * shuffle fails one of the two checks about twice in a million runs of this test. A biased one
 * fails by a wide margin: keeping arrival order 2% of the time adds about 600 to `positions`
 * and about 17,000 to `orders`.
 */
const CRITICAL_POSITIONS_DF25 = 73.89;
const CRITICAL_ORDERS_DF719 = 913.86;

type Shuffle = (places: QueuePlace[]) => QueuePlace[];

function fairness(shuffle: Shuffle): { positions: number; orders: number } {
  const table = Array.from({ length: VISITORS }, () => Array<number>(VISITORS).fill(0));
  const orders = new Map<string, number>();
  for (let run = 0; run < RUNS; run += 1) {
    // Visitor v arrived v-th, one second apart, all before the opening.
    const places = Array.from({ length: VISITORS }, (_, visitor): QueuePlace => ({ id: visitor + 1, randomKey: randomQueueKey(), sequence: visitor + 1, joinedAt: before(60_000 - visitor * 1000) }));
    const ordered = shuffle(places);
    ordered.forEach((place, index) => {
      const row = table[place.id - 1]!;
      row[index] = row[index]! + 1;
    });
    const key = ordered.map((place) => place.id).join('');
    orders.set(key, (orders.get(key) ?? 0) + 1);
  }
  const expectedCell = RUNS / VISITORS;
  let pearson = 0;
  for (const row of table) for (const observed of row) pearson += (observed - expectedCell) ** 2 / expectedCell;
  const permutations = 720;
  const expectedOrder = RUNS / permutations;
  let orderPearson = 0;
  for (const observed of orders.values()) orderPearson += (observed - expectedOrder) ** 2 / expectedOrder;
  // Orders never drawn count too: each contributes its expected count.
  orderPearson += (permutations - orders.size) * expectedOrder;
  return { positions: (pearson * (VISITORS - 1)) / VISITORS, orders: orderPearson };
}

const isFair = ({ positions, orders }: { positions: number; orders: number }) => positions < CRITICAL_POSITIONS_DF25 && orders < CRITICAL_ORDERS_DF719;

describe('the random queue key', () => {
  it('is 64 random bits inside PostgreSQL bigint, using the sign bit too', () => {
    const keys = Array.from({ length: 2000 }, randomQueueKey);
    for (const key of keys) expect(key >= -(2n ** 63n) && key < 2n ** 63n).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.some((key) => key < 0n) && keys.some((key) => key > 0n)).toBe(true);
    // Every one of the 64 bits varies.
    const ones = Array<number>(64).fill(0);
    for (const key of keys) for (let bit = 0; bit < 64; bit += 1) ones[bit]! += Number((BigInt.asUintN(64, key) >> BigInt(bit)) & 1n);
    for (const count of ones) expect(count).toBeGreaterThan(800);
    for (const count of ones) expect(count).toBeLessThan(1200);
  });
});

describe('the queue order', () => {
  it('puts the pre-queue in a uniformly random order: every visitor equally likely at every position (chi-square)', () => {
    const statistics = fairness((places) => queueOrder(places, openedAt));
    expect(statistics.positions).toBeLessThan(CRITICAL_POSITIONS_DF25);
    expect(statistics.orders).toBeLessThan(CRITICAL_ORDERS_DF719);
  });

  it('the fairness check fails a shuffle that keeps arrival order 2% of the time', () => {
    const biased: Shuffle = (places) => (randomInt(50) === 0 ? places : queueOrder(places, openedAt));
    const statistics = fairness(biased);
    expect(statistics.positions).toBeGreaterThan(CRITICAL_POSITIONS_DF25);
    expect(isFair(statistics)).toBe(false);
  });

  it('the fairness check fails a shuffle by keys too short to make ties rare (ids would decide them)', () => {
    const shortKeys: Shuffle = (places) => queueOrder(places.map((place) => ({ ...place, randomKey: BigInt(randomInt(4)) })), openedAt);
    expect(isFair(fairness(shortKeys))).toBe(false);
  });

  it('the fairness check fails a shuffle that only rotates the arrival order', () => {
    // Every visitor is at every position equally often here: the runs take the six rotations in
    // turn, so the positions table is exactly flat and its statistic 0. Only 6 of the 720 orders
    // ever occur, which the orders check sees. (A rotation drawn at random each run would not do:
    // one draw moves six cells at once, so its positions statistic is 5 × chi-square(5), over the
    // df-25 critical value about once in a hundred runs.)
    let turn = 0;
    const rotate: Shuffle = (places) => {
      const shift = turn % places.length;
      turn += 1;
      return [...places.slice(shift), ...places.slice(0, shift)];
    };
    const statistics = fairness(rotate);
    expect(statistics.positions).toBe(0);
    expect(statistics.orders).toBeGreaterThan(CRITICAL_ORDERS_DF719);
  });

  it('puts everyone who came after the opening behind the pre-queue, in arrival order exactly', () => {
    const placeArbitrary = fc.record({ early: fc.boolean(), offset: fc.integer({ min: 0, max: 3_600_000 }), randomKey: fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }) });
    fc.assert(
      fc.property(fc.array(placeArbitrary, { maxLength: 40 }), fc.integer({ min: 1, max: 1_000_000 }), (drawn, firstSequence) => {
        // Sequences rise with arrival but have gaps (a sequence skips numbers on rollbacks) and
        // ids need not follow them; the arrival of the early ones is irrelevant to their order.
        const places: QueuePlace[] = drawn.map((draw, index) => ({
          id: 1000 - index,
          randomKey: draw.randomKey,
          sequence: firstSequence + index * 3,
          joinedAt: draw.early ? before(draw.offset + 1) : after(draw.offset),
        }));
        const ordered = queueOrder(places, openedAt);
        const early = places.filter((place) => isPreQueue(place, openedAt));
        const late = places.filter((place) => !isPreQueue(place, openedAt));
        expect(ordered.map((place) => place.position)).toEqual(places.map((_, index) => index + 1));
        expect(ordered.slice(0, early.length).every((place) => isPreQueue(place, openedAt))).toBe(true);
        expect(ordered.slice(early.length).map((place) => place.id)).toEqual([...late].sort((left, right) => left.sequence - right.sequence).map((place) => place.id));
        const keys = ordered.slice(0, early.length).map((place) => place.randomKey);
        expect(keys).toEqual([...keys].sort((left, right) => (left < right ? -1 : left > right ? 1 : 0)));
      }),
    );
  });

  it('counts a visitor who joins at the opening instant as after it, and settles equal keys by id', () => {
    expect(isPreQueue({ joinedAt: openedAt }, openedAt)).toBe(false);
    expect(isPreQueue({ joinedAt: before(1) }, openedAt)).toBe(true);
    const places: QueuePlace[] = [
      { id: 5, randomKey: 7n, sequence: 1, joinedAt: before(10) },
      { id: 3, randomKey: 7n, sequence: 2, joinedAt: before(5) },
      { id: 9, randomKey: -(2n ** 63n), sequence: 3, joinedAt: openedAt },
      { id: 1, randomKey: 2n ** 63n - 1n, sequence: 4, joinedAt: after(1) },
    ];
    expect(queueOrder(places, openedAt).map(({ id, position }) => [id, position])).toEqual([
      [3, 1],
      [5, 2],
      [9, 3],
      [1, 4],
    ]);
    // The comparator is a total order: sorting any rearrangement gives the same queue.
    const compare = compareQueuePlaces(openedAt);
    expect([...places].reverse().sort(compare)).toEqual([...places].sort(compare));
    expect(queueOrder([], openedAt)).toEqual([]);
  });
});
