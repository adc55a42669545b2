import { portalMessages, refundWaySentence, usesIban, type RefundWays } from '@festival/contract';
import type { FormEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { DataTable, type DataTableColumn } from '../../../components/ui/DataTable';
import { FieldLabel } from '../../../components/ui/FieldLabel';
import { useConfig } from '../../../lib/config';
import { currentLanguage } from '../../../lib/language';
import { say } from '../../../lib/say';
import { useFormat } from '../../../lib/use-format';
import { portalTexts } from '../portal.messages';
import type { BankDetailsValues, RefundLine } from './refund-form';

export interface RefundConfirmStepProps {
  lines: readonly RefundLine[];
  total: number;
  /** A payment-plan order is refunded as a whole: no amount per item. */
  wholeOrder: boolean;
  values: BankDetailsValues;
  /** The ways the money goes back (null: not known, by bank to the details given). */
  ways: RefundWays | null;
  /** Some of it goes by bank: the bank details given are shown; otherwise the note is written here. */
  bankNeeded: boolean;
  onNote: (note: string) => void;
  onBack: () => void;
  onSubmit: () => void;
  sending: boolean;
  labelledBy: string;
}

/** The locale a list is joined in: the shop's own when it is of the page's language ("a, b and c" in en-GB), else the language. */
const listLocaleOf = (shopLocale: string, language: string) => (shopLocale.toLowerCase() === language || shopLocale.toLowerCase().startsWith(`${language}-`) ? shopLocale : language);

/** Step 3: the selected items with their amounts and the total, the bank details, and the request's submit. */
export function RefundConfirmStep({ lines, total, wholeOrder, values, ways, bankNeeded, onNote, onBack, onSubmit, sending, labelledBy }: RefundConfirmStepProps) {
  const config = useConfig();
  const format = useFormat();
  const texts = portalTexts.refundConfirmStep;
  // The bank details' names are the details step's.
  const bankTexts = portalTexts.refundDetailsStep;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };

  const columns: DataTableColumn<RefundLine>[] = [
    {
      key: 'item',
      header: say(texts.item),
      cell: (line) => (
        <div className="order-item">
          <span className="order-item__name">{line.name}</span>
          {line.holder && <span className="order-item__detail">{line.holder}</span>}
        </div>
      ),
    },
    { key: 'code', header: say(texts.code), cell: (line) => line.code },
  ];
  if (!wholeOrder) columns.push({ key: 'amount', header: say(texts.refund), cell: (line) => <span id={`refund-amount-${line.code}`}>{format.money(line.amount)}</span>, align: 'end' });

  const iban = usesIban(values.bank_country, config);
  const country = config.countries.find((option) => option.code === values.bank_country)?.name ?? values.bank_country;
  const address = config.addressLines.map((line) => values.bank_owner_address[line.text]?.trim()).filter(Boolean).join(', ');
  const facts: { key: string; label: string; value: string }[] = [
    { key: 'owner', label: say(bankTexts.accountHolder), value: values.bank_owner_full_name.trim() },
    { key: 'address', label: say(texts.address), value: address },
    { key: 'bank', label: say(bankTexts.bank), value: values.bank_name.trim() },
    { key: 'city', label: say(bankTexts.bankCity), value: values.bank_city.trim() },
    { key: 'country', label: say(bankTexts.bankCountry), value: country },
    { key: 'bic', label: say(bankTexts.bic), value: values.bank_bic.trim() },
    iban ? { key: 'iban', label: say(bankTexts.iban), value: values.bank_iban.trim() } : { key: 'account', label: say(bankTexts.bankAccount), value: values.bank_account.trim() },
    { key: 'note', label: say(texts.note), value: values.note.trim() },
  ].filter((fact) => fact.value !== '');

  return (
    <form id="refund-step-confirm" className="form-stack refund-confirm" onSubmit={submit} aria-labelledby={labelledBy}>
      <section className="order-section" aria-labelledby="refund-confirm-items-title">
        <h3 id="refund-confirm-items-title" className="order-section__title">
          {say(texts.itemsToRefund)}
        </h3>
        {wholeOrder && <p id="refund-whole-order">{say(portalMessages.planRefundWhole)}</p>}
        <DataTable
          className="order-items"
          caption={say(texts.itemsCaption)}
          captionHidden
          columns={columns}
          rows={lines}
          rowKey={(line) => `${line.kind}-${line.code}`}
          totalRow={{ label: say(texts.totalRefund), value: <span id="refund-total">{format.money(total)}</span> }}
        />
      </section>
      {ways && (
        <p id="refund-way">
          {say(portalMessages.refundWay(refundWaySentence({ ...ways, bank_details: bankNeeded }, format.money, 'will', { say, listLocale: listLocaleOf(config.locale, currentLanguage()) })))}
        </p>
      )}
      {bankNeeded ? (
        <section className="order-section" aria-labelledby="refund-confirm-bank-title">
          <h3 id="refund-confirm-bank-title" className="order-section__title">
            {say(texts.bankDetails)}
          </h3>
          <dl className="order-facts" id="refund-bank-summary">
            {facts.map((fact) => (
              <div key={fact.key}>
                <dt>{fact.label}</dt>
                <dd id={`refund-summary-${fact.key}`}>{fact.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : (
        <div className="field">
          <FieldLabel htmlFor="refund-note">{say(bankTexts.noteOptional)}</FieldLabel>
          <textarea id="refund-note" className="field__control" rows={3} maxLength={2000} value={values.note} onChange={(event) => onNote(event.target.value)} />
        </div>
      )}
      <div className="button-row">
        <Button id="refund-back" variant="secondary" onClick={onBack} disabled={sending}>
          {say(texts.back)}
        </Button>
        <Button id="refund-submit" type="submit" loading={sending}>
          {say(texts.submit)}
        </Button>
      </div>
    </form>
  );
}
