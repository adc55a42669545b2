import { z } from 'zod';
import { boundFirst } from './common';
import { issueMessage, message, messageWith, type Text } from './i18n/text';
import { answersPayload, questionDefinition } from './product-questions';

/**
 * The back office's box office (issue 22, point 5): what can be sold at the desk now, and a sale
 * in a few taps. A sale is the box-office order of `npm run orders -- create` (the buyer's account
 * made or found, stock and seats taken at once): paid at the desk (cash or the card terminal), or
 * left to pay through the link to accept the terms that the buyer is e-mailed.
 */
// The box office's texts with placeholders, each declared once; `staffBoxOfficeMessages` below keeps the callers' positional arguments.
const notForSale = messageWith<{ item: string }>({ id: 'staffBoxOffice.notForSale', defaultMessage: '{item} is not on sale at the box office.' });
const paymentPlan = messageWith<{ item: string }>({ id: 'staffBoxOffice.paymentPlan', defaultMessage: '{item} has a payment plan; sell it in the shop.' });
const departureNeeded = messageWith<{ item: string }>({ id: 'staffBoxOffice.departureNeeded', defaultMessage: 'Choose a departure for {item}.' });
const departureNotOfItem = messageWith<{ item: string }>({ id: 'staffBoxOffice.departureNotOfItem', defaultMessage: '{item} has no such departure.' });
const ageNeeded = messageWith<{ item: string }>({ id: 'staffBoxOffice.ageNeeded', defaultMessage: 'Choose the age range of each holder of {item}.' });
const noItem = messageWith<{ code: string }>({ id: 'staffBoxOffice.noItem', defaultMessage: 'There is no item {code}.' });
const priceAboveList = messageWith<{ price: string }>({ id: 'staffBoxOffice.priceAboveList', defaultMessage: 'The desk’s price is at most the list price, {price}.' });
const priceAboveListNow = messageWith<{ item: string }>({ id: 'staffBoxOffice.priceAboveListNow', defaultMessage: 'The list price of {item} was lowered meanwhile: the desk’s price is above it. Check the price and sell again.' });
const notOneAddress = messageWith<{ address: string }>({ id: 'staffBoxOffice.notOneAddress', defaultMessage: '"{address}" is not one e-mail address.' });

export const staffBoxOfficeMessages = {
  chooseItem: message({ id: 'staffBoxOffice.chooseItem', defaultMessage: 'Add at least one item.' }),
  tooManyLines: message({ id: 'staffBoxOffice.tooManyLines', defaultMessage: 'A sale has at most 50 lines.' }),
  quantity: message({ id: 'staffBoxOffice.quantity', defaultMessage: 'A quantity is from 1 to 50.' }),
  buyerEmail: message({ id: 'staffBoxOffice.buyerEmail', defaultMessage: 'Enter the buyer’s e-mail address, or none to print their tickets at the desk.' }),
  emailToPayLater: message({
    id: 'staffBoxOffice.emailToPayLater',
    defaultMessage: 'Pay later needs the buyer’s e-mail address: the link to pay is e-mailed. Without one, take the money at the desk.',
  }),
  buyerName: message({ id: 'staffBoxOffice.buyerName', defaultMessage: 'Enter the buyer’s name.' }),
  holderName: message({ id: 'staffBoxOffice.holderName', defaultMessage: 'Enter the name of each ticket holder.' }),
  holderEmail: message({ id: 'staffBoxOffice.holderEmail', defaultMessage: 'Enter the e-mail address of each ticket holder.' }),
  holdersCount: message({ id: 'staffBoxOffice.holdersCount', defaultMessage: 'Give one holder per ticket, or none to put them in the buyer’s name.' }),
  choosePayment: message({ id: 'staffBoxOffice.choosePayment', defaultMessage: 'Choose cash, card terminal or pay later.' }),
  /** The desk's price override (decision 0100), said beside the line's price. */
  priceWhole: message({ id: 'staffBoxOffice.priceWhole', defaultMessage: 'Enter the price as an amount of at least 0.01.' }),
  priceFree: message({ id: 'staffBoxOffice.priceFree', defaultMessage: 'A ticket for nothing is a guest ticket: issue it from a guest list.' }),
  /** `price`: the list price, formatted in the shop's currency. */
  priceAboveList: (price: string) => priceAboveList({ price }),
  priceAboveListNow: (item: string) => priceAboveListNow({ item }),
  priceReason: message({ id: 'staffBoxOffice.priceReason', defaultMessage: 'Give the reason for the changed price, in at most 500 characters.' }),
  notForSale: (item: string) => notForSale({ item }),
  paymentPlan: (item: string) => paymentPlan({ item }),
  departureNeeded: (item: string) => departureNeeded({ item }),
  /** The schema's, before the item is known. */
  departureNeededAny: message({ id: 'staffBoxOffice.departureNeededAny', defaultMessage: 'Choose a departure for the transport.' }),
  departureNotOfItem: (item: string) => departureNotOfItem({ item }),
  ageNeeded: (item: string) => ageNeeded({ item }),
  noItem: (code: string) => noItem({ code }),
  /** The box-office order's own refusals (`npm run orders -- create` and the desk's sale). */
  notOneAddress: (address: string) => notOneAddress({ address }),
  customerName: message({ id: 'staffBoxOffice.customerName', defaultMessage: 'The customer needs a full name.' }),
  nameAnItem: message({ id: 'staffBoxOffice.nameAnItem', defaultMessage: 'Name at least one item.' }),
  noBankTransfer: message({ id: 'staffBoxOffice.noBankTransfer', defaultMessage: 'The shop configuration has no bank details for transfers.' }),
  accountTakenMeanwhile: message({ id: 'staffBoxOffice.accountTakenMeanwhile', defaultMessage: 'The account was created by someone else at this moment; run the command again.' }),
};

