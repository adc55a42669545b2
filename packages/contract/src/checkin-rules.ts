/**
 * Whether a ticket may pass a check-in list's gate now (issue 21): the one rule the server (online
 * scans) and the scanner (offline scans) both apply, so a gate decides the same with or without a
 * network. Whether the ticket is already inside is not decided here: online, one conditional
 * update decides it; offline, the scanner's own record.
 */

export interface CheckinListRule {
  id: number;
  eventId: number;
  /** Products the list admits. */
  productIds: readonly number[];
  entry: 'single' | 'alternating';
  opensAt: Date | null;
  closesAt: Date | null;
  /** A transport ticket admits from this many minutes before its departure until this many after. */
  boardingBeforeMinutes: number;
  boardingAfterMinutes: number;
}

/** What is known of the scanned ticket: from its verified pass, or from the shop's records. */
export interface ScannedTicket {
  ticketId: number;
  eventId: number;
  productId: number;
  /** Its departure (a transport ticket's chosen one, or its product's fixed one); null for others. */
  departure: Date | null;
  validFrom: Date;
  validUntil: Date;
}

/** The shop's word on the ticket: the server's records online, the last sync offline (unknown: sold after it). */
export type TicketStanding = 'valid' | 'revoked' | 'unknown';

export type GateRefusal =
  | { result: 'revoked' }
  | { result: 'wrong-list' }
  | { result: 'wrong-day'; opensAt: Date | null; closesAt: Date | null }
  | { result: 'wrong-bus'; departure: Date; early: boolean };

/**
 * Null when the ticket may pass (entry or exit, as its state on the list allows), else why not:
 * revoked (reassigned, refunded, cancelled, abandoned), another event's or product's ticket, outside
 * the list's or its own window, or a transport ticket outside its departure's boarding time.
 */
export function gateRefusal(list: CheckinListRule, ticket: ScannedTicket, standing: TicketStanding, now: Date): GateRefusal | null {
  if (standing === 'revoked') return { result: 'revoked' };
  if (ticket.eventId !== list.eventId || !list.productIds.includes(ticket.productId)) return { result: 'wrong-list' };
  if (ticket.departure) {
    const opens = ticket.departure.getTime() - list.boardingBeforeMinutes * 60_000;
    const closes = ticket.departure.getTime() + list.boardingAfterMinutes * 60_000;
    if (now.getTime() < opens || now.getTime() > closes) return { result: 'wrong-bus', departure: ticket.departure, early: now.getTime() < opens };
  }
  const outsideList = (list.opensAt !== null && now < list.opensAt) || (list.closesAt !== null && now >= list.closesAt);
  const outsideTicket = now < ticket.validFrom || now >= ticket.validUntil;
  if (outsideList || outsideTicket) return { result: 'wrong-day', opensAt: list.opensAt, closesAt: list.closesAt };
  return null;
}

/**
 * A code as staff type it from a PDF, a phone or a card (a ticket code, a scanner code): any case,
 * spaces and dashes between its groups ignored.
 */
export const typedCode = (text: string): string => text.toUpperCase().replace(/[\s-]/g, '');

/** The ticket code a typed text names, or null when it cannot be one (the shop's codes are 4 to 40 letters and digits). */
export function typedTicketCode(text: string): string | null {
  const code = typedCode(text);
  return /^[A-Z0-9]{4,40}$/.test(code) ? code : null;
}
