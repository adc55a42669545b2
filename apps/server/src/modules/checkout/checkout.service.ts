import { newCode } from '../../lib/new-code';
import {
  checkAnswers,
  type AnswerValue,
  addressLineLabel,
  allowedPaymentMethods,
  choosePaymentMethod,
  configIn,
  fieldNames,
  messages,
  paymentMessages,
  textIn,
  discountLinesOf,
  voucherDiscount,
  type AddressLine,
  type ApiInput,
  type EventSettings,
  type Order,
  type PaymentInstruction,
  type ShopConfigFile,
  type Locale,
  type UserData,
  type Shown,
  type Text,
} from '@festival/contract';
import type { FastifyBaseLogger } from 'fastify';
import { readerLanguage } from '../../lib/reader';
import type { AdmittedCallMark, WaitingRoom } from '../onsale/waiting-room';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import { updateCustomer } from '../accounts/accounts.queries';
import type { CustomerRow } from '../accounts/session.queries';
import * as cartQueries from '../cart/cart.queries';
import type { CartService } from '../cart/cart.service';
import type { CatalogReader } from '../catalog/catalog-snapshot';
import type { CustomerData } from '../data/data.service';
import { enqueueMail } from '../mail/outbox';
import { bankTransferMail, bankTransferPayBy } from '../orders/orders.mail';
import * as orderQueries from '../orders/orders.queries';
import type { OrderRow } from '../orders/orders.queries';
import type { PaymentRow } from '../payments/payments.queries';
import type { PaymentsService } from '../payments/payments.service';
import { countCustomerVoucherUses, insertQuestionAnswers, listCartLinesWithItemRows, listTicketIdsOfOrder, redeemVoucher, voucherTermsOf, withGroupVariants } from './checkout.queries';
import { loadAskedQuestions } from '../catalog/catalog.service';
import { invoiceOfLines } from './invoice.service';
import { paymentPlanDueDates } from './payment-plan-dates';
import type { VoucherGuard } from './voucher-guard';

export interface CheckoutDeps {
  db: Db;
  config: ShopConfigFile;
  carts: CartService;
  catalog: CatalogReader;
  payments: PaymentsService;
  customerData: CustomerData;
  /** Counts wrong voucher codes (shared with validate-voucher). */
  vouchers: VoucherGuard;
  /** How long an unpaid card order keeps its items: the cart's reservation time (CART_HOLD_MINUTES). */
  holdMs: number;
  mailQueued?: () => void;
  logger?: FastifyBaseLogger | undefined;
  now?: () => Date;
  /** The on-sale waiting rooms, whose open rooms let only admitted shoppers check out their products. */
  waitingRoom?: Pick<WaitingRoom, 'gate'>;
}

export interface CheckoutAnswer {
  order: Order;
  data: UserData;
  payment: PaymentInstruction | null;
}

const invalid = (field: string, message: Shown) => new AppError('INVALID_INPUT', message, { [field]: [message] });

/**
 * The required address lines left empty, each by its label (the lines of configIn: in the
 * reader's language); an address keeps its values under the default language's line texts,
 * whatever the page's language.
 */
export function missingAddressLines(lines: readonly AddressLine[], address: Record<string, string> | null | undefined): string[] {
  return lines.filter((line) => line.required && !address?.[line.text]?.trim()).map(addressLineLabel);
}

/** Only the configured lines, trimmed: an address object never stores keys the shop does not know. */
function cleanAddress(config: Pick<ShopConfigFile, 'addressLines'>, address: Record<string, string> | null | undefined): Record<string, string> {
  const clean: Record<string, string> = {};
  for (const line of config.addressLines) {
    const value = address?.[line.text]?.trim();
    if (value) clean[line.text] = value;
  }
  return clean;
}

/**
 * checkout-cart (spec sections 4, 5 and 7): turns the customer's cart into an order in ONE
 * transaction that holds the cart's row lock. Its held units and seats become sold, the voucher
 * use is taken by a conditional update, the cart ends. A second submission of the same cart
 * (repeated or concurrent) waits for the lock and then finds the order the first one made, so a
 * cart makes one order whatever the browser does.
 */
