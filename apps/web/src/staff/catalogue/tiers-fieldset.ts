import type { PriceTier, Text } from '@festival/contract';
import { countOf, isoOfZonedInput, minorUnitsOf, zonedInputOf, type FieldProblems, type TierRow } from '../catalogue-page';
import { amountInput } from '../money';
import { staffTexts } from '../texts';

const texts = staffTexts.catalogue;

/** Each tier's fields as a problem's sentence names them ("Price of tier 2 must be …"), by the payload's names (tiers.1.price). */
export function tierFieldNames(count: number): Record<string, Text> {
  return Object.fromEntries(
    Array.from({ length: count }, (_, index) => [
      [`tiers.${index}.price`, texts.tiers.priceOf({ number: index + 1 })],
      [`tiers.${index}.until`, texts.tiers.untilOf({ number: index + 1 })],
      [`tiers.${index}.units`, texts.tiers.unitsOf({ number: index + 1 })],
    ]).flat(),
  );
}

/** An item's tiers as the tiers editor holds them: amounts as 65.00, moments on `timeZone`'s clocks. */
export function tierRowsOf(tiers: readonly PriceTier[] | null | undefined, currency: string, timeZone: string): TierRow[] {
  return (tiers ?? []).map((tier) => ({
    price: amountInput(tier.price, currency),
    end: tier.units !== undefined ? 'units' : 'until',
    until: zonedInputOf(tier.until ?? null, timeZone),
    units: tier.units !== undefined ? String(tier.units) : '',
  }));
}

/**
 * The tiers the rows say, as the file writes them (decision 0099), null when there are none; a
 * price or moment that cannot be read is a problem at its field (`tiers.1.price`), added to
 * `problems`. The order and the rest are the contract's schema's to check.
 */
export function tiersOfRows(rows: readonly TierRow[], currency: string, timeZone: string, problems: FieldProblems): PriceTier[] | null {
  if (rows.length === 0) return null;
  return rows.map((row, index) => {
    const read = minorUnitsOf(row.price, currency);
    if (!read.ok) problems[`tiers.${index}.price`] ??= texts.amountProblems[read.problem];
    const price = read.ok ? read.minor : 0;
    if (row.end === 'units') return { price, units: countOf(row.units) };
    if (row.until.trim() === '') return { price };
    const at = isoOfZonedInput(row.until, timeZone);
    if (!at.ok) problems[`tiers.${index}.until`] ??= at.problem === 'gap' ? texts.timeProblems.gap(timeZone) : texts.timeProblems.invalid;
    return at.ok ? { price, until: at.iso } : { price };
  });
}
