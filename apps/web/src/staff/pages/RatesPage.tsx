import type { ShippingRateDefinitionInput, ShippingRateView, TaxRateDefinitionInput, TaxRateView } from '@festival/contract';
import type { StaffCallInput } from '../../lib/staff-call';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { DataTable } from '../../components/ui/DataTable';
import { Loading } from '../../components/ui/Loading';
import { Page } from '../../components/ui/Page';
import { TextField } from '../../components/ui/TextField';
import { say } from '../../lib/say';
import { staffCall } from '../api';
import type { FieldProblems } from '../catalogue-page';
import { FormDialog } from '../FormDialog';
import { LoadFailed } from '../LoadStates';
import { formatAmount } from '../money';
import {
  emptyShippingRateForm,
  emptyTaxRateForm,
  prepareShippingRate,
  prepareTaxRate,
  rateProblemSentence,
  rateServerProblems,
  rateText,
  shippingRateFormOf,
  taxRateFormOf,
  type ShippingRateForm,
  type TaxRateForm,
} from '../rates-page';
import { staffTexts } from '../texts';
import { useFocusOnRefusal } from '../use-focus-on-refusal';
import { useStaffAction } from '../use-staff-action';

const LIST_KEY = ['rate-list'] as const;
const RELOAD = [LIST_KEY, ['staff-audit']] as const;
const texts = staffTexts.rates;

type Action = { isPending: boolean; message: string | null; errors: Record<string, string[]> };
/** What the dialog edits: a new rate (key null) or the rate of a code or country. */
type Editing = { kind: 'tax'; key: string | null } | { kind: 'shipping'; key: string | null } | null;

/** The id of a rate's Edit button, to return the focus to it. */
const editButtonId = (kind: 'tax' | 'shipping', key: string) => `staff-rate-edit-${kind}-${key}`;

/**
 * Tax rates and shipping rates (issue 37 point 1, decision 0101): admins create, change and archive
 * them with the catalogue file's own rules; nothing is deleted.
 */
