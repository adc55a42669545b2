import { canReassign, messages, ticketEditError, type Order, type Text, type Ticket, type TicketEditRules, portalMessages } from '@festival/contract';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ticketNeedsAge } from '../../../components/order/ticket-actions';
import { Button } from '../../../components/ui/Button';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { Dropdown } from '../../../components/ui/Dropdown';
import { FieldLabel } from '../../../components/ui/FieldLabel';
import { FormError } from '../../../components/ui/FormError';
import { Loading } from '../../../components/ui/Loading';
import { Page } from '../../../components/ui/Page';
import { EmailField, TextField } from '../../../components/ui/TextField';
import { useToast } from '../../../components/ui/Toasts';
import { errorText } from '../../../lib/api-client';
import { useConfig } from '../../../lib/config';
import { usePageTitle } from '../../../lib/route-handle';
import { useUserData } from '../../../lib/user-data';
import { useChangeTicket, type ChangeTicketFields } from '../api/tickets';
import { AnswersEditor } from '../components/AnswersEditor';
import '../../../components/ui/terms-checkbox.css';
import './manage-ticket.css';
import { say } from '../../../lib/say';
import { portalTexts } from '../portal.messages';

const orderPath = (code: string) => `/portal/orders/${encodeURIComponent(code)}`;
const texts = portalTexts.manageTicketPage;

/**
 * /portal/orders/:order/manage-ticket/:ticket (logged in; spec sections 4 and 5, "Ticket edit"):
 * the holder details of one active ticket, in two steps, enter details then confirm. Any other
 * ticket goes back to its order (an unknown order to the portal). The order comes from get-data.
 */
export default function ManageTicketPage() {
  const title = usePageTitle();
  const { order: orderCode = '', ticket: ticketCode = '' } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const { data, isPending } = useUserData();
  const order = data?.orders.find((candidate) => candidate.code === orderCode) ?? null;
  const ticket = order?.tickets.find((candidate) => candidate.code === ticketCode) ?? null;
  // Once the page leaves (redirected, or the change is saved) it does not redirect again: a
  // reassigned ticket disappears from the answered data while the page navigates to its order.
  const left = useRef(false);

  let redirect: string | null = null;
  if (!isPending && !order) redirect = '/portal';
  else if (order && ticket?.status !== 'active') redirect = orderPath(order.code);

  useEffect(() => {
    if (!redirect || left.current) return;
    left.current = true;
    if (ticket) toast.info(say(portalMessages.ticketNotActive));
    void navigate(redirect, { replace: true });
  }, [redirect, ticket, toast, navigate]);

  const saved = (savedOrder: Order, savedTicket: Ticket) => {
    toast.success(say(messages.toast.ticketUpdated(savedTicket.code)));
    void navigate(orderPath(savedOrder.code));
  };

  return (
    <Page title={title} lead={ticket ? say(texts.lead({ product: ticket.product, code: ticket.code })) : undefined} className="manage-ticket">
      {order && ticket && !redirect ? (
        <div className="card">
          <ManageTicketForm
            key={`${order.code}/${ticket.code}`}
            order={order}
            ticket={ticket}
            customerEmail={data?.customer?.email ?? ''}
            onSending={(sending) => {
              left.current = sending;
            }}
            onSaved={saved}
          />
        </div>
      ) : (
        <Loading />
      )}
      {/* The answers to the product's questions (decision 0106): changed on their own, while the holder may be changed. */}
      {order && ticket && !redirect && ticket.answer_form?.allow_changes && (
        <div className="card">
          <AnswersEditor idPrefix="ticket-answers" orderId={order.id} form={ticket.answer_form} ticket={ticket.code} title={say(portalTexts.answersEditor.ticketTitle)} />
        </div>
      )}
    </Page>
  );
}

type Step = 'details' | 'confirm';

interface ManageTicketFormProps {
  order: Order;
  ticket: Ticket;
  customerEmail: string;
  /** While the change is sent the page must not redirect on the data it answers. */
  onSending: (sending: boolean) => void;
  onSaved: (order: Order, ticket: Ticket) => void;
}

