import { isValidEmail, messages, type AnswerValue, priceOfUnit, priceSchedule, staffBoxOfficeMessages as texts, type ShopConfigFile } from '@festival/contract';
import type { Db } from '../../db/client';
import type { shopItems } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { passwordMail } from '../accounts/accounts.mail';
import { findCustomerByEmail, insertCustomer } from '../accounts/accounts.queries';
import { generatePassword, hashPassword } from '../accounts/passwords';
import { newCode } from '../../lib/new-code';
import { readerLanguage } from '../../lib/reader';
import { enqueueMail } from '../mail/outbox';
import { DESK_PROVIDER, insertPayment } from '../payments/payments.queries';
import type { PaymentsService } from '../payments/payments.service';
import { ACCEPT_TERMS_LINK, orderLinkSignature } from '../checkout/order-links.signatures';
import { auditActor, type Actor } from '../staff/staff-accounts';
import { insertAudit } from '../staff/staff.queries';
import { takeSeat } from '../cart/cart.queries';
import { insertQuestionAnswers, listTicketIdsOfOrder } from '../checkout/checkout.queries';
import { termsLinkMail } from './orders.mail';
import { walkInAddress } from './walk-in';
import * as queries from './orders.queries';
import type { OrderRow } from './orders.queries';

export const BOX_OFFICE_CHANNEL = 'Box office';
/** The payment method of a complimentary order: nothing was paid, by no way (decision 0100). */
export const COMPLIMENTARY_METHOD = 'complimentary';

export interface BoxOfficeLine {
  /** The item's external code. */
  code: string;
  /** The ticket holder; the customer when absent. */
  holder?: { fullName: string; email: string } | undefined;
  /** The holder's age range, when the ticket asks for one (the back office checks it is on offer). */
  age?: string | null | undefined;
  /** The departure of transport with departures to choose from (a seat of it is sold). */
  travelTimeId?: number | null | undefined;
  /** The desk's price of the unit instead of the list price (decision 0100), checked by the caller to be from 1 to the list price, with its reason. */
  price?: { amount: number; reason: string } | undefined;
  /** The answers to the product's per-ticket questions for this unit's ticket, checked by the caller (decision 0106). */
  answers?: { questionId: number; value: AnswerValue }[] | undefined;
}

export interface BoxOfficeInput {
  /** Blank: the buyer gave none (decision 0076); only for a sale paid at the desk, whose tickets are printed there. */
  email: string;
  fullName: string;
  lines: BoxOfficeLine[];
  /** How it is paid: by card or transfer through the link, or at the desk in cash or on the card terminal. */
  method: 'credit_card' | 'bank_transfer' | 'cash' | 'card_terminal' | typeof COMPLIMENTARY_METHOD;
  /** Paid at the box office: the order is paid at once and its tickets issued. */
  paid: boolean;
  /**
   * Complimentary tickets for a guest on a list (decision 0100): every unit costs nothing (price
   * and fee), the order is issued at once with no payment and no invoice, marked with its list and
   * reason, and audited as `guest.issue`.
   */
  complimentary?: { listId: number; listName: string; reason: string } | undefined;
  /** The language of the order's mail and documents; null: the shop's default. */
  language?: string | null | undefined;
  /** The answers to the products' per-order questions, checked by the caller (decision 0106). */
  orderAnswers?: { questionId: number; value: AnswerValue }[] | undefined;
}

/** Who sold it, for the audit log: a member of staff at the back office's desk, or the command line. */

/**
 * An order taken by the box office for a customer (issue 7): the account is created when the
 * address has none (its password e-mailed), the units are sold at once by conditional updates
 * (never past the stock), and the order waits for the customer to accept its terms through the
 * e-mailed link, where they also pay by card unless it was paid at the desk or by transfer. The
 * sale is audited (order.box-office-sale) in its transaction, with who made it.
 */
