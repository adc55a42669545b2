import { ENTRY_TICKET_TYPE, isAddOnType, sameHolderName, type CartProduct, type UserData } from '@festival/contract';
import { say } from '../../lib/say';
import { cartTexts } from './cart.messages';

export interface AddOnWithoutEntry {
  /** The cart line of the add-on. */
  lineId: number;
  addOn: string;
  holder: string;
  event: string;
}

type ExistingTicket = UserData['existing_tickets'][number];

/**
 * Spec section 2: a warning when the cart holds an add-on ticket "without an entry ticket for
 * that person and event". An add-on line (any type but ticket and transport) is covered when
 * the cart has an entry-ticket line for the same event in the same holder name, or the customer
 * already has such a ticket (existing_tickets of the user data). Names compare as the duplicate
 * rule does (case and extra spaces ignored). An add-on of no event, or without a holder name,
 * has nothing to check against and warns of nothing.
 */
export function addOnsWithoutEntry(products: readonly CartProduct[], existingTickets: readonly ExistingTicket[]): AddOnWithoutEntry[] {
  const entries = products.filter((line) => line.product.type === ENTRY_TICKET_TYPE);
  const warnings: AddOnWithoutEntry[] = [];
  for (const line of products) {
    const eventId = line.product.event_id;
    const holder = line.full_name?.trim();
    if (!isAddOnType(line.product.type) || eventId === null || !holder) continue;
    const covers = (other: { full_name: string | null; event_id: number | null }) =>
      other.event_id === eventId && other.full_name !== null && sameHolderName(other.full_name, holder);
    const covered = entries.some((entry) => covers({ full_name: entry.full_name, event_id: entry.product.event_id })) || existingTickets.some(covers);
    // One warning per add-on and person: two lockers for one name need one entry ticket.
    const repeated = warnings.some((warning) => warning.addOn === line.product.name && sameHolderName(warning.holder, holder));
    if (!covered && !repeated) warnings.push({ lineId: line.id, addOn: line.product.name, holder, event: line.product.event ?? say(cartTexts.addOnWarning.theEvent) });
  }
  return warnings;
}