const STEP_TITLES: Record<Step, Text> = {
  details: texts.detailsTitle,
  confirm: texts.confirmTitle,
};

function ManageTicketForm({ order, ticket, customerEmail, onSending, onSaved }: ManageTicketFormProps) {
  const config = useConfig();
  const { send, isPending } = useChangeTicket();
  const [step, setStep] = useState<Step>('details');
  const [fullName, setFullName] = useState(ticket.full_name ?? '');
  const [email, setEmail] = useState(ticket.email ?? '');
  const [age, setAge] = useState(ticket.age ?? '');
  const [reassign, setReassign] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(true);
  const noteId = useId();

  const rules: TicketEditRules = {
    allowNameChanges: ticket.allow_name_changes,
    allowEmailChanges: ticket.allow_email_changes,
    needsAge: ticketNeedsAge(ticket, config),
  };
  const locked = ticket.recently_edited;
  // The address the ticket will have: reassigning is offered (and sent) only when it is not the customer's own.
  const newEmail = rules.allowEmailChanges ? email.trim() : (ticket.email ?? '');
  const reassignOffered = canReassign(newEmail, customerEmail);
  const reassigning = reassignOffered && reassign;
  const ageOptions = ticket.age && !config.ageRanges.includes(ticket.age) ? [ticket.age, ...config.ageRanges] : config.ageRanges;

  // Each new step is announced: its heading takes focus (not on the page's first render).
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  const next = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (locked) return;
    const problem = ticketEditError(
      { full_name: fullName, email: newEmail, age: rules.needsAge ? age : null, reassign: reassigning },
      { full_name: ticket.full_name, email: ticket.email, age: ticket.age },
      rules,
    );
    setError(problem && say(problem));
    if (!problem) setStep('confirm');
  };

  const confirm = async () => {
    if (locked) return;
    const fields: ChangeTicketFields = {
      order_id: order.id,
      code: ticket.code,
      reassign: reassigning,
      note: note.trim() || null,
      // Spec section 7: the name and the e-mail only when they may change.
      ...(rules.allowNameChanges ? { full_name: fullName.trim() } : {}),
      ...(rules.allowEmailChanges ? { email: email.trim() } : {}),
      age: rules.needsAge ? age : null,
    };
    onSending(true);
    try {
      const data = await send(fields);
      if (data) onSaved(order, ticket);
    } catch (failure) {
      onSending(false);
      // Spec section 4: an error at confirm returns to the details with the server's message.
      setError(errorText(failure));
      setStep('details');
    }
  };

  const heading = (
    <h2 id="manage-step" ref={headingRef} tabIndex={-1} className="screen-title">
      {say(STEP_TITLES[step])}
    </h2>
  );

  if (step === 'confirm') {
    const changes: { key: string; label: string; before: string | null; after: string | null }[] = [
      { key: 'full-name', label: say(texts.fullName), before: ticket.full_name, after: rules.allowNameChanges ? fullName.trim() : ticket.full_name },
      { key: 'email', label: say(texts.email), before: ticket.email, after: newEmail || null },
      ...(rules.needsAge ? [{ key: 'age', label: say(texts.ageRange), before: ticket.age, after: age || null }] : []),
    ];
    return (
      <div className="form-stack" id="manage-confirm-step">
        {heading}
        <p>{say(texts.checkDetails)}</p>
        <dl className="manage-ticket__summary" id="manage-summary">
          {changes.map((change) => {
            const changed = (change.before ?? '') !== (change.after ?? '');
            return (
              <div key={change.key} id={`manage-summary-${change.key}`} className={changed ? 'manage-ticket__changed' : undefined}>
                <dt>{change.label}</dt>
                <dd>
                  {changed ? (
                    <>
                      <span className="manage-ticket__before">{change.before || say(texts.none)}</span>
                      <span aria-hidden="true">
                        {' '}
                        <span className="icon-directional">→</span>{' '}
                      </span>
                      <span className="visually-hidden">{` ${say(texts.changesTo)} `}</span>
                      <span className="manage-ticket__after">{change.after || say(texts.none)}</span>
                    </>
                  ) : (
                    <>
                      {change.after || say(texts.none)} <span className="manage-ticket__unchanged">{say(texts.unchanged)}</span>
                    </>
                  )}
                </dd>
              </div>
            );
          })}
          {note.trim() && (
            <div id="manage-summary-note">
              <dt>{say(texts.note)}</dt>
              <dd className="manage-ticket__note">{note.trim()}</dd>
            </div>
          )}
        </dl>
        {reassigning && (
          <p className="alert alert--warning" id="manage-reassign-warning">
            {say(texts.reassignWarning({ email: newEmail }))}
          </p>
        )}
        <div className="button-row">
          <Button id="manage-back" variant="secondary" disabled={isPending} onClick={() => setStep('details')}>
            {say(texts.back)}
          </Button>
          <Button id="manage-confirm" loading={isPending} disabled={locked} onClick={() => void confirm()}>
            {say(messages.ui.confirm)}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form id="manage-form" className="form-stack" noValidate onSubmit={next} aria-labelledby="manage-step">
      {heading}
      {locked && (
        <p className="alert alert--warning" id="manage-locked">
          {say(portalMessages.recentlyEdited)}
        </p>
      )}
      <FormError id="manage-error" message={error} />
      <fieldset className="fieldset" disabled={locked}>
        <legend className="visually-hidden">{say(texts.holder)}</legend>
        <TextField
          id="manage-full-name"
          label={say(texts.fullName)}
          autoComplete="off"
          required={rules.allowNameChanges}
          readOnly={!rules.allowNameChanges}
          value={fullName}
          onChange={setFullName}
          hint={
            rules.allowNameChanges
              ? [say(messages.cart.nameAsOnId), ticket.name_changes_left === null ? null : say(texts.nameChangesLeft({ count: ticket.name_changes_left }))].filter(Boolean).join(' ')
              : say(portalMessages.nameChangesNotAllowed)
          }
        />
        {rules.allowEmailChanges ? (
          <EmailField id="manage-email" label={say(texts.email)} autoComplete="off" value={email} onChange={setEmail} />
        ) : (
          <TextField id="manage-email" label={say(texts.email)} type="email" readOnly value={email} onChange={setEmail} hint={say(portalMessages.emailChangesNotAllowed)} />
        )}
        {rules.needsAge && (
          <Dropdown
            id="manage-age"
            label={say(texts.ageRange)}
            required
            placeholder={say(texts.chooseAge)}
            options={ageOptions.map((range) => ({ value: range, label: range }))}
            value={age}
            onChange={setAge}
          />
        )}
        {reassignOffered && (
          <div className="manage-ticket__reassign">
            <div className="checkbox-field">
              <input type="checkbox" id="manage-reassign" checked={reassign} aria-describedby="manage-reassign-hint" onChange={(event) => setReassign(event.target.checked)} />
              <label htmlFor="manage-reassign">{say(texts.reassign)}</label>
            </div>
            <p id="manage-reassign-hint" className="field__hint">
              {say(texts.reassignHint({ email: newEmail }))}
            </p>
          </div>
        )}
        <div className="field">
          <FieldLabel htmlFor="manage-note">{say(texts.noteOptional)}</FieldLabel>
          <textarea id="manage-note" className="field__control" rows={3} maxLength={2000} value={note} aria-describedby={noteId} onChange={(event) => setNote(event.target.value)} />
          <p id={noteId} className="field__hint">
            {say(texts.noteHint)}
          </p>
        </div>
      </fieldset>
      <div className="button-row">
        <ButtonLink id="manage-cancel" to={orderPath(order.code)} variant="secondary">
          {say(messages.ui.cancel)}
        </ButtonLink>
        <Button id="manage-next" type="submit" disabled={locked}>
          {say(texts.next)}
        </Button>
      </div>
    </form>
  );
}
