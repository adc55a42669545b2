import type { PaymentMethodChoice } from '@festival/contract';
import { useConfig } from '../../../lib/config';
import { paymentMethodLabel } from '../checkout-form';

export interface PaymentMethodFieldProps {
  /** The methods the cart's events allow in the billing country. */
  allowed: readonly ('credit_card' | 'bank_transfer')[];
  choice: PaymentMethodChoice;
  onChoose: (method: string) => void;
}

/**
 * The payment method of spec section 4: a voucher covering the order forces "Voucher" (no
 * choice); otherwise the allowed methods as radios, the only one checked when it is forced; with
 * none allowed, 'No valid payment methods found.'.
 */
export function PaymentMethodField({ allowed, choice, onChoose }: PaymentMethodFieldProps) {
  const { paymentMethods } = useConfig();
  return (
    <fieldset className="fieldset checkout-section" id="checkout-method" aria-describedby={choice.method === null ? 'checkout-no-methods' : undefined}>
      <legend className="checkout-section__title">Payment method</legend>
      {choice.method === 'voucher' ? (
        <p id="checkout-method-voucher" className="payment-method payment-method--fixed">
          {paymentMethodLabel('voucher', paymentMethods)}
        </p>
      ) : choice.method === null ? (
        <p id="checkout-no-methods" className="alert alert--warning">
          {choice.error}
        </p>
      ) : (
        <div className="payment-methods">
          {allowed.map((method) => (
            <label key={method} className="payment-method" htmlFor={`checkout-method-${method}`}>
              <input
                type="radio"
                id={`checkout-method-${method}`}
                name="payment_method"
                value={method}
                checked={choice.method === method}
                onChange={() => onChoose(method)}
              />
              <span>{paymentMethodLabel(method, paymentMethods)}</span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
