import { usesIban } from '@festival/contract';
import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../../components/ui/Button';
import { Dropdown } from '../../../components/ui/Dropdown';
import { FieldLabel } from '../../../components/ui/FieldLabel';
import { FormError } from '../../../components/ui/FormError';
import { TextField } from '../../../components/ui/TextField';
import { useConfig } from '../../../lib/config';
import { say } from '../../../lib/say';
import { portalTexts } from '../portal.messages';
import type { BankDetailsValues } from './refund-form';

export interface RefundDetailsStepProps {
  values: BankDetailsValues;
  onChange: (values: BankDetailsValues) => void;
  onNext: () => void;
  /** The Back control: a button to the previous step, or a link back to the order. */
  back: ReactNode;
  error: string | null;
  labelledBy: string;
  /** The submit button's words and id ("Next", refund-next in the request's steps). */
  submit?: { label: string; id: string; busy?: boolean };
  /** The optional note: in a request, not when bank details are given later. */
  withNote?: boolean;
  formId?: string;
}

/**
 * Step 2 (spec section 5): the account holder with the configured address lines, the bank, and
 * an IBAN when the bank's country uses them, else a bank account number; an optional note.
 */
export function RefundDetailsStep({ values, onChange, onNext, back, error, labelledBy, submit: submitButton = { label: say(portalTexts.refundDetailsStep.next), id: 'refund-next' }, withNote = true, formId = 'refund-step-details' }: RefundDetailsStepProps) {
  const config = useConfig();
  const texts = portalTexts.refundDetailsStep;
  const iban = usesIban(values.bank_country, config);
  const set = <K extends keyof BankDetailsValues>(key: K) => (value: BankDetailsValues[K]) => onChange({ ...values, [key]: value });
  const setLine = (text: string) => (value: string) => onChange({ ...values, bank_owner_address: { ...values.bank_owner_address, [text]: value } });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onNext();
  };

  return (
    <form id={formId} className="form-stack" onSubmit={submit} noValidate aria-labelledby={labelledBy}>
      <FormError id="refund-error" message={error} />
      <fieldset className="fieldset">
        <legend>{say(texts.accountHolder)}</legend>
        <TextField id="refund-bank-owner" label={say(texts.accountHolderName)} autoComplete="name" required value={values.bank_owner_full_name} onChange={set('bank_owner_full_name')} />
        {config.addressLines.map((line, index) => (
          <TextField
            key={line.text}
            id={`refund-bank-address-${index}`}
            label={line.label ?? line.text}
            required={line.required}
            value={values.bank_owner_address[line.text] ?? ''}
            onChange={setLine(line.text)}
          />
        ))}
      </fieldset>
      <fieldset className="fieldset">
        <legend>{say(texts.bank)}</legend>
        <TextField id="refund-bank-name" label={say(texts.bankName)} required value={values.bank_name} onChange={set('bank_name')} />
        <TextField id="refund-bank-city" label={say(texts.bankCity)} value={values.bank_city} onChange={set('bank_city')} />
        <Dropdown
          id="refund-bank-country"
          label={say(texts.bankCountry)}
          required
          placeholder={say(texts.chooseBankCountry)}
          options={config.countries.map((option) => ({ value: option.code, label: option.name }))}
          value={values.bank_country}
          onChange={set('bank_country')}
        />
        <TextField id="refund-bank-bic" label={say(texts.bic)} required autoCapitalize="characters" spellCheck={false} value={values.bank_bic} onChange={set('bank_bic')} />
        {iban ? (
          <TextField id="refund-bank-iban" label={say(texts.iban)} required autoCapitalize="characters" spellCheck={false} value={values.bank_iban} onChange={set('bank_iban')} />
        ) : (
          <TextField
            id="refund-bank-account"
            label={say(texts.bankAccount)}
            required
            spellCheck={false}
            hint={values.bank_country ? undefined : say(texts.bankAccountHint)}
            value={values.bank_account}
            onChange={set('bank_account')}
          />
        )}
      </fieldset>
      {withNote && (
        <div className="field">
          <FieldLabel htmlFor="refund-note">{say(texts.noteOptional)}</FieldLabel>
          <textarea id="refund-note" className="field__control" rows={3} maxLength={2000} value={values.note} onChange={(event) => onChange({ ...values, note: event.target.value })} />
        </div>
      )}
      <div className="button-row">
        {back}
        <Button id={submitButton.id} type="submit" loading={submitButton.busy}>
          {submitButton.label}
        </Button>
      </div>
    </form>
  );
}
