import type { StaffApiAnswer, VoucherDefinitionInput, VoucherKind, VoucherView } from '@festival/contract';
import type { StaffCallInput } from '../../lib/staff-call';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { DataTable } from '../../components/ui/DataTable';
import { Dropdown } from '../../components/ui/Dropdown';
import { Page } from '../../components/ui/Page';
import { TextField } from '../../components/ui/TextField';
import { say } from '../../lib/say';
import { staffCall } from '../api';
import type { FieldProblems } from '../catalogue-page';
import { downloadFile } from '../download-file';
import { FormDialog } from '../FormDialog';
import { PageLoadState } from '../LoadStates';
import { formatAmount } from '../money';
import { staffTexts } from '../texts';
import { useFocusOnRefusal } from '../use-focus-on-refusal';
import { formatStaffTime } from '../times';
import { useFocusAfterClose } from '../use-focus-after-close';
import { useStaffAction } from '../use-staff-action';
import {
  emptyGenerateForm,
  emptyVoucherForm,
  prepareGenerate,
  prepareVoucher,
  voucherFormOf,
  voucherProblemSentence,
  voucherServerProblems,
  voucherUsesText,
  voucherValueText,
  type GenerateForm,
  type VoucherForm,
  type VoucherFormContext,
} from '../vouchers-page';

type ListAnswer = StaffApiAnswer<'voucher-list'>;
const LIST_KEY = ['voucher-list'] as const;
const RELOAD = [LIST_KEY, ['staff-audit']] as const;
const texts = staffTexts.vouchers;

const STATE_TONES: Record<VoucherView['state'], BadgeTone> = {
  live: 'success',
  'switched-off': 'neutral',
  'not-yet-valid': 'info',
  expired: 'neutral',
  'used-up': 'danger',
};

/** The id of a voucher's Edit button (codes are letters, digits, dashes and underscores). */
const editButtonId = (code: string) => `staff-voucher-edit-${code}`;

/**
 * The vouchers (issue 37 point 3, decision 0096): the newest, or those a search finds, with what
 * each gives, its dates, its uses and the orders that used it; an admin creates and changes them
 * with the catalogue file's own rules, switches them off, and generates codes in bulk as CSV.
 */
