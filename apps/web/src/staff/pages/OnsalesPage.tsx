import type { OnsaleAction, OnsaleChanges, OnsaleChoices, OnsaleDefinition, OnsaleView, Shown, StaffApiAnswer } from '@festival/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Badge, type BadgeTone } from '../../components/ui/Badge';
import { Button, buttonClassName } from '../../components/ui/Button';
import { ConfirmModal } from '../../components/ui/ConfirmModal';
import { Dropdown } from '../../components/ui/Dropdown';
import { Modal } from '../../components/ui/Modal';
import { FormDialog } from '../FormDialog';
import { Page } from '../../components/ui/Page';
import { TextField } from '../../components/ui/TextField';
import { staffCall } from '../api';
import { formatInZone, type FieldProblems } from '../catalogue-page';
import { formatStaffTime } from '../times';
import { useStaffTimeZone } from '../use-member';
import { stockShares } from '../dashboard-figures';
import { PageLoadState } from '../LoadStates';
import { staffLocale } from '../money';
import {
  durationWords,
  newOnsaleForm,
  onsaleActions,
  onsaleFormOf,
  onsaleProblemSentence,
  onsaleServerProblems,
  prepareNewOnsale,
  prepareOnsaleChanges,
  RAMP_FIELD,
  STEER_MIN_FIELD,
  STEER_TARGET_FIELD,
  type NewOnsaleForm,
  type OnsaleForm,
} from '../onsales-page';
import { mayCall } from '../sections';
import { staffTexts } from '../texts';
import { useFocusOnRefusal } from '../use-focus-on-refusal';
import { useMember } from '../use-member';
import { useStaffAction } from '../use-staff-action';
import { say } from '../../lib/say';

type Overview = StaffApiAnswer<'onsales-overview'>;
const OVERVIEW_KEY = ['onsales-overview'] as const;
const RELOAD = [['staff-audit']] as const;
const texts = staffTexts.onsales;

const STATE_TONES: Record<OnsaleView['state'], BadgeTone> = {
  'switched-off': 'neutral',
  'not-yet-open': 'neutral',
  'pre-queue': 'info',
  admitting: 'success',
  paused: 'info',
  'sold-out': 'danger',
  closed: 'neutral',
};

/** The id of an on-sale's Edit button (codes are letters, digits, dashes and underscores). */
const editButtonId = (code: string) => `staff-onsale-edit-${code}`;
const NEW_BUTTON_ID = 'staff-onsale-new';
const CONFIRM_TONES: Record<OnsaleAction, 'primary' | 'danger'> = { 'open-now': 'primary', pause: 'primary', resume: 'primary', close: 'danger' };

/**
 * The on-sales (issue 23 points 1 and 6): a card per on-sale with its state, its times on the
 * event's clocks, its products' stock and its waiting room's live figures, asked again as often
 * as the shop says (every 5 s while a room is open) and never while the tab is hidden; an admin
 * changes its times and admission with the catalogue file's own rules.
 */
