import { bankDetailsError, canReassign, configIn, type Locale, isValidEmail, messages, normaliseIban, refundSelectionError, refundTotal, ticketEditError, waitsForBankDetails, ENTRY_TICKET_TYPE, type ApiInput, type BankDetailsInput, type ShopConfigFile, type UserData, type RefundWays, portalMessages, staffOrderMessages, type Shown, type Text } from '@festival/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import { passwordMail } from '../accounts/accounts.mail';
import { findCustomerByEmail, insertCustomer } from '../accounts/accounts.queries';
import { generatePassword, hashPassword } from '../accounts/passwords';
import { newCode } from '../../lib/new-code';
import { readerLanguage } from '../../lib/reader';
import type { CustomerRow } from '../accounts/session.queries';
import type { CatalogReader } from '../catalog/catalog-snapshot';
import type { CustomerData } from '../data/data.service';
import { enqueueMail } from '../mail/outbox';
import { customerOrdersAndRefunds, EDIT_LOCK_MS } from '../orders/order-view';
import { planRefund, waysOf, waysWithoutBankDetails } from '../payments/refund-plan';
import { refundBankDetailsMail, refundRequestedMail, ticketChangedMail, ticketPassedOnMail, ticketReceivedMail, ticketVoidMail, type RefundMailItem, type TicketChangeLine } from './portal.mail';
import { portalMailTexts } from './portal.mail.messages';
import * as queries from './portal.queries';
import { readTogether } from '../../db/read-together';
import { insertAudit } from '../staff/staff.queries';
import { mailAnswersChanged, replaceScopeAnswers, type AnswerScope } from './answers-change';

export interface PortalDeps {
  db: Db;
  config: ShopConfigFile;
  catalog: CatalogReader;
  customerData: CustomerData;
  appSecret: string;
  now: () => Date;
  mailQueued?: () => void;
  logger?: FastifyBaseLogger;
  /** The payment provider card money goes back through (null: none here; decision 0060). */
  refundProvider?: string | null;
}

/** The order of a ticket the portal changes, as its mails need it: its buyer and its language. */
type HeldOrder = { customerId: number; language: string | null };

const notFound = () => new AppError('NOT_FOUND', messages.server.notFound);
const refused = (message: Shown) => new AppError('INVALID_INPUT', message);
const text = (value: string | null | undefined) => value?.trim() ?? '';
const before = (now: Date, until: Date | null) => !until || now < until;
const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The portal's record of a change (ticket_changes) as lines a customer reads. */
function changeLines(changes: Record<string, { from: string | number | null; to: string | number | null }>): TicketChangeLine[] {
  const labels: Record<string, Text> = { full_name: portalMailTexts.changed.name, email: portalMailTexts.changed.email, age: portalMailTexts.changed.age };
  const shown = (value: string | number | null) => (value === null || value === '' ? null : String(value));
  return Object.entries(changes)
    .filter(([key]) => key in labels)
    .map(([key, change]) => ({ label: labels[key]!, from: shown(change.from), to: shown(change.to) }));
}

/**
 * The portal's changes (spec sections 4–6): a ticket's holder details and travel time, and refund
 * requests. Each runs in one transaction with the ticket, order or refund locked, so a repeated
 * or concurrent request sees the first one's result. Another customer's ticket, order or refund
 * answers exactly like one that does not exist.
 */
