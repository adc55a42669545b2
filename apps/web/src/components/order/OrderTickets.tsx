import type { Order } from '@festival/contract';

/** The tickets of a paid order with their codes. */
export function OrderTickets({ order }: { order: Order }) {
  if (order.tickets.length === 0) return null;
  return (
    <section className="order-section" aria-labelledby="order-tickets-title">
      <h2 id="order-tickets-title" className="order-section__title">
        Your tickets
      </h2>
      <ul className="order-tickets" id="order-tickets">
        {order.tickets.map((ticket) => (
          <li key={ticket.code} className="order-ticket">
            <span className="order-ticket__product">{ticket.product}</span>
            {ticket.full_name && <span className="order-ticket__holder">{ticket.full_name}</span>}
            <span className="order-ticket__code">
              Ticket code <code>{ticket.code}</code>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