const texts = staffBoxOfficeMessages;

/** Longest item code, name and address a payload may carry (the shop's bounds are far shorter). */
const short = (max: number, text: Text) => {
  const refusal = issueMessage(text);
  return z.string({ error: refusal }).max(max, refusal);
};
const notBlank = (value: string) => value.trim() !== '';

export const boxOfficeItemsPayload = z.object({}).strict();

export const boxOfficeDeparture = z.object({
  id: z.number().int(),
  departs_at: z.string(),
  /** Seats left; null: not counted. */
  left: z.number().int().nullable(),
});

export const BOX_OFFICE_KINDS = ['ticket', 'add_on', 'transport', 'merchandise'] as const;

export const boxOfficeItem = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(BOX_OFFICE_KINDS),
  /** Minor units, per unit. */
  price: z.number().int(),
  fee: z.number().int(),
  /** Units left; null: not counted. */
  left: z.number().int().nullable(),
  sold_out: z.boolean(),
  /** At most this many in one order; 0: no limit. */
  limit_per_order: z.number().int(),
  /** What each unit needs: a holder (name and e-mail) for tickets, an age range, a departure. */
  needs: z.object({ holder: z.boolean(), age: z.boolean(), departure: z.boolean() }),
  departures: z.array(boxOfficeDeparture),
  /** A fixed departure time of transport, if it has one. */
  departs_at: z.string().nullable(),
  /**
   * The product's questions (decision 0106), not archived, in the order asked, as the shop item
   * carries them: the desk asks the per-ticket ones with each holder and the per-order ones once
   * for the sale. Absent: none.
   */
  questions: z.array(questionDefinition).optional(),
});
export type BoxOfficeItem = z.infer<typeof boxOfficeItem>;

export const boxOfficeItemsAnswer = z.object({
  currency: z.string(),
  /** The age ranges a holder may be given (when an item needs one). */
  age_ranges: z.array(z.string()),
  /** Tickets, add-ons and transport of each event; merchandise last, as a group of its own (event null). */
  groups: z.array(z.object({ event: z.string().nullable(), items: z.array(boxOfficeItem) })),
});
export type BoxOfficeItemsAnswer = z.infer<typeof boxOfficeItemsAnswer>;

export const BOX_OFFICE_PAYMENTS = ['cash', 'card_terminal', 'pay_later'] as const;
export type BoxOfficePayment = (typeof BOX_OFFICE_PAYMENTS)[number];
export const BOX_OFFICE_MAX_UNITS = 50;

export const boxOfficeHolder = z.object({
  full_name: short(200, texts.holderName).refine(notBlank, issueMessage(texts.holderName)),
  /** Blank: the buyer's address (none for a buyer without one, decision 0076). */
  email: short(320, texts.holderEmail),
  age: short(50, texts.holderName).nullish(),
  /** The answers to the product's per-ticket questions for this ticket, by question code (decision 0106). */
  answers: answersPayload.nullish(),
});

export const boxOfficeLine = z.object({
  code: short(100, texts.chooseItem).refine(notBlank, issueMessage(texts.chooseItem)),
  quantity: z.int({ error: issueMessage(texts.quantity) }).min(1, issueMessage(texts.quantity)).max(BOX_OFFICE_MAX_UNITS, issueMessage(texts.quantity)),
  /** Tickets only: one holder per unit; none puts every ticket in the buyer's name. */
  holders: z.array(boxOfficeHolder).max(BOX_OFFICE_MAX_UNITS, issueMessage(texts.holdersCount)).optional(),
  /** Transport with departures to choose from: the departure of every unit of the line. */
  departure_id: z.int({ error: issueMessage(texts.departureNeededAny) }).min(1).max(2_147_483_647).nullish(),
  /**
   * The desk's price of each unit of the line, in minor units, instead of the list price (decision
   * 0100): at least 1 (nothing is a guest ticket) and at most the list price, with its reason.
   */
  price: z
    .int({ error: issueMessage(texts.priceWhole) })
    .max(2_147_483_647, issueMessage(texts.priceWhole))
    .refine((value) => value !== 0, { error: issueMessage(texts.priceFree), abort: true })
    .refine((value) => value > 0, issueMessage(texts.priceWhole))
    .nullish(),
  price_reason: z.string({ error: issueMessage(texts.priceReason) }).max(500, issueMessage(texts.priceReason)).nullish(),
}).superRefine((line, context) => {
  // An overridden price needs its reason: the audit keeps it with the old and new price.
  if (line.price !== null && line.price !== undefined && !line.price_reason?.trim()) context.addIssue({ code: 'custom', path: ['price_reason'], message: issueMessage(texts.priceReason) });
});
export type BoxOfficeLineInput = z.infer<typeof boxOfficeLine>;

