import { z } from 'zod';
import { catalogueCount, catalogueInstant, catalogueMoney } from './catalogue-fields';
import { issueMessage, message, messageWith } from './i18n/text';

/**
 * Price tiers (issue 37 point 2, decision 0099): a product or merchandise item sells at the
 * price of its first tier that has not ended, and at its own `price` once every tier has ended.
 * A tier ends at an instant (`until`: early bird until 1 March) or once a number of units has
 * been taken (`units`: the first 100 units), counted over every unit sold or held in a cart since
 * the sale began. The item's `price` is thereby the last tier, the one without an end.
 */
export const PRICE_TIERS_MAX = 20;

const tierEarlier = messageWith<{ tier: number }>({ id: 'priceTierMessages.earlier', defaultMessage: 'must be later than the end of tier {tier}' });
const tierFewer = messageWith<{ tier: number }>({ id: 'priceTierMessages.fewer', defaultMessage: 'must be more than the units of tier {tier}' });
const tooMany = messageWith<{ max: number }>({ id: 'priceTierMessages.tooMany', defaultMessage: 'at most {max} tiers' });

/** The tier rules' texts, the same in the catalogue file and the back office's tiers editor. */
export const priceTierMessages = {
  oneEnd: message({ id: 'priceTierMessages.oneEnd', defaultMessage: 'give either until (a date and time) or units (a number of units), not both' }),
  units: message({ id: 'priceTierMessages.units', defaultMessage: 'must be a whole number from 1 to 2147483647' }),
  /** `tier`: the 1-based number of the earlier tier the value must follow. */
  earlier: (tier: number) => tierEarlier({ tier }),
  fewer: (tier: number) => tierFewer({ tier }),
  tooMany: (max: number) => tooMany({ max }),
  noPlan: message({ id: 'priceTierMessages.noPlan', defaultMessage: 'a product with a payment plan has one price: leave the tiers out' }),
};

const unitsIssue = issueMessage(priceTierMessages.units);

/** One tier: its price and its end, a moment or a number of units taken. */
export const priceTier = z
  .strictObject({
    price: catalogueMoney,
    until: catalogueInstant.optional(),
    units: catalogueCount.min(1, unitsIssue).optional(),
  })
  .refine((tier) => (tier.until === undefined) !== (tier.units === undefined), { error: issueMessage(priceTierMessages.oneEnd), path: ['until'] });
export type PriceTier = z.infer<typeof priceTier>;

/**
 * The tiers before the item's own price, in the order they apply: the moments ascend among the
 * tiers that end at a moment, the units ascend among those that end at a number of units (a tier
 * that could never apply is a mistake, refused where it is made).
 */
export const priceTiers = z
  .array(priceTier)
  .min(1)
  .max(PRICE_TIERS_MAX, issueMessage(priceTierMessages.tooMany(PRICE_TIERS_MAX)))
  .superRefine((tiers, ctx) => {
    let lastUntil: { at: number; index: number } | null = null;
    let lastUnits: { units: number; index: number } | null = null;
    tiers.forEach((tier, index) => {
      if (tier.until !== undefined && tier.units === undefined) {
        const at = Date.parse(tier.until);
        if (lastUntil && at <= lastUntil.at) ctx.addIssue({ code: 'custom', path: [index, 'until'], message: issueMessage(priceTierMessages.earlier(lastUntil.index + 1)) });
        lastUntil = { at, index };
      }
      if (tier.units !== undefined && tier.until === undefined) {
        if (lastUnits && tier.units <= lastUnits.units) ctx.addIssue({ code: 'custom', path: [index, 'units'], message: issueMessage(priceTierMessages.fewer(lastUnits.index + 1)) });
        lastUnits = { units: tier.units, index };
      }
    });
  });

/**
 * The prices of units taken from `now` on, as the tiers that have not ended by then leave them:
 * the n-th unit taken (counting every unit sold or held, 1 for the first) costs the price of the
 * first step with n ≤ units, else `otherwise`. A tier that ends at a moment still ahead applies to
 * every unit, so the steps stop there.
 */
export interface PriceSchedule {
  steps: { units: number; price: number }[];
  otherwise: number;
}

export function priceSchedule(tiers: readonly PriceTier[] | null | undefined, price: number, now: number): PriceSchedule {
  const steps: PriceSchedule['steps'] = [];
  for (const tier of tiers ?? []) {
    if (tier.units !== undefined) steps.push({ units: tier.units, price: tier.price });
    else if (tier.until !== undefined && now < Date.parse(tier.until)) return { steps, otherwise: tier.price };
  }
  return { steps, otherwise: price };
}

/** The price of the `position`-th unit taken (1 for the first) under a schedule. */
export function priceOfUnit(schedule: PriceSchedule, position: number): number {
  for (const step of schedule.steps) if (position <= step.units) return step.price;
  return schedule.otherwise;
}

/** What an item's price does next, as the shop shows it: the new price, and when (a moment) or after how many more units. */
export interface NextPrice {
  price: number;
  from: string | null;
  after_units: number | null;
}

/**
 * The price the next unit taken costs at `now`, when `taken` units are already sold or held, and
 * what comes next: the price once the current tier ends (null when it does not end, or ends into
 * the same price).
 */
export function currentPrice(tiers: readonly PriceTier[] | null | undefined, price: number, now: number, taken: number): { price: number; next: NextPrice | null } {
  const position = taken + 1;
  const current = priceOfUnit(priceSchedule(tiers, price, now), position);
  for (const tier of tiers ?? []) {
    if (tier.until !== undefined) {
      const ends = Date.parse(tier.until);
      if (now >= ends) continue;
      // The first tier still running: it sets the current price, and its end is the next change.
      const then = priceOfUnit(priceSchedule(tiers, price, ends), position);
      return { price: current, next: then === current ? null : { price: then, from: new Date(ends).toISOString(), after_units: null } };
    }
    if (tier.units !== undefined && position <= tier.units) {
      const then = priceOfUnit(priceSchedule(tiers, price, now), tier.units + 1);
      return { price: current, next: then === current ? null : { price: then, from: null, after_units: tier.units - taken } };
    }
  }
  return { price: current, next: null };
}

/** The first moment after `now` at which a tier of these ends (the shop's prices change then), or null. */
export function nextTierChange(tiers: readonly PriceTier[] | null | undefined, now: number): number | null {
  let next: number | null = null;
  for (const tier of tiers ?? []) {
    if (tier.until === undefined) continue;
    const at = Date.parse(tier.until);
    if (at > now && (next === null || at < next)) next = at;
  }
  return next;
}

/**
 * Tiers as the shop keeps them: each moment in UTC (the file may write any offset; the export
 * writes them in the event's zone, as its other moments), null for none.
 */
export function storedPriceTiers(tiers: readonly PriceTier[] | null | undefined): PriceTier[] | null {
  if (!tiers?.length) return null;
  return tiers.map((tier) => (tier.until !== undefined ? { price: tier.price, until: new Date(tier.until).toISOString() } : { price: tier.price, units: tier.units! }));
}