export async function createBoxOfficeOrder(
  deps: { db: Db; config: ShopConfigFile; appSecret: string; payments: PaymentsService; now?: () => Date; actor: Actor },
  input: BoxOfficeInput,
): Promise<{ order: OrderRow; accountCreated: boolean; link: string }> {
  const { db, config } = deps;
  const now = deps.now ?? (() => new Date());
  // Without the buyer's address the sale is paid at the desk and its tickets printed there: an
  // account of its own that no mail reaches (decision 0076). Paying later needs the e-mailed link.
  const walkIn = input.email.trim() === '';
  const complimentary = input.complimentary;
  if (complimentary && !input.paid) throw new Error('a complimentary order is issued at once');
  if (walkIn && !input.paid) throw new AppError('INVALID_INPUT', texts.emailToPayLater);
  const email = walkIn ? walkInAddress() : input.email.trim();
  // The shop's one address rule (contract mailbox.ts), for the customer and every holder.
  if (!isValidEmail(email)) throw new AppError('INVALID_INPUT', texts.notOneAddress(input.email));
  // A holder's blank address is the buyer's (none for a walk-in buyer).
  const notOne = input.lines.find((line) => line.holder && line.holder.email.trim() !== '' && !isValidEmail(line.holder.email));
  if (notOne) throw new AppError('INVALID_INPUT', texts.notOneAddress(notOne.holder!.email));
  if (!input.fullName.trim()) throw new AppError('INVALID_INPUT', texts.customerName);
  if (!input.lines.length) throw new AppError('INVALID_INPUT', texts.nameAnItem);
  if (input.method === 'bank_transfer' && !config.bankTransfer) throw new AppError('INVALID_INPUT', texts.noBankTransfer);
  const password = generatePassword();
  const passwordHash = await hashPassword(password);

  const result = await db.transaction(async (tx) => {
    let customer = walkIn ? undefined : await findCustomerByEmail(tx, email);
    let accountCreated = false;
    if (!customer) {
      customer = await insertCustomer(tx, { email, fullName: input.fullName.trim(), passwordHash });
      if (!customer) throw new AppError('CONFLICT', texts.accountTakenMeanwhile);
      accountCreated = true;
      // A sale paid at the desk sends one mail, the order's (issue 34): the buyer asked for
      // tickets, not an account; "Forgot password" opens it. Unpaid, the account is how they pay.
      if (!input.paid) await enqueueMail(tx, await passwordMail(config, readerLanguage(config, customer.language), customer.email, customer.fullName, password));
    }

    const taken: { row: typeof shopItems.$inferSelect; line: BoxOfficeLine; price: number; fee: number }[] = [];
    for (const line of input.lines) {
      const row = await queries.findShopItemByCode(tx, line.code.trim());
      if (!row) throw new AppError('NOT_FOUND', texts.noItem(line.code));
      if (row.paymentPlan?.length) throw new AppError('INVALID_INPUT', texts.paymentPlan(row.name));
      const travelTimeId = line.travelTimeId ?? null;
      if (row.travelTimeType === 'selectable' && travelTimeId === null) throw new AppError('INVALID_INPUT', messages.travelTime.required);
      if (row.travelTimeType !== 'selectable' && travelTimeId !== null) throw new AppError('INVALID_INPUT', messages.cart.travelTimeUnknown);
      // Never past the stock or the seats, also with sales running (the shop's texts).
      const place = await queries.sellOneUnit(tx, row.id);
      if (place === null) throw new AppError('CONFLICT', messages.cart.soldOut(row.name));
      if (travelTimeId !== null && !(await takeSeat(tx, travelTimeId, row.id, 'sold'))) throw new AppError('CONFLICT', messages.cart.travelTimeSoldOut);
      // The unit's price tier by its place among the units taken, as the cart's add prices it (decision 0099).
      const listPrice = priceOfUnit(priceSchedule(row.priceTiers, row.price, now().getTime()), place);
      // The desk's price is never above the list price of this unit as it is now (the caller checked
      // it against the price it read; a change of the catalogue or a tier passed meanwhile is caught here).
      if (line.price && line.price.amount > listPrice) throw new AppError('CONFLICT', texts.priceAboveListNow(row.name));
      taken.push({ row, line, price: complimentary ? 0 : (line.price?.amount ?? listPrice), fee: complimentary ? 0 : row.fee });
    }

    const total = taken.reduce((sum, { price, fee }) => sum + price + fee, 0);
    const order = await queries.insertOrderWithNewCode(
      tx,
      () => newCode(8),
      (code) => ({
        customerId: customer.id,
        channel: BOX_OFFICE_CHANNEL,
        totalPrice: total,
        totalPaid: input.paid ? total : 0,
        paymentMethod: input.method,
        paymentStatus: input.paid || total === 0 ? 'paid' : 'pending',
        paymentReference: input.method === 'bank_transfer' ? `${config.bankTransfer?.referencePrefix ?? ''}${code}` : null,
        billingCountry: customer.country,
        billingAddress: customer.address,
        paidAt: input.paid ? now() : null,
        language: input.language ?? null,
        guestListId: complimentary?.listId ?? null,
        complimentaryReason: complimentary?.reason ?? null,
      }),
    );
    await queries.insertTickets(
      tx,
      taken
        .filter(({ row }) => row.shopItemType === 'tickets')
        .map(({ row, line, price, fee }) => {
          const holder = line.holder ? { fullName: line.holder.fullName, email: line.holder.email.trim() || customer.email } : { fullName: customer.fullName, email: customer.email };
          const ownTicket = holder.email.toLowerCase() === customer.email.toLowerCase();
          return {
            code: newCode(20),
            orderId: order.id,
            shopItemId: row.id,
            travelTimeId: line.travelTimeId ?? null,
            holderCustomerId: ownTicket ? customer.id : null,
            productName: row.name,
            productType: row.type,
            fullName: holder.fullName,
            // A walk-in buyer's own ticket prints no address (it has none).
            email: walkIn && ownTicket ? null : holder.email,
            age: line.age ?? null,
            status: 'pending',
            price,
            fee,
            refundFee: complimentary ? 0 : row.refundFee,
          };
        }),
    );
    // The answers given at the desk (decision 0106), with the tickets they belong to (made by one
    // insert in the units' order) and the order's own, in the order's transaction.
    const ticketUnits = taken.filter(({ row }) => row.shopItemType === 'tickets');
    if (ticketUnits.some(({ line }) => line.answers?.length) || input.orderAnswers?.length) {
      const ticketIds = await listTicketIdsOfOrder(tx, order.id);
      await insertQuestionAnswers(tx, [
        ...ticketUnits.flatMap(({ line }, index) => (line.answers ?? []).map((answer) => ({ orderId: order.id, ticketId: ticketIds[index]!, ...answer }))),
        ...(input.orderAnswers ?? []).map((answer) => ({ orderId: order.id, ticketId: null, ...answer })),
      ]);
    }
    await queries.insertMerchandisePurchases(
      tx,
      taken
        .filter(({ row }) => row.shopItemType === 'merchandise')
        .map(({ row, price, fee }) => ({ code: newCode(20), orderId: order.id, shopItemId: row.id, name: row.name, status: 'pending', price, fee, refundFee: row.refundFee })),
    );
    // Money taken at the desk is a payment like any other (decision 0060): its method, its amount and
    // the member who took it, so the order page, the exports and a refund's way back know of it.
    if (input.paid && total > 0) {
      // Cash and the card terminal are the desk's money (paid back there); a transfer already
      // received is a bank transfer's, as one recorded later (paid back by bank).
      const atDesk = input.method === 'cash' || input.method === 'card_terminal';
      await insertPayment(tx, { orderId: order.id, provider: atDesk ? DESK_PROVIDER : input.method, method: input.method, amount: total, status: 'paid', attempt: 1, takenBy: auditActor(deps.actor).actor });
    }
    if (order.paymentStatus === 'paid') await deps.payments.fulfil(tx, order);
    // The accept-terms link's own signature (decision 0027): it opens that page and nothing else.
    const link = `/accept-tcs/${encodeURIComponent(order.code)}/${orderLinkSignature(deps.appSecret, order.code, ACCEPT_TERMS_LINK)}`;
    // Paid at the desk: the order's own mail (tickets, receipt) is the only one; no "please accept the terms" for what is paid.
    if (order.paymentStatus !== 'paid') await enqueueMail(tx, await termsLinkMail(config, readerLanguage(config, order.language), { email: customer.email, fullName: customer.fullName }, order, link));
    // Each price the desk changed: the old and new price and the reason, with who (decision 0100).
    for (const { row, line } of taken) {
      if (!line.price) continue;
      await insertAudit(tx, {
        ...auditActor(deps.actor),
        action: 'order.price-override',
        target: `order:${order.code}`,
        before: { item: row.externalCode, price: row.price },
        after: { item: row.externalCode, price: line.price.amount, reason: line.price.reason },
      });
    }
    await insertAudit(tx, {
      ...auditActor(deps.actor),
      action: complimentary ? 'guest.issue' : 'order.box-office-sale',
      target: `order:${order.code}`,
      before: null,
      after: {
        customer: walkIn ? null : customer.email,
        walk_in: walkIn,
        account_created: accountCreated,
        items: taken.map(({ row, line }) => ({ code: row.externalCode, ...(line.travelTimeId ? { travel_time_id: line.travelTimeId } : {}), ...(line.price ? { price: line.price.amount, list_price: row.price } : {}) })),
        total: order.totalPrice,
        method: order.paymentMethod,
        payment_status: order.paymentStatus,
        ...(complimentary ? { guest_list: complimentary.listName, reason: complimentary.reason } : {}),
      },
    });
    return { order, accountCreated, link };
  });
  return result;
}
