import { randomBytes } from 'node:crypto';
import {
  checkAnswers,
  ENTRY_TICKET_TYPE,
  holderError,
  type Answers,
  type QuestionDefinition,
  messages,
  priceSchedule,
  requirementMet,
  variantMessages,
  type HeldTicket,
  type ApiInput,
  type PriceSchedule,
  type Cart,
  type CartProduct,
  type ShopConfigFile,
  type Locale,
  type ShopItem, type Shown } from '@festival/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { CustomerRow } from '../accounts/session.queries';
import type { CatalogReader, CatalogSnapshot } from '../catalog/catalog-snapshot';
import { loadShopItemsByIds } from '../catalog/catalog.service';
import type { NetworkKeysOf } from '../../lib/network-keys';
import * as queries from './cart.queries';
import { HOLD_LIMITS, type HoldLimits } from './hold-limits';
import type { CartMerchandiseRow, CartProductRow, CartRow } from './cart.queries';

export interface CartDeps {
  db: Db;
  config: ShopConfigFile;
  catalog: CatalogReader;
  /** How long a cart holds its stock and seats, from its creation (CART_HOLD_MINUTES). */
  holdMs: number;
  /** Keyed hashes of a visitor's network address and network, which a cart's holds count toward. */
  networkKeys: NetworkKeysOf;
  /** Caps on the units held at once (HOLD_LIMITS by default). */
  holdLimits?: HoldLimits;
  now?: () => Date;
}

/** The cap a hold count is kept under when there is none: the column's largest value. */
const NO_CAP = 2_147_483_647;

type CartLines = queries.CartLines;

/** The answer of the calls that return "cart and data": the data is built from this snapshot. */
export interface CartWithData {
  cart: Cart;
  snapshot: CatalogSnapshot;
}

type HolderPayload = Pick<ApiInput<'add-product-to-cart'>, 'full_name' | 'email' | 'age' | 'transport_time_id' | 'answers'>;

/**
 * A check the caller needs made in the transaction that takes the stock, before it is taken (the
 * waiting room's: the admission pass's place may still shop). It throws to refuse.
 */
export type StockGuard = (tx: Db) => Promise<void>;

/** 24 random bytes: the cart code is the only key an anonymous visitor has, so it must not be guessable. */
export function newCartCode(): string {
  return randomBytes(24).toString('base64url');
}

const refuse = (message: Shown) => new AppError('CONFLICT', message);
const invalid = (field: string, message: Shown) => new AppError('INVALID_INPUT', message, { [field]: [message] });

