import { ITEM_TEXT_FIELDS, type CatalogueEventView, type CatalogueItemView, type CatalogueOverviewAnswer, type ItemDefinitionInput, type Text } from '@festival/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Dropdown } from '../../components/ui/Dropdown';
import { TextField } from '../../components/ui/TextField';
import { say } from '../../lib/say';
import { staffCall } from '../api';
import { formatInZone, type FieldProblems } from '../catalogue-page';
import { FormDialog } from '../FormDialog';
import { staffLocale } from '../money';
import { useFocusOnRefusal } from '../use-focus-on-refusal';
import { useStaffAction } from '../use-staff-action';
import { staffTexts } from '../texts';
import { RequiresFieldset, requirableProducts } from './RequiresFieldset';
import { TextsFieldset, useLanguageOfRefusal, useTextsForm } from './TextsFieldset';
import { TiersFieldset } from './TiersFieldset';
import { tierFieldNames } from './tiers-fieldset';
import {
  duplicateItemFormOf,
  duplicateTextsOf,
  emptyItemForm,
  itemFormTexts as texts,
  itemProblemSentence,
  newDepartureRow,
  newPaymentRow,
  prepareNewItem,
  serverItemProblems,
  withoutRow,
  type DepartureRow,
  type NewItemForm,
  type PaymentRow,
  type PlanUnit,
  type ProductKind,
} from './item-form';

type Overview = CatalogueOverviewAnswer;
type ItemAnswer = { item: CatalogueItemView; message: string };
type Action = { isPending: boolean; message: string | null; errors: Record<string, string[]> };

const OVERVIEW_KEY = ['catalogue-overview'] as const;
const RELOAD = [['staff-audit'], ['dashboard'], ['box-office-items']] as const;

/** An item's clocks: its event's, or the shop's for merchandise and products of no listed event. */
const zoneOfEvent = (events: readonly CatalogueEventView[], code: string | null, shopZone: string) => events.find((event) => event.code === code)?.timezone ?? shopZone;

/**
 * Products and merchandise made, duplicated, put on or off sale and archived, and a transport's
 * departures added and switched off, on the Catalogue page (issue 37 point 1, decision 0103): the
 * page mounts `buttons` (New product, New merchandise), each item's `actionsFor(item)`, and the
 * `dialogs`. Answers update the page's overview in place.
 */