export function createPortalService(deps: PortalDeps) {
  const { db, config, now } = deps;

  async function dataOf(customer: CustomerRow): Promise<UserData> {
    return deps.customerData(await deps.catalog.current(), customer);
  }

  /**
   * The language of the account acting in the portal on a ticket of `order`: the order's when it
   * is the buyer (decision 0094: every mail about an order in its language), else the account's
   * own (a holder the ticket was passed on to), else the order's.
   */
  const actingLanguage = (customer: CustomerRow, order: HeldOrder) => readerLanguage(config, order.customerId === customer.id ? order.language : customer.language, order.language);
  /** The language of an address a ticket goes to: its account's when it has one with a language kept, else the order's. */
  const addressLanguage = async (tx: Db, email: string, order: HeldOrder) => readerLanguage(config, await queries.findAccountLanguage(tx, email), order.language);

  function ensureEditable(ticket: queries.TicketRow, at: Date): void {
    if (ticket.status !== 'active') throw refused(portalMessages.ticketNotActive);
    if (ticket.lastEditedAt && at.getTime() - ticket.lastEditedAt.getTime() < EDIT_LOCK_MS) throw new AppError('CONFLICT', portalMessages.recentlyEdited);
  }

  /** The account a ticket is passed on to: the address's own, or a new one with a generated password mailed to it. */
  async function accountFor(tx: Db, email: string, fullName: string, passwordHash: string, password: string, order: HeldOrder): Promise<{ customer: CustomerRow; created: boolean }> {
    const existing = await findCustomerByEmail(tx, email);
    if (existing) return { customer: existing, created: false };
    // A new holder's account speaks the order's language until they choose one.
    const language = readerLanguage(config, order.language);
    const created = await insertCustomer(tx, { email, fullName: fullName || email, passwordHash, language });
    if (!created) throw new AppError('CONFLICT', messages.server.internal);
    await enqueueMail(tx, await passwordMail(config, language, created.email, created.fullName, password));
    return { customer: created, created: true };
  }

  /**
   * Confirms a ticket's change by e-mail: to the account that made it, and to the ticket's
   * address when that is another one (with the ticket as it is now); an address the ticket
   * was sent to before and no longer is hears that its link no longer works.
   */
  async function confirmTicketChange(
    tx: Db,
    customer: CustomerRow,
    order: HeldOrder,
    ticket: queries.TicketRow & { departsAt?: Date | null },
    changes: TicketChangeLine[],
    downloadable: boolean,
    previousEmail: string | null,
  ): Promise<void> {
    const departsAt = ticket.departsAt ?? (ticket.travelTimeId === null ? null : ((await queries.findTravelTime(tx, ticket.travelTimeId))?.departsAt ?? null));
    const shown = { code: ticket.code, productName: ticket.productName, fullName: ticket.fullName, email: ticket.email, departsAt };
    const holder = text(ticket.email);
    await enqueueMail(tx, await ticketChangedMail(config, actingLanguage(customer, order), { email: customer.email, fullName: customer.fullName }, shown, changes, downloadable, holder || customer.email));
    if (holder && !sameAddress(holder, customer.email)) {
      await enqueueMail(tx, await ticketChangedMail(config, await addressLanguage(tx, holder, order), { email: holder, fullName: ticket.fullName }, shown, changes, downloadable, holder));
    }
    const before = text(previousEmail);
    if (before && !sameAddress(before, holder) && !sameAddress(before, customer.email)) {
      await enqueueMail(tx, await ticketVoidMail(config, await addressLanguage(tx, before, order), { email: before, fullName: null }, ticket, 'holder-changed'));
    }
  }

  return {
    /** change-ticket: holder name, e-mail and age where the ticket allows, and passing it on to another account. */
    async changeTicket(input: ApiInput<'change-ticket'>, customer: CustomerRow): Promise<{ data: UserData }> {
      const at = now();
      const snapshot = await deps.catalog.current();
      // Hashed before the transaction (it is slow on purpose); used only if an account is made.
      const password = generatePassword();
      const passwordHash = input.reassign ? await hashPassword(password) : '';
      await db.transaction(async (tx) => {
        const row = await queries.lockHeldTicket(tx, customer.id, input.code, input.order_id);
        if (!row) throw notFound();
        const { ticket, item } = row;
        ensureEditable(ticket, at);
        const rules = {
          allowNameChanges: item.allowNameChanges && before(at, item.allowNameChangesUntil) && (item.nameChangeLimit === 0 || ticket.nameChanges < item.nameChangeLimit),
          allowEmailChanges: item.allowEmailChanges,
          needsAge: ticket.productType === ENTRY_TICKET_TYPE && item.eventId !== null && Boolean(snapshot.eventSettings[String(item.eventId)]?.ageRangeActive),
        };
        const current = { full_name: ticket.fullName, email: ticket.email, age: ticket.age };
        // Fields the ticket does not allow keep their value; sending another one is refused, not ignored.
        if (!rules.allowNameChanges && input.full_name != null && text(input.full_name) !== text(ticket.fullName)) throw refused(portalMessages.nameChangesNotAllowed);
        if (!rules.allowEmailChanges && input.email != null && text(input.email).toLowerCase() !== text(ticket.email).toLowerCase()) throw refused(portalMessages.emailChangesNotAllowed);
        const next = {
          full_name: rules.allowNameChanges ? text(input.full_name) : ticket.fullName,
          email: rules.allowEmailChanges ? text(input.email) : ticket.email,
          age: rules.needsAge ? text(input.age) : ticket.age,
        };
        const reassign = input.reassign && canReassign(next.email, customer.email);
        const error = ticketEditError({ ...next, reassign }, current, rules);
        if (error) throw refused(error);
        if (rules.needsAge && !config.ageRanges.includes(next.age ?? '')) throw refused(portalMessages.ageUnknown);
        if (reassign && !isValidEmail(next.email ?? '')) throw refused(messages.email.invalid);

        const changes: Record<string, { from: string | number | null; to: string | number | null }> = {};
        const nameChanged = text(next.full_name) !== text(ticket.fullName);
        if (nameChanged) changes.full_name = { from: ticket.fullName, to: next.full_name };
        if (text(next.email).toLowerCase() !== text(ticket.email).toLowerCase()) changes.email = { from: ticket.email, to: next.email };
        if (text(next.age) !== text(ticket.age)) changes.age = { from: ticket.age, to: next.age };

        let holderCustomerId = ticket.holderCustomerId;
        let code = ticket.code;
        if (reassign) {
          const { customer: holder, created } = await accountFor(tx, next.email!, next.full_name ?? '', passwordHash, password, row.order);
          holderCustomerId = holder.id;
          // A new code: the ticket the old holder may have printed or forwarded no longer gets in.
          code = newCode(20);
          changes.holder = { from: customer.email, to: holder.email };
          changes.code = { from: ticket.code, to: code };
          await enqueueMail(tx, await ticketPassedOnMail(config, actingLanguage(customer, row.order), { email: customer.email, fullName: customer.fullName }, ticket, holder.email));
          // The new holder reads it in their account's language when they keep one, else in the order's.
          const holderLanguage = readerLanguage(config, holder.language, row.order.language);
          await enqueueMail(tx, await ticketReceivedMail(config, holderLanguage, { email: holder.email, fullName: holder.fullName }, { ...ticket, code, fullName: next.full_name }, { email: customer.email, fullName: customer.fullName }, created, row.order.paymentStatus === 'paid'));
          // The address the old ticket was sent to (a holder other than the account) hears that its code is void.
          const oldHolder = text(ticket.email);
          if (oldHolder && !sameAddress(oldHolder, customer.email) && !sameAddress(oldHolder, holder.email)) {
            await enqueueMail(tx, await ticketVoidMail(config, await addressLanguage(tx, oldHolder, row.order), { email: oldHolder, fullName: ticket.fullName }, ticket, 'passed-on'));
          }
        } else {
          await confirmTicketChange(tx, customer, row.order, { ...ticket, fullName: next.full_name, email: next.email }, changeLines(changes), row.order.paymentStatus === 'paid', ticket.email);
        }
        await queries.updateTicket(tx, ticket.id, {
          code,
          fullName: next.full_name,
          email: next.email,
          age: next.age,
          holderCustomerId,
          nameChanges: ticket.nameChanges + (nameChanged ? 1 : 0),
          lastEditedAt: at,
        });
        await queries.insertTicketChange(tx, { ticketId: ticket.id, customerId: customer.id, changes, note: text(input.note) || null });
      });
      deps.mailQueued?.();
      return { data: await dataOf(customer) };
    },

    /**
     * change-answers (decision 0106): a ticket's answers to its product's per-ticket questions, or
     * the order's to a product's per-order questions, changed while the ticket's holder may be
     * changed (the name change's window; the number of name changes is not spent). Checked by the
     * contract's rule (checkAnswers), refused by field; under the ticket's or the order's row lock,
     * so two edits at once run one after the other. A ticket's change is kept with its changes
     * (the order's timeline), the order's in the order's audit; an answer shown at the gate touches
     * the ticket or the order, so the scanner's next sync carries it. The buyer is told by e-mail
     * (answers-change.ts, shared with staff's order-change-answers).
     */
    async changeAnswers(input: ApiInput<'change-answers'>, customer: CustomerRow, language?: Locale): Promise<{ data: UserData }> {
      const at = now();
      const ticketCode = text(input.ticket);
      const productCode = text(input.product);
      if (!ticketCode === !productCode) throw notFound();
      const answerLanguage = readerLanguage(config, language);
      const changed = await db.transaction(async (tx) => {
        let scope: AnswerScope;
        let item: { allowNameChanges: boolean; allowNameChangesUntil: Date | null };
        let order: { code: string; customerId: number; language: string | null };
        if (ticketCode) {
          const row = await queries.lockHeldTicket(tx, customer.id, ticketCode, input.order_id);
          if (!row) throw notFound();
          if (row.ticket.status !== 'active') throw refused(portalMessages.ticketNotActive);
          ({ item, order } = row);
          scope = { orderId: row.order.id, itemId: row.item.id, ticketId: row.ticket.id, ticketCode: row.ticket.code, productName: row.ticket.productName };
        } else {
          // The order's own answers: the buyer's, under the order's lock.
          const locked = await queries.lockOwnOrder(tx, customer.id, input.order_id);
          if (!locked) throw notFound();
          const product = await queries.findOrderProduct(tx, locked.id, productCode);
          if (!product) throw notFound();
          if (product.active === 0) throw refused(portalMessages.ticketNotActive);
          item = product.item;
          order = locked;
          scope = { orderId: locked.id, itemId: product.item.id, ticketId: null, productName: product.item.name };
        }
        if (!item.allowNameChanges || !before(at, item.allowNameChangesUntil)) throw refused(portalMessages.answerChangesClosed);
        const { changes, now: answersNow } = await replaceScopeAnswers(tx, scope, input.answers, answerLanguage);
        if (!Object.keys(changes).length) return false;
        if (scope.ticketId !== null) await queries.insertTicketChange(tx, { ticketId: scope.ticketId, customerId: customer.id, changes, note: null });
        else await insertAudit(tx, { staffId: null, actor: customer.email, action: 'order.change-answers', target: `order:${order.code}`, before: null, after: { product: productCode, changes } });
        await mailAnswersChanged(tx, config, order, scope, answersNow, 'customer');
        return true;
      });
      if (changed) deps.mailQueued?.();
      return { data: await dataOf(customer) };
    },

    /** set-travel-time: moves the ticket's seat to another departure of its transport, never past that departure's seats. */
    async setTravelTime(input: ApiInput<'set-travel-time'>, customer: CustomerRow): Promise<{ data: UserData }> {
      const at = now();
      await db.transaction(async (tx) => {
        const row = await queries.lockHeldTicket(tx, customer.id, input.code);
        if (!row) throw notFound();
        const { ticket, item } = row;
        if (ticket.status !== 'active') throw refused(portalMessages.ticketNotActive);
        if (item.travelTimeType !== 'selectable' || !before(at, item.allowTravelTimeChangesUntil)) throw refused(portalMessages.travelTimeChangesClosed);
        ensureEditable(ticket, at);
        if (ticket.travelTimeId === input.transport_time_id) throw refused(portalMessages.travelTimeUnchanged);
        const target = await queries.findTravelTime(tx, input.transport_time_id);
        if (!target || target.shopItemId !== item.id || !target.active) throw refused(portalMessages.travelTimeUnknown);
        if (!(await queries.moveSoldSeat(tx, item.id, ticket.travelTimeId, target.id))) throw new AppError('CONFLICT', portalMessages.travelTimeSoldOut);
        await queries.updateTicket(tx, ticket.id, { travelTimeId: target.id, lastEditedAt: at });
        await queries.insertTicketChange(tx, { ticketId: ticket.id, customerId: customer.id, changes: { travel_time_id: { from: ticket.travelTimeId, to: target.id } }, note: null });
        const previous = ticket.travelTimeId === null ? undefined : await queries.findTravelTime(tx, ticket.travelTimeId);
        // The departures as dates: each mail says them in its reader's language.
        const departure = { label: portalMailTexts.changed.departure, from: previous?.departsAt ?? null, to: target.departsAt ?? null };
        await confirmTicketChange(tx, customer, row.order, { ...ticket, departsAt: target.departsAt }, [departure], row.order.paymentStatus === 'paid', ticket.email);
      });
      deps.mailQueued?.();
      return { data: await dataOf(customer) };
    },

    /**
     * request-refund: the selected refundable items (all of a payment-plan order) with the bank
     * details to pay to. The amounts are the order view's, so the page and the request agree.
     */
    async requestRefund(input: ApiInput<'request-refund'>, customer: CustomerRow, language?: Locale): Promise<{ data: UserData & { refund_id: number } }> {
      const at = now();
      const snapshot = await deps.catalog.current();
      const refund = await db.transaction(async (tx) => {
        const orderRow = await queries.lockOwnOrder(tx, customer.id, input.order_id);
        if (!orderRow) throw notFound();
        let withBank = false;
        let ways: RefundWays = { card: 0, cash: 0, card_terminal: 0, bank: 0, bank_details: false, paid_out_by: null };
        const { refund: created, order, items } = await insertRefundRequest(tx, { appSecret: deps.appSecret, snapshot, at }, orderRow, {
          tickets: input.tickets,
          merchandise: input.merchandise,
          note: text(input.note) || null,
          // The money goes back the way it came (decision 0060): bank details are needed for a bank part only.
          checkFirst: async (total) => {
            const plan = await planRefund(tx, orderRow.id, total, deps.refundProvider ?? null);
            const bankError = bankDetailsError(input, configIn(config, readerLanguage(config, language)));
            // Bank details the customer gave are checked even when no part goes by bank: a
            // wrong IBAN is said, never dropped in silence.
            const bankGiven = [input.bank_owner_full_name, input.bank_name, input.bank_city, input.bank_bic, input.bank_iban, input.bank_account].some((value) => typeof value === 'string' && value.trim() !== '');
            if ((plan.byBank > 0 || bankGiven) && bankError) throw refused(bankError);
            withBank = bankError === null;
            ways = waysOf(total, plan.parts, withBank);
          },
          bankDetails: () => (withBank ? bankDetailsOf(input, config) : null),
        });
        await enqueueMail(tx, await refundRequestedMail(config, readerLanguage(config, orderRow.language), { email: customer.email, fullName: customer.fullName }, created, order.code, items, ways));
        return created;
      });
      deps.mailQueued?.();
      return { data: { ...(await dataOf(customer)), refund_id: refund.id } };
    },

    /**
     * refund-bank-details (ours, decision 0060): the account a refund's bank part is paid to, for
     * an active refund of the customer's that waits for it. Under the refund's lock, so a second
     * call (also at the same moment) finds the details there and is refused.
     */
    async giveRefundBankDetails(input: ApiInput<'refund-bank-details'>, customer: CustomerRow, language?: Locale): Promise<{ data: UserData }> {
      await db.transaction(async (tx) => {
        const refund = await queries.lockRefund(tx, input.refund_id, customer.id);
        if (!refund || refund.status === 'cancelled') throw notFound();
        const ways = await waysWithoutBankDetails(tx, refund, deps.refundProvider ?? null);
        if (!ways || !waitsForBankDetails(ways)) throw new AppError('CONFLICT', portalMessages.bankDetailsNotWanted);
        const bankError = bankDetailsError(input, configIn(config, readerLanguage(config, language)));
        if (bankError) throw refused(bankError);
        await queries.setRefundBankDetails(tx, refund.id, bankDetailsOf(input, config));
        const order = await queries.findOrderCodeAndLanguage(tx, refund.orderId);
        await enqueueMail(tx, await refundBankDetailsMail(config, readerLanguage(config, order.language), { email: customer.email, fullName: customer.fullName }, refund, order.code, { ...ways, bank_details: true }));
      });
      deps.mailQueued?.();
      return { data: await dataOf(customer) };
    },

    /** cancel-refund: withdraws an active request; its items are active again. */
    async cancelRefund(input: ApiInput<'cancel-refund'>, customer: CustomerRow): Promise<{ data: UserData }> {
      await db.transaction(async (tx) => {
        const refund = await queries.lockRefund(tx, input.refund_id, customer.id);
        if (!refund || refund.status === 'cancelled') throw notFound();
        if (refund.status !== 'active') throw refused(portalMessages.refundNotActive);
        const items = await queries.listRefundItems(tx, refund.id);
        await queries.finishRefund(tx, refund.id, 'cancelled', null);
        await queries.moveItemsStatus(tx, idsOf(items), 'refund', 'active');
      });
      return { data: await dataOf(customer) };
    },

  };
}