export default function VouchersPage() {
  const [query, setQuery] = useState('');
  const [typed, setTyped] = useState('');
  const list = useQuery({ queryKey: [...LIST_KEY, query], queryFn: () => staffCall('voucher-list', { query }), placeholderData: keepPreviousData });
  // null: no dialog; '': a new voucher; a code: that voucher.
  const [editing, setEditing] = useState<string | null>(null);
  const focusAfterEditRef = useFocusAfterClose(editing, editButtonId);
  const save = useStaffAction({
    run: (input: StaffCallInput<'voucher-save'>) => staffCall('voucher-save', input),
    done: (answer) => {
      focusAfterEditRef.current = answer.voucher.code;
      setEditing(null);
      return answer.message;
    },
    reload: RELOAD,
  });
  const toggle = useStaffAction({
    run: (input: StaffCallInput<'voucher-save'>) => staffCall('voucher-save', input),
    done: (answer) => answer.message,
    reload: RELOAD,
  });

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery(typed.trim());
  };

  const waiting = PageLoadState({ title: say(texts.title), lead: say(texts.lead), queries: [list], loaded: list.data !== undefined });
  if (waiting || !list.data) return waiting;

  const data = list.data;
  const context: VoucherFormContext = { currency: data.currency, timeZone: data.timezone };
  const money = (minor: number) => formatAmount(minor, data.currency);
  const names = new Map(data.products.map((product) => [product.code, product.name]));
  const productName = (code: string) => names.get(code) ?? code;
  const date = (iso: string) => <time dateTime={iso}>{formatStaffTime(iso, data.timezone, 'date-time')}</time>;
  const editVoucher = editing ? data.vouchers.find((voucher) => voucher.code === editing) : undefined;
  const open = (code: string) => {
    save.clearMessage();
    save.reset();
    setEditing(code);
  };
  const switchVoucher = (voucher: VoucherView) => {
    const form = { ...voucherFormOf(voucher, context), active: !voucher.active };
    const prepared = prepareVoucher(form, context);
    if (prepared.ok) toggle.mutate({ code: voucher.code, voucher: prepared.voucher });
  };

  return (
    <Page title={say(texts.title)} lead={say(texts.lead)} className="staff-vouchers">
      <p className="text-muted">{say(texts.fileNote)}</p>
      <div className="button-row staff-vouchers__new">
        <Button id="staff-voucher-new" onClick={() => open('')}>
          {say(texts.create)}
        </Button>
      </div>
      <form className="staff-filter" role="search" onSubmit={search} noValidate>
        <TextField id="staff-vouchers-query" label={say(texts.searchLabel)} value={typed} onChange={setTyped} type="search" autoComplete="off" spellCheck={false} enterKeyHint="search" />
        <div className="button-row">
          <Button type="submit" variant="secondary" loading={list.isFetching && query !== typed.trim()}>
            {say(texts.search)}
          </Button>
        </div>
      </form>
      {toggle.message && (
        <div className="alert alert--danger" role="alert">
          {toggle.message}
        </div>
      )}
      {data.vouchers.length === 0 ? (
        <p className="staff-cat-empty">{say(query ? texts.noneFound : texts.empty)}</p>
      ) : (
        <>
          {data.total > data.vouchers.length && <p role="status">{texts.showing(data.vouchers.length, data.total)}</p>}
          <DataTable
            caption={say(texts.caption)}
            captionHidden
            stackOnNarrow
            className="staff-vouchers__table"
            rows={data.vouchers}
            rowKey={(voucher) => voucher.code}
            columns={[
              { key: 'code', header: say(texts.code), cell: (voucher) => <code>{voucher.code}</code> },
              { key: 'name', header: say(texts.name), cell: (voucher) => voucher.name },
              { key: 'discount', header: say(texts.discount), cell: (voucher) => voucherValueText(voucher, money, productName) },
              {
                key: 'valid',
                header: say(texts.valid),
                cell: (voucher) =>
                  voucher.valid_from && voucher.valid_until ? (
                    <>
                      {date(voucher.valid_from)} – {date(voucher.valid_until)}
                    </>
                  ) : voucher.valid_from ? (
                    texts.from(formatStaffTime(voucher.valid_from, data.timezone, 'date-time'))
                  ) : voucher.valid_until ? (
                    texts.until(formatStaffTime(voucher.valid_until, data.timezone, 'date-time'))
                  ) : (
                    say(texts.always)
                  ),
              },
              { key: 'uses', header: say(texts.uses), cell: (voucher) => voucherUsesText(voucher) },
              { key: 'state', header: say(texts.state), cell: (voucher) => <Badge tone={STATE_TONES[voucher.state]}>{say(texts.states[voucher.state])}</Badge> },
              { key: 'orders', header: say(texts.orders), cell: (voucher) => <VoucherOrders voucher={voucher} money={money} timeZone={data.timezone} /> },
            ]}
            actions={(voucher) => (
              <div className="button-row">
                <Button id={editButtonId(voucher.code)} size="sm" variant="secondary" onClick={() => open(voucher.code)} aria-label={texts.editLabel(voucher.code)}>
                  {say(texts.edit)}
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  loading={toggle.isPending && toggle.variables?.code === voucher.code}
                  onClick={() => switchVoucher(voucher)}
                  aria-label={voucher.active ? texts.switchOffLabel(voucher.code) : texts.switchOnLabel(voucher.code)}
                >
                  {say(voucher.active ? texts.switchOff : texts.switchOn)}
                </Button>
              </div>
            )}
          />
        </>
      )}

      <GenerateSection context={context} products={data.products} />

      {editing !== null && (editing === '' || editVoucher) && (
        <VoucherDialog
          voucher={editVoucher ?? null}
          context={context}
          products={data.products}
          action={save}
          onSave={(voucher) => save.mutate({ code: editVoucher ? editVoucher.code : null, voucher })}
          onClose={() => setEditing(null)}
        />
      )}
    </Page>
  );
}

