import { messages, type Voucher, paymentMessages } from '@festival/contract';
import { useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { FormError } from '../../../components/ui/FormError';
import { TextField } from '../../../components/ui/TextField';
import { errorText } from '../../../lib/api-client';
import { useFormat } from '../../../lib/use-format';
import { validateVoucher } from '../api/checkout-calls';
import { APART, say, sayAround } from '../../../lib/say';
import { checkoutTexts } from '../checkout.messages';

export interface VoucherFieldProps {
  cartCode: string;
  voucher: Voucher | null;
  onChange: (voucher: Voucher | null) => void;
  /** Spec section 5: the voucher is worth more than the order. */
  exceedsOrder: boolean;
  /** What the voucher takes off the invoice shown (voucherDiscount); absent before there is one: the discount validate-voucher answered. */
  discount?: number | undefined;
}

/**
 * The voucher input of the checkout (spec sections 2 and 5): Apply asks validate-voucher; an
 * applied voucher shows its code and discount with Remove. Its errors show next to it, not in
 * the form's alert, since they concern only this field.
 */
export function VoucherField({ cartCode, voucher, onChange, exceedsOrder, discount }: VoucherFieldProps) {
  const format = useFormat();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);
  const sending = useRef(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const texts = checkoutTexts.voucherField;

  const apply = async () => {
    if (sending.current) return;
    const trimmed = code.trim();
    if (!trimmed) {
      setError(say(messages.checkout.voucherRequired));
      inputRef.current?.focus();
      return;
    }
    sending.current = true;
    setApplying(true);
    setError(null);
    try {
      onChange(await validateVoucher(cartCode, trimmed));
      setCode('');
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      sending.current = false;
      setApplying(false);
    }
  };

  // Enter in the voucher field applies the voucher instead of sending the whole order.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void apply();
    }
  };

  return (
    <section className="checkout-section" aria-labelledby="checkout-voucher-title">
      <h2 id="checkout-voucher-title" className="checkout-section__title">
        {say(texts.title)}
      </h2>
      {voucher ? (
        <>
          <p className="voucher-applied" id="checkout-voucher-applied">
            <VoucherApplied code={voucher.code} amount={format.money(discount ?? voucher.discount_amount)} />
            <Button variant="link" size="sm" id="checkout-voucher-remove" aria-label={say(texts.removeLabel({ code: voucher.code }))} onClick={() => onChange(null)}>
              {say(texts.remove)}
            </Button>
          </p>
          {exceedsOrder && (
            <p className="alert alert--warning" id="checkout-voucher-warning">
              {say(paymentMessages.voucherExceedsOrder)}
            </p>
          )}
        </>
      ) : (
        <>
          <div className="voucher-field">
            <TextField
              id="checkout-voucher"
              ref={inputRef}
              label={say(texts.codeLabel)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={code}
              onChange={setCode}
              onKeyDown={onKeyDown}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'checkout-voucher-error' : undefined}
            />
            <Button id="checkout-voucher-apply" variant="secondary" loading={applying} onClick={() => void apply()}>
              {say(texts.apply)}
            </Button>
          </div>
          <FormError id="checkout-voucher-error" message={error} />
        </>
      )}
    </section>
  );
}

/** The applied voucher: its code set apart in the sentence, which is said whole. */
function VoucherApplied({ code, amount }: { code: string; amount: string }) {
  const [before, after] = sayAround(checkoutTexts.voucherField.applied({ code: APART, amount }));
  return (
    <span>
      {before}
      <strong>{code}</strong>
      {after}
    </span>
  );
}
