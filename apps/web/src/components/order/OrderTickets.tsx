import { itemStatusDisplay, merchandiseStatusLabels, type MerchandisePurchase, type Order, type Ticket, portalMessages } from '@festival/contract';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '../ui/Badge';
import { buttonClassName } from '../ui/Button';
import { useConfig } from '../../lib/config';
import { useFormat } from '../../lib/use-format';
import { useUserData } from '../../lib/user-data';
import { canManageTicket, manageTicketPath, ticketDownloadHref, ticketQrHref } from './ticket-actions';
import { say } from '../../lib/say';
import { orderTexts } from './order.messages';

export interface TicketActionContext {
  /** The id of the row's "recently changed" note, for a disabled action to point at; undefined when not locked. */
  lockedNoteId: string | undefined;
}

/** More actions of a ticket row, rendered by the page (the portal's travel-time change lives in features/portal). */
export type RenderTicketActions = (ticket: Ticket, context: TicketActionContext) => ReactNode;

export interface OrderTicketsProps {
  order: Order;
  /** The portal's order detail: offers Manage and the page's own actions. */
  portal?: boolean;
  renderTicketActions?: RenderTicketActions;
}

const smallButton = buttonClassName({ variant: 'secondary', size: 'sm' });

/**
 * The tickets of an order (spec sections 2 and 4): product, holder, e-mail, travel time (in the
 * ticket's zone), status (the refund states in the spec's words, with the refunded amount),
 * code, and the actions its flags allow: Download ticket; in the portal Manage and the page's
 * own actions (Change travel time).
 */
