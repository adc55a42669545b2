import { answersPayload } from './product-questions';
import { z } from 'zod';
import { boundFirst, cartCode, idField, money, timestamp, token } from './common';
import { paymentPlanEntry, travelTimeOption, travelTimeType } from './catalog';
import { admissionField } from './waiting-room';

export const cartProduct = z.object({
  id: z.number().int(),
  shop_item_type: z.literal('tickets'),
  product: z.object({
    id: z.number().int(),
    name: z.string(),
    /** Our own addition (decision 0096): the page reads which lines a voucher applies to by it. */
    external_code: z.string(),
    type: z.string(),
    event: z.string().nullable(),
    event_id: z.number().int().nullable(),
    timezone: z.string().nullable(),
    travel_times: z.array(travelTimeOption),
    travel_time_type: travelTimeType.nullable(),
    has_payment_plan: z.boolean(),
    payment_plan: z.array(paymentPlanEntry).nullable(),
    allow_travel_time_changes_until: timestamp.nullable(),
  }),
  full_name: z.string().nullable(),
  email: z.string().nullable(),
  age: z.string().nullable(),
  transport_time_id: z.number().int().nullable(),
  /** The answers given to the product's per-ticket questions, by question code (decision 0106); absent: none. */
  answers: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])).optional(),
  travel_time: timestamp.nullable(),
  price: money,
  fee: money,
});
export type CartProduct = z.infer<typeof cartProduct>;

export const cartMerchandise = z.object({
  id: z.number().int(),
  /** `external_code`: our own addition (decision 0096), as the product's. */
  merchandise: z.object({ name: z.string(), external_code: z.string() }),
  price: money,
  fee: money,
});
export type CartMerchandise = z.infer<typeof cartMerchandise>;

export const cart = z.object({
  code: z.string(),
  expires_at: timestamp,
  /** The server's clock when it answered; the countdown corrects the browser's clock with it. */
  now: timestamp,
  products: z.array(cartProduct),
  merchandise: z.array(cartMerchandise),
  total_price: money,
});
export type Cart = z.infer<typeof cart>;

/** Holder details as typed: all text in the form, sent as given; the server checks them. */
const holderFields = {
  full_name: z.string().max(200, boundFirst).nullish(),
  email: z.string().max(254, boundFirst).nullish(),
  age: z.string().max(50, boundFirst).nullish(),
  transport_time_id: idField.nullish(),
  /** The answers to the product's per-ticket questions, by question code (decision 0106). */
  answers: answersPayload.nullish(),
};

export const getCartPayload = z.object({ token, cart: cartCode });
export const getCartAnswer = z.object({ cart: cart.nullable() });

export const addProductToCartPayload = z.object({
  token,
  cart: cartCode,
  external_code: z.string().trim().min(1).max(100, boundFirst),
  ...holderFields,
  /** The waiting room's admission pass (decision 0048), while the product's on-sale room is open. */
  admission: admissionField,
});
export const updateProductInCartPayload = z.object({
  token,
  cart: z.string().min(1).max(100, boundFirst),
  cart_product_id: idField,
  ...holderFields,
});
export const removeProductFromCartPayload = z.object({
  token,
  cart: z.string().min(1).max(100, boundFirst),
  cart_product_id: idField,
});
export const addMerchandiseToCartPayload = z.object({
  token,
  cart: cartCode,
  external_code: z.string().trim().min(1).max(100, boundFirst),
  admission: admissionField,
});
export const removeMerchandiseFromCartPayload = z.object({
  token,
  cart: z.string().min(1).max(100, boundFirst),
  cart_merchandise_id: idField,
});

/** The answers that carry "cart and data": data is the same user data get-data answers. */
export const cartAnswer = z.object({ cart: cart.nullable() });