export default function RatesPage() {
  const list = useQuery({ queryKey: LIST_KEY, queryFn: () => staffCall('rate-list', {}) });
  const [editing, setEditing] = useState<Editing>(null);
  const focusAfterEdit = useRef<string | null>(null);
  const saveTax = useStaffAction({
    run: (input: StaffCallInput<'tax-rate-save'>) => staffCall('tax-rate-save', input),
    done: (answer) => {
      focusAfterEdit.current = editButtonId('tax', answer.tax_rate.code);
      setEditing(null);
      return answer.message;
    },
    reload: RELOAD,
  });
  const saveShipping = useStaffAction({
    run: (input: StaffCallInput<'shipping-rate-save'>) => staffCall('shipping-rate-save', input),
    done: (answer) => {
      focusAfterEdit.current = editButtonId('shipping', answer.shipping_rate.country);
      setEditing(null);
      return answer.message;
    },
    reload: RELOAD,
  });
  const archiveTax = useStaffAction({ run: (input: StaffCallInput<'tax-rate-save'>) => staffCall('tax-rate-save', input), done: (answer) => answer.message, reload: RELOAD });
  const archiveShipping = useStaffAction({ run: (input: StaffCallInput<'shipping-rate-save'>) => staffCall('shipping-rate-save', input), done: (answer) => answer.message, reload: RELOAD });

  useEffect(() => {
    if (editing !== null || !focusAfterEdit.current) return;
    document.getElementById(focusAfterEdit.current)?.focus();
    focusAfterEdit.current = null;
  }, [editing]);

  if (list.isPending)
    return (
      <Page title={say(texts.title)} lead={say(texts.lead)}>
        <Loading />
      </Page>
    );
  if (!list.data)
    return (
      <Page title={say(texts.title)} lead={say(texts.lead)}>
        <LoadFailed error={list.error} onRetry={() => void list.refetch()} />
      </Page>
    );

  const data = list.data;
  const money = (minor: number) => formatAmount(minor, data.currency);
  const open = (next: Editing) => {
    for (const action of [saveTax, saveShipping]) {
      action.clearMessage();
      action.reset();
    }
    setEditing(next);
  };
  const editTax = editing?.kind === 'tax' && editing.key !== null ? data.tax_rates.find((rate) => rate.code === editing.key) : undefined;
  const editShipping = editing?.kind === 'shipping' && editing.key !== null ? data.shipping_rates.find((rate) => rate.country === editing.key) : undefined;
  const toggleTax = (rate: TaxRateView) => archiveTax.mutate({ code: rate.code, tax_rate: { code: rate.code, name: rate.name, rate: rate.rate, archived: !rate.archived } });
  const toggleShipping = (rate: ShippingRateView) =>
    archiveShipping.mutate({ country: rate.country, shipping_rate: { country: rate.country, name: rate.name, type: rate.type, price: rate.price, archived: !rate.archived } });
  const refusal = archiveTax.message ?? archiveShipping.message;
  const state = (rate: { archived: boolean; back_office_fields: string[] }) => (
    <span className="staff-rates__state">
      <Badge tone={rate.archived ? 'neutral' : 'success'}>{say(rate.archived ? texts.archivedState : texts.inUse)}</Badge>
      {rate.back_office_fields.length > 0 && <Badge tone="info">{say(texts.changedHere)}</Badge>}
    </span>
  );

  return (
    <Page title={say(texts.title)} lead={say(texts.lead)} className="staff-rates">
      <p className="text-muted">{say(texts.fileNote)}</p>
      {refusal && (
        <div className="alert alert--danger" role="alert">
          {refusal}
        </div>
      )}
      <section className="staff-section" id="staff-rates-tax">
        <h2>{say(texts.taxTitle)}</h2>
        <p className="text-muted">{say(texts.taxLead)}</p>
        <div className="button-row">
          <Button id="staff-rate-new-tax" onClick={() => open({ kind: 'tax', key: null })}>
            {say(texts.newTax)}
          </Button>
        </div>
        {data.tax_rates.length === 0 ? (
          <p className="staff-cat-empty">{say(texts.taxEmpty)}</p>
        ) : (
          <DataTable
            caption={say(texts.taxTitle)}
            captionHidden
            stackOnNarrow
            rows={data.tax_rates}
            rowKey={(rate) => rate.code}
            columns={[
              { key: 'code', header: say(texts.code), cell: (rate) => <code>{rate.code}</code> },
              { key: 'name', header: say(texts.name), cell: (rate) => rate.name },
              { key: 'rate', header: say(texts.rate), cell: (rate) => rateText(rate.rate) },
              { key: 'items', header: say(texts.items), cell: (rate) => texts.itemsCount(rate.items) },
              { key: 'state', header: say(texts.state), cell: state },
            ]}
            actions={(rate) => (
              <div className="button-row">
                <Button id={editButtonId('tax', rate.code)} size="sm" variant="secondary" onClick={() => open({ kind: 'tax', key: rate.code })} aria-label={texts.editTaxLabel(rate.code)}>
                  {say(texts.edit)}
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  loading={archiveTax.isPending && archiveTax.variables?.code === rate.code}
                  onClick={() => toggleTax(rate)}
                  aria-label={rate.archived ? texts.restoreTaxLabel(rate.code) : texts.archiveTaxLabel(rate.code)}
                >
                  {say(rate.archived ? texts.restore : texts.archive)}
                </Button>
              </div>
            )}
          />
        )}
      </section>
      <section className="staff-section" id="staff-rates-shipping">
        <h2>{say(texts.shippingTitle)}</h2>
        <p className="text-muted">{say(texts.shippingLead)}</p>
        <div className="button-row">
          <Button id="staff-rate-new-shipping" onClick={() => open({ kind: 'shipping', key: null })}>
            {say(texts.newShipping)}
          </Button>
        </div>
        {data.shipping_rates.length === 0 ? (
          <p className="staff-cat-empty">{say(texts.shippingEmpty)}</p>
        ) : (
          <DataTable
            caption={say(texts.shippingTitle)}
            captionHidden
            stackOnNarrow
            rows={data.shipping_rates}
            rowKey={(rate) => rate.country}
            columns={[
              { key: 'country', header: say(texts.country), cell: (rate) => <code>{rate.country}</code> },
              { key: 'name', header: say(texts.name), cell: (rate) => rate.name },
              { key: 'type', header: say(texts.type), cell: (rate) => rate.type },
              { key: 'price', header: say(texts.price), cell: (rate) => money(rate.price) },
              { key: 'state', header: say(texts.state), cell: state },
            ]}
            actions={(rate) => (
              <div className="button-row">
                <Button id={editButtonId('shipping', rate.country)} size="sm" variant="secondary" onClick={() => open({ kind: 'shipping', key: rate.country })} aria-label={texts.editShippingLabel(rate.country)}>
                  {say(texts.edit)}
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  loading={archiveShipping.isPending && archiveShipping.variables?.country === rate.country}
                  onClick={() => toggleShipping(rate)}
                  aria-label={rate.archived ? texts.restoreShippingLabel(rate.country) : texts.archiveShippingLabel(rate.country)}
                >
                  {say(rate.archived ? texts.restore : texts.archive)}
                </Button>
              </div>
            )}
          />
        )}
      </section>

      {editing?.kind === 'tax' && (editing.key === null || editTax) && (
        <TaxRateDialog rate={editTax ?? null} action={saveTax} onSave={(rate) => saveTax.mutate({ code: editTax ? editTax.code : null, tax_rate: rate })} onClose={() => setEditing(null)} />
      )}
      {editing?.kind === 'shipping' && (editing.key === null || editShipping) && (
        <ShippingRateDialog
          rate={editShipping ?? null}
          currency={data.currency}
          action={saveShipping}
          onSave={(rate) => saveShipping.mutate({ country: editShipping ? editShipping.country : null, shipping_rate: rate })}
          onClose={() => setEditing(null)}
        />
      )}
    </Page>
  );
}

