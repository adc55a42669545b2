import { ENTRY_TICKET_TYPE, type ClientConfig, type Order, type Ticket } from '@festival/contract';

/**
 * What a ticket of an order offers (spec sections 2, 4 and 6): pure, so the order view and the
 * manage-ticket page decide the same way and each rule is tested on its own.
 */

/** Spec section 5: an entry ticket of an event with age ranges active asks for an age (and there must be ranges to choose from). */
export function ticketNeedsAge(ticket: Pick<Ticket, 'type' | 'event_id'>, config: Pick<ClientConfig, 'ageRanges' | 'events'>): boolean {
  if (ticket.type !== ENTRY_TICKET_TYPE || ticket.event_id === null) return false;
  return Boolean(config.events[String(ticket.event_id)]?.ageRangeActive) && config.ageRanges.length > 0;
}

/** Spec section 4: only active tickets are managed, and only when something of them may change. */
export function canManageTicket(
  ticket: Pick<Ticket, 'status' | 'allow_name_changes' | 'allow_email_changes' | 'type' | 'event_id'> & Partial<Pick<Ticket, 'answer_form'>>,
  config: Pick<ClientConfig, 'ageRanges' | 'events'>,
): boolean {
  // Its answers to the product's questions may change too (decision 0106; when the name's changes are used up, the answers still may).
  return ticket.status === 'active' && (ticket.allow_name_changes || ticket.allow_email_changes || ticketNeedsAge(ticket, config) || Boolean(ticket.answer_form?.allow_changes));
}

/**
 * The ticket's PDF (spec section 2, a direct browser navigation with URL-encoded segments): by
 * the holder's e-mail, or the customer's when the ticket has none. Null when not allowed.
 */
export function ticketDownloadHref(ticket: Pick<Ticket, 'code' | 'email' | 'allow_download'>, customerEmail: string | null | undefined): string | null {
  const email = ticket.email || customerEmail;
  if (!ticket.allow_download || !email) return null;
  return `/download-ticket/${encodeURIComponent(email)}/${encodeURIComponent(ticket.code)}`;
}

/** The ticket's QR code as a picture (decision 0038): under its download link, by the same rule. */
export function ticketQrHref(ticket: Pick<Ticket, 'code' | 'email' | 'allow_download'>, customerEmail: string | null | undefined): string | null {
  const download = ticketDownloadHref(ticket, customerEmail);
  return download ? `${download}/qr.png` : null;
}

/** The order's invoice PDF (spec section 2); null when the order has none. */
export function invoiceDownloadHref(order: Pick<Order, 'code' | 'checksum' | 'has_invoice'>): string | null {
  if (!order.has_invoice) return null;
  return `/download-invoice/${encodeURIComponent(order.code)}/${encodeURIComponent(order.checksum)}`;
}

/** A processed refund's credit note PDF (decision 0033); null until the refund has one. */
export function creditNoteDownloadHref(refund: { id: number; order: { code: string }; credit_note?: { checksum: string } | null | undefined }): string | null {
  if (!refund.credit_note) return null;
  return `/download-credit-note/${encodeURIComponent(refund.order.code)}/${refund.id}/${encodeURIComponent(refund.credit_note.checksum)}`;
}

/** The portal page that edits a ticket's holder details. */
export function manageTicketPath(orderCode: string, ticketCode: string): string {
  return `/portal/orders/${encodeURIComponent(orderCode)}/manage-ticket/${encodeURIComponent(ticketCode)}`;
}
