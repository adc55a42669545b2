import { computeInvoice, ENTRY_TICKET_TYPE, isAddOnType, messages, type Invoice, type InvoiceLine, type ShopItem, type TaxRate, type Voucher } from '@festival/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { CustomerRow } from '../accounts/session.queries';
import type { CartMerchandiseRow, CartProductRow } from '../cart/cart.queries';
import type { CartService } from '../cart/cart.service';
import { findRedeemableVoucher, findShippingRate, taxRatesOfItems } from './checkout.queries';
import type { VoucherChecker, VoucherGuard } from './voucher-guard';

/** The invoice's product_type: what kind of thing a line is (its `type` is the catalogue's category). */
export function productType(item: Pick<ShopItem, 'shop_item_type' | 'type'>): string {
  if (item.shop_item_type === 'merchandise') return 'merchandise';
  if (item.type === ENTRY_TICKET_TYPE) return 'ticket';
  return isAddOnType(item.type) ? 'add-on' : 'transport';
}

/**
 * The invoice of a cart's lines for a shipping country (spec section 3): items at price plus fee,
 * shipping for merchandise by the country's rate, tax per rate. A cart with merchandise needs
 * a country with a rate; a cart of tickets ships nothing. Runs on the db or inside the caller's
 * transaction (the checkout computes the order's total with it while it holds the cart).
 */
export async function invoiceOfLines(
  db: Db,
  lines: { products: CartProductRow[]; merchandise: CartMerchandiseRow[] },
  items: Map<number, ShopItem>,
  country: string | null | undefined,
  /** The items' tax rates when the caller has read them already (the checkout). */
  knownRates?: Map<number, TaxRate | null>,
): Promise<Invoice> {
  const rates = knownRates ?? (await taxRatesOfItems(db, [...items.keys()]));
  const departures = new Map<number, string>();
  for (const item of items.values()) for (const time of item.travel_times) departures.set(time.id, time.travel_time);

  const invoiceLines: InvoiceLine[] = [
    ...lines.products.map((line) => {
      const item = items.get(line.shopItemId)!;
      return {
        id: line.id,
        name: item.name,
        shop_item_type: 'tickets' as const,
        full_name: line.fullName,
        email: line.email,
        travel_time: line.travelTimeId !== null ? (departures.get(line.travelTimeId) ?? null) : item.travel_time,
        timezone: item.timezone,
        product_type: productType(item),
        event: item.event,
        event_id: item.event_id,
        type: item.type,
        price: line.price + line.fee,
        taxRate: rates.get(item.id) ?? null,
      };
    }),
    ...lines.merchandise.map((line) => {
      const item = items.get(line.shopItemId)!;
      return {
        id: line.id,
        name: item.name,
        shop_item_type: 'merchandise' as const,
        full_name: null,
        email: null,
        travel_time: null,
        timezone: null,
        product_type: productType(item),
        event: null,
        event_id: null,
        type: item.type,
        price: line.price + line.fee,
        taxRate: rates.get(item.id) ?? null,
      };
    }),
  ];

  let shipping = null;
  if (lines.merchandise.length) {
    if (!country) throw new AppError('INVALID_INPUT', messages.checkout.selectCountryForShipping, { country: [messages.checkout.selectCountryForShipping] });
    const rate = await findShippingRate(db, country);
    if (!rate) throw new AppError('CONFLICT', messages.checkout.shippingUnavailable);
    shipping = { name: rate.name, type: rate.type, price: rate.price };
  }
  return computeInvoice(invoiceLines, shipping);
}

export function createInvoiceService(deps: { db: Db; carts: CartService; vouchers: VoucherGuard; now?: () => Date }) {
  const { db, carts } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    /** The invoice of the visitor's cart for a shipping country (invoiceOfLines). */
    async calculate(code: string, country: string | null | undefined, customer: CustomerRow | null): Promise<Invoice> {
      const contents = await carts.contents(code, customer);
      if (!contents) throw new AppError('GONE', messages.cart.expired);
      return invoiceOfLines(db, contents.lines, contents.items, country);
    },

    /** A voucher for the cart (spec section 3: code and discount amount); wrong codes are limited (decision 0023). */
    async validateVoucher(code: string, checker: VoucherChecker): Promise<Voucher> {
      if (!code.trim()) throw new AppError('INVALID_INPUT', messages.checkout.voucherRequired, { code: [messages.checkout.voucherRequired] });
      const check = await deps.vouchers.begin(checker);
      try {
        const voucher = await findRedeemableVoucher(db, code, now());
        if (!voucher) {
          check.wrong();
          throw new AppError('INVALID_INPUT', messages.checkout.voucherInvalid, { code: [messages.checkout.voucherInvalid] });
        }
        return { code: voucher.code, discount_amount: voucher.discountAmount };
      } finally {
        await check.settle();
      }
    },
  };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
