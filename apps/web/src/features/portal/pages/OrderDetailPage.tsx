import { paymentMessages, type Order, type Ticket } from '@festival/contract';
import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { isCardPaymentPending, paymentReturnOf } from '../../../components/order/order-status';
import type { TicketActionContext } from '../../../components/order/OrderTickets';
import { OrderView } from '../../../components/order/OrderView';
import { useCustomerOrder } from '../../../components/order/use-payment-wait';
import { Button } from '../../../components/ui/Button';
import { Loading } from '../../../components/ui/Loading';
import { Page } from '../../../components/ui/Page';
import { useConfig } from '../../../lib/config';
import { trackPurchase } from '../../../lib/purchase-tracking';
import { usePageTitle, useRouteHandle } from '../../../lib/route-handle';
import { AnswersEditor } from '../components/AnswersEditor';
import { TravelTimeModal } from '../components/TravelTimeModal';
import { NotFoundNotice } from '../../../components/ui/NotFoundNotice';
import { say } from '../../../lib/say';
import { portalTexts } from '../portal.messages';

/**
 * /portal/orders/:order and its /confirmation (spec section 2: the same view plus a purchase
 * tracking event). The payment provider sends a paying customer to the confirmation, possibly
 * before its notification has reached the shop: there the page waits for a card payment to be
 * confirmed. In the portal the tickets offer Manage and Change travel time (its modal lives here,
 * as the shared order view does not reach into features).
 */
export default function OrderDetailPage() {
  const title = usePageTitle();
  const confirmation = useRouteHandle()?.confirmation === true;
  const code = useParams().order ?? '';
  const [search] = useSearchParams();
  const { currency } = useConfig();
  const { order, isPending, isWaiting } = useCustomerOrder(code, confirmation ? isCardPaymentPending : null);
  // The ticket whose travel time is being changed; read from the current data while the modal is open.
  const [travelTicketCode, setTravelTicketCode] = useState<string | null>(null);
  const travelTicket = order?.tickets.find((ticket) => ticket.code === travelTicketCode) ?? null;

  const paid = order?.payment_status === 'paid';
  useEffect(() => {
    if (confirmation && order && paid) trackPurchase(order, currency);
  }, [confirmation, order, paid, currency]);

  let content;
  if (isPending) content = <Loading />;
  else if (!order) {
    content =  <NotFoundNotice id="order-not-found" message={say(paymentMessages.orderNotFound)} />;
  } else {
    const renderTicketActions = (ticket: Ticket, context: TicketActionContext) => (
      <TravelTimeAction ticket={ticket} describedBy={context.lockedNoteId} onOpen={() => setTravelTicketCode(ticket.code)} />
    );
    content = (
      <>
        <OrderView order={order} paymentReturn={paymentReturnOf(search)} waiting={isWaiting} portal renderTicketActions={renderTicketActions} />
        {travelTicket && <TravelTimeModal ticket={travelTicket} onClose={() => setTravelTicketCode(null)} />}
        <OrderAnswersEditors order={order} />
      </>
    );
  }

  return <Page title={title}>{content}</Page>;
}

/** Change travel time (spec section 6: allow_travel_time_changes); disabled while the ticket was changed in the last 15 minutes. */
function TravelTimeAction({ ticket, describedBy, onOpen }: { ticket: Ticket; describedBy: string | undefined; onOpen: () => void }) {
  if (!ticket.allow_travel_time_changes) return null;
  return (
    <Button id={`ticket-travel-${ticket.code}`} variant="secondary" size="sm" disabled={ticket.recently_edited} aria-describedby={ticket.recently_edited ? describedBy : undefined} onClick={onOpen}>
      {/* The visible words, then their hidden rest for screen readers: two messages, as the rest is an element of its own. */}
      {say(portalTexts.orderDetailPage.changeTravelTime)}
      <span className="visually-hidden">{` ${say(portalTexts.orderDetailPage.ofTicket({ code: ticket.code }))}`}</span>
    </Button>
  );
}

/**
 * The order's own answers to its products' per-order questions (decision 0106), changed here on the
 * order, not on a ticket: they belong to no one ticket. One form per product whose tickets may still
 * change holder; named by the product when there are several.
 */
function OrderAnswersEditors({ order }: { order: Order }) {
  const forms = (order.answer_forms ?? []).filter((form) => form.allow_changes);
  if (!forms.length) return null;
  const title = say(portalTexts.answersEditor.orderTitle);
  if (forms.length === 1)
    return (
      <section className="card order-answers-editor">
        <AnswersEditor idPrefix="order-answers-change" orderId={order.id} form={forms[0]!} title={title} />
      </section>
    );
  return (
    <section className="card order-answers-editor" aria-labelledby="order-answers-change-title">
      <h2 id="order-answers-change-title" className="screen-title">
        {title}
      </h2>
      {forms.map((form, index) => (
        <AnswersEditor key={form.product} idPrefix={`order-answers-change-${index}`} orderId={order.id} form={form} title={form.name} level={3} />
      ))}
    </section>
  );
}