/** Problems found before sending, else the shop's (once the form was sent), as sentences under their fields. */
function useProblems(tried: number, action: Action, labels: Record<string, string>) {
  const [problems, setProblems] = useState<FieldProblems>({});
  const server = tried > 0 ? rateServerProblems(action.errors) : {};
  const problemOf = (field: string): string | undefined => {
    const problem = problems[field] ?? server[field];
    return problem ? rateProblemSentence(field, problem, labels) : undefined;
  };
  const besideFields = Object.keys(server).some((field) => field !== '_');
  return { setProblems, problemOf, besideFields, whole: problems._ ?? server._ };
}

/** The form's text fields and its Archived box, each with its problem or hint under it. */
function useFields<F extends { archived: boolean }>(initial: () => F, labels: Record<string, string>, action: Action) {
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<F>(initial);
  const [tried, setTried] = useState(0);
  const problems = useProblems(tried, action, labels);
  useFocusOnRefusal(formRef, tried, action.errors);
  const set = <K extends keyof F>(key: K, value: F[K]) => setForm((current) => ({ ...current, [key]: value }));
  return { formRef, form, set, tried: () => setTried((count) => count + 1), ...problems };
}

function Field({ id, field, label, value, onChange, hint, problem, disabled, inputMode }: { id: string; field: string; label: string; value: string; onChange: (value: string) => void; hint: string; problem: string | undefined; disabled?: boolean; inputMode?: 'decimal' }) {
  return (
    <TextField
      id={`${id}-${field}`}
      label={label}
      value={value}
      onChange={onChange}
      inputMode={inputMode}
      disabled={disabled}
      autoComplete="off"
      hint={problem ?? hint}
      aria-invalid={problem ? true : undefined}
      className={problem ? 'staff-cat-field--invalid' : undefined}
    />
  );
}

function ArchivedBox({ id, checked, onChange, hint, problem }: { id: string; checked: boolean; onChange: (checked: boolean) => void; hint: string; problem: string | undefined }) {
  return (
    <div className="staff-cat-check">
      <input type="checkbox" id={`${id}-archived`} checked={checked} onChange={(event) => onChange(event.target.checked)} aria-describedby={`${id}-archived-hint`} aria-invalid={problem ? true : undefined} />
      <label htmlFor={`${id}-archived`}>{say(texts.archivedField)}</label>
      <p id={`${id}-archived-hint`} className={problem ? 'field__hint staff-cat-field--invalid' : 'field__hint'}>
        {problem ?? hint}
      </p>
    </div>
  );
}

