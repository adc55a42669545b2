import { messageWith } from '@festival/contract';

/**
 * The payment's texts the provider shows the buyer (issue 36): its description on the provider's
 * payment page and a refund's on their statement, in the order's language (decision 0094).
 */
export const paymentsMessages = {
  description: messageWith<{ code: string }>({ id: 'payments.description', defaultMessage: 'Order {code}' }),
  /** A refund's description where the payer's statement shows one. */
  refundDescription: messageWith<{ code: string }>({ id: 'payments.refundDescription', defaultMessage: 'Refund for order {code}' }),
};