export function useItemTools(data: Overview | undefined, onNotice: (code: string, text: string) => void) {
  const client = useQueryClient();
  const [creating, setCreating] = useState<{ kind: 'product' | 'merchandise'; from: CatalogueItemView | null } | null>(null);
  const [departuresOf, setDeparturesOf] = useState<string | null>(null);
  const taxes = useQuery({ queryKey: ['rate-list'], queryFn: () => staffCall('rate-list', {}), enabled: creating !== null });
  const settle = (answer: ItemAnswer) => {
    client.setQueryData<Overview>(OVERVIEW_KEY, (current) => {
      if (!current) return current;
      const known = current.items.some((item) => item.code === answer.item.code);
      return { ...current, items: known ? current.items.map((item) => (item.code === answer.item.code ? answer.item : item)) : [...current.items, answer.item] };
    });
    onNotice(answer.item.code, answer.message);
    return null;
  };
  const create = useStaffAction({
    run: (input: { item: ItemDefinitionInput; from: string | null }) => staffCall('catalogue-create-item', input),
    done: (answer: ItemAnswer) => {
      setCreating(null);
      return settle(answer);
    },
    reload: RELOAD,
  });
  const archive = useStaffAction({ run: (input: { code: string; archived: boolean }) => staffCall('catalogue-archive-item', input), done: settle, reload: RELOAD });
  const sale = useStaffAction({ run: (input: { code: string; on_sale: boolean }) => staffCall('catalogue-change-item', { code: input.code, changes: { on_sale: input.on_sale } }), done: settle, reload: RELOAD });
  const addDeparture = useStaffAction({ run: (input: { code: string; time: string; seats: number | null }) => staffCall('catalogue-add-departure', input), done: settle, reload: RELOAD });
  const switchDeparture = useStaffAction({
    run: (input: { code: string; departure_id: number; active: boolean }) => staffCall('catalogue-departure-active', input),
    done: settle,
    reload: RELOAD,
  });
  const open = (kind: 'product' | 'merchandise', from: CatalogueItemView | null) => {
    create.clearMessage();
    create.reset();
    setCreating({ kind, from });
  };
  const shopZone = data?.timezone ?? 'UTC';
  const busy = archive.isPending || sale.isPending;
  const refusal = archive.message ?? sale.message;

  const buttons = (
    <>
      <Button id="staff-cat-new-product" onClick={() => open('product', null)} disabled={!data || data.events.length === 0}>
        {say(texts.newProduct)}
      </Button>
      <Button id="staff-cat-new-merchandise" variant="secondary" onClick={() => open('merchandise', null)}>
        {say(texts.newMerchandise)}
      </Button>
      {refusal && (
        <p className="alert alert--danger" role="alert">
          {refusal}
        </p>
      )}
    </>
  );

  const actionsFor = (item: CatalogueItemView): ReactNode => (
    <>
      {item.archived && <Badge tone="neutral">{say(texts.archived)}</Badge>}
      <Button size="sm" variant="secondary" disabled={busy} onClick={() => sale.mutate({ code: item.code, on_sale: !item.on_sale })} aria-label={item.on_sale ? texts.takeOffSaleLabel(item.name) : texts.putOnSaleLabel(item.name)}>
        {say(item.on_sale ? texts.takeOffSale : texts.putOnSale)}
      </Button>
      <Button size="sm" variant="secondary" onClick={() => open(item.kind, item)} aria-label={texts.duplicateLabel(item.name)}>
        {say(texts.duplicate)}
      </Button>
      {item.travel_time_type === 'selectable' && (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => {
            addDeparture.clearMessage();
            addDeparture.reset();
            switchDeparture.clearMessage();
            setDeparturesOf(item.code);
          }}
          aria-label={texts.departuresLabel(item.name)}
        >
          {say(texts.departures)}
        </Button>
      )}
      <Button size="sm" variant="secondary" disabled={busy} onClick={() => archive.mutate({ code: item.code, archived: !item.archived })} aria-label={item.archived ? texts.restoreLabel(item.name) : texts.archiveLabel(item.name)}>
        {say(item.archived ? texts.restore : texts.archive)}
      </Button>
    </>
  );

  const departureItem = departuresOf ? data?.items.find((item) => item.code === departuresOf) : undefined;
  const dialogs = (
    <>
      {creating && data && (
        <ItemDialog
          kind={creating.kind}
          from={creating.from}
          events={data.events.filter((event) => !event.archived)}
          items={data.items}
          taxes={(taxes.data?.tax_rates ?? []).filter((rate) => !rate.archived).map((rate) => ({ value: rate.code, label: `${rate.name} (${rate.code})` }))}
          currency={data.currency}
          shopZone={shopZone}
          action={create}
          onSave={(item) => create.mutate({ item, from: creating.from?.code ?? null })}
          onClose={() => setCreating(null)}
        />
      )}
      {departureItem && data && (
        <DeparturesDialog
          item={departureItem}
          timeZone={zoneOfEvent(data.events, departureItem.event, shopZone)}
          add={addDeparture}
          toggle={switchDeparture}
          onAdd={(time, seats) => addDeparture.mutate({ code: departureItem.code, time, seats })}
          onToggle={(id, active) => switchDeparture.mutate({ code: departureItem.code, departure_id: id, active })}
          onClose={() => setDeparturesOf(null)}
        />
      )}
    </>
  );

  return { buttons, actionsFor, dialogs };
}

