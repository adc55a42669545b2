import { message } from '@festival/contract';

/**
 * The shared rules' own texts (a payment method's and an instalment's label where the
 * configuration names none), as messages of the catalogues (docs/decisions/0093), shown with
 * `say(...)` in the page's language. Ids are `lib.<file>.<key>`.
 */
export const libTexts = {
  paymentMethodLabel: {
    voucher: message({ id: 'lib.payment-method-label.voucher', defaultMessage: 'Voucher' }),
    cash: message({ id: 'lib.payment-method-label.cash', defaultMessage: 'Cash at the box office' }),
    card_terminal: message({ id: 'lib.payment-method-label.card_terminal', defaultMessage: 'Card at the box office' }),
  },
  instalmentLabel: {
    paid: message({ id: 'lib.instalment-label.paid', defaultMessage: 'Paid' }),
    cancelled: message({ id: 'lib.instalment-label.cancelled', defaultMessage: 'Cancelled' }),
    refund: message({ id: 'lib.instalment-label.refund', defaultMessage: 'Refund' }),
    pending: message({ id: 'lib.instalment-label.pending', defaultMessage: 'Pending' }),
    overdue: message({ id: 'lib.instalment-label.overdue', defaultMessage: 'Overdue' }),
    due: message({ id: 'lib.instalment-label.due', defaultMessage: 'Due' }),
    processing: message({ id: 'lib.instalment-label.processing', defaultMessage: 'Processing' }),
    partial: message({ id: 'lib.instalment-label.partial', defaultMessage: 'Partially paid' }),
    problem: message({ id: 'lib.instalment-label.problem', defaultMessage: 'Problem' }),
  },
};