function TaxRateDialog({ rate, action, onSave, onClose }: { rate: TaxRateView | null; action: Action; onSave: (rate: TaxRateDefinitionInput) => void; onClose: () => void }) {
  const id = useId();
  const labels = { code: say(texts.codeField), name: say(texts.taxNameField), rate: say(texts.rateField), archived: say(texts.archivedField) };
  const { formRef, form, set, tried, setProblems, problemOf, besideFields, whole } = useFields<TaxRateForm>(() => (rate ? taxRateFormOf(rate) : emptyTaxRateForm()), labels, action);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const prepared = prepareTaxRate(form);
    tried();
    if (!prepared.ok) return setProblems(prepared.problems);
    setProblems({});
    onSave(prepared.rate);
  };
  return (
    <FormDialog id="staff-rate-edit" formId={`${id}-form`} formRef={formRef} title={rate ? texts.editTaxTitle(rate.code) : say(texts.newTaxTitle)} labels={texts} pending={action.isPending} onClose={onClose} onSubmit={submit} refusal={besideFields ? null : action.message} problem={action.message ? undefined : whole}>
      <Field id={id} field="code" label={labels.code} value={form.code} onChange={(value) => set('code', value)} hint={say(rate ? texts.codeKeptHint : texts.codeHint)} problem={problemOf('code')} disabled={rate !== null} />
      <Field id={id} field="name" label={labels.name} value={form.name} onChange={(value) => set('name', value)} hint={say(texts.taxNameHint)} problem={problemOf('name')} />
      <Field id={id} field="rate" label={labels.rate} value={form.rate} onChange={(value) => set('rate', value)} hint={say(texts.rateHint)} problem={problemOf('rate')} inputMode="decimal" />
      <ArchivedBox id={id} checked={form.archived} onChange={(checked) => set('archived', checked)} hint={say(texts.taxArchivedHint)} problem={problemOf('archived')} />
    </FormDialog>
  );
}

function ShippingRateDialog({ rate, currency, action, onSave, onClose }: { rate: ShippingRateView | null; currency: string; action: Action; onSave: (rate: ShippingRateDefinitionInput) => void; onClose: () => void }) {
  const id = useId();
  const labels = { country: say(texts.countryField), name: say(texts.shippingNameField), type: say(texts.typeField), price: texts.priceField(currency), archived: say(texts.archivedField) };
  const { formRef, form, set, tried, setProblems, problemOf, besideFields, whole } = useFields<ShippingRateForm>(() => (rate ? shippingRateFormOf(rate, currency) : emptyShippingRateForm()), labels, action);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const prepared = prepareShippingRate(form, currency);
    tried();
    if (!prepared.ok) return setProblems(prepared.problems);
    setProblems({});
    onSave(prepared.rate);
  };
  return (
    <FormDialog id="staff-rate-edit" formId={`${id}-form`} formRef={formRef} title={rate ? texts.editShippingTitle(rate.country) : say(texts.newShippingTitle)} labels={texts} pending={action.isPending} onClose={onClose} onSubmit={submit} refusal={besideFields ? null : action.message} problem={action.message ? undefined : whole}>
      <Field id={id} field="country" label={labels.country} value={form.country} onChange={(value) => set('country', value)} hint={say(rate ? texts.countryKeptHint : texts.countryHint)} problem={problemOf('country')} disabled={rate !== null} />
      <Field id={id} field="name" label={labels.name} value={form.name} onChange={(value) => set('name', value)} hint={say(texts.shippingNameHint)} problem={problemOf('name')} />
      <div className="staff-form-row">
        <Field id={id} field="type" label={labels.type} value={form.type} onChange={(value) => set('type', value)} hint={say(texts.typeHint)} problem={problemOf('type')} />
        <Field id={id} field="price" label={labels.price} value={form.price} onChange={(value) => set('price', value)} hint={say(texts.priceHint)} problem={problemOf('price')} inputMode="decimal" />
      </div>
      <ArchivedBox id={id} checked={form.archived} onChange={(checked) => set('archived', checked)} hint={say(texts.shippingArchivedHint)} problem={problemOf('archived')} />
    </FormDialog>
  );
}