/** A new product's or merchandise item's form, or a duplicate's filled from another item. */
function ItemDialog({
  kind,
  from,
  events,
  items,
  taxes,
  currency,
  shopZone,
  action,
  onSave,
  onClose,
}: {
  kind: 'product' | 'merchandise';
  from: CatalogueItemView | null;
  events: readonly CatalogueEventView[];
  /** The catalogue's items: an add-on's required products are ticked among its event's. */
  items: readonly CatalogueItemView[];
  taxes: { value: string; label: string }[];
  currency: string;
  shopZone: string;
  action: Action;
  onSave: (item: ItemDefinitionInput) => void;
  onClose: () => void;
}) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<NewItemForm>(() =>
    from ? duplicateItemFormOf(from, currency, zoneOfEvent(events, from.event, shopZone)) : emptyItemForm(kind, { event: events[0]?.code ?? '' }),
  );
  const [tried, setTried] = useState(0);
  const [problems, setProblems] = useState<FieldProblems>({});
  // The name and description in every language of the shop (decision 0094), a duplicate's as its original's.
  const textsForm = useTextsForm(from ? duplicateTextsOf(from) : { name: '', description: '', translations: {} }, setProblems);
  useFocusOnRefusal(formRef, tried, action.errors);
  const timeZone = form.kind === 'product' ? zoneOfEvent(events, form.event, shopZone) : shopZone;
  const labels: Record<string, string> = {
    ...Object.fromEntries(Object.entries(textsForm.labels).map(([field, label]) => [field, say(label)])),
    ...Object.fromEntries(Object.entries(tierFieldNames(form.tiers.length)).map(([field, label]) => [field, say(label)])),
    tiers: say(staffTexts.catalogue.tiers.legend),
    code: say(texts.codeField),
    name: say(texts.nameField),
    description: say(texts.descriptionField),
    event: say(texts.eventField),
    type: say(texts.typeField),
    price: say(texts.priceField),
    fee: say(texts.feeField),
    tax: say(texts.taxField),
    stock: say(texts.stockField),
    limit_per_order: say(texts.limitField),
    'refund.fee': say(texts.refundFeeField),
    'name_changes.limit': say(texts.nameChangeLimitField),
    transport: say(texts.transportLegend),
    travel_time: say(texts.travelTimeField),
    departures: say(texts.selectableField),
    plan: say(texts.planLegend),
    images: say(texts.nameField),
    requires: say(staffTexts.catalogue.requiresLegend),
    on_sale_from: staffTexts.catalogue.saleFrom(timeZone),
    on_sale_until: staffTexts.catalogue.saleUntil(timeZone),
  };
  form.departures.forEach((_, index) => {
    labels[`departures.${index}.time`] = texts.departureTimeField(index + 1);
    labels[`departures.${index}.seats`] = texts.seatsField(index + 1);
  });
  form.plan.forEach((_, index) => {
    labels[`plan.${index}.amount`] = texts.amountField(index + 1);
    labels[`plan.${index}.count`] = texts.afterField(index + 1);
  });
  const server = tried > 0 ? serverItemProblems(action.errors) : {};
  useLanguageOfRefusal(textsForm, formRef, action.errors, Object.keys(server));
  const problemOf = (field: string): string | undefined => {
    const problem = problems[field] ?? server[field];
    return problem ? itemProblemSentence(field, problem, labels) : undefined;
  };
  const besideFields = Object.keys(server).some((field) => field !== '_');
  // A problem no field of the form shows (translations, images) is said above the form.
  const shown = new Set(Object.keys(labels));
  const elsewhere = [...Object.keys(problems), ...Object.keys(server)].find((field) => !shown.has(field) && field !== '_');
  const set = <K extends keyof NewItemForm>(key: K, value: NewItemForm[K]) => setForm((current) => ({ ...current, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const prepared = prepareNewItem(form, currency, timeZone, { form: textsForm.form, languages: textsForm.languages });
    setTried((count) => count + 1);
    if (!prepared.ok) {
      setProblems(prepared.problems);
      // A refused text of another language shows that language's fields.
      textsForm.showLanguageOf(Object.keys(prepared.problems));
      return;
    }
    setProblems({});
    onSave(prepared.item);
  };
  const text = (field: string, value: string, onChange: (value: string) => void, hint = '', type = 'text') => {
    const problem = problemOf(field);
    return (
      <TextField
        id={`${id}-${field.replaceAll('.', '-')}`}
        label={labels[field] ?? field}
        value={value}
        onChange={onChange}
        type={type}
        autoComplete="off"
        spellCheck={false}
        hint={problem ?? (hint || undefined)}
        aria-invalid={problem ? true : undefined}
        className={problem ? 'staff-cat-field--invalid' : undefined}
      />
    );
  };
  const check = (key: 'onSale' | 'refundable' | 'nameChanges' | 'emailChanges' | 'featured', label: Text) => (
    <div className="staff-cat-check">
      <input type="checkbox" id={`${id}-${key}`} checked={form[key]} onChange={(event) => set(key, event.target.checked)} />
      <label htmlFor={`${id}-${key}`}>{say(label)}</label>
    </div>
  );
  const setDeparture = (index: number, row: Partial<DepartureRow>) => set('departures', form.departures.map((current, at) => (at === index ? { ...current, ...row } : current)));
  const setPayment = (index: number, row: Partial<PaymentRow>) => set('plan', form.plan.map((current, at) => (at === index ? { ...current, ...row } : current)));
  const dropdown = (field: string, value: string, options: { value: string; label: string }[], onChange: (value: string) => void, placeholder?: string) => {
    const problem = problemOf(field);
    return (
      <Dropdown
        id={`${id}-${field}`}
        label={labels[field] ?? field}
        value={value}
        options={options}
        onChange={onChange}
        placeholder={placeholder}
        hint={problem}
        aria-invalid={problem ? true : undefined}
        className={problem ? 'staff-cat-field--invalid' : undefined}
      />
    );
  };
  const title = from ? texts.duplicateTitle(from.name) : say(kind === 'product' ? texts.newProductTitle : texts.newMerchandiseTitle);
  return (
    <FormDialog
      id="staff-cat-item-new"
      formId={`${id}-form`}
      formRef={formRef}
      title={title}
      labels={texts}
      pending={action.isPending}
      onClose={onClose}
      onSubmit={submit}
      refusal={besideFields && !elsewhere ? null : action.message}
      problem={action.message ? undefined : (problems._ ?? (elsewhere ? problems[elsewhere] : undefined))}
    >
      {from && <p className="text-muted">{say(texts.duplicateNote)}</p>}
      {text('code', form.code, (value) => set('code', value), say(texts.codeHint))}
      <TextsFieldset formId={id} texts={textsForm} fields={ITEM_TEXT_FIELDS} legend={staffTexts.catalogue.textsLegend} defaultHint={staffTexts.catalogue.textsDefault} problemOf={problemOf} />
      {form.kind === 'product' && (
        <>
          {dropdown(
            'event',
            form.event,
            events.map((event) => ({ value: event.code, label: `${event.name} (${event.code})` })),
            // Another event's products are not this one's to require.
            (value) => setForm((current) => ({ ...current, event: value, requires: [] })),
          )}
          <fieldset className="fieldset staff-cat-edit__group">
            <legend>{say(texts.kindField)}</legend>
            {(['ticket', 'addon', 'transport'] as const satisfies readonly ProductKind[]).map((choice) => (
              <div className="staff-cat-check" key={choice}>
                <input type="radio" id={`${id}-kind-${choice}`} name={`${id}-kind`} checked={form.productKind === choice} onChange={() => set('productKind', choice)} />
                <label htmlFor={`${id}-kind-${choice}`}>{say(texts.kinds[choice])}</label>
              </div>
            ))}
            {form.productKind === 'addon' && text('type', form.type, (value) => set('type', value), say(texts.addonTypeHint))}
          </fieldset>
        </>
      )}
      {form.kind === 'merchandise' && text('type', form.type, (value) => set('type', value), say(texts.merchandiseTypeHint))}
      <div className="staff-form-row">
        {text('price', form.price, (value) => set('price', value), form.tiers.length ? `${currency} · ${say(staffTexts.catalogue.tiers.priceAfter)}` : currency)}
        {text('fee', form.fee, (value) => set('fee', value), currency)}
      </div>
      <TiersFieldset formId={id} rows={form.tiers} onChange={(rows) => set('tiers', rows)} currency={currency} timeZone={timeZone} plan={form.kind === 'product' && form.plan.length > 0} problemOf={problemOf} />
      {dropdown('tax', form.tax, taxes, (value) => set('tax', value), say(texts.chooseTax))}
      <div className="staff-form-row">
        {text('stock', form.stock, (value) => set('stock', value), say(texts.stockHint), 'number')}
        {text('limit_per_order', form.limitPerOrder, (value) => set('limitPerOrder', value), say(texts.limitHint), 'number')}
      </div>
      {check('onSale', texts.onSaleField)}
      <div className="staff-form-row">
        {text('on_sale_from', form.onSaleFrom, (value) => set('onSaleFrom', value), say(staffTexts.catalogue.openEnd), 'datetime-local')}
        {text('on_sale_until', form.onSaleUntil, (value) => set('onSaleUntil', value), say(staffTexts.catalogue.openEnd), 'datetime-local')}
      </div>
      {check('featured', staffTexts.catalogue.featured)}
      {form.kind === 'product' && form.productKind === 'transport' && (
        <fieldset className="fieldset staff-cat-edit__group" aria-describedby={problemOf('transport') ? `${id}-transport-problem` : undefined}>
          <legend>{say(texts.transportLegend)}</legend>
          {problemOf('transport') && (
            <p id={`${id}-transport-problem`} className="field__hint">
              {problemOf('transport')}
            </p>
          )}
          {(['fixed', 'selectable'] as const).map((choice) => (
            <div className="staff-cat-check" key={choice}>
              <input type="radio" id={`${id}-transport-${choice}`} name={`${id}-transport`} checked={form.transport === choice} onChange={() => set('transport', choice)} />
              <label htmlFor={`${id}-transport-${choice}`}>{say(choice === 'fixed' ? texts.fixedField : texts.selectableField)}</label>
            </div>
          ))}
          {form.transport === 'fixed' && text('travel_time', form.travelTime, (value) => set('travelTime', value), say(texts.timeHint), 'datetime-local')}
          {form.transport === 'selectable' && (
            <>
              {problemOf('departures') && (
                <p className="field__hint" role="alert">
                  {problemOf('departures')}
                </p>
              )}
              {form.departures.map((row, index) => (
                <div className="staff-form-row" key={index}>
                  {text(`departures.${index}.time`, row.time, (value) => setDeparture(index, { time: value }), say(texts.timeHint), 'datetime-local')}
                  {text(`departures.${index}.seats`, row.seats, (value) => setDeparture(index, { seats: value }), say(texts.seatsHint), 'number')}
                  <Button size="sm" variant="secondary" onClick={() => set('departures', withoutRow(form.departures, index))} aria-label={texts.removeDepartureLabel(index + 1)}>
                    {say(texts.removeRow)}
                  </Button>
                </div>
              ))}
              <Button size="sm" variant="secondary" onClick={() => set('departures', [...form.departures, newDepartureRow()])}>
                {say(texts.addDeparture)}
              </Button>
            </>
          )}
        </fieldset>
      )}
      {form.kind === 'product' && (
        <fieldset className="fieldset staff-cat-edit__group">
          <legend>{say(texts.planLegend)}</legend>
          <p className="field__hint">{problemOf('plan') ?? say(texts.planNote)}</p>
          {form.plan.map((row, index) => (
            <div className="staff-form-row" key={index}>
              {text(`plan.${index}.amount`, row.amount, (value) => setPayment(index, { amount: value }), currency)}
              {text(`plan.${index}.count`, row.count, (value) => setPayment(index, { count: value }), '', 'number')}
              <Dropdown
                id={`${id}-plan-${index}-units`}
                label={texts.unitsField(index + 1)}
                value={row.units}
                options={(['days', 'weeks', 'months'] as const satisfies readonly PlanUnit[]).map((unit) => ({ value: unit, label: say(texts.units[unit]) }))}
                onChange={(value) => setPayment(index, { units: value as PlanUnit })}
              />
              <Button size="sm" variant="secondary" onClick={() => set('plan', withoutRow(form.plan, index))} aria-label={texts.removeInstalmentLabel(index + 1)}>
                {say(texts.removeRow)}
              </Button>
            </div>
          ))}
          <Button size="sm" variant="secondary" onClick={() => set('plan', [...form.plan, newPaymentRow(form.plan.length === 0)])}>
            {say(texts.addPayment)}
          </Button>
        </fieldset>
      )}
      <fieldset className="fieldset staff-cat-edit__group">
        <legend>{say(texts.refundLegend)}</legend>
        {check('refundable', texts.refundableField)}
        {form.refundable && text('refund.fee', form.refundFee, (value) => set('refundFee', value), currency)}
        {form.kind === 'product' && check('nameChanges', texts.nameChangesField)}
        {form.kind === 'product' && form.nameChanges && text('name_changes.limit', form.nameChangeLimit, (value) => set('nameChangeLimit', value), '', 'number')}
        {form.kind === 'product' && check('emailChanges', texts.emailChangesField)}
      </fieldset>
      {form.kind === 'product' && (
        <RequiresFieldset
          products={requirableProducts(items, { code: form.code.trim(), event: form.event }, form.requires)}
          value={form.requires}
          onChange={(codes) => set('requires', codes)}
          problem={problemOf('requires')}
        />
      )}
    </FormDialog>
  );
}

/** A selectable transport's departures: each switched off or on again, and a new one added (its time and seats). */
function DeparturesDialog({
  item,
  timeZone,
  add,
  toggle,
  onAdd,
  onToggle,
  onClose,
}: {
  item: CatalogueItemView;
  timeZone: string;
  add: Action;
  toggle: Action;
  onAdd: (time: string, seats: number | null) => void;
  onToggle: (id: number, active: boolean) => void;
  onClose: () => void;
}) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [row, setRow] = useState<DepartureRow>(newDepartureRow);
  const [tried, setTried] = useState(0);
  const [problems, setProblems] = useState<FieldProblems>({});
  useFocusOnRefusal(formRef, tried, add.errors);
  const labels = { time: say(texts.newDepartureTime), seats: say(texts.newDepartureSeats) };
  const problemOf = (field: 'time' | 'seats') => {
    const problem = problems[field] ?? (tried > 0 ? add.errors[field]?.join(' ') : undefined);
    return problem ? itemProblemSentence(field, problem, labels) : undefined;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried((count) => count + 1);
    // The form's own rules for one departure row: a transport of this one departure, read on the event's clocks.
    const prepared = prepareNewItem({ ...emptyItemForm('product'), code: item.code, name: item.name, event: item.event ?? '', tax: item.tax ?? '', price: '0', productKind: 'transport', transport: 'selectable', departures: [row] }, 'EUR', timeZone);
    const found: FieldProblems = {};
    if (!prepared.ok) {
      if (prepared.problems['departures.0.time']) found.time = prepared.problems['departures.0.time'];
      if (prepared.problems['departures.0.seats']) found.seats = prepared.problems['departures.0.seats'];
    }
    setProblems(found);
    if (Object.keys(found).length || !prepared.ok || prepared.item.kind !== 'product') return;
    const departure = prepared.item.transport?.travel_times?.[0];
    if (departure) onAdd(departure.time, departure.seats ?? null);
  };
  return (
    <FormDialog
      id="staff-cat-departures"
      formId={`${id}-form`}
      formRef={formRef}
      title={texts.departuresTitle(item.name)}
      labels={{ close: texts.done, save: texts.addDeparture }}
      pending={add.isPending}
      onClose={onClose}
      onSubmit={submit}
      refusal={problemOf('time') || problemOf('seats') ? null : (add.message ?? toggle.message)}
    >
      <p className="text-muted">{say(texts.departuresNote)}</p>
      <ul className="staff-cat-departures">
        {item.departures.map((departure) => (
          <li key={departure.id} className="button-row">
            <span>
              {formatInZone(departure.departs_at, timeZone, staffLocale())} · {departure.seats ?? '∞'} · {departure.sold + departure.held}
            </span>
            {!departure.active && <Badge tone="neutral">{say(texts.switchedOff)}</Badge>}
            <Button size="sm" variant="secondary" disabled={toggle.isPending} onClick={() => onToggle(departure.id, !departure.active)}>
              {say(departure.active ? texts.switchOff : texts.switchOn)}
            </Button>
          </li>
        ))}
      </ul>
      <div className="staff-form-row">
        <TextField
          id={`${id}-time`}
          label={labels.time}
          type="datetime-local"
          value={row.time}
          onChange={(value) => setRow((current) => ({ ...current, time: value }))}
          hint={problemOf('time') ?? say(texts.timeHint)}
          aria-invalid={problemOf('time') ? true : undefined}
        />
        <TextField
          id={`${id}-seats`}
          label={labels.seats}
          type="number"
          value={row.seats}
          onChange={(value) => setRow((current) => ({ ...current, seats: value }))}
          hint={problemOf('seats') ?? say(texts.seatsHint)}
          aria-invalid={problemOf('seats') ? true : undefined}
        />
      </div>
    </FormDialog>
  );
}