/** The orders that used a voucher, newest first, each linking to its page; folded away until opened. */
function VoucherOrders({ voucher, money, timeZone }: { voucher: VoucherView; money: (minor: number) => string; timeZone: string }) {
  if (voucher.orders_total === 0) return <>{texts.ordersCount(0)}</>;
  const more = voucher.orders_total - voucher.orders.length;
  return (
    <details className="staff-vouchers__orders">
      <summary>{texts.ordersCount(voucher.orders_total)}</summary>
      <ul aria-label={texts.ordersOf(voucher.code)}>
        {voucher.orders.map((order) => (
          <li key={order.code}>
            <Link to={`/orders/${encodeURIComponent(order.code)}`}>
              <code>{order.code}</code>
            </Link>{' '}
            {texts.orderDiscount(formatStaffTime(order.created_at, timeZone, 'date-time'), money(order.discount_amount))}
          </li>
        ))}
      </ul>
      {more > 0 && <p className="text-muted">{texts.moreOrders(more)}</p>}
    </details>
  );
}

type Action = { isPending: boolean; message: string | null; errors: Record<string, string[]> };
type Products = ListAnswer['products'];

/** The form's labels by the file's field names (a problem's sentence starts with its field's label). */
function labelsOf(context: VoucherFormContext): Record<string, string> {
  return {
    code: say(texts.codeField),
    name: say(texts.nameField),
    kind: say(texts.kindLegend),
    discount_amount: texts.amountField(context.currency),
    percent: say(texts.percentField),
    product: say(texts.productField),
    products: say(texts.productsLegend),
    max_uses: say(texts.maxUsesField),
    max_uses_per_customer: say(texts.perCustomerField),
    valid_from: texts.validFromField(context.timeZone),
    valid_until: texts.validUntilField(context.timeZone),
    active: say(texts.activeField),
    count: say(texts.countField),
    prefix: say(texts.prefixField),
  };
}

