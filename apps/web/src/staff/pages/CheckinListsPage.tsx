import type { CheckinListDefinitionInput, CheckinListOverview, CheckinListView } from '@festival/contract';
import type { StaffCallInput } from '../../lib/staff-call';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { ConfirmModal } from '../../components/ui/ConfirmModal';
import { DataTable } from '../../components/ui/DataTable';
import { Dropdown } from '../../components/ui/Dropdown';
import { Page } from '../../components/ui/Page';
import { TextField } from '../../components/ui/TextField';
import { say } from '../../lib/say';
import { staffCall } from '../api';
import type { FieldProblems } from '../catalogue-page';
import {
  conflictTexts,
  duplicateFormOf,
  emptyListForm,
  gateRows,
  listFormOf,
  listProblemSentence,
  listServerProblems,
  prepareList,
  toggleProduct,
  type ListForm,
} from '../checkin-lists-page';
import { FormDialog } from '../FormDialog';
import { PageLoadState } from '../LoadStates';
import { staffTexts } from '../texts';
import { useFocusOnRefusal } from '../use-focus-on-refusal';
import { formatStaffTime } from '../times';
import { useFocusAfterClose } from '../use-focus-after-close';
import { useStaffAction } from '../use-staff-action';

const OVERVIEW_KEY = ['checkin-list-overview'] as const;
const RELOAD = [OVERVIEW_KEY, ['staff-audit']] as const;
const texts = staffTexts.checkinLists;
/** The figures and the scans to resolve change while the gates scan: read again this often. */
const REFRESH_MS = 15_000;

/** The id of a list's Edit button (codes are letters, digits, dashes and underscores). */
const editButtonId = (code: string) => `staff-checkin-list-edit-${code}`;

/** What the dialog edits: a new list (from scratch or a copy) or a list of the shop. */
type Editing = { mode: 'new'; form: ListForm } | { mode: 'edit'; view: CheckinListView };

/**
 * The check-in lists (issue 37 point 5, decision 0097): each list with what it admits, its gates,
 * its hours and its live figures; an admin creates, changes, duplicates and archives lists with the
 * catalogue file's own rules; the figures per gate; the scans the gates could not count, with what
 * to do about each, marked resolved.
 */
