import { paymentMessages, type Ticket } from '@festival/contract';
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