export function createCartService(deps: CartDeps) {
  const { db, config, catalog, holdMs } = deps;
  const now = deps.now ?? (() => new Date());
  const holdLimits = deps.holdLimits ?? HOLD_LIMITS;
  /** The hold counts a cart's units count toward; none for carts made before the caps. */
  const holdsOf = (cart: { addressKey: string | null; networkKey: string | null }): queries.HoldKey[] => [
    ...(cart.addressKey !== null ? [{ key: cart.addressKey, cap: holdLimits.perAddress || NO_CAP }] : []),
    ...(cart.networkKey !== null ? [{ key: cart.networkKey, cap: holdLimits.perNetwork || NO_CAP }] : []),
  ];
  /** One unit of each of a cart's hold counts, given back (a removed line). */
  const oneUnitOf = (cart: CartRow) => new Map(holdsOf(cart).map((hold) => [hold.key, 1]));

  /** The catalogue snapshot with its texts in the request's language (decision 0094): the cart's names, and those of its refusals. */
  const current = async (language: Locale | undefined) => {
    const snapshot = await catalog.current();
    return language ? snapshot.in(language) : snapshot;
  };

  /** Items of the cart's lines: from the snapshot, or the database for items it no longer shows. */
  async function itemsOf(ids: Iterable<number>, snapshot: CatalogSnapshot, on: Db = db): Promise<Map<number, ShopItem>> {
    const found = new Map<number, ShopItem>();
    const missing: number[] = [];
    for (const id of new Set(ids)) {
      const item = snapshot.byId.get(id);
      if (item) found.set(id, item);
      else missing.push(id);
    }
    for (const item of await loadShopItemsByIds(on, missing)) found.set(item.id, item);
    return found;
  }

  /**
   * The open cart of a code for this visitor, locked for the transaction: null when there is
   * none, it has ended, or it belongs to a customer other than this visitor's session (or the
   * visitor has none: its lines hold names and e-mail addresses). A cart whose time is up is ended here
   * (its holds returned) if the sweeper has not got to it yet. A customer's session attaches an
   * anonymous cart to them.
   */
  async function usableCart(tx: Db, code: string | null | undefined, customer: CustomerRow | null): Promise<CartRow | null> {
    if (!code) return null;
    const cart = await queries.lockCartByCode(tx, code);
    if (!cart || cart.status !== 'open') return null;
    if (cart.customerId !== null && cart.customerId !== customer?.id) return null;
    if (cart.expiresAt <= now()) {
      await endAndRelease(tx, [cart.id]);
      return null;
    }
    if (customer && cart.customerId === null) await queries.attachCart(tx, cart.id, customer.id);
    return cart;
  }

  async function endAndRelease(tx: Db, cartIds: number[]): Promise<void> {
    const held = await queries.expireCarts(tx, cartIds);
    // Hold counts first, then items and seats: the order every add takes them in.
    await queries.releaseHolds(tx, held.holds);
    await queries.releaseItems(tx, held.items);
    await queries.releaseSeats(tx, held.seats);
  }

  /**
   * What the unit an add takes costs: the item's price, or, for an item with price tiers, the
   * tiers' schedule at the server's clock now, which the add prices by the unit's place among the
   * units taken (decision 0099). The held unit keeps that price until its cart ends.
   */
  const unitPrice = (snapshot: CatalogSnapshot, item: ShopItem): number | PriceSchedule => {
    const tiered = snapshot.priceTiers.get(item.id);
    return tiered ? priceSchedule(tiered.tiers, tiered.price, now().getTime()) : item.price;
  };

  /** Spec section 4: a payment-plan item only in an empty cart, and nothing beside it. */
  async function checkCompany(item: ShopItem, lines: CartLines, snapshot: CatalogSnapshot): Promise<void> {
    const count = lines.products.length + lines.merchandise.length;
    if (count === 0) return;
    if (item.has_payment_plan) throw refuse(messages.cart.paymentPlanNeedsEmptyCart);
    const held = await itemsOf(
      lines.products.map((line) => line.shopItemId),
      snapshot,
    );
    if ([...held.values()].some((other) => other.has_payment_plan)) throw refuse(messages.cart.paymentPlanAlone);
  }

  /**
   * An add-on that names required products (decision 0104) is sold to a holder who has one of them
   * in the same cart or already owns one (a ticket of the customer's, as the cart's add-on warning
   * counts them). The owned tickets are read before the cart's transaction (`ownedRequired`).
   */
  async function ownedRequired(on: Db, item: ShopItem | undefined, customerId: number | null, snapshot: CatalogSnapshot): Promise<HeldTicket[]> {
    const ids = (item?.requires ?? []).map((entry) => snapshot.byCode.get(entry.external_code)?.id).filter((id): id is number => id !== undefined);
    if (customerId === null || !ids.length) return [];
    return (await queries.listOwnedTicketsOfItems(on, customerId, ids)).map((ticket) => ({ code: snapshot.byId.get(ticket.shopItemId)?.external_code ?? '', full_name: ticket.fullName }));
  }

  function requirementRefusal(item: ShopItem, holder: string, products: readonly { shopItemId: number; fullName: string | null }[], owned: readonly HeldTicket[], snapshot: CatalogSnapshot): AppError | null {
    const required = item.requires?.map((entry) => entry.external_code);
    if (!required?.length) return null;
    const inCart = products.map((line) => ({ code: snapshot.byId.get(line.shopItemId)?.external_code ?? '', full_name: line.fullName }));
    if (requirementMet(required, holder, [...inCart, ...owned])) return null;
    return refuse(variantMessages.needsProduct(item.name, holder, item.requires!.map((entry) => entry.name)));
  }

  /** Limit per order (0 = none), counted over the cart's lines of the item. */
  function checkLimit(item: ShopItem, linesOfItem: number): void {
    if (item.limit_per_order > 0 && linesOfItem >= item.limit_per_order) throw refuse(messages.cart.limitPerOrder(item.name, item.limit_per_order));
  }

  /**
   * The holder rules of spec section 5 in order (shared with the modal), then what only the
   * server can know: the age range is one the shop offers, the travel time one of the item's.
   */
  function checkHolder(item: ShopItem, input: HolderPayload, otherHolders: (string | null)[], snapshot: CatalogSnapshot) {
    const eventSettings = item.event_id === null ? undefined : snapshot.eventSettings[String(item.event_id)];
    const needsAge = item.type === ENTRY_TICKET_TYPE && Boolean(eventSettings?.ageRangeActive) && config.ageRanges.length > 0;
    const needsTravelTime = item.travel_time_type === 'selectable';
    const error = holderError(input, { productName: item.name, needsAge, needsTravelTime, otherHolders });
    if (error) throw invalid(error.field, error.message);
    const age = needsAge ? input.age!.trim() : null;
    if (age !== null && !config.ageRanges.includes(age)) throw invalid('age', messages.cart.ageUnknown);
    const travelTimeId = needsTravelTime ? Number(input.transport_time_id) : null;
    if (travelTimeId !== null && !item.travel_times.some((time) => time.id === travelTimeId)) {
      throw invalid('transport_time_id', messages.cart.travelTimeUnknown);
    }
    return { fullName: input.full_name!.trim().replace(/\s+/g, ' '), email: input.email!.trim(), age, travelTimeId };
  }

  /**
   * An item's per-ticket questions (decision 0106): the catalogue snapshot's item carries them (read
   * once per snapshot; the editor's changes refresh it), so an add asks no statement for them.
   */
  function ticketQuestionsOf(item: ShopItem): QuestionDefinition[] {
    return (item.questions ?? []).filter((question) => question.per === 'ticket');
  }

  /**
   * The answers to an item's per-ticket questions, checked by the contract's rule: a required one
   * missing, or an answer its rule refuses, refuses the line by field (`answers.<code>`), the first
   * said in the message. Null when none is given.
   */
  function checkTicketAnswers(asked: readonly QuestionDefinition[], given: HolderPayload['answers'], language: Locale | undefined): Answers | null {
    if (!asked.length) return null;
    const { answers, problems } = checkAnswers(asked, given, language ?? config.languages[0] ?? 'en');
    if (problems.length) {
      const errors: Record<string, Shown[]> = {};
      for (const problem of problems) (errors[`answers.${problem.code}`] ??= []).push(problem.message);
      throw new AppError('INVALID_INPUT', problems[0]!.message, errors);
    }
    return Object.keys(answers).length ? answers : null;
  }

  /**
   * Adds a line: `decide` checks the cart's rules against its current lines and says what to add.
   * Into an existing cart, inside a transaction that locks the cart, so two adds to one cart take
   * turns; a visitor's first add, which has no cart to lock, in one statement that creates the
   * cart with its line (takeAndAdd). Either way, a refusal leaves nothing behind.
   */
  async function addLine(
    snapshot: CatalogSnapshot,
    code: string | null | undefined,
    customer: CustomerRow | null,
    ip: string,
    decide: (lines: CartLines) => Promise<queries.NewLine & { itemName: string }>,
    guard?: StockGuard,
  ): Promise<{ cart: CartRow; lines: CartLines }> {
    const take = async (on: Db, cart: Parameters<typeof queries.takeAndAdd>[1], lines: CartLines, line: queries.NewLine & { itemName: string }, holds: queries.HoldKey[]) => {
      const taken = await queries.takeAndAdd(on, cart, line, holds);
      if (taken === 'sold_out') {
        snapshot.soldOut.add(line.itemId);
        throw refuse(messages.cart.soldOut(line.itemName));
      }
      if (taken === 'seat_sold_out') throw refuse(messages.cart.travelTimeSoldOut);
      if (taken === 'hold_cap') throw refuse(messages.cart.networkHoldLimit);
      const added = line.holder
        ? { ...lines, products: [...lines.products, taken.line as CartProductRow] }
        : { ...lines, merchandise: [...lines.merchandise, taken.line as CartMerchandiseRow] };
      return { cart: taken.cart, lines: added };
    };
    const added = code
      ? await db.transaction(async (tx) => {
          const existing = await usableCart(tx, code, customer);
          if (!existing) return null;
          // The guard's refusal comes first, as the gate's does, whatever else is wrong with the line.
          await guard?.(tx);
          const lines = await queries.listCartLines(tx, existing.id);
          // The cart is locked, so its lines are all there are: the cap holds however many adds race.
          if (holdLimits.perCart && lines.products.length + lines.merchandise.length >= holdLimits.perCart) throw refuse(messages.cart.cartHoldLimit(holdLimits.perCart));
          // Its units count where the cart was made, whatever address the visitor has now.
          return take(tx, { id: existing.id }, lines, await decide(lines), holdsOf(existing));
        })
      : null;
    if (added) return added;
    const empty: CartLines = { products: [], merchandise: [] };
    const where = deps.networkKeys(ip);
    const cart = { code: newCartCode(), customerId: customer?.id ?? null, expiresAt: new Date(now().getTime() + holdMs), addressKey: where.address, networkKey: where.network };
    // Unguarded, one statement; a guard's check shares a transaction with the take.
    if (!guard) return take(db, cart, empty, await decide(empty), holdsOf(cart));
    return db.transaction(async (tx) => {
      await guard(tx);
      return take(tx, cart, empty, await decide(empty), holdsOf(cart));
    });
  }

  async function buildCart(cart: CartRow, lines: CartLines, snapshot: CatalogSnapshot): Promise<Cart> {
    const items = await itemsOf(
      lines.products.map((line) => line.shopItemId),
      snapshot,
    );
    const departures = new Map<number, string>();
    for (const item of items.values()) for (const time of item.travel_times) departures.set(time.id, time.travel_time);
    // A departure taken off sale after it was chosen still shows its time.
    const unknown = lines.products.map((line) => line.travelTimeId).filter((id): id is number => id !== null && !departures.has(id));
    for (const row of await queries.listTravelTimesByIds(db, unknown)) departures.set(row.id, row.departsAt.toISOString());

    const products = lines.products.map((line): CartProduct => {
      const item = items.get(line.shopItemId)!;
      return {
        id: line.id,
        shop_item_type: 'tickets',
        product: {
          id: item.id,
          name: item.name,
          external_code: item.external_code,
          type: item.type,
          event: item.event,
          event_id: item.event_id,
          timezone: item.timezone,
          travel_times: item.travel_times,
          travel_time_type: item.travel_time_type,
          has_payment_plan: item.has_payment_plan,
          payment_plan: item.payment_plan,
          allow_travel_time_changes_until: item.allow_travel_time_changes_until,
        },
        full_name: line.fullName,
        email: line.email,
        age: line.age,
        transport_time_id: line.travelTimeId,
        ...(line.answers ? { answers: line.answers } : {}),
        travel_time: line.travelTimeId !== null ? (departures.get(line.travelTimeId) ?? null) : item.travel_time,
        price: line.price,
        fee: line.fee,
      };
    });
    const merchandiseItems = await itemsOf(
      lines.merchandise.map((line) => line.shopItemId),
      snapshot,
    );
    const merchandise = lines.merchandise.map((line) => ({
      id: line.id,
      merchandise: { name: merchandiseItems.get(line.shopItemId)?.name ?? '', external_code: merchandiseItems.get(line.shopItemId)?.external_code ?? '' },
      price: line.price,
      fee: line.fee,
    }));
    const total = [...lines.products, ...lines.merchandise].reduce((sum, line) => sum + line.price + line.fee, 0);
    return {
      code: cart.code,
      expires_at: cart.expiresAt.toISOString(),
      now: now().toISOString(),
      products,
      merchandise,
      total_price: total,
    };
  }

  function onSaleItem(snapshot: CatalogSnapshot, code: string, kind: ShopItem['shop_item_type']): ShopItem {
    const item = snapshot.byCode.get(code);
    // A group is shown, never sold: its variants are (decision 0104).
    if (item?.variants?.length && item.shop_item_type === kind) throw refuse(variantMessages.chooseVariant(item.name));
    if (!item || item.shop_item_type !== kind || !snapshot.onSaleIds.has(item.id)) throw new AppError('NOT_FOUND', messages.server.itemNotFound);
    // Sold out in the snapshot (at most a second old): refused without queueing for the item's
    // row, which is what thousands of late buyers at an on-sale would otherwise all do. A unit
    // given back (an expired cart) is on offer again with the next snapshot.
    // The same for an item this instance's own adds found sold out since the snapshot was taken.
    if (item.stock_level === 0 || snapshot.soldOut.has(item.id)) throw refuse(messages.cart.soldOut(item.name));
    return item;
  }

  /** An item an add may put in a cart as the snapshot sees it: the shop (and its merchandise) open, the item of the kind on sale and not sold out. */
  function addableItem(snapshot: CatalogSnapshot, kind: 'tickets' | 'merchandise', code: string): ShopItem {
    if (!config.shopActive) throw refuse(messages.cart.shopClosed);
    if (kind === 'merchandise' && !config.merchandiseActive) throw refuse(messages.cart.merchandiseClosed);
    return onSaleItem(snapshot, code, kind);
  }

  /** The open cart of a code for this visitor, its lines and the items they are of (for the checkout). */
  async function contents(code: string | null | undefined, customer: CustomerRow | null, language?: Locale) {
    if (!code) return null;
    const snapshot = await current(language);
    const found = await db.transaction(async (tx) => {
      const cart = await usableCart(tx, code, customer);
      return cart && { cart, lines: await queries.listCartLines(tx, cart.id) };
    });
    if (!found) return null;
    const items = await itemsOf(
      [...found.lines.products, ...found.lines.merchandise].map((line) => line.shopItemId),
      snapshot,
    );
    return { ...found, items, snapshot };
  }

  return {
    async get(code: string | null | undefined, customer: CustomerRow | null, language?: Locale): Promise<Cart | null> {
      const found = await contents(code, customer, language);
      return found && buildCart(found.cart, found.lines, found.snapshot);
    },

    contents,

    /** Items of a cart's lines (from the snapshot, or the database through `on`, a transaction of the caller's). */
    itemsOf,

    /** The checkout's check of add-ons' required products (decision 0104): the first line whose holder has none of them, as a refusal; null when all have. */
    async requirementsRefusal(on: Db, lines: CartLines, customerId: number | null, snapshot: CatalogSnapshot): Promise<AppError | null> {
      for (const line of lines.products) {
        const item = snapshot.byId.get(line.shopItemId);
        if (!item?.requires?.length || line.fullName === null) continue;
        const refusal = requirementRefusal(item, line.fullName, lines.products, await ownedRequired(on, item, customerId, snapshot), snapshot);
        if (refusal) return refusal;
      }
      return null;
    },

    /**
     * The refusals of an add that depend on no one (the shop closed, an unknown item, one the
     * snapshot knows is sold out), for the route to run before it looks up the session: at an
     * on-sale most adds are late buyers' of a sold-out item, and each then costs no query.
     */
    async refuseUnaddable(kind: 'tickets' | 'merchandise', code: string): Promise<void> {
      addableItem(await catalog.current(), kind, code);
    },

    /** Adds a ticket line; `ip` is the visitor's address, whose hold caps a new cart counts toward; `guard` runs where the stock is taken. */
    async addProduct(input: ApiInput<'add-product-to-cart'>, customer: CustomerRow | null, ip: string, guard?: StockGuard, language?: Locale): Promise<CartWithData> {
      const snapshot = await current(language);
      const item = addableItem(snapshot, 'tickets', input.external_code);
      // Without a statement for most products: no requirement, and the snapshot's item carries its questions.
      const owned = await ownedRequired(db, item, customer?.id ?? null, snapshot);
      const asked = ticketQuestionsOf(item);
      const { cart, lines } = await addLine(snapshot, input.cart, customer, ip, async (lines) => {
        await checkCompany(item, lines, snapshot);
        const sameItem = lines.products.filter((line) => line.shopItemId === item.id);
        checkLimit(item, sameItem.length);
        const holder = checkHolder(
          item,
          input,
          sameItem.map((line) => line.fullName),
          snapshot,
        );
        // Refused at the add, naming the products, where the buyer can still add the ticket (and at the checkout again).
        const refusal = requirementRefusal(item, holder.fullName, lines.products, owned, snapshot);
        if (refusal) throw refusal;
        const answers = checkTicketAnswers(asked, input.answers, language);
        return { itemId: item.id, itemName: item.name, travelTimeId: holder.travelTimeId, holder: { ...holder, answers }, price: unitPrice(snapshot, item), fee: item.fee };
      }, guard);
      return { cart: await buildCart(cart, lines, snapshot), snapshot };
    },

    async updateProduct(input: ApiInput<'update-product-in-cart'>, customer: CustomerRow | null, language?: Locale): Promise<Cart> {
      const snapshot = await current(language);
      const { cart, lines } = await db.transaction(async (tx) => {
        const cart = await usableCart(tx, input.cart, customer);
        if (!cart) throw new AppError('GONE', messages.cart.expired);
        const lines = await queries.listCartLines(tx, cart.id);
        const line = lines.products.find((candidate) => candidate.id === input.cart_product_id);
        if (!line) throw new AppError('NOT_FOUND', messages.cart.lineGone);
        const item = (await itemsOf([line.shopItemId], snapshot)).get(line.shopItemId)!;
        const others = lines.products.filter((other) => other.shopItemId === item.id && other.id !== line.id);
        const holder = checkHolder(
          item,
          input,
          others.map((other) => other.fullName),
          snapshot,
        );
        const answers = checkTicketAnswers(ticketQuestionsOf(item), input.answers, language);
        if (holder.travelTimeId !== line.travelTimeId) {
          if (holder.travelTimeId !== null && !(await queries.takeSeat(tx, holder.travelTimeId, item.id, 'held'))) throw refuse(messages.cart.travelTimeSoldOut);
          if (line.travelTimeId !== null) await queries.releaseSeats(tx, new Map([[line.travelTimeId, 1]]));
        }
        const updated = await queries.updateCartProduct(tx, line.id, {
          fullName: holder.fullName,
          email: holder.email,
          age: holder.age,
          travelTimeId: holder.travelTimeId,
          answers,
        });
        return { cart, lines: { ...lines, products: lines.products.map((other) => (other.id === line.id ? updated : other)) } };
      });
      return buildCart(cart, lines, snapshot);
    },

    async removeProduct(input: ApiInput<'remove-product-from-cart'>, customer: CustomerRow | null, language?: Locale): Promise<CartWithData> {
      const snapshot = await current(language);
      const { cart, lines } = await db.transaction(async (tx) => {
        const cart = await usableCart(tx, input.cart, customer);
        if (!cart) throw new AppError('GONE', messages.cart.expired);
        const removed = await queries.deleteCartProduct(tx, cart.id, input.cart_product_id);
        if (!removed) throw new AppError('NOT_FOUND', messages.cart.lineGone);
        await queries.releaseHolds(tx, oneUnitOf(cart));
        await queries.releaseItems(tx, new Map([[removed.shopItemId, 1]]));
        if (removed.travelTimeId !== null) await queries.releaseSeats(tx, new Map([[removed.travelTimeId, 1]]));
        return { cart, lines: await queries.listCartLines(tx, cart.id) };
      });
      return { cart: await buildCart(cart, lines, snapshot), snapshot };
    },

    async addMerchandise(input: ApiInput<'add-merchandise-to-cart'>, customer: CustomerRow | null, ip: string, guard?: StockGuard, language?: Locale): Promise<CartWithData> {
      const snapshot = await current(language);
      const item = addableItem(snapshot, 'merchandise', input.external_code);
      const { cart, lines } = await addLine(snapshot, input.cart, customer, ip, async (lines) => {
        await checkCompany(item, lines, snapshot);
        checkLimit(item, lines.merchandise.filter((line) => line.shopItemId === item.id).length);
        return { itemId: item.id, itemName: item.name, price: unitPrice(snapshot, item), fee: item.fee };
      }, guard);
      return { cart: await buildCart(cart, lines, snapshot), snapshot };
    },

    async removeMerchandise(input: ApiInput<'remove-merchandise-from-cart'>, customer: CustomerRow | null, language?: Locale): Promise<Cart> {
      const snapshot = await current(language);
      const { cart, lines } = await db.transaction(async (tx) => {
        const cart = await usableCart(tx, input.cart, customer);
        if (!cart) throw new AppError('GONE', messages.cart.expired);
        const removed = await queries.deleteCartMerchandise(tx, cart.id, input.cart_merchandise_id);
        if (!removed) throw new AppError('NOT_FOUND', messages.cart.lineGone);
        await queries.releaseHolds(tx, oneUnitOf(cart));
        await queries.releaseItems(tx, new Map([[removed.shopItemId, 1]]));
        return { cart, lines: await queries.listCartLines(tx, cart.id) };
      });
      return buildCart(cart, lines, snapshot);
    },

    /** Ends every open cart whose time is up and returns its holds; safe on any number of instances. */
    async sweep(batch = 500): Promise<number> {
      let ended = 0;
      for (;;) {
        const count = await db.transaction(async (tx) => {
          const ids = await queries.lockExpiredCarts(tx, now(), batch);
          await endAndRelease(tx, ids);
          return ids.length;
        });
        ended += count;
        if (count < batch) return ended;
      }
    },

    /**
     * Deletes carts that ended as expired more than `keepMs` ago (their holds were given back when
     * they ended), with their lines and the holders' names and e-mail addresses on them, and hold
     * counts no open cart uses. Never a cart that became an order. At most `batches` × `batch`
     * carts a round, each batch its own short statement, so a backlog never holds the database
     * up; the next round takes the rest. Safe on any number of instances (SKIP LOCKED).
     */
    async deleteEnded(keepMs: number, batch = 500, batches = 20): Promise<number> {
      const before = new Date(now().getTime() - keepMs);
      let deleted = 0;
      for (let round = 0; round < batches; round += 1) {
        const count = await queries.deleteEndedCarts(db, before, batch);
        deleted += count;
        if (count < batch) break;
      }
      await queries.deleteIdleHoldCounts(db, batch);
      return deleted;
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
