import { z } from 'zod';
import { issueMessage, message, messageWith } from './i18n/text';
import { voucherDefinition, voucherTemplate } from './voucher-fields';
import { VOUCHER_KINDS } from './vouchers';

// The voucher page's texts with placeholders, each declared once; `staffVoucherMessages` below keeps the callers' positional arguments.
const noVoucher = messageWith<{ code: string }>({ id: 'staffVoucherMessages.noVoucher', defaultMessage: 'There is no voucher {code}.' });
const created = messageWith<{ code: string }>({ id: 'staffVoucherMessages.created', defaultMessage: 'Voucher {code} is created.' });
const saved = messageWith<{ code: string }>({ id: 'staffVoucherMessages.saved', defaultMessage: 'Voucher {code} is saved. Checkouts follow the change at once.' });
const generated = messageWith<{ count: number }>({
  id: 'staffVoucherMessages.generated',
  defaultMessage: '{count, plural, one {# voucher was made} other {# vouchers were made}}. Keep the CSV file: it is the only list of their codes to hand out.',
});

/** Most codes one generate call makes (issue 37 point 3: thousands, exported as CSV). */
export const VOUCHER_GENERATE_MAX = 10_000;
/** Most characters of a generated code's prefix. */
export const VOUCHER_PREFIX_MAX = 20;
/** Random characters of a generated code after its prefix: 31^12 ≈ 8·10^17 codes, unguessable behind the limit on wrong codes. */
export const VOUCHER_RANDOM_LENGTH = 12;
/** Most vouchers the list shows at once (the newest first); a search finds the others. */
export const VOUCHER_LIST_MAX = 100;
/** Most orders shown with each voucher (the newest first); `orders_total` counts them all. */
export const VOUCHER_ORDERS_SHOWN = 10;

/**
 * The back office's vouchers (issue 37 point 3, decision 0096): the list with each voucher's use
 * and the orders that used it, creating and changing a voucher with the catalogue file's rules
 * (vouchers.ts), and generating codes in bulk from a template, downloaded as CSV.
 */
export const staffVoucherMessages = {
  chooseVoucher: message({ id: 'staffVoucherMessages.chooseVoucher', defaultMessage: 'Choose a voucher.' }),
  noVoucher: (code: string) => noVoucher({ code }),
  /** Said after the code field. */
  codeTaken: message({ id: 'staffVoucherMessages.codeTaken', defaultMessage: 'is already the code of another voucher' }),
  nothingToChange: message({ id: 'staffVoucherMessages.nothingToChange', defaultMessage: 'Change at least one field.' }),
  searchTooLong: message({ id: 'staffVoucherMessages.searchTooLong', defaultMessage: 'A search is at most 100 characters.' }),
  /** Said after the number field of a generate call. */
  count: message({ id: 'staffVoucherMessages.count', defaultMessage: 'must be a whole number from 1 to 10000' }),
  /** Said after the prefix field of a generate call. */
  prefix: message({ id: 'staffVoucherMessages.prefix', defaultMessage: 'must be at most 20 letters, digits, dashes or underscores' }),
  created: (code: string) => created({ code }),
  saved: (code: string) => saved({ code }),
  generated: (count: number) => generated({ count }),
};

const texts = staffVoucherMessages;
const chooseVoucher = issueMessage(texts.chooseVoucher);
const count = z.number().int();

/** Where a voucher stands now. */
export const VOUCHER_STATES = ['live', 'switched-off', 'not-yet-valid', 'expired', 'used-up'] as const;
export type VoucherState = (typeof VOUCHER_STATES)[number];

export const voucherOrderView = z.object({
  code: z.string(),
  created_at: z.string(),
  /** What the voucher took off the order. */
  discount_amount: count,
  payment_status: z.string(),
});

export const voucherView = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(VOUCHER_KINDS),
  discount_amount: count.nullable(),
  percent: count.nullable(),
  product: z.string().nullable(),
  products: z.array(z.string()).nullable(),
  /** null: unlimited. */
  max_uses: count.nullable(),
  max_uses_per_customer: count.nullable(),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  active: z.boolean(),
  /** Uses taken: orders that hold it and were neither cancelled nor abandoned. */
  used: count,
  state: z.enum(VOUCHER_STATES),
  /** The newest orders that used it (at most VOUCHER_ORDERS_SHOWN), and how many there are. */
  orders: z.array(voucherOrderView),
  orders_total: count,
  created_at: z.string(),
});
export type VoucherView = z.infer<typeof voucherView>;

export const voucherListPayload = z
  .object({
    /** The start of a code, or a word of a name; empty: the newest vouchers. */
    query: z.string({ error: issueMessage(texts.searchTooLong) }).trim().max(100, issueMessage(texts.searchTooLong)).default(''),
  })
  .strict();
export const voucherListAnswer = z.object({
  currency: z.string(),
  /** The shop's time zone: the dates are shown in it. */
  timezone: z.string(),
  /** The vouchers the search finds, newest first (at most VOUCHER_LIST_MAX). */
  vouchers: z.array(voucherView),
  /** How many the search finds in all. */
  total: count,
  /** The products and merchandise a voucher can name. */
  products: z.array(z.object({ code: z.string(), name: z.string(), kind: z.enum(['product', 'merchandise']) })),
});
export type VoucherListAnswer = z.infer<typeof voucherListAnswer>;

/**
 * Creates a voucher (`code` null) or changes the voucher of `code` (a voucher sent whole, as the
 * file writes it; one not used yet may take another code). Switching a voucher off is a change of
 * `active`.
 */
export const voucherSavePayload = z
  .object({
    code: z.string({ error: chooseVoucher }).trim().min(1, chooseVoucher).max(64, chooseVoucher).nullable(),
    voucher: voucherDefinition,
  })
  .strict();
export const voucherSaveAnswer = z.object({ voucher: voucherView, message: z.string() });

/** `count` vouchers like `template`, each with a code of its own: the prefix and random characters. */
export const voucherGeneratePayload = z
  .object({
    count: z.number({ error: issueMessage(texts.count) }).int(issueMessage(texts.count)).min(1, issueMessage(texts.count)).max(VOUCHER_GENERATE_MAX, issueMessage(texts.count)),
    prefix: z
      .string({ error: issueMessage(texts.prefix) })
      .trim()
      .regex(new RegExp(`^[A-Za-z0-9_-]{0,${VOUCHER_PREFIX_MAX}}$`), issueMessage(texts.prefix))
      .default(''),
    template: voucherTemplate,
  })
  .strict();
/** The codes made, as a CSV file (code, name, kind, value, max_uses, valid_from, valid_until). */
export const voucherGenerateAnswer = z.object({ count, filename: z.string(), media_type: z.string(), content: z.string(), message: z.string() });