/** The bank details as a refund keeps them: trimmed, the BIC and IBAN in their plain form, an IBAN or an account number as the bank's country uses. */
function bankDetailsOf(input: BankDetailsInput, config: Pick<ShopConfigFile, 'ibanCountries'>): queries.BankDetails {
  const country = text(input.bank_country).toUpperCase();
  const iban = config.ibanCountries.includes(country);
  return {
    ownerFullName: text(input.bank_owner_full_name),
    ownerAddress: Object.fromEntries(Object.entries(input.bank_owner_address ?? {}).map(([line, value]) => [line, value.trim()])),
    bankName: text(input.bank_name),
    bankCity: text(input.bank_city) || null,
    bankCountry: country,
    bic: text(input.bank_bic).replace(/\s+/g, '').toUpperCase(),
    iban: iban ? normaliseIban(input.bank_iban ?? '') : null,
    account: iban ? null : text(input.bank_account),
  };
}

export function idsOf(items: { ticketId: number | null; merchandisePurchaseId: number | null }[]) {
  return {
    tickets: items.flatMap((item) => (item.ticketId !== null ? [item.ticketId] : [])),
    purchases: items.flatMap((item) => (item.merchandisePurchaseId !== null ? [item.merchandisePurchaseId] : [])),
  };
}