export default function OnsalesPage() {
  const member = useMember();
  const timeZone = useStaffTimeZone();
  const client = useQueryClient();
  const overview = useQuery({
    queryKey: OVERVIEW_KEY,
    queryFn: () => staffCall('onsales-overview', {}),
    refetchInterval: (query) => (query.state.data?.refresh_seconds ?? 60) * 1000,
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
  });
  const [editing, setEditing] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [asking, setAsking] = useState<{ code: string; action: OnsaleAction } | null>(null);
  const [previewing, setPreviewing] = useState<{ code: string; path: string; expires_at: string; timezone: string } | null>(null);
  const [notice, setNotice] = useState<{ code: string; text: string } | null>(null);
  const focusAfterEdit = useRef<string | null>(null);
  const placeAnswer = (answer: StaffApiAnswer<'onsale-change'>) => {
    client.setQueryData<Overview>(OVERVIEW_KEY, (current) => {
      if (!current) return current;
      const known = current.onsales.some((onsale) => onsale.code === answer.onsale.code);
      return { ...current, onsales: known ? current.onsales.map((onsale) => (onsale.code === answer.onsale.code ? answer.onsale : onsale)) : [...current.onsales, answer.onsale] };
    });
    setNotice({ code: answer.onsale.code, text: answer.message });
    focusAfterEdit.current = answer.onsale.code;
  };
  const create = useStaffAction({
    run: (input: { onsale: OnsaleDefinition }) => staffCall('onsale-create', input),
    done: (answer) => {
      placeAnswer(answer);
      setCreating(false);
      return null;
    },
    reload: [['staff-audit'], OVERVIEW_KEY],
  });
  const preview = useStaffAction({
    run: (input: { code: string; timezone: string }) => staffCall('onsale-preview', { code: input.code }).then((answer) => ({ ...answer, code: input.code, timezone: input.timezone })),
    done: (answer) => {
      setPreviewing(answer);
      return null;
    },
    reload: [['staff-audit']],
  });
  const control = useStaffAction({
    run: (input: { code: string; action: OnsaleAction }) => staffCall('onsale-control', input),
    done: (answer) => {
      placeAnswer(answer);
      setAsking(null);
      return null;
    },
    reload: RELOAD,
  });
  const change = useStaffAction({
    run: (input: { code: string; changes: OnsaleChanges }) => staffCall('onsale-change', input),
    done: (answer) => {
      placeAnswer(answer);
      setEditing(null);
      return null;
    },
    reload: RELOAD,
  });

  // The dialog has closed (and the page is no longer inert behind it): the Edit button of the on-sale takes the focus.
  useEffect(() => {
    if (editing || creating || asking || previewing || !focusAfterEdit.current) return;
    (document.getElementById(editButtonId(focusAfterEdit.current)) ?? document.getElementById(NEW_BUTTON_ID))?.focus();
    focusAfterEdit.current = null;
  }, [editing, creating, asking, previewing]);

  const waiting = PageLoadState({ title: say(texts.title), lead: say(texts.lead), queries: [overview], loaded: overview.data !== undefined });
  if (waiting || !overview.data) return waiting;

  const data = overview.data;
  const canEdit = mayCall(member.role, 'onsale-change');
  const canCreate = mayCall(member.role, 'onsale-create') && data.choices.events.length > 0;
  const canControl = mayCall(member.role, 'onsale-control');
  const canPreview = mayCall(member.role, 'onsale-preview');
  const askingOnsale = asking ? data.onsales.find((onsale) => onsale.code === asking.code) : undefined;
  const updated = formatStaffTime(data.generated_at, timeZone, 'time-seconds', staffLocale());
  const editOnsale = editing ? data.onsales.find((onsale) => onsale.code === editing) : undefined;

  return (
    <Page title={say(texts.title)} lead={say(texts.lead)} className="staff-onsales">
      <p className="staff-onsales__note">{say(texts.fileNote)}</p>
      {canCreate && (
        <div className="button-row">
          <Button
            id={NEW_BUTTON_ID}
            onClick={() => {
              create.clearMessage();
              create.reset();
              setNotice(null);
              setCreating(true);
            }}
          >
            {say(texts.newOnsale)}
          </Button>
        </div>
      )}
      <p className="staff-dash-updated" role="status">
        {texts.updated(updated)} {data.onsales.some((onsale) => onsale.state === 'pre-queue' || onsale.state === 'admitting') && say(texts.refreshes)}
        {overview.isError && <span className="staff-dash-stale"> {say(texts.stale)}</span>}
      </p>
      {data.onsales.length === 0 ? (
        <p className="staff-cat-empty">{say(texts.empty)}</p>
      ) : (
        <div className="staff-onsales__list">
          {data.onsales.map((onsale) => (
            <OnsaleCard
              key={onsale.code}
              onsale={onsale}
              notice={notice?.code === onsale.code ? notice.text : null}
              onEdit={
                canEdit && onsale.state !== 'switched-off'
                  ? () => {
                      change.clearMessage();
                      change.reset();
                      setNotice(null);
                      setEditing(onsale.code);
                    }
                  : null
              }
              onPreview={
                canPreview && (onsale.state === 'not-yet-open' || onsale.state === 'pre-queue' || (onsale.state === 'paused' && Date.parse(onsale.opens_at) > Date.parse(data.generated_at)))
                  ? () => {
                      preview.clearMessage();
                      setNotice(null);
                      preview.mutate({ code: onsale.code, timezone: onsale.timezone });
                    }
                  : null
              }
              previewRefusal={preview.message && preview.variables?.code === onsale.code ? preview.message : null}
              onAction={
                canControl
                  ? (action) => {
                      control.clearMessage();
                      control.reset();
                      setNotice(null);
                      setAsking({ code: onsale.code, action });
                    }
                  : null
              }
            />
          ))}
        </div>
      )}
      {editOnsale && <EditDialog onsale={editOnsale} action={change} onSave={(changes) => change.mutate({ code: editOnsale.code, changes })} onClose={() => setEditing(null)} />}
      {creating && <EditDialog choices={data.choices} action={create} onCreate={(onsale) => create.mutate({ onsale })} onClose={() => setCreating(false)} />}
      {previewing && (
        <Modal
          open
          id="staff-onsale-preview"
          title={texts.previewTitle(previewing.code)}
          onClose={() => {
            focusAfterEdit.current = previewing.code;
            setPreviewing(null);
          }}
        >
          <p>{texts.previewLead(formatInZone(previewing.expires_at, previewing.timezone, staffLocale()))}</p>
          <p className="button-row">
            <a className={buttonClassName({ variant: 'primary' })} href={previewing.path} target="_blank" rel="noopener noreferrer">
              {say(texts.previewOpen)}
            </a>
          </p>
          <p className="staff-onsale-preview__link">
            <code>{new URL(previewing.path, window.location.origin).toString()}</code>
          </p>
        </Modal>
      )}
      {asking && askingOnsale && (
        <ConfirmModal
          open
          title={texts.actionLabel(say(texts.actions[asking.action]), asking.code)}
          confirmLabel={say(texts.actions[asking.action])}
          confirmVariant={CONFIRM_TONES[asking.action]}
          busy={control.isPending}
          onCancel={() => {
            focusAfterEdit.current = asking.code;
            setAsking(null);
          }}
          onConfirm={() => control.mutate(asking)}
        >
          {control.message && (
            <div className="alert alert--danger" role="alert">
              {control.message}
            </div>
          )}
          <p>{texts.questions[asking.action](asking.code)}</p>
        </ConfirmModal>
      )}
    </Page>
  );
}

