import { computeInvoice, ENTRY_TICKET_TYPE, isAddOnType, messages, voucherDiscount, type Invoice, type InvoiceLine, type ShopItem, type TaxRate, type Text, type Voucher } from '@festival/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { CustomerRow } from '../accounts/session.queries';
import type { CartMerchandiseRow, CartProductRow } from '../cart/cart.queries';
import type { CartService } from '../cart/cart.service';
import { countCustomerVoucherUses, findRedeemableVoucher, findShippingRate, taxRatesOfItems, voucherTermsOf, withGroupVariants } from './checkout.queries';
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
        external_code: item.external_code,
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
        external_code: item.external_code,
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

    /**
     * A voucher for the cart (spec section 3: its code and its discount for the cart's lines, with
     * our terms, decision 0096); wrong codes are limited (decision 0023). A code that names a voucher
     * which cannot be redeemed now, applies to nothing in the cart, or was used by this customer as
     * often as it allows one is refused, and counts as a wrong code.
     */
    async validateVoucher(code: string, cartCode: string | null | undefined, customer: CustomerRow | null, checker: VoucherChecker): Promise<Voucher> {
      if (!code.trim()) throw new AppError('INVALID_INPUT', messages.checkout.voucherRequired, { code: [messages.checkout.voucherRequired] });
      const check = await deps.vouchers.begin(checker);
      const refuse = (text: Text) => {
        check.wrong();
        return new AppError('INVALID_INPUT', text, { code: [text] });
      };
      try {
        const voucher = await findRedeemableVoucher(db, code, now());
        if (!voucher) throw refuse(messages.checkout.voucherInvalid);
        // A group's code covers its variants (decision 0104): the terms say so, for the shop's page too.
        const terms = await withGroupVariants(db, voucherTermsOf(voucher));
        if (customer && voucher.maxUsesPerCustomer !== null && (await countCustomerVoucherUses(db, voucher.id, customer.id)) >= voucher.maxUsesPerCustomer) {
          throw refuse(messages.checkout.voucherUsedUpByYou);
        }
        // Without a cart (the spec's page always sends one) the code alone is checked: its amount, if it has one.
        if (!cartCode) return { code: voucher.code, discount_amount: terms.discount_amount ?? 0, terms };
        const contents = await carts.contents(cartCode, customer);
        if (!contents) throw new AppError('GONE', messages.cart.expired);
        // The lines as the invoice prices them (price plus fee); the shipping is not known before a country is chosen.
        const lines = [...contents.lines.products, ...contents.lines.merchandise].map((line) => ({ product: contents.items.get(line.shopItemId)!.external_code, price: line.price + line.fee }));
        const plan = contents.lines.products.some((line) => Boolean(contents.items.get(line.shopItemId)?.payment_plan?.length));
        const outcome = voucherDiscount(terms, lines, lines.reduce((sum, line) => sum + line.price, 0), plan);
        if (!outcome.applies) throw refuse(messages.checkout.voucherNotForCart);
        return { code: voucher.code, discount_amount: outcome.discount, terms };
      } finally {
        await check.settle();
      }
    },
  };
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