/** The fields of a voucher (its code too, unless it is a template of generated codes). */
function VoucherFields({
  form,
  set,
  context,
  products,
  problemOf,
  withCode,
  used,
}: {
  form: VoucherForm;
  set: <K extends keyof VoucherForm>(key: K, value: VoucherForm[K]) => void;
  context: VoucherFormContext;
  products: Products;
  problemOf: (field: string) => string | undefined;
  withCode: boolean;
  used: boolean;
}) {
  const id = useId();
  const labels = labelsOf(context);
  const text = (key: 'code' | 'name' | 'amount' | 'percent' | 'maxUses' | 'maxUsesPerCustomer' | 'validFrom' | 'validUntil', field: string, extra: { hint?: string; type?: string; inputMode?: 'numeric' | 'decimal'; disabled?: boolean } = {}) => {
    const problem = problemOf(field);
    return (
      <TextField
        id={`${id}-${field}`}
        label={labels[field] ?? field}
        value={form[key]}
        onChange={(value) => set(key, value)}
        type={extra.type ?? 'text'}
        inputMode={extra.inputMode}
        disabled={extra.disabled}
        autoComplete="off"
        hint={problem ?? extra.hint}
        aria-invalid={problem ? true : undefined}
        className={problem ? 'staff-cat-field--invalid' : undefined}
      />
    );
  };
  const kinds: VoucherKind[] = ['fixed', 'percentage', 'free_product'];
  const productsProblem = problemOf('products');
  const productProblem = problemOf('product');
  const kindProblem = problemOf('kind');
  return (
    <>
      {withCode && text('code', 'code', { hint: say(used ? texts.usedHint : texts.codeHint), disabled: used })}
      {text('name', 'name', { hint: say(texts.nameHint) })}
      <fieldset className="fieldset staff-cat-edit__group" aria-describedby={kindProblem ? `${id}-kind-problem` : undefined}>
        <legend>{say(texts.kindLegend)}</legend>
        <div className="staff-vouchers__kinds">
          {kinds.map((kind) => (
            <div className="staff-cat-check" key={kind}>
              <input type="radio" id={`${id}-kind-${kind}`} name={`${id}-kind`} checked={form.kind === kind} disabled={used} onChange={() => set('kind', kind)} />
              <label htmlFor={`${id}-kind-${kind}`}>{say(texts.kinds[kind])}</label>
            </div>
          ))}
        </div>
        {kindProblem && (
          <p id={`${id}-kind-problem`} className="field__hint">
            {kindProblem}
          </p>
        )}
        {form.kind === 'fixed' && text('amount', 'discount_amount', { inputMode: 'decimal', hint: say(texts.amountHint) })}
        {form.kind === 'percentage' && text('percent', 'percent', { inputMode: 'numeric', hint: say(texts.percentHint) })}
        {form.kind === 'free_product' && (
          <Dropdown
            id={`${id}-product`}
            label={labels.product}
            placeholder={say(texts.productChoose)}
            value={form.product}
            onChange={(value) => set('product', value)}
            options={products.map((product) => ({ value: product.code, label: `${product.name} (${product.code})` }))}
            hint={productProblem ?? say(texts.productHint)}
            aria-invalid={productProblem ? true : undefined}
            className={productProblem ? 'staff-cat-field--invalid' : undefined}
          />
        )}
      </fieldset>
      {form.kind !== 'free_product' && (
        <fieldset className="fieldset staff-cat-edit__group" aria-describedby={`${id}-products-hint`}>
          <legend>{say(texts.productsLegend)}</legend>
          <p id={`${id}-products-hint`} className={productsProblem ? 'field__hint staff-cat-field--invalid' : 'field__hint'}>
            {productsProblem ?? say(texts.productsHint)}
          </p>
          <div className="staff-vouchers__products">
            {products.map((product) => {
              const checkId = `${id}-products-${product.code}`;
              const checked = form.products.includes(product.code);
              return (
                <div className="staff-cat-check" key={product.code}>
                  <input
                    type="checkbox"
                    id={checkId}
                    checked={checked}
                    onChange={(event) => set('products', event.target.checked ? [...form.products, product.code] : form.products.filter((code) => code !== product.code))}
                  />
                  <label htmlFor={checkId}>
                    {product.name} <code>{product.code}</code>
                  </label>
                </div>
              );
            })}
          </div>
        </fieldset>
      )}
      <div className="staff-form-row">
        {text('maxUses', 'max_uses', { inputMode: 'numeric', hint: say(texts.noLimitHint) })}
        {text('maxUsesPerCustomer', 'max_uses_per_customer', { inputMode: 'numeric', hint: say(texts.noLimitHint) })}
      </div>
      <div className="staff-form-row">
        {text('validFrom', 'valid_from', { type: 'datetime-local', hint: say(texts.noLimitHint) })}
        {text('validUntil', 'valid_until', { type: 'datetime-local', hint: say(texts.noLimitHint) })}
      </div>
      <div className="staff-cat-check">
        <input type="checkbox" id={`${id}-active`} checked={form.active} onChange={(event) => set('active', event.target.checked)} aria-describedby={`${id}-active-hint`} />
        <label htmlFor={`${id}-active`}>{say(texts.activeField)}</label>
        <p id={`${id}-active-hint`} className="field__hint">
          {say(texts.activeHint)}
        </p>
      </div>
    </>
  );
}

/** Problems found before sending, else the shop's (once the form was sent), as sentences under their fields. */
function useProblems(tried: number, action: Action, context: VoucherFormContext) {
  const [problems, setProblems] = useState<FieldProblems>({});
  const server = tried > 0 ? voucherServerProblems(action.errors) : {};
  const labels = labelsOf(context);
  const problemOf = (field: string): string | undefined => {
    const problem = problems[field] ?? server[field];
    return problem ? voucherProblemSentence(field, problem, labels) : undefined;
  };
  const besideFields = Object.keys(server).some((field) => field !== '_');
  return { problems, setProblems, problemOf, besideFields, whole: problems._ ?? server._ };
}