export function OrderTickets({ order, portal = false, renderTicketActions }: OrderTicketsProps) {
  const config = useConfig();
  const format = useFormat();
  // The holder's e-mail names the ticket's download; a ticket without one is the customer's.
  const customerEmail = useUserData().data?.customer?.email ?? null;
  if (order.tickets.length === 0) return null;
  return (
    <section className="order-section" aria-labelledby="order-tickets-title">
      <h2 id="order-tickets-title" className="order-section__title">
        {say(orderTexts.orderTickets.tickets)}
      </h2>
      <ul className="order-tickets" id="order-tickets">
        {order.tickets.map((ticket) => {
          const downloadHref = ticketDownloadHref(ticket, customerEmail);
          const qrHref = ticketQrHref(ticket, customerEmail);
          const manageable = portal && canManageTicket(ticket, config);
          const extraActions = portal ? renderTicketActions : undefined;
          const locked = portal && ticket.recently_edited && (manageable || ticket.allow_travel_time_changes);
          const lockedNoteId = locked ? `ticket-locked-${ticket.code}` : undefined;
          const extra = extraActions?.(ticket, { lockedNoteId });
          return (
            <li key={ticket.code} id={`ticket-${ticket.code}`} className="order-ticket">
              <div className="order-ticket__head">
                <span className="order-ticket__product">{ticket.product}</span>
                <ItemStatus
                  id={`ticket-status-${ticket.code}`}
                  status={ticket.status}
                  refundedAmount={ticket.refund_total}
                  labels={config.statusLabels.ticket}
                  formatMoney={format.money}
                />
              </div>
              <dl className="order-ticket__details">
                {ticket.full_name && (
                  <div>
                    <dt>{say(orderTexts.orderTickets.holder)}</dt>
                    <dd className="order-ticket__holder">{ticket.full_name}</dd>
                  </div>
                )}
                {ticket.email && (
                  <div>
                    <dt>{say(orderTexts.orderTickets.email)}</dt>
                    <dd>{ticket.email}</dd>
                  </div>
                )}
                {ticket.travel_time && (
                  <div>
                    <dt>{say(orderTexts.orderTickets.travelTime)}</dt>
                    <dd id={`ticket-travel-time-${ticket.code}`}>{format.date(ticket.travel_time, ticket.timezone, 'dayDateTime')}</dd>
                  </div>
                )}
                {/* The answers to the product's questions (decision 0106), in the page's language. */}
                {ticket.answers?.map((answer) => (
                  <div key={answer.code}>
                    <dt>{answer.question}</dt>
                    <dd className="order-ticket__answer">{answer.answer}</dd>
                  </div>
                ))}
                <div>
                  <dt>{say(orderTexts.orderTickets.ticketCode)}</dt>
                  <dd className="order-ticket__code">
                    <code>{ticket.code}</code>
                  </dd>
                </div>
              </dl>
              {qrHref && (
                // Shown when asked (a phone held up at the gate), so the codes are not on the screen of a shared
                // computer and no picture is made for tickets nobody looks at.
                <TicketQrCode code={ticket.code} href={qrHref} />
              )}
              {lockedNoteId && (
                <p id={lockedNoteId} className="order-ticket__note">
                  {say(portalMessages.recentlyEdited)}
                </p>
              )}
              {(downloadHref || manageable || extra) && (
                <div className="order-ticket__actions">
                  {downloadHref && (
                    // A direct browser navigation answered with the PDF, not an API call.
                    <a id={`ticket-download-${ticket.code}`} className={smallButton} href={downloadHref}>
                      {say(orderTexts.orderTickets.download)}
                      <span className="visually-hidden"> {ticket.code}</span>
                    </a>
                  )}
                  {manageable && (
                    <Link id={`ticket-manage-${ticket.code}`} className={smallButton} to={manageTicketPath(order.code, ticket.code)}>
                      {say(orderTexts.orderTickets.manage)}
                      <span className="visually-hidden"> {say(orderTexts.orderTickets.manageWhich({ code: ticket.code }))}</span>
                    </Link>
                  )}
                  {extra}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The merchandise of an order with its status, shown the same way as the tickets'. */
export function OrderMerchandise({ order }: { order: Order }) {
  const config = useConfig();
  const format = useFormat();
  if (order.merchandisePurchases.length === 0) return null;
  return (
    <section className="order-section" aria-labelledby="order-merchandise-title">
      <h2 id="order-merchandise-title" className="order-section__title">
        {say(orderTexts.orderTickets.merchandise)}
      </h2>
      <ul className="order-tickets" id="order-merchandise">
        {order.merchandisePurchases.map((purchase: MerchandisePurchase) => (
          <li key={purchase.code} id={`merchandise-${purchase.code}`} className="order-ticket">
            <div className="order-ticket__head">
              <span className="order-ticket__product">{purchase.merchandise}</span>
              <ItemStatus
                id={`merchandise-status-${purchase.code}`}
                status={purchase.status}
                // Spec section 9: merchandise is refunded with its share of the shipping.
                refundedAmount={purchase.refund_total + purchase.shipping_refund}
                labels={merchandiseStatusLabels(config.statusLabels)}
                formatMoney={format.money}
              />
            </div>
            <dl className="order-ticket__details">
              <div>
                <dt>{say(orderTexts.orderTickets.code)}</dt>
                <dd className="order-ticket__code">
                  <code>{purchase.code}</code>
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A ticket's QR code behind a toggle whose label says what pressing it does: show, or hide again. */
function TicketQrCode({ code, href }: { code: string; href: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="order-ticket__qr" id={`ticket-qr-${code}`} open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className={smallButton} id={`ticket-qr-toggle-${code}`}>
        {say(open ? orderTexts.orderTickets.hideQr : orderTexts.orderTickets.showQr)}
        <span className="visually-hidden"> {say(orderTexts.orderTickets.qrWhich({ code }))}</span>
      </summary>
      <img src={href} alt={say(orderTexts.orderTickets.qrOf({ code }))} width={246} height={246} loading="lazy" decoding="async" />
    </details>
  );
}

interface ItemStatusProps {
  id: string;
  status: string;
  refundedAmount: number;
  labels: Record<string, string>;
  formatMoney: (minorUnits: number) => string;
}

function statusTone(status: string): BadgeTone {
  if (status === 'active') return 'success';
  if (status === 'refund' || status === 'refunding' || status === 'refunded') return 'info';
  if (status === 'refund-problem' || status === 'cancelled') return 'danger';
  return 'neutral';
}

/** Spec section 4: Requested, Processing, or Refunded with the amount; other statuses by their configured label. */
function ItemStatus({ id, status, refundedAmount, labels, formatMoney }: ItemStatusProps) {
  const { label, showsAmount } = itemStatusDisplay(status, labels);
  return (
    <Badge id={id} tone={statusTone(status)} className="order-ticket__status">
      {showsAmount ? `${say(label)}: ${formatMoney(refundedAmount)}` : say(label)}
    </Badge>
  );
}