export default function CheckinListsPage() {
  const overview = useQuery({ queryKey: OVERVIEW_KEY, queryFn: () => staffCall('checkin-list-overview', {}), refetchInterval: REFRESH_MS, refetchIntervalInBackground: false });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [archiving, setArchiving] = useState<CheckinListView | null>(null);
  const focusAfterEditRef = useFocusAfterClose(editing, editButtonId);
  const save = useStaffAction({
    run: (input: StaffCallInput<'checkin-list-save'>) => staffCall('checkin-list-save', input),
    done: (answer) => {
      focusAfterEditRef.current = answer.list.list.code;
      setEditing(null);
      return answer.message;
    },
    reload: RELOAD,
  });
  const archive = useStaffAction({
    run: (input: StaffCallInput<'checkin-list-archive'>) => staffCall('checkin-list-archive', input),
    done: (answer) => {
      setArchiving(null);
      return answer.message;
    },
    reload: RELOAD,
  });
  const resolve = useStaffAction({
    run: (input: StaffCallInput<'checkin-conflict-resolve'>) => staffCall('checkin-conflict-resolve', input),
    done: (answer) => answer.message,
    reload: RELOAD,
  });

  const waiting = PageLoadState({ title: say(texts.title), lead: say(texts.lead), queries: [overview], loaded: overview.data !== undefined });
  if (waiting || !overview.data) return waiting;

  const data = overview.data;
  const productNames = new Map(data.products.map((product) => [product.code, product.name]));
  const open = (next: Editing) => {
    save.clearMessage();
    save.reset();
    setEditing(next);
  };
  const hours = (view: CheckinListView) => {
    const { opens_at: opens, closes_at: closes } = view.list;
    if (!opens && !closes) return say(texts.always);
    const at = (iso: string | null) => (iso ? <time dateTime={iso}>{formatStaffTime(iso, view.timezone, 'date-time')}</time> : '…');
    return (
      <>
        {at(opens)} – {at(closes)}
      </>
    );
  };
  const scannedLists = data.lists.filter((view) => view.gates.length > 0 || view.list.gates.length > 0);

  return (
    <Page title={say(texts.title)} lead={say(texts.lead)} className="staff-checkin-lists">
      <p className="text-muted">{say(texts.fileNote)}</p>
      <div className="button-row">
        <Button id="staff-checkin-list-new" onClick={() => open({ mode: 'new', form: emptyListForm(data.events.length === 1 ? data.events[0]!.code : '') })}>
          {say(texts.create)}
        </Button>
      </div>
      {archive.message && !archiving && (
        <div className="alert alert--danger" role="alert">
          {archive.message}
        </div>
      )}
      {data.lists.length === 0 ? (
        <p className="staff-cat-empty">{say(texts.empty)}</p>
      ) : (
        <DataTable
          caption={say(texts.caption)}
          captionHidden
          stackOnNarrow
          rows={data.lists}
          rowKey={(view) => view.id}
          columns={[
            {
              key: 'list',
              header: say(texts.list),
              cell: (view) => (
                <>
                  {view.list.name} <code>{view.list.code}</code>
                </>
              ),
            },
            { key: 'event', header: say(texts.event), cell: (view) => view.event_name },
            {
              key: 'admits',
              header: say(texts.admits),
              cell: (view) => (
                <span title={view.list.products.map((entry) => productNames.get(entry.product) ?? entry.product).join(', ')}>{texts.productsCount(view.list.products.length)}</span>
              ),
            },
            { key: 'gates', header: say(texts.gatesColumn), cell: (view) => (view.list.gates.length ? view.list.gates.join(', ') : say(texts.anyGate)) },
            { key: 'hours', header: say(texts.hours), cell: hours },
            { key: 'figures', header: say(texts.figures), cell: (view) => texts.figuresOf(view.admitted, view.inside) },
            { key: 'state', header: say(texts.state), cell: (view) => (view.active ? <Badge tone="success">{say(texts.live)}</Badge> : <Badge tone="neutral">{say(texts.archivedState)}</Badge>) },
          ]}
          actions={(view) => (
            <div className="button-row">
              <Button id={editButtonId(view.list.code)} size="sm" variant="secondary" onClick={() => open({ mode: 'edit', view })} aria-label={texts.editLabel(view.list.code)}>
                {say(texts.edit)}
              </Button>
              <Button size="sm" variant="secondary" onClick={() => open({ mode: 'new', form: duplicateFormOf(view) })} aria-label={texts.duplicateLabel(view.list.code)}>
                {say(texts.duplicate)}
              </Button>
              {view.active ? (
                <Button size="sm" variant="danger" onClick={() => (archive.clearMessage(), setArchiving(view))} aria-label={texts.archiveLabel(view.list.code)}>
                  {say(texts.archive)}
                </Button>
              ) : (
                <Button size="sm" variant="secondary" loading={archive.isPending && archive.variables?.id === view.id} onClick={() => archive.mutate({ id: view.id, active: true })} aria-label={texts.restoreLabel(view.list.code)}>
                  {say(texts.restore)}
                </Button>
              )}
            </div>
          )}
        />
      )}

      <GateFigures lists={scannedLists} />
      <Conflicts data={data} resolving={resolve} onResolve={(id) => resolve.mutate({ id })} />

      {editing && (
        <ListDialog
          editing={editing}
          data={data}
          action={save}
          onSave={(list) => save.mutate({ id: editing.mode === 'edit' ? editing.view.id : null, list })}
          onClose={() => setEditing(null)}
        />
      )}
      {archiving && (
        <ConfirmModal
          open
          title={say(texts.archive)}
          confirmLabel={say(texts.archive)}
          confirmVariant="danger"
          busy={archive.isPending}
          onCancel={() => setArchiving(null)}
          onConfirm={() => archive.mutate({ id: archiving.id, active: false })}
        >
          {archive.message && (
            <div className="alert alert--danger" role="alert">
              {archive.message}
            </div>
          )}
          <p>{texts.archiveQuestion(archiving.list.code)}</p>
        </ConfirmModal>
      )}
    </Page>
  );
}

