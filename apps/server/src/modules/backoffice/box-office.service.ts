import {
  boxOfficeEmailMessages,
  checkAnswers,
  type AnswerValue,
  type Text,
  ENTRY_TICKET_TYPE,
  isValidEmail,
  TRANSPORT_TYPE,
  messages,
  staffBoxOfficeMessages as texts,
  staffGuestMessages as guestTexts,
  type Locale,
  type BoxOfficeItem,
  type BoxOfficeItemsAnswer,
  type BoxOfficeSellAnswer,
  type BoxOfficeSellInput,
  type StaffApiAnswer,
  type StaffApiInput,
  type EventSettings,
  type ShopConfigFile,
  type ShopItem,
} from '@festival/contract';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { Worded } from '../../http/api-route';
import { readerLanguage, wordsFor } from '../../lib/reader';
import type { CatalogReader } from '../catalog/catalog-snapshot';
import { listEventSettings, listShopItems, loadAskedQuestions } from '../catalog/catalog.service';
import { enqueueMail } from '../mail/outbox';
import { BOX_OFFICE_CHANNEL, COMPLIMENTARY_METHOD, createBoxOfficeOrder, type BoxOfficeInput, type BoxOfficeLine } from '../orders/box-office';
import { loadOrderForMail, lockOrder } from '../orders/orders.queries';
import { isWalkInAddress } from '../orders/walk-in';
import type { PaymentsService } from '../payments/payments.service';
import { auditActor, type Actor } from '../staff/staff-accounts';
import { insertAudit } from '../staff/staff.queries';
import { boxOfficeTicketsMail } from './box-office.mail';

export interface BoxOfficeDeps {
  db: Db;
  config: ShopConfigFile;
  catalog: CatalogReader;
  payments: PaymentsService;
  appSecret: string;
  now: () => Date;
  mailQueued?: () => void;
}

/** What a unit of an item asks for at the desk: a holder for tickets, an age range, a departure. */
export function needsOf(item: ShopItem, settings: Record<string, EventSettings>, ageRanges: readonly string[]): BoxOfficeItem['needs'] {
  const ticket = item.shop_item_type === 'tickets';
  const event = item.event_id === null ? undefined : settings[String(item.event_id)];
  return {
    holder: ticket,
    age: ticket && item.type === ENTRY_TICKET_TYPE && Boolean(event?.ageRangeActive) && ageRanges.length > 0,
    departure: ticket && item.travel_time_type === 'selectable',
  };
}

export function kindOf(item: ShopItem): BoxOfficeItem['kind'] {
  if (item.shop_item_type === 'merchandise') return 'merchandise';
  return item.type === ENTRY_TICKET_TYPE ? 'ticket' : item.type === TRANSPORT_TYPE ? 'transport' : 'add_on';
}

/** The desk's view of an item: price, what is left, what each unit needs. */
export function toBoxOfficeItem(item: ShopItem, settings: Record<string, EventSettings>, ageRanges: readonly string[]): BoxOfficeItem {
  const needs = needsOf(item, settings, ageRanges);
  const departures = needs.departure ? item.travel_times.map((time) => ({ id: time.id, departs_at: time.travel_time, left: time.remaining })) : [];
  const seatsLeft = !needs.departure || departures.some((departure) => departure.left === null || departure.left > 0);
  return {
    code: item.external_code,
    name: item.name,
    kind: kindOf(item),
    price: item.price,
    fee: item.fee,
    left: item.stock_level,
    sold_out: !item.in_stock || !seatsLeft,
    limit_per_order: item.limit_per_order,
    needs,
    departures,
    departs_at: needs.departure ? null : item.travel_time,
    ...(item.questions?.length ? { questions: item.questions } : {}),
  };
}

const downloadPath = (email: string, code: string) => `/download-ticket/${encodeURIComponent(email)}/${encodeURIComponent(code)}`;

/**
 * The box office (issue 22 point 5): the items on sale now, read from the database (the desk
 * sees the stock as it is, not the shop's shared snapshot), and a sale, which is the box-office
 * order of `npm run orders -- create` (createBoxOfficeOrder) with the desk's member as its actor.
 */
