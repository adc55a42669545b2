import { checkoutVat, UNTAXED, type Invoice, type Voucher } from '@festival/contract';
import { DataTable, type DataTableColumn, type DataTableSummaryRow } from '../../../components/ui/DataTable';
import { say } from '../../../lib/say';
import { useFormat } from '../../../lib/use-format';
import { checkoutTexts } from '../checkout.messages';
import type { CheckoutAmounts } from '../checkout-form';

type InvoiceItem = Invoice['items'][number];

export interface InvoiceTableProps {
  invoice: Invoice;
  amounts: CheckoutAmounts;
  voucher: Voucher | null;
  hasPaymentPlan: boolean;
  /** Merchandise whose country is not chosen yet: shipping is added once it is (decision 0070). */
  shippingToCome?: boolean;
}

/**
 * The invoice of spec section 3: each item with its holder and travel time at price plus fee,
 * shipping, the voucher, what is to pay, and the tax each rate includes: after the voucher, as the
 * invoice prints it (checkoutVat, decision 0068). With a payment plan the VAT is the whole order's,
 * so it is said to be the total's, not the part paid now.
 */
export function InvoiceTable({ invoice, amounts, voucher, hasPaymentPlan, shippingToCome = false }: InvoiceTableProps) {
  const format = useFormat();
  const texts = checkoutTexts.invoiceTable;
  const columns: DataTableColumn<InvoiceItem>[] = [
    {
      key: 'item',
      header: say(texts.item),
      cell: (item) => (
        <div className="invoice-item">
          <span className="invoice-item__name">{item.name}</span>
          {item.full_name && <span className="invoice-item__detail">{item.full_name}</span>}
          {item.email && <span className="invoice-item__detail">{item.email}</span>}
          {item.travel_time && <span className="invoice-item__detail">{say(texts.travelTime({ date: format.date(item.travel_time, item.timezone, 'dayDateTime') }))}</span>}
        </div>
      ),
    },
    { key: 'price', header: say(texts.price), cell: (item) => format.money(item.price), align: 'end' },
  ];

  const extraRows: DataTableSummaryRow[] = [];
  if (shippingToCome) extraRows.push({ key: 'shipping', label: say(texts.shipping), value: <span id="checkout-shipping">{say(texts.shippingWithCountry)}</span> });
  if (invoice.shipping) extraRows.push({ key: 'shipping', label: say(texts.shippingNamed({ name: invoice.shipping.name })), value: <span id="checkout-shipping">{format.money(invoice.shipping.price)}</span> });
  const discounted = amounts.discount > 0 && voucher !== null;
  if (discounted || hasPaymentPlan) extraRows.push({ key: 'total', label: say(texts.total), value: format.money(amounts.total) });
  if (discounted) extraRows.push({ key: 'voucher', label: say(texts.voucher({ code: voucher.code })), value: <span id="checkout-discount">−{format.money(amounts.discount)}</span> });
  const totalLabel = say(
    hasPaymentPlan
      ? shippingToCome
        ? texts.toPayNowBeforeShipping
        : texts.toPayNow
      : discounted
        ? shippingToCome
          ? texts.toPayBeforeShipping
          : texts.toPay
        : shippingToCome
          ? texts.totalBeforeShipping
          : texts.total,
  );

  const taxes = checkoutVat(invoice, amounts.discount).filter((rate) => rate.name !== UNTAXED);
  return (
    <div className="invoice">
      <DataTable
        className="invoice__table"
        caption={say(texts.caption)}
        captionHidden
        columns={columns}
        rows={invoice.items}
        rowKey={(item) => `${item.shop_item_type}-${item.id}`}
        extraRows={extraRows}
        totalRow={{ label: totalLabel, value: <span id="checkout-total">{format.money(amounts.toPay)}</span> }}
      />
      {taxes.length > 0 && hasPaymentPlan && (
        <p className="invoice__taxes-of" id="checkout-taxes-of">
          {say(texts.taxesOf({ total: format.money(amounts.total) }))}
        </p>
      )}
      {taxes.length > 0 && (
        <ul className="invoice__taxes" id="checkout-taxes">
          {taxes.map((rate) => (
            <li key={rate.name}>
              {say(texts.taxIncluded({ rate: rate.name, amount: format.money(rate.tax) }))}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
