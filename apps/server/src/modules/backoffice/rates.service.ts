import {
  basisPointsOf,
  rateFieldMessages,
  rateOfBasisPoints,
  shippingRatesProblems,
  staffRateMessages as texts,
  taxRatesProblems,
  type ShippingRateDefinition,
  type ShippingRateView,
  type StaffApiAnswer,
  type StaffApiInput,
  type TaxRateDefinition,
  type TaxRateView,
} from '@festival/contract';
import type { Db } from '../../db/client';
import { readTogether } from '../../db/read-together';
import { AppError, refusedFields } from '../../http/app-error';
import { isUniqueViolation } from '../../db/errors';
import type { Worded } from '../../http/api-route';
import type { CatalogReader } from '../catalog/catalog-snapshot';
import type { ShippingRateRow, TaxRateRow } from '../catalog/catalog.queries';
import { SHIPPING_RATE_FIELD_COLUMNS, TAX_RATE_FIELD_COLUMNS, type ShippingRateField, type TaxRateField } from '../catalog/catalogue-import';
import { auditActor, type Actor } from '../staff/staff-accounts';
import { insertAudit } from '../staff/staff.queries';
import * as queries from './rates.queries';

export interface RateAdminDeps {
  db: Db;
  /** Where the list is read: the back office's own lane (decision 0043). */
  readDb?: Db;
  config: { currency: string };
  /** The shop's snapshot, refreshed after each change. */
  catalog: Pick<CatalogReader, 'invalidate'>;
}

/** A tax rate as the file writes it (and the audit log keeps it). */
export const taxDefinitionOf = (row: Pick<TaxRateRow, 'externalCode' | 'name' | 'basisPoints' | 'archived'>): TaxRateDefinition => ({
  code: row.externalCode,
  name: row.name,
  rate: rateOfBasisPoints(row.basisPoints),
  archived: row.archived,
});
export const shippingDefinitionOf = (row: Pick<ShippingRateRow, 'country' | 'name' | 'type' | 'price' | 'archived'>): ShippingRateDefinition => ({
  country: row.country,
  name: row.name,
  type: row.type,
  price: row.price,
  archived: row.archived,
});

const taxView = (row: TaxRateRow, items: number): TaxRateView => ({ ...taxDefinitionOf(row), items, back_office_fields: row.backOfficeFields });
const shippingView = (row: ShippingRateRow): ShippingRateView => ({ ...shippingDefinitionOf(row), back_office_fields: row.backOfficeFields });

/** The fields whose values differ, as the file names them. */
function changedFields<F extends string>(fields: readonly F[], before: Record<F, unknown>, after: Record<F, unknown>): F[] {
  return fields.filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
}

const TAX_FIELDS = Object.keys(TAX_RATE_FIELD_COLUMNS) as TaxRateField[];
const SHIPPING_FIELDS = Object.keys(SHIPPING_RATE_FIELD_COLUMNS) as ShippingRateField[];

/**
 * The back office's tax rates and shipping rates (issue 37 point 1, decision 0101). A change runs
 * under the rate's row lock (FOR NO KEY UPDATE), checks the file's rules (the contract's schema and
 * the rules across rates the importer asks, with the change in place), writes its audit entry in
 * the same transaction, marks the fields it set so an import keeps them (decision 0047), and
 * refreshes the shop's snapshot. Nothing is deleted: archiving is a change of `archived`.
 *
 * A tax rate's percentage is read when an order's invoice is issued; an issued invoice keeps the
 * rates it charged (its content is stored), so a change applies to orders invoiced from then on.
 */