export function createCheckoutService(deps: CheckoutDeps) {
  const { db, config, carts, catalog, payments } = deps;
  const now = deps.now ?? (() => new Date());
  const countryCodes = new Set(config.countries.map((country) => country.code));

  /**
   * A placed card order's payment at the provider, created after the order's transaction (decision
   * 0037). A provider that does not answer leaves the order placed and unpaid: the customer lands on
   * its page, which offers Pay now, and the same checkout submitted again asks again.
   */
  async function providerInstruction(order: OrderRow, email: string, attempt?: PaymentRow): Promise<PaymentInstruction | null> {
    try {
      return await payments.openInstruction(order, email, attempt);
    } catch (error) {
      deps.logger?.error({ order: order.code, err: error }, 'the payment provider did not create the payment: the order waits for payment (its page offers Pay now)');
      return null;
    }
  }

  async function answer(order: OrderRow, customer: CustomerRow, payment: PaymentInstruction | null): Promise<CheckoutAnswer> {
    const data = await deps.customerData(await catalog.current(), customer);
    const view = data.orders.find((candidate) => candidate.id === order.id);
    if (!view) throw new Error(`order ${order.code} is missing from its customer's data`);
    return { order: view, data, payment };
  }

  return {
    /** `ip` is the buyer's network address, which the limit on wrong voucher codes counts. */
    /** `language`: the page's, kept on the order for every e-mail and document about it (decision 0094). */
    async checkout(input: ApiInput<'checkout-cart'>, customer: CustomerRow | null, ip: string, mark?: AdmittedCallMark, language?: Locale): Promise<CheckoutAnswer> {
      if (!customer) throw new AppError('UNAUTHENTICATED', paymentMessages.loginRequired);
      if (!config.shopActive) throw new AppError('CONFLICT', messages.cart.shopClosed);
      const snapshot = await catalog.current();
      const country = input.customer.country?.trim().toUpperCase() || null;
      const voucherCode = input.voucher_code?.trim() || null;
      // A voucher code is counted before the transaction looks at it, against the same limits as
      // validate-voucher (decision 0023); only a wrong one stays counted. The counter is not part
      // of the transaction: a refused checkout rolls back, its wrong guess must not.
      const voucherCheck = voucherCode ? await deps.vouchers.begin({ customerId: customer.id, ip }) : null;
      // The waiting rooms as they stand, read before the transaction so the check inside it awaits nothing.
      const gate = await deps.waitingRoom?.gate();

      const outcome = await db.transaction(async (tx) => {
        const cart = await cartQueries.lockCartByCode(tx, input.cart);
        if (!cart || (cart.customerId !== null && cart.customerId !== customer.id)) throw new AppError('GONE', messages.cart.expired);
        if (cart.status === 'checked_out') {
          const existing = await orderQueries.findOrderByCart(tx, cart.id);
          if (existing && existing.customerId === customer.id) return { order: existing, buyer: customer, fresh: false as const };
          throw new AppError('GONE', messages.cart.expired);
        }
        if (cart.status !== 'open' || cart.expiresAt <= now()) throw new AppError('GONE', messages.cart.expired);
        const { lines, rows, rates } = await listCartLinesWithItemRows(tx, cart.id);
        if (!lines.products.length && !lines.merchandise.length) throw new AppError('CONFLICT', paymentMessages.cartEmpty);
        // An add-on's holder has one of its required products (decision 0104): checked at the add, and
        // again here, since a ticket taken out of the cart after its add-on leaves the add-on alone.
        const requirement = await carts.requirementsRefusal(tx, lines, customer.id, language ? snapshot.in(language) : snapshot);
        if (requirement) throw requirement;
        // A cart holding a product whose on-sale room is open checks out only with an admission pass
        // (decision 0048), and the checkout ends its place: the customer is done (in cap mode the
        // next in the queue may come in), and the pass opens nothing more. Ended by a conditional
        // update in this transaction, so of two checkouts with one pass only one makes an order,
        // and a checkout refused later on keeps the place.
        await gate?.check(customer, { ids: [...lines.products, ...lines.merchandise].map((line) => line.shopItemId) }, input.admission, mark).use(tx);

        // The checks of spec section 5, in the page's order: country, shipping country, the
        // required fields (billing, then shipping lines told apart as the page names them), then
        // the voucher and the payment method, the terms last.
        if (!country || !countryCodes.has(country)) throw invalid('customer.country', messages.checkout.countryRequired);
        const hasMerchandise = lines.merchandise.length > 0;
        const shippingCountry = hasMerchandise ? input.order.shipping_country?.trim().toUpperCase() || null : null;
        const shippingName = input.order.shipping_name?.trim() || null;
        if (hasMerchandise && (!shippingCountry || !countryCodes.has(shippingCountry))) throw invalid('order.shipping_country', messages.checkout.shippingCountryRequired);
        const { addressLines } = configIn(config, readerLanguage(config, language));
        const billingMissing = missingAddressLines(addressLines, input.customer.address);
        const shippingMissing: (Text | string)[] = hasMerchandise
          ? [...(shippingName ? [] : [fieldNames.shippingName]), ...missingAddressLines(addressLines, input.order.shipping_address).map((line) => fieldNames.shippingLine({ line }))]
          : [];
        if (billingMissing.length || shippingMissing.length) {
          throw invalid(billingMissing.length ? 'customer.address' : 'order.shipping_address', messages.checkout.fillOutFields([...billingMissing, ...shippingMissing]));
        }

        // The products' questions (decision 0106), by the contract's rule: each ticket's (a question
        // added since the line was personalised is asked now) and the order's, by product.
        const asked = await loadAskedQuestions(tx, [...new Set(lines.products.map((line) => line.shopItemId))]);
        const answerLanguage = language ?? config.languages[0] ?? 'en';
        const ticketAnswers = lines.products.map((line) => {
          const questions = asked.filter((row) => row.shopItemId === line.shopItemId && row.question.per === 'ticket');
          const { answers, problems } = checkAnswers(questions.map((row) => row.question), line.answers, answerLanguage);
          if (problems.length) throw invalid(`products.${line.id}.answers.${problems[0]!.code}`, problems[0]!.message);
          return questions.flatMap((row) => (answers[row.question.code] === undefined ? [] : [{ questionId: row.id, value: answers[row.question.code]! }]));
        });
        const orderAnswers: { questionId: number; value: AnswerValue }[] = [];
        for (const shopItemId of new Set(lines.products.map((line) => line.shopItemId))) {
          const questions = asked.filter((row) => row.shopItemId === shopItemId && row.question.per === 'order');
          if (!questions.length) continue;
          const product = rows.get(shopItemId)!.externalCode;
          const { answers, problems } = checkAnswers(questions.map((row) => row.question), input.answers?.[product], answerLanguage);
          if (problems.length) throw invalid(`answers.${product}.${problems[0]!.code}`, problems[0]!.message);
          for (const row of questions) if (answers[row.question.code] !== undefined) orderAnswers.push({ questionId: row.id, value: answers[row.question.code]! });
        }

        const itemIds = [...new Set([...lines.products, ...lines.merchandise].map((line) => line.shopItemId))];
        const items = await carts.itemsOf(itemIds, snapshot, tx);
        const invoice = await invoiceOfLines(tx, lines, items, shippingCountry, rates);
        const planItem = lines.products.map((line) => rows.get(line.shopItemId)!).find((row) => row.paymentPlan?.length);
        const plan = planItem?.paymentPlan ?? null;

        // A payment plan ignores any voucher (spec section 5). The use is taken first, by one
        // conditional update that locks the voucher's row until this transaction ends: the uses per
        // customer are counted after it, so two checkouts of one customer never both pass the limit
        // (decision 0096). A refusal below rolls the use back with the rest.
        const voucher = !plan && voucherCode ? await redeemVoucher(tx, voucherCode, now()) : undefined;
        const refuseVoucher = (text: Text) => {
          voucherCheck?.wrong();
          return invalid('voucher_code', text);
        };
        if (!plan && voucherCode && !voucher) throw refuseVoucher(messages.checkout.voucherInvalid);
        let discount = 0;
        if (voucher) {
          const outcome = voucherDiscount(await withGroupVariants(tx, voucherTermsOf(voucher)), discountLinesOf(invoice.items), invoice.total, false);
          if (!outcome.applies) throw refuseVoucher(messages.checkout.voucherNotForCart);
          if (voucher.maxUsesPerCustomer !== null && (await countCustomerVoucherUses(tx, voucher.id, customer.id)) >= voucher.maxUsesPerCustomer) {
            throw refuseVoucher(messages.checkout.voucherUsedUpByYou);
          }
          discount = outcome.discount;
        }
        const totalPrice = invoice.total - discount;

        const eventIds = [...new Set(lines.products.map((line) => rows.get(line.shopItemId)!.eventId).filter((id): id is number => id !== null))];
        const events = eventIds.map((id) => snapshot.eventSettings[String(id)]).filter((settings): settings is EventSettings => Boolean(settings));
        const allowed = allowedPaymentMethods({
          events,
          country,
          offered: { creditCard: 'credit_card' in config.paymentMethods, bankTransfer: 'bank_transfer' in config.paymentMethods && Boolean(config.bankTransfer) },
        });
        const choice = choosePaymentMethod(allowed, input.order.payment_method, totalPrice === 0);
        if (choice.method === null) throw invalid('order.payment_method', choice.error);
        if (input.order.accept_terms !== true) throw invalid('order.accept_terms', messages.checkout.acceptTerms);
        const method = choice.method;
        const paidNow = totalPrice === 0;

        const order = await orderQueries.insertOrderWithNewCode(
          tx,
          () => newCode(8),
          (code) => ({
          customerId: customer.id,
          cartId: cart.id,
          channel: 'Online',
          totalPrice,
          discountAmount: discount,
          discountName: voucher?.name ?? null,
          voucherId: voucher?.id ?? null,
          shippingAmount: invoice.shipping?.price ?? 0,
          shippingName: hasMerchandise ? shippingName : null,
          // The carrier, which the invoice names (decision 0033).
          shippingMethod: invoice.shipping?.name ?? null,
          shippingCountry,
          shippingAddress: hasMerchandise ? cleanAddress(config, input.order.shipping_address) : null,
          billingCountry: country,
          billingAddress: cleanAddress(config, input.customer.address),
          paymentMethod: method,
          paymentStatus: paidNow ? 'paid' : 'pending',
          // Declined card attempts (decision 0066): none yet.
          paymentAttempts: 0,
          paymentPlan: plan,
          paymentReference: method === 'bank_transfer' ? `${config.bankTransfer?.referencePrefix ?? ''}${code}` : null,
          // A card order's time to pay is the hold; a transfer's the configured days (decision 0032).
          payBy: method === 'credit_card' ? new Date(now().getTime() + deps.holdMs) : method === 'bank_transfer' ? bankTransferPayBy(config, now()) : null,
          acceptedTermsAt: now(),
          language: language ?? null,
          paidAt: paidNow ? now() : null,
          }),
        );

        const orderLanguage = readerLanguage(config, order.language);
        await orderQueries.insertTickets(
          tx,
          lines.products.map((line) => {
            const row = rows.get(line.shopItemId)!;
            return {
              code: newCode(20),
              orderId: order.id,
              shopItemId: row.id,
              travelTimeId: line.travelTimeId,
              holderCustomerId: line.email?.toLowerCase() === customer.email.toLowerCase() ? customer.id : null,
              // Copied in the order's language (decision 0094): its mails and documents print it.
              productName: textIn(row.name, row.translations, orderLanguage, 'name'),
              productType: row.type,
              fullName: line.fullName,
              email: line.email,
              age: line.age,
              status: 'pending',
              price: line.price,
              fee: line.fee,
              refundFee: row.refundFee,
            };
          }),
        );
        const ticketIds = ticketAnswers.some((answers) => answers.length) ? await listTicketIdsOfOrder(tx, order.id) : [];
        await insertQuestionAnswers(tx, [
          ...ticketAnswers.flatMap((answers, index) => answers.map((answer) => ({ orderId: order.id, ticketId: ticketIds[index]!, ...answer }))),
          ...orderAnswers.map((answer) => ({ orderId: order.id, ticketId: null, ...answer })),
        ]);
        await orderQueries.insertMerchandisePurchases(
          tx,
          lines.merchandise.map((line) => {
            const row = rows.get(line.shopItemId)!;
            return { code: newCode(20), orderId: order.id, shopItemId: row.id, name: textIn(row.name, row.translations, orderLanguage, 'name'), status: 'pending', price: line.price, fee: line.fee, refundFee: row.refundFee };
          }),
        );
        if (plan) {
          await orderQueries.insertInstalments(
            tx,
            paymentPlanDueDates(plan, now()).map((entry) => ({ orderId: order.id, reference: newCode(12), amount: entry.amount, dueAt: entry.dueAt })),
          );
        }

        // A card order's attempt is recorded here; the provider's payment is created after the commit.
        let attempt: PaymentRow | undefined;
        if (paidNow) await payments.fulfil(tx, order);
        else if (method === 'bank_transfer') await enqueueMail(tx, await bankTransferMail(config, readerLanguage(config, order.language), { email: customer.email, fullName: customer.fullName }, order, lines.products.length > 0));
        else attempt = await payments.openAttempt(tx, order, { firstOfNewOrder: true, providerMethod: input.order.provider_method ?? null });

        // Decision 0070: asked to, the account keeps the billing address as its default, in the
        // order's transaction (a refused checkout keeps nothing), so the next checkout, the refund
        // form and the account page start from it.
        const buyer = input.customer.save_address === true ? await updateCustomer(tx, customer.id, { country, address: cleanAddress(config, input.customer.address) }) : customer;

        // The cart ends; what it held is sold to the order as the transaction commits (a deferred
        // trigger, migration 0007), so the hot item rows are locked only while it commits.
        await cartQueries.checkOutCart(tx, cart.id);
        // The answer reads the order again with the customer's data; the row inserted above serves
        // for what is logged (its code, method and total do not change).
        return { order, attempt, buyer, fresh: true as const };
      }).finally(() => voucherCheck?.settle());

      if (!outcome.fresh) return answer(outcome.order, customer, await providerInstruction(outcome.order, customer.email));
      deps.mailQueued?.();
      deps.logger?.info({ order: outcome.order.code, method: outcome.order.paymentMethod, total: outcome.order.totalPrice }, 'order placed');
      return answer(outcome.order, outcome.buyer, await providerInstruction(outcome.order, customer.email, outcome.attempt));
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