/** Per list, its gates with the tickets let in there and inside now that came in there. */
function GateFigures({ lists }: { lists: readonly CheckinListView[] }) {
  const rows = lists.flatMap((view) => gateRows(view).map((gate) => ({ key: `${view.id}:${gate.gate}`, list: view, ...gate })));
  return (
    <div className="card staff-section">
      <h2>{say(texts.gatesTitle)}</h2>
      <p className="text-muted">{say(texts.gatesLead)}</p>
      {rows.length === 0 ? (
        <p>{say(texts.noScans)}</p>
      ) : (
        <DataTable
          caption={say(texts.gatesTitle)}
          captionHidden
          stackOnNarrow
          rows={rows}
          rowKey={(row) => row.key}
          columns={[
            { key: 'list', header: say(texts.list), cell: (row) => <code>{row.list.list.code}</code> },
            { key: 'gate', header: say(texts.gate), cell: (row) => row.gate },
            { key: 'admitted', header: say(texts.admitted), cell: (row) => row.admitted.toLocaleString(document.documentElement.lang || undefined), align: 'end' },
            { key: 'inside', header: say(texts.inside), cell: (row) => row.inside.toLocaleString(document.documentElement.lang || undefined), align: 'end' },
          ]}
        />
      )}
    </div>
  );
}

type Action = { isPending: boolean; message: string | null; errors: Record<string, string[]>; variables?: { id: number | null } | undefined };

/** The scans the gates could not count, with what happened and what to do; each marked resolved (audited). */
function Conflicts({ data, resolving, onResolve }: { data: CheckinListOverview; resolving: Action; onResolve: (id: number) => void }) {
  const timeZone = (code: string) => data.lists.find((view) => view.list.code === code)?.timezone ?? 'UTC';
  return (
    <div className="card staff-section">
      <h2>{say(texts.conflictsTitle)}</h2>
      <p className="text-muted">{say(texts.conflictsLead)}</p>
      {resolving.message && (
        <div className="alert alert--danger" role="alert">
          {resolving.message}
        </div>
      )}
      {data.conflicts.length === 0 ? (
        <p>{say(texts.noConflicts)}</p>
      ) : (
        <>
          {data.conflicts_total > data.conflicts.length && <p role="status">{texts.conflictsShowing(data.conflicts.length, data.conflicts_total)}</p>}
          <DataTable
            caption={say(texts.conflictsTitle)}
            captionHidden
            stackOnNarrow
            rows={data.conflicts}
            rowKey={(row) => row.id}
            columns={[
              {
                key: 'scanned',
                header: say(texts.scanned),
                cell: (row) => (
                  <>
                    <time dateTime={row.scanned_at}>{formatStaffTime(row.scanned_at, timeZone(row.list), 'date-time')}</time> <code>{row.list}</code>{' '}
                    {row.scanner ? texts.byScanner(row.gate, row.scanner) : texts.atGate(row.gate)}
                  </>
                ),
              },
              {
                key: 'ticket',
                header: say(texts.ticket),
                cell: (row) => (
                  <>
                    <code>{row.ticket}</code>
                    {row.holder ? ` ${row.holder}` : ''}
                  </>
                ),
              },
              {
                key: 'what',
                header: say(texts.what),
                cell: (row) => (
                  <>
                    {say(conflictTexts(row).what)}
                    {row.counted_at && row.counted_gate ? ` ${texts.countedAt(formatStaffTime(row.counted_at, timeZone(row.list), 'date-time'), row.counted_gate)}` : ''}
                  </>
                ),
              },
              { key: 'advice', header: say(texts.advice), cell: (row) => say(conflictTexts(row).advice) },
            ]}
            actions={(row) => (
              <Button size="sm" variant="secondary" loading={resolving.isPending && resolving.variables?.id === row.id} onClick={() => onResolve(row.id)} aria-label={texts.resolveLabel(row.ticket)}>
                {say(texts.resolve)}
              </Button>
            )}
          />
        </>
      )}
    </div>
  );
}