function OnsaleCard({
  onsale,
  notice,
  onEdit,
  onPreview,
  previewRefusal,
  onAction,
}: {
  onsale: OnsaleView;
  notice: string | null;
  onEdit: (() => void) | null;
  onPreview: (() => void) | null;
  previewRefusal: string | null;
  onAction: ((action: OnsaleAction) => void) | null;
}) {
  const actions = onAction ? onsaleActions(onsale) : [];
  const titleId = useId();
  const at = (iso: string) => (
    <time dateTime={iso}>{formatInZone(iso, onsale.timezone, staffLocale())}</time>
  );
  const { figures } = onsale;
  const opened = onsale.state !== 'not-yet-open' && onsale.state !== 'pre-queue' && onsale.state !== 'switched-off';
  return (
    <article className="card staff-onsale" aria-labelledby={titleId}>
      <div className="staff-cat-item__head">
        <h2 id={titleId}>
          <code>{onsale.code}</code> · {texts.eventOf(onsale.title, onsale.event)}
        </h2>
        <p className="staff-cat-item__badges">
          <Badge tone={STATE_TONES[onsale.state]}>{say(texts.states[onsale.state])}</Badge>
          {onsale.made_here && (
            <>
              {' '}
              <Badge tone="info">{say(texts.madeHere)}</Badge>
            </>
          )}
        </p>
      </div>
      <p className="staff-cat-group__facts">{texts.timesIn(onsale.timezone)}</p>
      {onsale.paused_at && onsale.state === 'paused' && <p className="alert alert--warning">{texts.pausedSince(formatInZone(onsale.paused_at, onsale.timezone, staffLocale()))}</p>}
      <dl className="staff-cat-item__facts">
        <Fact label={say(texts.roomOpens)}>
          {at(onsale.room_opens_at)} <span className="text-muted">({texts.minutes(onsale.room_opens_minutes_before)})</span>
        </Fact>
        <Fact label={say(texts.opens)}>{at(onsale.opens_at)}</Fact>
        <Fact label={say(texts.closes)}>{onsale.closes_at ? at(onsale.closes_at) : say(texts.untilSoldOut)}</Fact>
        <Fact label={say(texts.admission)}>
          {onsale.admission_mode === 'rate'
            ? texts.rate(onsale.admission_limit)
            : onsale.admission_mode === 'steer'
              ? texts.steer(onsale.admission_min_per_minute ?? 1, onsale.admission_limit, onsale.admission_target_p99_ms ?? 150)
              : onsale.admission_rate_limit === null
                ? texts.cap(onsale.admission_limit)
                : texts.capRamp(onsale.admission_limit, onsale.admission_rate_limit)}
        </Fact>
        <Fact label={say(texts.session)}>{texts.minutes(onsale.session_minutes)}</Fact>
        <Fact label={say(texts.proofOfWork)}>{onsale.proof_of_work_bits ? texts.bits(onsale.proof_of_work_bits) : say(texts.noProof)}</Fact>
      </dl>

      {/* Named with the on-sale's code, as its products are: a page of several on-sales has a region of figures for each. */}
      <section className="staff-onsale__figures" aria-label={texts.figuresLabel(onsale.code)}>
        <h3>{say(texts.figuresTitle)}</h3>
        <div className="staff-onsale__cards">
          <Figure label={say(texts.places)} value={figures.places} detail={say(texts.placesDetail)} />
          <Figure label={say(texts.waiting)} value={figures.waiting} detail={say(texts.waitingDetail)} />
          <Figure label={say(texts.admitted)} value={figures.admitted} />
          <Figure label={say(texts.active)} value={figures.active} detail={say(texts.activeDetail)} />
          <Figure label={say(texts.rateNow)} value={figures.admissions_per_minute === null ? say(texts.measuring) : Math.round(figures.admissions_per_minute)} detail={say(texts.rateDetail)} />
          {onsale.admission_mode === 'steer' && (
            <Figure
              label={say(texts.steeringNow)}
              value={onsale.steering ? onsale.steering.rate : say(texts.steeringStarts)}
              detail={onsale.steering ? texts.steeringDetail(onsale.steering.text) : undefined}
            />
          )}
          <Figure
            label={say(texts.soldOut)}
            value={figures.sold_out_at ? formatInZone(figures.sold_out_at, onsale.timezone, staffLocale()) : say(texts.notSoldOut)}
            detail={figures.sell_out_seconds !== null && opened ? texts.soldOutAfter(durationWords(figures.sell_out_seconds)) : undefined}
          />
        </div>
      </section>

      <section className="staff-onsale__products" aria-label={texts.productsLabel(onsale.code)}>
        <h3>{say(texts.productsTitle)}</h3>
        <ul className="staff-onsale__product-list">
          {onsale.products.map((product) => {
            const shares = stockShares(product);
            return (
              <li key={product.code}>
                <p className="staff-onsale__product-name">
                  {product.name} <code>{product.code}</code>
                  {product.available === 0 && (
                    <>
                      {' '}
                      <Badge tone="danger">{say(texts.states['sold-out'])}</Badge>
                    </>
                  )}
                </p>
                {product.stock !== null && (
                  <div className="staff-dash-stock__bar" aria-hidden="true">
                    <span className="staff-dash-swatch--sold" style={{ width: `${shares.sold}%` }} />
                    <span className="staff-dash-swatch--held" style={{ width: `${shares.held}%` }} />
                    <span className="staff-dash-swatch--left" style={{ width: `${shares.available}%` }} />
                  </div>
                )}
                <p className="staff-onsale__product-words">{texts.productWords(product.available, product.sold, product.held)}</p>
              </li>
            );
          })}
        </ul>
      </section>
      <div role="status" className="staff-cat-item__status">
        {notice && <p className="alert alert--success">{notice}</p>}
        {previewRefusal && <p className="alert alert--danger">{previewRefusal}</p>}
      </div>
      {(onEdit || onPreview || actions.length > 0) && (
        <div className="button-row staff-cat-item__actions">
          {onEdit && (
            <Button id={editButtonId(onsale.code)} size="sm" variant="secondary" onClick={onEdit} aria-label={texts.editLabel(onsale.code)}>
              {say(texts.edit)}
            </Button>
          )}
          {onPreview && (
            <Button size="sm" variant="secondary" onClick={onPreview} aria-label={texts.previewLabel(onsale.code)}>
              {say(texts.preview)}
            </Button>
          )}
          {actions.map((action) => (
            <Button key={action} size="sm" variant={action === 'close' ? 'danger' : 'secondary'} onClick={() => onAction?.(action)} aria-label={texts.actionLabel(say(texts.actions[action]), onsale.code)}>
              {say(texts.actions[action])}
            </Button>
          ))}
        </div>
      )}
    </article>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="staff-cat-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Figure({ label, value, detail }: { label: string; value: number | string; detail?: string | undefined }) {
  return (
    <div className="staff-dash-figure staff-onsale__figure">
      <p className="staff-dash-figure__label">{label}</p>
      <p className={typeof value === 'number' ? 'staff-dash-figure__value' : 'staff-dash-figure__value staff-onsale__figure-words'}>{typeof value === 'number' ? value.toLocaleString(staffLocale()) : value}</p>
      {detail && <p className="staff-dash-figure__detail">{detail}</p>}
    </div>
  );
}

type EditAction = { isPending: boolean; message: string | null; errors: Record<string, string[]> };

const MODE_LABELS = { rate: texts.modeRate, cap: texts.modeCap, steer: texts.modeSteer } as const;

type DialogProps =
  | { onsale: OnsaleView; choices?: undefined; action: EditAction; onSave: (changes: OnsaleChanges) => void; onCreate?: undefined; onClose: () => void }
  | { onsale?: undefined; choices: OnsaleChoices; action: EditAction; onSave?: undefined; onCreate: (onsale: OnsaleDefinition) => void; onClose: () => void };

/**
 * The form of one on-sale: its times on the event's clocks and its admission, with the catalogue
 * file's rules; a new on-sale (`choices`) takes its code, event and products too, and is sent whole.
 */
function EditDialog({ onsale, choices, action, onSave, onCreate, onClose }: DialogProps) {
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<NewOnsaleForm>(() => (onsale ? { ...onsaleFormOf(onsale), code: onsale.code, event: onsale.event, products: [] } : newOnsaleForm(choices!)));
  const [problems, setProblems] = useState<FieldProblems>({});
  const [tried, setTried] = useState(0);
  // The shop's field errors are this form's only once it has been sent.
  const server = tried > 0 ? onsaleServerProblems(action.errors, form.mode) : {};
  const timeZone = onsale ? onsale.timezone : (choices!.events.find((event) => event.code === form.event)?.timezone ?? 'UTC');

  useFocusOnRefusal(formRef, tried, action.errors);

  const FIELD_OF: Record<keyof NewOnsaleForm, string> = {
    code: 'code',
    event: 'event',
    products: 'products',
    opensAt: 'opens_at',
    closesAt: 'closes_at',
    roomMinutes: 'room_opens_minutes_before',
    mode: 'admission',
    limit: 'admission',
    ramp: RAMP_FIELD,
    steerMin: STEER_MIN_FIELD,
    steerTarget: STEER_TARGET_FIELD,
    sessionMinutes: 'session_minutes',
    proofBits: 'proof_of_work',
  };
  const set = <K extends keyof NewOnsaleForm>(key: K, value: NewOnsaleForm[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setProblems((current) => {
      const { [FIELD_OF[key]]: _gone, _: _whole, ...rest } = current;
      return rest;
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried((count) => count + 1);
    if (onsale) {
      const prepared = prepareOnsaleChanges(onsale, form);
      if (!prepared.ok) return setProblems(prepared.problems);
      setProblems({});
      return onSave(prepared.changes);
    }
    const prepared = prepareNewOnsale(form, timeZone);
    if (!prepared.ok) return setProblems(prepared.problems);
    setProblems({});
    onCreate!(prepared.onsale);
  };
  const labels: Record<string, Shown> = {
    code: texts.codeField,
    event: texts.eventField,
    products: texts.productsField,
    opens_at: texts.opensField(timeZone),
    closes_at: texts.closesField(timeZone),
    room_opens_minutes_before: texts.roomField,
    admission: form.mode === 'rate' ? texts.limitRate : form.mode === 'steer' ? texts.steerMaxField : texts.limitCap,
    [RAMP_FIELD]: texts.rampField,
    [STEER_MIN_FIELD]: texts.steerMinField,
    [STEER_TARGET_FIELD]: texts.steerTargetField,
    session_minutes: texts.sessionField,
    proof_of_work: texts.proofField,
  };
  const problemOf = (field: string): string | undefined => {
    const problem = problems[field] ?? server[field];
    return problem ? say(onsaleProblemSentence(field, problem, labels)) : undefined;
  };
  const text = (key: Exclude<keyof OnsaleForm, 'mode'> | 'code', extra: { hint?: string; type?: string; inputMode?: 'numeric' } = {}) => {
    const field = FIELD_OF[key];
    const problem = problemOf(field);
    return (
      <TextField
        label={say(labels[field] ?? field)}
        value={form[key]}
        onChange={(value) => set(key, value)}
        type={extra.type ?? 'text'}
        inputMode={extra.inputMode}
        autoComplete="off"
        hint={problem ?? extra.hint}
        aria-invalid={problem ? true : undefined}
        className={problem ? 'staff-cat-field--invalid' : undefined}
      />
    );
  };
  const whole = problems._ ?? server._;
  const besideFields = Object.keys(server).some((field) => field !== '_');
  const eventProblem = problemOf('event');
  const productsProblem = problemOf('products');
  // The event's products and every merchandise item (merchandise belongs to no event).
  const items = choices ? choices.items.filter((item) => item.event === null || item.event === form.event) : [];

  return (
    <FormDialog
      id={onsale ? 'staff-onsale-edit' : 'staff-onsale-new'}
      formId={formId}
      formRef={formRef}
      title={onsale ? texts.editTitle(onsale.code) : say(texts.createTitle)}
      labels={texts}
      pending={action.isPending}
      onClose={onClose}
      onSubmit={submit}
      // A refusal by field is said beside its field (and read with it when it takes the focus); any other above the form.
      refusal={besideFields ? null : action.message}
      problem={action.message ? undefined : whole}
    >
        <p className="text-muted">{say(onsale ? texts.editLead : texts.createLead)}</p>
        <p className="text-muted">{say(texts.fileNote)}</p>
        {choices && (
          <>
            <div className="staff-form-row">
              {text('code', { hint: say(texts.codeHint) })}
              <Dropdown
                label={say(texts.eventField)}
                options={choices.events.map((event) => ({ value: event.code, label: texts.eventOf(event.name, event.code) }))}
                value={form.event}
                onChange={(value) => {
                  set('event', value);
                  set('products', []);
                }}
                hint={eventProblem}
                aria-invalid={eventProblem ? true : undefined}
                className={eventProblem ? 'staff-cat-field--invalid' : undefined}
              />
            </div>
            <fieldset className="fieldset staff-cat-edit__group" aria-describedby={productsProblem ? `${formId}-products-problem` : undefined}>
              <legend>{say(texts.productsLegend)}</legend>
              {productsProblem && (
                <p className="field__hint staff-cat-field--invalid" id={`${formId}-products-problem`}>
                  {productsProblem}
                </p>
              )}
              <div className="staff-onsale-edit__products">
                {items.map((item) => (
                  <div className="staff-cat-check" key={item.code}>
                    <input
                      type="checkbox"
                      id={`${formId}-item-${item.code}`}
                      checked={form.products.includes(item.code)}
                      aria-invalid={productsProblem ? true : undefined}
                      onChange={(event) => set('products', event.target.checked ? [...form.products, item.code] : form.products.filter((code) => code !== item.code))}
                    />
                    <label htmlFor={`${formId}-item-${item.code}`}>
                      {item.name} <code>{item.code}</code>
                    </label>
                  </div>
                ))}
              </div>
            </fieldset>
          </>
        )}
        <div className="staff-form-row">
          {text('opensAt', { type: 'datetime-local' })}
          {text('closesAt', { type: 'datetime-local', hint: say(texts.closesHint) })}
        </div>
        {text('roomMinutes', { inputMode: 'numeric', hint: say(texts.roomHint) })}
        <fieldset className="fieldset staff-cat-edit__group">
          <legend>{say(texts.modeLegend)}</legend>
          <div className="staff-onsale-edit__modes">
            {(['rate', 'cap', 'steer'] as const).map((mode) => (
              <div className="staff-cat-check" key={mode}>
                <input type="radio" id={`${formId}-mode-${mode}`} name={`${formId}-mode`} checked={form.mode === mode} onChange={() => set('mode', mode)} />
                <label htmlFor={`${formId}-mode-${mode}`}>{say(MODE_LABELS[mode])}</label>
              </div>
            ))}
          </div>
          {form.mode === 'steer' && text('steerMin', { inputMode: 'numeric', hint: say(texts.steerMinHint) })}
          {text('limit', { inputMode: 'numeric', hint: say(texts.limitHint) })}
          {form.mode === 'cap' && text('ramp', { inputMode: 'numeric', hint: say(texts.rampHint) })}
          {form.mode === 'steer' && text('steerTarget', { inputMode: 'numeric', hint: say(texts.steerTargetHint) })}
        </fieldset>
        <div className="staff-form-row">
          {text('sessionMinutes', { inputMode: 'numeric', hint: say(texts.sessionHint) })}
          {text('proofBits', { inputMode: 'numeric', hint: say(texts.proofHint) })}
        </div>
    </FormDialog>
  );
}
