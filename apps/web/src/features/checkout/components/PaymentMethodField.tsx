import type { PaymentMethodChoice, ProviderMethod } from '@festival/contract';
import { useConfig } from '../../../lib/config';
import { paymentMethodLabel } from '../checkout-form';
import { say } from '../../../lib/say';
import { checkoutTexts } from '../checkout.messages';

export interface PaymentMethodFieldProps {
  /** The methods the cart's events allow in the billing country. */
  allowed: readonly ('credit_card' | 'bank_transfer')[];
  choice: PaymentMethodChoice;
  onChoose: (method: string) => void;
  /** The payment provider's methods for this cart and country (decision 0067): offered in place of the one card choice. */
  providerMethods?: readonly ProviderMethod[];
  /** The provider's method chosen (one of providerMethods) while the method is credit_card. */
  providerChoice?: string | null;
  onChooseProvider?: (id: string) => void;
}

/**
 * The payment method of spec section 4: a voucher covering the order forces "Voucher" (no
 * choice); otherwise the allowed methods as radios, the only one checked when it is forced; with
 * none allowed, 'No valid payment methods found.'. Where the provider lists its methods for the
 * buyer's country and amount (decision 0067: iDEAL, Bancontact, the card with Apple Pay and
 * Google Pay…), each is a choice of its own in place of the one card choice.
 */
export function PaymentMethodField({ allowed, choice, onChoose, providerMethods = [], providerChoice = null, onChooseProvider }: PaymentMethodFieldProps) {
  const { paymentMethods } = useConfig();
  return (
    <fieldset className="fieldset checkout-section" id="checkout-method" aria-describedby={choice.method === null ? 'checkout-no-methods' : undefined}>
      <legend className="checkout-section__title">{say(checkoutTexts.paymentMethodField.legend)}</legend>
      {choice.method === 'voucher' ? (
        <p id="checkout-method-voucher" className="payment-method payment-method--fixed">
          {paymentMethodLabel('voucher', paymentMethods)}
        </p>
      ) : choice.method === null ? (
        <p id="checkout-no-methods" className="alert alert--warning">
          {say(choice.error)}
        </p>
      ) : (
        <div className="payment-methods">
          {allowed.map((method) =>
            method === 'credit_card' && providerMethods.length > 0 ? (
              providerMethods.map((provided) => (
                <label key={`provider-${provided.id}`} className="payment-method" htmlFor={`checkout-method-${provided.id}`}>
                  <input
                    type="radio"
                    id={`checkout-method-${provided.id}`}
                    name="payment_method"
                    value={`credit_card:${provided.id}`}
                    checked={choice.method === 'credit_card' && providerChoice === provided.id}
                    onChange={() => {
                      onChoose('credit_card');
                      onChooseProvider?.(provided.id);
                    }}
                  />
                  <span>{provided.label}</span>
                </label>
              ))
            ) : (
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
            ),
          )}
        </div>
      )}
    </fieldset>
  );
}