/** The form's labels by the file's field names (a problem's sentence starts with its field's label). */
function labelsOf(timeZone: string): Record<string, string> {
  return {
    code: say(texts.codeField),
    name: say(texts.nameField),
    event: say(texts.eventField),
    products: say(texts.productsLegend),
    entry: say(texts.entryLegend),
    gates: say(texts.gatesField),
    opens_at: texts.opensField(timeZone),
    closes_at: texts.closesField(timeZone),
    day_cutover: say(texts.cutoverField),
    'boarding.before_minutes': say(texts.beforeField),
    'boarding.after_minutes': say(texts.afterField),
  };
}

/** A list's form in a dialog: a new list (empty or a copy), or a change of one, sent whole. */
function ListDialog({ editing, data, action, onSave, onClose }: { editing: Editing; data: CheckinListOverview; action: Action; onSave: (list: CheckinListDefinitionInput) => void; onClose: () => void }) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const view = editing.mode === 'edit' ? editing.view : null;
  const [form, setForm] = useState<ListForm>(() => (editing.mode === 'edit' ? listFormOf(editing.view) : editing.form));
  const [tried, setTried] = useState(0);
  const [problems, setProblems] = useState<FieldProblems>({});
  const timeZone = data.events.find((event) => event.code === form.event)?.timezone ?? view?.timezone ?? 'UTC';
  const labels = labelsOf(timeZone);
  const server = tried > 0 ? listServerProblems(action.errors, form) : {};
  const problemOf = (field: string): string | undefined => {
    const problem = problems[field] ?? server[field];
    return problem ? listProblemSentence(field, problem, { ...labels, ...productLabels() }) : undefined;
  };
  function productLabels(): Record<string, string> {
    return Object.fromEntries(data.products.map((product) => [`products.${product.code}`, `${product.name} (${product.code})`]));
  }
  const besideFields = Object.keys(server).some((field) => field !== '_');

  useFocusOnRefusal(formRef, tried, action.errors);

  const set = <K extends keyof ListForm>(key: K, value: ListForm[K]) => setForm((current) => ({ ...current, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const prepared = prepareList(form, timeZone);
    setTried((count) => count + 1);
    if (!prepared.ok) {
      setProblems(prepared.problems);
      return;
    }
    setProblems({});
    onSave(prepared.list);
  };
  const text = (key: 'code' | 'name' | 'gates' | 'opensAt' | 'closesAt' | 'dayCutover' | 'before' | 'after', field: string, extra: { hint?: string; type?: string; inputMode?: 'numeric'; disabled?: boolean } = {}) => {
    const problem = problemOf(field);
    return (
      <TextField
        id={`${id}-${key}`}
        label={labels[field] ?? field}
        value={form[key]}
        onChange={(value) => set(key, value)}
        type={extra.type ?? 'text'}
        inputMode={extra.inputMode}
        disabled={extra.disabled}
        autoComplete="off"
        spellCheck={false}
        hint={problem ?? extra.hint}
        aria-invalid={problem ? true : undefined}
        className={problem ? 'staff-cat-field--invalid' : undefined}
      />
    );
  };
  const products = data.products.filter((product) => product.event === form.event);
  const eventProblem = problemOf('event');
  const productsProblem = problemOf('products');
  const whole = problems._ ?? server._;

  return (
    <FormDialog
      id="staff-checkin-list-edit"
      formId={`${id}-form`}
      formRef={formRef}
      title={view ? texts.editTitle(view.list.code) : say(texts.newTitle)}
      labels={texts}
      pending={action.isPending}
      onClose={onClose}
      onSubmit={submit}
      refusal={besideFields ? null : action.message}
      problem={action.message ? undefined : whole}
    >
      {text('code', 'code', { hint: say(view ? texts.codeKeptHint : texts.codeHint), disabled: view !== null })}
      {text('name', 'name', { hint: say(texts.nameHint) })}
      <Dropdown
        id={`${id}-event`}
        label={labels.event}
        placeholder={say(texts.eventChoose)}
        value={form.event}
        onChange={(value) => setForm((current) => ({ ...current, event: value, products: current.event === value ? current.products : [] }))}
        options={data.events.map((event) => ({ value: event.code, label: `${event.name} (${event.code})` }))}
        disabled={view?.scanned ?? false}
        hint={eventProblem ?? (view?.scanned ? say(texts.eventScannedHint) : undefined)}
        aria-invalid={eventProblem ? true : undefined}
        className={eventProblem ? 'staff-cat-field--invalid' : undefined}
      />
      <fieldset className="fieldset staff-cat-edit__group" aria-describedby={`${id}-products-hint`}>
        <legend>{say(texts.productsLegend)}</legend>
        <p id={`${id}-products-hint`} className={productsProblem ? 'field__hint staff-cat-field--invalid' : 'field__hint'}>
          {productsProblem ?? say(products.length ? texts.productsHint : texts.noProducts)}
        </p>
        <div className="staff-checkin-lists__products">
          {products.map((product) => {
            const checkId = `${id}-product-${product.code}`;
            const chosen = form.products.find((entry) => entry.code === product.code);
            const problem = problemOf(`products.${product.code}`);
            const update = (change: Partial<ListForm['products'][number]>) =>
              setForm((current) => ({ ...current, products: current.products.map((entry) => (entry.code === product.code ? { ...entry, ...change } : entry)) }));
            return (
              <div className="staff-checkin-lists__product" key={product.code}>
                <div className="staff-cat-check">
                  <input type="checkbox" id={checkId} checked={chosen !== undefined} onChange={(event) => setForm((current) => toggleProduct(current, product.code, event.target.checked))} />
                  <label htmlFor={checkId}>
                    {product.name} <code>{product.code}</code>
                  </label>
                </div>
                {chosen && (
                  <div className="staff-checkin-lists__days" role="group" aria-label={texts.daysField(product.name)}>
                    <div className="staff-cat-check">
                      <input type="radio" id={`${checkId}-every`} name={`${checkId}-days`} checked={chosen.every} onChange={() => update({ every: true })} />
                      <label htmlFor={`${checkId}-every`}>{say(texts.everyDay)}</label>
                    </div>
                    <div className="staff-cat-check">
                      <input type="radio" id={`${checkId}-some`} name={`${checkId}-days`} checked={!chosen.every} onChange={() => update({ every: false, days: chosen.days || (product.days ?? []).join(', ') })} />
                      <label htmlFor={`${checkId}-some`}>{say(texts.someDays)}</label>
                    </div>
                    {!chosen.every && (
                      <TextField
                        id={`${checkId}-dates`}
                        label={texts.daysField(product.name)}
                        value={chosen.days}
                        onChange={(days) => update({ days })}
                        autoComplete="off"
                        spellCheck={false}
                        hint={problem ?? say(texts.daysHint)}
                        aria-invalid={problem ? true : undefined}
                        className={problem ? 'staff-cat-field--invalid' : undefined}
                      />
                    )}
                    {chosen.every && problem && (
                      <p className="field__hint staff-cat-field--invalid" role="alert">
                        {problem}
                      </p>
                    )}
                  </div>
                )}
              </div>
            );
          })}
        </div>
      </fieldset>
      <fieldset className="fieldset staff-cat-edit__group">
        <legend>{say(texts.entryLegend)}</legend>
        {(['single', 'alternating'] as const).map((entry) => (
          <div className="staff-cat-check" key={entry}>
            <input type="radio" id={`${id}-entry-${entry}`} name={`${id}-entry`} checked={form.entry === entry} onChange={() => set('entry', entry)} />
            <label htmlFor={`${id}-entry-${entry}`}>{say(texts.entries[entry])}</label>
          </div>
        ))}
      </fieldset>
      {text('gates', 'gates', { hint: say(texts.gatesHint) })}
      <div className="staff-form-row">
        {text('opensAt', 'opens_at', { type: 'datetime-local', hint: say(texts.windowHint) })}
        {text('closesAt', 'closes_at', { type: 'datetime-local', hint: say(texts.windowHint) })}
      </div>
      {text('dayCutover', 'day_cutover', { type: 'time', hint: say(texts.cutoverHint) })}
      <div className="staff-form-row">
        {text('before', 'boarding.before_minutes', { inputMode: 'numeric', hint: say(texts.boardingHint) })}
        {text('after', 'boarding.after_minutes', { inputMode: 'numeric', hint: say(texts.boardingHint) })}
      </div>
    </FormDialog>
  );
}