export function createBoxOffice(deps: BoxOfficeDeps) {
  const { db, config } = deps;

  async function sellable() {
    const [items, settings] = await Promise.all([listShopItems(db, deps.now()), listEventSettings(db)]);
    const onSale = [...items.products, ...items.merchandise].filter((item) => items.onSaleIds.has(item.id) && !item.has_payment_plan);
    return { onSale, settings };
  }

  const boxOffice = {
    async items(): Promise<BoxOfficeItemsAnswer> {
      const { onSale, settings } = await sellable();
      const groups = new Map<string, BoxOfficeItem[]>();
      const merchandise: BoxOfficeItem[] = [];
      for (const item of onSale) {
        const row = toBoxOfficeItem(item, settings, config.ageRanges);
        if (row.kind === 'merchandise') merchandise.push(row);
        else {
          const key = item.event ?? '';
          groups.set(key, [...(groups.get(key) ?? []), row]);
        }
      }
      return {
        currency: config.currency,
        age_ranges: [...config.ageRanges],
        groups: [...[...groups].map(([event, rows]) => ({ event: event || null, items: rows })), ...(merchandise.length ? [{ event: null, items: merchandise }] : [])],
      };
    },

    async sell(actor: Actor, input: BoxOfficeSellInput, language: Locale = config.languages[0]!): Promise<BoxOfficeSellAnswer> {
      const sale = await sellUnits(actor, input, language);
      return answerOf(sale, input.payment);
    },

    /**
     * Complimentary tickets for a guest on a list (decision 0100): the desk's sale of the same units
     * (the same checks, the same order-making path, stock taken under the same rules), for nothing,
     * issued at once, marked with the list and reason; mailed to the guest in their language.
     */
    async issueComplimentary(
      actor: Actor,
      input: { list: { id: number; name: string }; reason: string; language: string; guest: { full_name: string; email: string; age?: string | null | undefined }; code: string; quantity: number; departure_id?: number | null | undefined },
    ): Promise<BoxOfficeSellAnswer> {
      const holders = Array.from({ length: input.quantity }, () => ({ full_name: input.guest.full_name, email: input.guest.email, age: input.guest.age ?? null }));
      const sale = await sellUnits(
        actor,
        { buyer: { email: input.guest.email, full_name: input.guest.full_name }, lines: [{ code: input.code, quantity: input.quantity, holders, departure_id: input.departure_id ?? null }], payment: 'cash' },
        config.languages[0]!,
        { complimentary: { listId: input.list.id, listName: input.list.name, reason: input.reason }, language: input.language, ticketsOnly: true },
      );
      return answerOf(sale, 'cash');
    },
  };

  /** The desk's lines as units to sell, checked against the items on sale now; the order made. */
  async function sellUnits(
    actor: Actor,
    input: BoxOfficeSellInput,
    language: Locale,
    guest?: { complimentary: NonNullable<BoxOfficeInput['complimentary']>; language: string; ticketsOnly: true },
  ) {
      const { onSale, settings } = await sellable();
      const byCode = new Map(onSale.map((item) => [item.external_code, item]));
      const units: BoxOfficeLine[] = [];
      const perItem = new Map<string, number>();
      // The products' questions (decision 0106), asked at the desk as in the shop and checked by
      // the same rule (checkAnswers): a required one is required here too, refused by field.
      const lineItems = input.lines.map((line) => byCode.get(line.code.trim())).filter((item): item is ShopItem => item !== undefined && item.shop_item_type === 'tickets');
      const asked = guest ? [] : await loadAskedQuestions(db, [...new Set(lineItems.map((item) => item.id))]);
      const answerLanguage = language;
      const refuse = (field: string, message: Text) => new AppError('INVALID_INPUT', message, { [field]: [message] });
      for (const [index, line] of input.lines.entries()) {
        const code = line.code.trim();
        const item = byCode.get(code);
        if (!item) throw new AppError('NOT_FOUND', texts.noItem(code), guest ? { code: [texts.noItem(code)] } : undefined);
        if (guest && item.shop_item_type !== 'tickets') throw new AppError('INVALID_INPUT', guestTexts.notATicket, { code: [guestTexts.notATicket] });
        // The desk's price (decision 0100): from 1 up to the list price, refused beside the line's price.
        const price = line.price ?? null;
        if (price !== null && price > item.price) {
          const refusal = texts.priceAboveList(wordsFor(config, language).amount(item.price));
          throw new AppError('INVALID_INPUT', refusal, { [`lines.${index}.price`]: [refusal] });
        }
        const needs = needsOf(item, settings, config.ageRanges);
        const count = (perItem.get(code) ?? 0) + line.quantity;
        perItem.set(code, count);
        if (item.limit_per_order > 0 && count > item.limit_per_order) throw new AppError('INVALID_INPUT', messages.cart.limitPerOrder(item.name, item.limit_per_order));
        const holders = line.holders ?? [];
        if (holders.length && (!needs.holder || holders.length !== line.quantity)) throw new AppError('INVALID_INPUT', texts.holdersCount);
        const departure = line.departure_id ?? null;
        if (needs.departure && departure === null) throw new AppError('INVALID_INPUT', texts.departureNeeded(item.name));
        if (departure !== null && !item.travel_times.some((time) => time.id === departure)) throw new AppError('INVALID_INPUT', texts.departureNotOfItem(item.name));
        if (needs.age && (holders.length !== line.quantity || holders.some((holder) => !holder.age || !config.ageRanges.includes(holder.age.trim())))) {
          throw new AppError('INVALID_INPUT', texts.ageNeeded(item.name));
        }
        const ticketQuestions = asked.filter((row) => row.shopItemId === item.id && row.question.per === 'ticket');
        for (let unit = 0; unit < line.quantity; unit += 1) {
          const holder = holders[unit];
          let answers: BoxOfficeLine['answers'];
          if (ticketQuestions.length) {
            const checked = checkAnswers(ticketQuestions.map((row) => row.question), holder?.answers, answerLanguage);
            if (checked.problems.length) throw refuse(`lines.${index}.holders.${unit}.answers.${checked.problems[0]!.code}`, checked.problems[0]!.message);
            answers = ticketQuestions.flatMap((row) => (checked.answers[row.question.code] === undefined ? [] : [{ questionId: row.id, value: checked.answers[row.question.code]! }]));
          }
          units.push({
            code,
            holder: holder ? { fullName: holder.full_name.trim().replace(/\s+/g, ' '), email: holder.email.trim() } : undefined,
            age: needs.age && holder?.age ? holder.age.trim() : null,
            travelTimeId: departure,
            price: price === null ? undefined : { amount: price, reason: line.price_reason!.trim().replace(/\s+/g, ' ') },
            answers,
          });
        }
      }
      if (units.length > 50) throw new AppError('INVALID_INPUT', texts.tooManyLines);
      // The order's answers, once per product, after the lines' (the page asks them below the basket).
      const orderAnswers: { questionId: number; value: AnswerValue }[] = [];
      for (const item of new Set(lineItems)) {
        const questions = asked.filter((row) => row.shopItemId === item.id && row.question.per === 'order');
        if (!questions.length) continue;
        const { answers, problems } = checkAnswers(questions.map((row) => row.question), input.answers?.[item.external_code], answerLanguage);
        if (problems.length) throw refuse(`answers.${item.external_code}.${problems[0]!.code}`, problems[0]!.message);
        for (const row of questions) if (answers[row.question.code] !== undefined) orderAnswers.push({ questionId: row.id, value: answers[row.question.code]! });
      }
      const paidNow = input.payment !== 'pay_later';
      const { order, accountCreated } = await createBoxOfficeOrder(
        { db, config, appSecret: deps.appSecret, payments: deps.payments, now: deps.now, actor },
        {
          email: input.buyer.email,
          fullName: input.buyer.full_name,
          lines: units,
          method: guest ? COMPLIMENTARY_METHOD : input.payment === 'pay_later' ? 'credit_card' : input.payment,
          paid: paidNow,
          complimentary: guest?.complimentary,
          language: guest?.language ?? null,
          orderAnswers,
        },
      );
      deps.catalog.invalidate();
      deps.mailQueued?.();
      return { order, accountCreated, onSale };
  }

  async function answerOf(sale: Awaited<ReturnType<typeof sellUnits>>, payment: BoxOfficeSellInput['payment']): Promise<BoxOfficeSellAnswer> {
      const { order, accountCreated, onSale } = sale;
      const input = { payment };

      const { customer, tickets, purchases } = await loadOrderForMail(db, order);
      const departures = new Map<number, string>();
      for (const item of onSale) for (const time of item.travel_times) departures.set(time.id, time.travel_time);
      const fixedTimes = new Map(onSale.map((item) => [item.id, item.travel_time]));
      const items = new Map<string, { name: string; quantity: number; amount: number }>();
      for (const unit of [...tickets.map((ticket) => ({ name: ticket.productName, amount: ticket.price + ticket.fee })), ...purchases.map((purchase) => ({ name: purchase.name, amount: purchase.price + purchase.fee }))]) {
        const seen = items.get(unit.name) ?? { name: unit.name, quantity: 0, amount: 0 };
        items.set(unit.name, { ...seen, quantity: seen.quantity + 1, amount: seen.amount + unit.amount });
      }
      const paid = order.paymentStatus === 'paid';
      const walkIn = isWalkInAddress(customer.email);
      return {
        order_code: order.code,
        currency: config.currency,
        payment: input.payment,
        payment_status: order.paymentStatus,
        total: order.totalPrice,
        paid: order.totalPaid,
        // A buyer without an address (decision 0076): no account they would use, nothing e-mailed.
        buyer: walkIn ? { email: null, full_name: customer.fullName, account_created: false } : { email: customer.email, full_name: customer.fullName, account_created: accountCreated },
        items: [...items.values()],
        tickets: tickets.map((ticket) => ({
          code: ticket.code,
          name: ticket.productName,
          holder: ticket.fullName,
          departs_at: (ticket.travelTimeId === null ? fixedTimes.get(ticket.shopItemId) : departures.get(ticket.travelTimeId)) ?? null,
          download: paid ? downloadPath(ticket.email ?? customer.email, ticket.code) : null,
        })),
        terms_link: order.paymentStatus === 'paid' ? null : { emailed_to: customer.email, accepted: order.acceptedTermsAt !== null },
      };
  }

  const more = {

    /**
     * A box-office order's tickets e-mailed again, to the buyer or the address given at the desk:
     * only the box office's own orders (the desk cannot send any customer's tickets anywhere), once
     * paid, audited with the address in the same transaction as the message is queued.
     */
    async emailTickets(actor: Actor, input: StaffApiInput<'box-office-email-tickets'>): Promise<Worded<StaffApiAnswer<'box-office-email-tickets'>>> {
      const texts = boxOfficeEmailMessages;
      const given = input.email?.trim() || null;
      if (given !== null && !isValidEmail(given)) throw new AppError('INVALID_INPUT', texts.addressInvalid, { email: [texts.addressInvalid] });
      const sent = await db.transaction(async (tx) => {
        const order = await lockOrder(tx, { code: input.code.trim().toUpperCase() });
        if (!order || order.channel !== BOX_OFFICE_CHANNEL) throw new AppError('NOT_FOUND', texts.orderNotFound);
        if (order.paymentStatus !== 'paid') throw new AppError('CONFLICT', texts.notPaid);
        const { customer, tickets } = await loadOrderForMail(tx, order);
        const active = tickets.filter((ticket) => ticket.status === 'active');
        if (!active.length) throw new AppError('CONFLICT', texts.noTickets);
        // A walk-in buyer has no address (decision 0076): the desk must give one.
        if (given === null && isWalkInAddress(customer.email)) throw new AppError('INVALID_INPUT', texts.noBuyerAddress, { email: [texts.noBuyerAddress] });
        const to = given ?? customer.email;
        await enqueueMail(tx, await boxOfficeTicketsMail(config, readerLanguage(config, order.language), to, order.code, customer.email, active, `box-office-tickets:${order.id}:${randomBytes(6).toString('hex')}`));
        const who = auditActor(actor);
        await insertAudit(tx, { ...who, action: 'order.box-office-email-tickets', target: `order:${order.code}`, before: null, after: { to, tickets: active.length } });
        return { to, count: active.length };
      });
      deps.mailQueued?.();
      return { message: texts.sent(sent.to), sent_to: sent.to, tickets: sent.count };
    },
  };
  return { ...boxOffice, ...more };
}

export type BoxOffice = ReturnType<typeof createBoxOffice>;