export function createRateAdmin(deps: RateAdminDeps) {
  const { db } = deps;
  const readDb = deps.readDb ?? db;

  return {
    async list(): Promise<StaffApiAnswer<'rate-list'>> {
      const [tax, shipping] = await readTogether(readDb, [() => queries.listTaxRates(readDb), () => queries.listShippingRates(readDb)] as const);
      return { currency: deps.config.currency, tax_rates: tax.map((row) => taxView(row, row.items)), shipping_rates: shipping.map(shippingView) };
    },

    /** Creates a tax rate (`code` null) or changes the rate of `code`, sent whole. */
    async saveTaxRate(actor: Actor, input: StaffApiInput<'tax-rate-save'>): Promise<Worded<StaffApiAnswer<'tax-rate-save'>>> {
      const wanted = input.tax_rate;
      try {
        const saved = await db.transaction(async (tx) => {
          const current = input.code === null ? null : await queries.lockTaxRate(tx, input.code);
          if (input.code !== null && !current) throw new AppError('NOT_FOUND', texts.noTaxRate(input.code));
          if (current && current.externalCode !== wanted.code) throw refusedFields('tax_rate', [{ path: ['code'], text: texts.codeKept(current.externalCode) }]);
          const values = { externalCode: wanted.code, name: wanted.name, basisPoints: basisPointsOf(wanted.rate), archived: wanted.archived };
          if (!current) {
            // The importer's rule across rates, asked of the shop's rates with this one added.
            const codes = await queries.listTaxCodes(tx);
            const problems = taxRatesProblems([...codes.map((code) => ({ code })), { code: wanted.code }]).filter((problem) => problem.index === codes.length);
            if (problems.length) throw refusedFields('tax_rate', problems);
            const row = await queries.insertTaxRate(tx, { ...values, backOfficeFields: [] });
            await insertAudit(tx, { ...auditActor(actor), action: 'tax-rate.create', target: `tax-rate:${row.externalCode}`, before: null, after: taxDefinitionOf(row) });
            return { row, items: 0, created: true, only: false };
          }
          const before = taxDefinitionOf(current);
          const after = taxDefinitionOf({ ...current, ...values });
          const changed = changedFields(TAX_FIELDS, before, after);
          if (!changed.length) throw new AppError('INVALID_INPUT', texts.nothingToChange);
          const items = await queries.countItemsOfTaxRate(tx, current.id);
          if (values.archived && !current.archived && items > 0) throw refusedFields('tax_rate', [{ path: ['archived'], text: rateFieldMessages.taxInUse(items) }]);
          const backOfficeFields = [...new Set([...current.backOfficeFields, ...changed])];
          const row = await queries.updateTaxRate(tx, current.id, { ...values, backOfficeFields });
          await insertAudit(tx, {
            ...auditActor(actor),
            action: 'tax-rate.change',
            target: `tax-rate:${current.externalCode}`,
            before: Object.fromEntries(changed.map((field) => [field, before[field]])),
            after: Object.fromEntries(changed.map((field) => [field, after[field]])),
          });
          return { row, items, created: false, only: changed.length === 1 && changed[0] === 'archived' };
        });
        deps.catalog.invalidate();
        const code = saved.row.externalCode;
        // Archiving or restoring alone says what it does; any other change what it means for invoices.
        const message = saved.created ? texts.taxCreated(code) : saved.only ? (saved.row.archived ? texts.taxArchived(code) : texts.taxRestored(code)) : texts.taxSaved(code);
        return { tax_rate: taxView(saved.row, saved.items), message };
      } catch (error) {
        // Another admin created the code at the same moment.
        if (isUniqueViolation(error)) throw refusedFields('tax_rate', [{ path: ['code'], text: rateFieldMessages.codeTwice(wanted.code) }]);
        throw error;
      }
    },

    /** Creates a shipping rate (`country` null) or changes the rate to `country`, sent whole. */
    async saveShippingRate(actor: Actor, input: StaffApiInput<'shipping-rate-save'>): Promise<Worded<StaffApiAnswer<'shipping-rate-save'>>> {
      const wanted = input.shipping_rate;
      const country = input.country?.toUpperCase() ?? null;
      try {
        const saved = await db.transaction(async (tx) => {
          const current = country === null ? null : await queries.lockShippingRate(tx, country);
          if (country !== null && !current) throw new AppError('NOT_FOUND', texts.noShippingRate(country));
          if (current && current.country !== wanted.country) throw refusedFields('shipping_rate', [{ path: ['country'], text: texts.countryKept(current.country) }]);
          const values = { country: wanted.country, name: wanted.name, type: wanted.type, price: wanted.price, archived: wanted.archived };
          if (!current) {
            const countries = await queries.listShippingCountries(tx);
            const problems = shippingRatesProblems([...countries.map((code) => ({ country: code })), { country: wanted.country }]).filter((problem) => problem.index === countries.length);
            if (problems.length) throw refusedFields('shipping_rate', problems);
            const row = await queries.insertShippingRate(tx, { ...values, backOfficeFields: [] });
            await insertAudit(tx, { ...auditActor(actor), action: 'shipping-rate.create', target: `shipping-rate:${row.country}`, before: null, after: shippingDefinitionOf(row) });
            return { row, created: true, only: false };
          }
          const before = shippingDefinitionOf(current);
          const after = shippingDefinitionOf({ ...current, ...values });
          const changed = changedFields(SHIPPING_FIELDS, before, after);
          if (!changed.length) throw new AppError('INVALID_INPUT', texts.nothingToChange);
          const backOfficeFields = [...new Set([...current.backOfficeFields, ...changed])];
          const row = await queries.updateShippingRate(tx, current.id, { ...values, backOfficeFields });
          await insertAudit(tx, {
            ...auditActor(actor),
            action: 'shipping-rate.change',
            target: `shipping-rate:${current.country}`,
            before: Object.fromEntries(changed.map((field) => [field, before[field]])),
            after: Object.fromEntries(changed.map((field) => [field, after[field]])),
          });
          return { row, created: false, only: changed.length === 1 && changed[0] === 'archived' };
        });
        deps.catalog.invalidate();
        const { country: to } = saved.row;
        const message = saved.created ? texts.shippingCreated(to) : saved.only ? (saved.row.archived ? texts.shippingArchived(to) : texts.shippingRestored(to)) : texts.shippingSaved(to);
        return { shipping_rate: shippingView(saved.row), message };
      } catch (error) {
        if (isUniqueViolation(error)) throw refusedFields('shipping_rate', [{ path: ['country'], text: rateFieldMessages.countryTwice(wanted.country) }]);
        throw error;
      }
    },
  };
}

export type RateAdmin = ReturnType<typeof createRateAdmin>;