export const boxOfficeSellPayload = z.object({
  buyer: z.object({
    /** Blank: the buyer gave none; the sale is paid at the desk and its tickets printed there (decision 0076). */
    email: short(320, texts.buyerEmail),
    full_name: short(200, texts.buyerName).refine(notBlank, issueMessage(texts.buyerName)),
  }),
  lines: z.array(boxOfficeLine).min(1, issueMessage(texts.chooseItem)).max(BOX_OFFICE_MAX_UNITS, issueMessage(texts.tooManyLines)),
  payment: z.enum(BOX_OFFICE_PAYMENTS, { error: issueMessage(texts.choosePayment) }),
  /** The answers to the products' per-order questions, by product code then question code, as checkout-cart takes them (decision 0106). */
  answers: z.record(z.string().max(100, boundFirst), answersPayload).nullish(),
});
export type BoxOfficeSellInput = z.infer<typeof boxOfficeSellPayload>;

export const boxOfficeSellAnswer = z.object({
  order_code: z.string(),
  currency: z.string(),
  payment: z.enum(BOX_OFFICE_PAYMENTS),
  /** paid (cash, card terminal, or nothing to pay) or pending (pay later). */
  payment_status: z.string(),
  /** Minor units. */
  total: z.number().int(),
  paid: z.number().int(),
  /** email null: the buyer gave none (their tickets are printed at the desk, nothing is e-mailed). */
  buyer: z.object({ email: z.string().nullable(), full_name: z.string(), account_created: z.boolean() }),
  items: z.array(z.object({ name: z.string(), quantity: z.number().int(), amount: z.number().int() })),
  /** The tickets, with the portal's PDF link (it downloads once the order is paid; null until then). */
  tickets: z.array(z.object({ code: z.string(), name: z.string(), holder: z.string().nullable(), departs_at: z.string().nullable(), download: z.string().nullable() })),
  /** The link to accept the terms (and pay, when paying later) was e-mailed to the buyer. */
  /** null: paid at the desk, the order's own mail is the only one (no terms link to accept). */
  terms_link: z.object({ emailed_to: z.string(), accepted: z.boolean() }).nullable(),
});
export type BoxOfficeSellAnswer = z.infer<typeof boxOfficeSellAnswer>;

/**
 * A desk sale without the buyer's e-mail address (decision 0076) is made for an account of its own
 * under this domain: `.invalid` is reserved (RFC 2606), so no address of it reaches anyone.
 */
export const WALK_IN_DOMAIN = 'walk-in.invalid';
/** An address no mail is written to: a walk-in buyer's account's. */
export const isWalkInAddress = (email: string) => email.trim().toLowerCase().endsWith(`@${WALK_IN_DOMAIN}`);

const sent = messageWith<{ to: string }>({ id: 'staffBoxOffice.email.sent', defaultMessage: 'The tickets were e-mailed to {to}.' });

export const boxOfficeEmailMessages = {
  noBuyerAddress: message({ id: 'staffBoxOffice.email.noBuyerAddress', defaultMessage: 'The buyer gave no e-mail address: enter the address to send the tickets to, or print them.' }),
  chooseOrder: message({ id: 'staffBoxOffice.email.chooseOrder', defaultMessage: 'Name the order.' }),
  addressInvalid: message({ id: 'staffBoxOffice.email.addressInvalid', defaultMessage: 'Enter one e-mail address, or none to send them to the buyer.' }),
  orderNotFound: message({ id: 'staffBoxOffice.email.orderNotFound', defaultMessage: 'There is no box-office order with that code.' }),
  notPaid: message({ id: 'staffBoxOffice.email.notPaid', defaultMessage: 'The tickets are e-mailed once the order is paid.' }),
  noTickets: message({ id: 'staffBoxOffice.email.noTickets', defaultMessage: 'This order has no tickets to send.' }),
  sent: (to: string) => sent({ to }),
};

const emailTexts = boxOfficeEmailMessages;

/** E-mails a box-office order's tickets again: to the buyer, or to the address given (someone at the desk asks for them there). */
export const boxOfficeEmailTicketsPayload = z.object({
  code: z.string({ error: issueMessage(emailTexts.chooseOrder) }).min(1, issueMessage(emailTexts.chooseOrder)).max(40, issueMessage(emailTexts.orderNotFound)),
  email: z.string({ error: issueMessage(emailTexts.addressInvalid) }).max(320, issueMessage(emailTexts.addressInvalid)).nullish(),
});
export const boxOfficeEmailTicketsAnswer = z.object({ message: z.string(), sent_to: z.string(), tickets: z.number().int() });
