import type { Order } from '@festival/contract';
import { buttonClassName } from '../ui/Button';
import { invoiceDownloadHref } from './ticket-actions';
import { say } from '../../lib/say';
import { orderTexts } from './order.messages';

/**
 * The order's invoice (spec section 2): a direct browser navigation to the PDF by the order's
 * code and checksum, offered when the order has one. The tickets' downloads are on their rows.
 */
export function OrderDownloads({ order }: { order: Order }) {
  const invoiceHref = invoiceDownloadHref(order);
  if (!invoiceHref) return null;
  return (
    <section className="order-section" aria-labelledby="order-downloads-title">
      <h2 id="order-downloads-title" className="order-section__title">
        {say(orderTexts.orderDownloads.title)}
      </h2>
      <p>{say(orderTexts.orderDownloads.text)}</p>
      <div className="button-row">
        <a id="order-invoice-download" className={buttonClassName({ variant: 'secondary' })} href={invoiceHref}>
          {say(orderTexts.orderDownloads.download)}
        </a>
      </div>
    </section>
  );
}