/** A voucher's form in a dialog: a new one (voucher null), or a change of one sent whole. */
function VoucherDialog({ voucher, context, products, action, onSave, onClose }: { voucher: VoucherView | null; context: VoucherFormContext; products: Products; action: Action; onSave: (voucher: VoucherDefinitionInput) => void; onClose: () => void }) {
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<VoucherForm>(() => (voucher ? voucherFormOf(voucher, context) : emptyVoucherForm()));
  const [tried, setTried] = useState(0);
  const { setProblems, problemOf, besideFields, whole } = useProblems(tried, action, context);

  useFocusOnRefusal(formRef, tried, action.errors);

  const set = <K extends keyof VoucherForm>(key: K, value: VoucherForm[K]) => setForm((current) => ({ ...current, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const prepared = prepareVoucher(form, context);
    setTried((count) => count + 1);
    if (!prepared.ok) {
      setProblems(prepared.problems);
      return;
    }
    setProblems({});
    onSave(prepared.voucher);
  };

  return (
    <FormDialog
      id="staff-voucher-edit"
      formId={formId}
      formRef={formRef}
      title={voucher ? texts.editTitle(voucher.code) : say(texts.newTitle)}
      labels={texts}
      pending={action.isPending}
      onClose={onClose}
      onSubmit={submit}
      refusal={besideFields ? null : action.message}
      problem={action.message ? undefined : whole}
    >
      <VoucherFields form={form} set={set} context={context} products={products} problemOf={problemOf} withCode used={(voucher?.used ?? 0) > 0} />
    </FormDialog>
  );
}

/** Codes in bulk: how many, a prefix, and the voucher each gets; the answer is downloaded as CSV. */
function GenerateSection({ context, products }: { context: VoucherFormContext; products: Products }) {
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<GenerateForm>(emptyGenerateForm);
  const [tried, setTried] = useState(0);
  const generate = useStaffAction({
    run: (payload: StaffCallInput<'voucher-generate'>) => staffCall('voucher-generate', payload),
    done: (answer) => {
      downloadFile(answer);
      return answer.message;
    },
    reload: RELOAD,
  });
  const { setProblems, problemOf, besideFields, whole } = useProblems(tried, generate, context);
  useFocusOnRefusal(formRef, tried, generate.errors);

  const set = <K extends keyof VoucherForm>(key: K, value: VoucherForm[K]) => setForm((current) => ({ ...current, voucher: { ...current.voucher, [key]: value } }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const prepared = prepareGenerate(form, context);
    setTried((count) => count + 1);
    if (!prepared.ok) {
      setProblems(prepared.problems);
      return;
    }
    setProblems({});
    generate.mutate(prepared.payload);
  };
  const field = (key: 'count' | 'prefix', label: string, hint: string, extra: { inputMode?: 'numeric' } = {}): ReactNode => {
    const problem = problemOf(key);
    return (
      <TextField
        label={label}
        value={form[key]}
        onChange={(value) => (setForm((current) => ({ ...current, [key]: value })))}
        inputMode={extra.inputMode}
        autoComplete="off"
        hint={problem ?? hint}
        aria-invalid={problem ? true : undefined}
        className={problem ? 'staff-cat-field--invalid' : undefined}
      />
    );
  };
  const alert = (besideFields ? null : generate.message) ?? (whole ? say(whole) : null);

  return (
    <section className="card form-stack staff-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{say(texts.generateTitle)}</h2>
      <p className="text-muted">{say(texts.generateLead)}</p>
      <form ref={formRef} className="form-stack staff-cat-edit" onSubmit={submit} noValidate id="staff-voucher-generate">
        {alert && (
          <div className="alert alert--danger" role="alert">
            {alert}
          </div>
        )}
        <div className="staff-form-row">
          {field('count', say(texts.countField), say(texts.countHint), { inputMode: 'numeric' })}
          {field('prefix', say(texts.prefixField), say(texts.prefixHint))}
        </div>
        <VoucherFields form={form.voucher} set={set} context={context} products={products} problemOf={problemOf} withCode={false} used={false} />
        <div className="button-row">
          <Button type="submit" loading={generate.isPending}>
            {say(texts.generate)}
          </Button>
        </div>
      </form>
    </section>
  );
}