/**
 * A refund request of an order's buyer for the selected refundable items (all of a payment-plan
 * order), in the caller's transaction with the order locked: the portal's request-refund and the
 * back office's refund (issue 22) make it by the same rules, amounts and texts. The amounts are the
 * buyer's order view's, so the page and the request agree. `checkFirst` runs after the selection is
 * checked and before anything changes (the portal checks the bank details there).
 */
export async function insertRefundRequest(
  tx: Db,
  deps: { appSecret: string; snapshot: Awaited<ReturnType<CatalogReader['current']>>; at: Date },
  orderRow: { id: number; customerId: number },
  request: {
    tickets: string[];
    merchandise: string[];
    note: string | null;
    checkFirst?: (total: number) => void | Promise<void>;
    bankDetails: () => queries.BankDetails | null;
    /**
     * A member of staff's refund (decision 0076): refused with the staff's own words, and with
     * `override` also items outside the product's refund rules (its window, its refundable flag).
     */
    staff?: { override: boolean };
  },
) {
  const { orders, staffRefunds } = await customerOrdersAndRefunds(tx, orderRow.customerId, deps.snapshot, deps.appSecret, deps.at, orderRow.id);
  const order = orders.find((candidate) => candidate.id === orderRow.id);
  if (!order) throw notFound();
  const rules = staffRefunds.get(order.id);
  const ruleOf = (kind: 'tickets' | 'merchandise', code: string) => rules?.[kind].get(code)?.refundable ?? 'no';
  /** Whether the request may take the item: the customer's rule, or for staff with the override also what only the product's rules keep back. */
  const takes = (kind: 'tickets' | 'merchandise', code: string, isRefundable: boolean) => isRefundable || (request.staff?.override === true && ruleOf(kind, code) === 'override');
  let ticketCodes = request.tickets;
  let purchaseCodes = request.merchandise;
  if (order.has_payment_plan) {
    // A payment-plan order is refunded as a whole (spec section 4: its request starts at the details).
    ticketCodes = order.tickets.filter((ticket) => takes('tickets', ticket.code, ticket.is_refundable)).map((ticket) => ticket.code);
    purchaseCodes = order.merchandisePurchases.filter((purchase) => takes('merchandise', purchase.code, purchase.is_refundable)).map((purchase) => purchase.code);
    if (!ticketCodes.length && !purchaseCodes.length) throw refused(portalMessages.notRefundable);
  }
  const selectionError = refundSelectionError(ticketCodes, purchaseCodes);
  if (selectionError) throw refused(selectionError);
  const tickets = ticketCodes.map((code) => order.tickets.find((ticket) => ticket.code === code));
  const purchases = purchaseCodes.map((code) => order.merchandisePurchases.find((purchase) => purchase.code === code));
  if (new Set(ticketCodes).size !== ticketCodes.length || new Set(purchaseCodes).size !== purchaseCodes.length) throw refused(portalMessages.notRefundable);
  if (request.staff) {
    // Staff are told which rule stands in the way: never (409), or the product's rules without the override (422).
    const asked = [...ticketCodes.map((code) => ruleOf('tickets', code)), ...purchaseCodes.map((code) => ruleOf('merchandise', code))];
    if (asked.includes('no')) throw new AppError('CONFLICT', staffOrderMessages.neverRefundable);
    if (asked.includes('override') && !request.staff.override) throw refused(staffOrderMessages.refundOutsideRules);
  }
  if (tickets.some((line, index) => !line || !takes('tickets', ticketCodes[index]!, line.is_refundable))) throw refused(portalMessages.notRefundable);
  if (purchases.some((line, index) => !line || !takes('merchandise', purchaseCodes[index]!, line.is_refundable))) throw refused(portalMessages.notRefundable);
  await request.checkFirst?.(refundTotal(order, ticketCodes, purchaseCodes));

  const [ticketRows, purchaseRows] = await readTogether(tx, [() => queries.findOrderTicketsByCode(tx, order.id, ticketCodes), () => queries.findOrderPurchasesByCode(tx, order.id, purchaseCodes)]);
  const ids = { tickets: ticketRows.map((row) => row.id), purchases: purchaseRows.map((row) => row.id) };
  // Only items still active move; a concurrent change of one of them refuses the whole request.
  if ((await queries.moveItemsStatus(tx, ids, 'active', 'refund')) !== ids.tickets.length + ids.purchases.length) throw new AppError('CONFLICT', portalMessages.notRefundable);

  const total = refundTotal(order, ticketCodes, purchaseCodes);
  const shippingRefund = order.has_payment_plan ? 0 : purchases.reduce((sum, purchase) => sum + (purchase?.shipping_refund ?? 0), 0);
  const amounts = order.has_payment_plan
    ? [...ticketRows.map((row) => ({ ticketId: row.id, merchandisePurchaseId: null })), ...purchaseRows.map((row) => ({ ticketId: null, merchandisePurchaseId: row.id }))].map((item, index) => ({
        ...item,
        amount: index === 0 ? total : 0,
      }))
    : [
        ...ticketRows.map((row) => ({ ticketId: row.id, merchandisePurchaseId: null, amount: order.tickets.find((ticket) => ticket.code === row.code)!.refund_total })),
        ...purchaseRows.map((row) => {
          const view = order.merchandisePurchases.find((purchase) => purchase.code === row.code)!;
          return { ticketId: null, merchandisePurchaseId: row.id, amount: view.refund_total + view.shipping_refund };
        }),
      ];
  const refund = await queries.insertRefund(tx, { orderId: order.id, customerId: orderRow.customerId, total, shippingRefund, note: request.note, bankDetails: request.bankDetails() }, amounts);
  const items: RefundMailItem[] = [...ticketRows.map((row) => ({ name: row.productName, code: row.code })), ...purchaseRows.map((row) => ({ name: row.name, code: row.code }))];
  // What only the staff's override let through (decision 0076), for the audit.
  const overridden = {
    tickets: ticketCodes.filter((code) => !order.tickets.find((ticket) => ticket.code === code)?.is_refundable),
    merchandise: purchaseCodes.filter((code) => !order.merchandisePurchases.find((purchase) => purchase.code === code)?.is_refundable),
  };
  return { refund, order, items, overridden };
}

export type PortalService = ReturnType<typeof createPortalService>;
