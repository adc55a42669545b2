import { checkAnswers, isWalkInAddress, itemStatusDisplay, REFUND_OVERRIDE_REASON_MAX, type AnswerForm, type AnswerValue, type Shown, type StaffApiAnswer } from '@festival/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { ConfirmModal } from '../../components/ui/ConfirmModal';
import { DataTable } from '../../components/ui/DataTable';
import { Dropdown } from '../../components/ui/Dropdown';
import { Modal } from '../../components/ui/Modal';
import { Page } from '../../components/ui/Page';
import { QuestionField } from '../../components/ui/QuestionField';
import { answersFormOf, type AnswersForm } from '../../components/ui/question-field';
import { useLanguage } from '../../lib/language';
import { TextField } from '../../components/ui/TextField';
import { StaffApiError, staffCall } from '../api';
import { bytesOfBase64, downloadFile } from '../download-file';
import { Loading } from '../../components/ui/Loading';
import { LoadFailed } from '../LoadStates';
import { amountInput, formatAmount, parseAmount } from '../money';
import { hasEnded, hasRefundChoices, itemRefund, openAmount, refundableTickets, refundChoices, refundPreview, refundRequest } from '../order-page';
import { OrderStatusBadge } from '../OrderStatusBadge';
import { paymentMethodLabel, statusInSentence, statusLabel } from '../labels';
import { providerName } from '../refund-queue';
import { mayCall } from '../sections';
import { staffTexts } from '../texts';
import { StaffTime } from '../StaffTime';
import { formatStaffTime } from '../times';
import { useMember, useStaffTimeZone } from '../use-member';
import { isoOfZonedInput, zonedInputOf } from '../catalogue-page';
import { useStaffAction } from '../use-staff-action';
import { say } from '../../lib/say';

type Detail = StaffApiAnswer<'order-detail'>;
type Ticket = Detail['tickets'][number];
type RefundAnswer = StaffApiAnswer<'order-refund'>['refund'];
type Dialog =
  | { kind: 'resend'; what: 'confirmation' | 'tickets' }
  | { kind: 'mark-paid' }
  | { kind: 'cancel' }
  | { kind: 'refund' }
  | { kind: 'change'; ticket: Ticket }
  | { kind: 'answers'; form: AnswerForm; ticket: string | null }
  | { kind: 'extend' }
  | { kind: 'paid-out'; refund: Detail['refunds'][number] };

const texts = staffTexts.order;
const when = (iso: string | null) => (iso ? <StaffTime at={iso} /> : '–');
const statusWord = (status: string) => say(itemStatusDisplay(status, {}).label);
/** A timeline entry's kind in words, or as the shop named it. */
const kindWord = (kind: string) => {
  const known = texts.kinds[kind];
  return known ? say(known) : kind;
};
const SEARCH_KEY = ['order-search'] as const;
const AUDIT_KEY = ['staff-audit'] as const;

/** The shop's refusal inside a dialog, where the member acted. */
function Refusal({ message }: { message: string | null }) {
  return message ? (
    <div className="alert alert--danger" role="alert">
      {message}
    </div>
  ) : null;
}

/**
 * One order (issue 22 point 3): its money, items, payments, instalments, refunds, e-mails and one
 * timeline (newest first), and the staff's actions on it: each asks first, shows the shop's refusal
 * in its dialog, and puts the order as the shop answers it on the page.
 */
export default function OrderPage() {
  const code = useParams().code ?? '';
  const from = (useLocation().state as { q?: string } | null)?.q;
  const role = useMember().role;
  const client = useQueryClient();
  const key = ['order-detail', code] as const;
  const detail = useQuery({
    queryKey: key,
    queryFn: () => staffCall('order-detail', { code }),
    retry: (count, error) => !(error instanceof StaffApiError && error.status < 500) && count < 2,
  });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [lastRefund, setLastRefund] = useState<RefundAnswer | null>(null);

  /** An action's answer replaces the page's data; its text is the toast. */
  const settle = (answer: { message: string; order: Detail }) => {
    client.setQueryData(key, answer.order);
    setDialog(null);
    return answer.message;
  };
  const reload = [SEARCH_KEY, AUDIT_KEY];
  const resend = useStaffAction({ run: (what: 'confirmation' | 'tickets') => staffCall('order-resend', { code, what }), done: settle, reload });
  const markPaid = useStaffAction({ run: (amount: number) => staffCall('order-mark-paid', { code, amount }), done: settle, reload });
  const cancel = useStaffAction({ run: (note: string) => staffCall('order-cancel', { code, ...(note.trim() ? { note: note.trim() } : {}) }), done: settle, reload });
  const refund = useStaffAction({
    run: (input: RefundInput) =>
      staffCall('order-refund', { code, tickets: input.tickets, merchandise: input.merchandise, ...(input.note.trim() ? { note: input.note.trim() } : {}), ...(input.override ? { override: true, override_reason: input.override_reason ?? '' } : {}) }),
    done: (answer) => {
      setLastRefund(answer.refund);
      return settle(answer);
    },
    reload: [...reload, ['refund-requests']],
  });
  const change = useStaffAction({
    run: (input: { ticket: string } & ({ action: 'holder-name'; full_name: string } | { action: 'travel-time'; transport_time_id: number })) => staffCall('order-change-ticket', { code, ...input }),
    done: settle,
    reload,
  });
  const changeAnswers = useStaffAction({
    run: (input: AnswersInput) => staffCall('order-change-answers', { code, ticket: input.ticket, product: input.ticket ? null : input.product, answers: input.answers }),
    done: settle,
    reload,
  });
  const extend = useStaffAction({ run: (payBy: string) => staffCall('order-extend-deadline', { code, pay_by: payBy }), done: settle, reload });
  // The order's tickets as one PDF to print (decision 0076), the pages customers download.
  const printTickets = useStaffAction({
    run: () => staffCall('order-tickets-pdf', { code }),
    done: (answer) => {
      downloadFile({ filename: answer.filename, media_type: answer.media_type, content: bytesOfBase64(answer.content) });
      return texts.printed(answer.tickets);
    },
    reload: [AUDIT_KEY, key],
  });
  const paidOut = useStaffAction({ run: (refundId: number) => staffCall('order-refund-paid-out', { code, refund_id: refundId }), done: settle, reload: [...reload, ['refund-requests']] });

  const open = (next: Dialog) => {
    for (const action of [resend, markPaid, cancel, refund, change, changeAnswers, extend, paidOut]) action.clearMessage();
    setDialog(next);
  };
  const backTo = from ? `/orders?q=${encodeURIComponent(from)}` : '/orders';
  const back = (
    <p className="staff-order-back">
      <Link to={backTo}>
        <span className="icon-directional" aria-hidden="true">
          ←
        </span>{' '}
        {say(texts.back)}
      </Link>
    </p>
  );

  if (detail.isPending)
    return (
      <Page title={texts.title(code)}>
        {back}
        <Loading />
      </Page>
    );
  if (detail.isError)
    return (
      <Page title={texts.title(code)}>
        {back}
        {detail.error instanceof StaffApiError && detail.error.status === 404 ? (
          <div className="alert alert--warning" role="alert">
            {detail.error.message || say(texts.notFound)}
          </div>
        ) : (
          <LoadFailed error={detail.error} onRetry={() => void detail.refetch()} />
        )}
      </Page>
    );

  const data = detail.data;
  const { order, currency } = data;
  const money = (minor: number) => formatAmount(minor, currency);
  const status = order.payment_status;
  const ended = hasEnded(status);
  const stillOpen = openAmount(order);
  const paidEnough = status === 'paid' || (order.has_payment_plan && status === 'partial');
  const liveTickets = refundableTickets(data);
  // Sold at the desk without an e-mail address (decision 0076): nothing to mail to, the tickets are printed.
  const walkIn = isWalkInAddress(data.buyer.email);
  const may = {
    resendConfirmation: mayCall(role, 'order-resend') && paidEnough && !walkIn,
    resendTickets: mayCall(role, 'order-resend') && status === 'paid' && liveTickets.length > 0 && !walkIn,
    printTickets: mayCall(role, 'order-tickets-pdf') && status === 'paid' && liveTickets.length > 0,
    markPaid: mayCall(role, 'order-mark-paid') && !ended && status !== 'paid' && stillOpen > 0,
    refund: mayCall(role, 'order-refund') && order.total_paid > 0 && hasRefundChoices(data),
    cancel: mayCall(role, 'order-cancel') && !ended,
    extend: mayCall(role, 'order-extend-deadline') && (status === 'pending' || status === 'partial') && order.pay_by !== null,
    change: mayCall(role, 'order-change-ticket'),
    answers: mayCall(role, 'order-change-answers'),
  };
  const anyAction = may.resendConfirmation || may.resendTickets || may.printTickets || may.markPaid || may.refund || may.cancel || may.extend;
  const newestFirst = [...data.timeline].reverse();

  return (
    <Page title={<span className="staff-order-title">{texts.title(order.code)}</span>} className="staff-order">
      {back}
      <section className="card staff-order-summary" aria-label={texts.title(order.code)}>
        <div className="staff-order-summary__status">
          <OrderStatusBadge status={status} id="staff-order-status" />
        </div>
        <dl className="staff-order-facts">
          <Fact label={say(texts.buyer)}>
            <span>{data.buyer.name}</span>
            <span className="staff-order-email">{walkIn ? say(texts.noBuyerEmail) : data.buyer.email}</span>
          </Fact>
          <Fact label={say(texts.placed)}>{when(order.created_at)}</Fact>
          <Fact label={say(texts.method)}>{paymentMethodLabel(order.payment_method)}</Fact>
          <Fact label={say(texts.payBy)}>{order.pay_by ? when(order.pay_by) : status === 'pending' ? say(texts.payByNone) : '–'}</Fact>
        </dl>
        <dl className="staff-order-money" id="staff-order-money">
          <Fact label={say(texts.total)}>{money(order.total_price)}</Fact>
          <Fact label={say(texts.paid)}>{money(order.total_paid)}</Fact>
          <Fact label={say(texts.refunded)}>{money(order.total_refunded)}</Fact>
          <Fact label={say(texts.open)} strong={stillOpen > 0 && !ended}>
            {money(stillOpen)}
          </Fact>
          {order.discount_amount > 0 && <Fact label={texts.discount(order.discount_name)}>{money(-order.discount_amount)}</Fact>}
          {order.shipping_amount > 0 && <Fact label={texts.shipping(order.shipping_name)}>{money(order.shipping_amount)}</Fact>}
        </dl>
        {(data.answers.length > 0 || (may.answers && data.answer_forms.some((form) => form.allow_changes))) && (
          <div className="staff-order-answers" id="staff-order-answers">
            <h2 id="staff-order-answers-title">{say(texts.orderAnswers)}</h2>
            {data.answers.length > 0 && <Answers answers={data.answers} />}
            {may.answers &&
              data.answer_forms
                .filter((form) => form.allow_changes)
                .map((form) => (
                  <Button key={form.product} size="sm" variant="secondary" id={`staff-order-answers-change-${form.product}`} onClick={() => open({ kind: 'answers', form, ticket: null })} aria-label={texts.answersChangeOrder(form.name)}>
                    {say(texts.answersChange)}
                  </Button>
                ))}
          </div>
        )}
      </section>

      {anyAction && (
        <section className="staff-section" aria-labelledby="staff-order-actions-title">
          <h2 id="staff-order-actions-title" className="visually-hidden">
            {say(texts.actionsTitle)}
          </h2>
          <div className="button-row staff-order-actions">
            {may.resendConfirmation && (
              <Button variant="secondary" onClick={() => open({ kind: 'resend', what: 'confirmation' })}>
                {say(texts.resendConfirmation)}
              </Button>
            )}
            {may.resendTickets && (
              <Button variant="secondary" onClick={() => open({ kind: 'resend', what: 'tickets' })}>
                {say(texts.resendTickets)}
              </Button>
            )}
            {may.printTickets && (
              <Button variant="secondary" id="staff-order-print-tickets" loading={printTickets.isPending} onClick={() => printTickets.mutate(undefined)}>
                {say(texts.printTickets)}
              </Button>
            )}
            {may.markPaid && (
              <Button variant="secondary" onClick={() => open({ kind: 'mark-paid' })}>
                {say(texts.markPaid)}
              </Button>
            )}
            {may.extend && (
              <Button variant="secondary" onClick={() => open({ kind: 'extend' })}>
                {say(texts.extend)}
              </Button>
            )}
            {may.refund && (
              <Button variant="secondary" onClick={() => open({ kind: 'refund' })}>
                {say(texts.refund)}
              </Button>
            )}
            {may.cancel && (
              <Button variant="danger" onClick={() => open({ kind: 'cancel' })}>
                {say(texts.cancel)}
              </Button>
            )}
          </div>
        </section>
      )}
      {printTickets.message && (
        <div className="alert alert--danger" role="alert">
          {printTickets.message}
        </div>
      )}
      {lastRefund && <RefundOutcome refund={lastRefund} money={money} />}

      <section className="staff-section" aria-labelledby="staff-order-items-title">
        <h2 id="staff-order-items-title">{say(texts.itemsTitle)}</h2>
        {data.tickets.length === 0 && data.merchandise.length === 0 && <p className="text-muted">{say(texts.noItems)}</p>}
        {data.tickets.length > 0 && (
          <DataTable
            caption={say(texts.ticketsCaption)}
            stackOnNarrow
            className="staff-order-table"
            rows={data.tickets}
            rowKey={(ticket) => ticket.code}
            columns={[
              { key: 'code', header: say(texts.ticket), cell: (ticket) => <code>{ticket.code}</code> },
              { key: 'product', header: say(texts.product), cell: (ticket) => ticket.product },
              { key: 'holder', header: say(texts.holder), cell: (ticket) => ticket.holder_name ?? '–' },
              { key: 'email', header: say(texts.holderEmail), cell: (ticket) => <span className="staff-order-email">{ticket.holder_email ?? '–'}</span> },
              { key: 'departure', header: say(texts.departure), cell: (ticket) => when(ticket.travel_time) },
              { key: 'status', header: say(texts.itemStatus), cell: (ticket) => statusWord(ticket.status) },
              ...(data.tickets.some((ticket) => ticket.answers.length > 0 || (may.answers && ticket.answer_form?.allow_changes))
                ? [
                    {
                      key: 'answers',
                      header: say(texts.answers),
                      cell: (ticket: Ticket) => (
                        <>
                          {ticket.answers.length ? <Answers answers={ticket.answers} /> : '–'}
                          {may.answers && ticket.answer_form?.allow_changes && (
                            <Button size="sm" variant="secondary" onClick={() => open({ kind: 'answers', form: ticket.answer_form!, ticket: ticket.code })} aria-label={texts.answersChangeTicket(ticket.code)}>
                              {say(texts.answersChange)}
                            </Button>
                          )}
                        </>
                      ),
                    },
                  ]
                : []),
              { key: 'price', header: say(texts.price), align: 'end', cell: (ticket) => money(ticket.price) },
            ]}
            actionsHeader={<span className="visually-hidden">{say(texts.actionsTitle)}</span>}
            actions={
              may.change
                ? (ticket) =>
                    ticket.status === 'active' ? (
                      <Button size="sm" variant="secondary" onClick={() => open({ kind: 'change', ticket })} aria-label={texts.changeLabel(ticket.code)}>
                        {say(texts.change)}
                      </Button>
                    ) : null
                : undefined
            }
          />
        )}
        {data.merchandise.length > 0 && (
          <DataTable
            caption={say(texts.merchandiseCaption)}
            stackOnNarrow
            className="staff-order-table"
            rows={data.merchandise}
            rowKey={(item) => item.code}
            columns={[
              { key: 'code', header: say(texts.item), cell: (item) => <code>{item.code}</code> },
              { key: 'name', header: say(texts.product), cell: (item) => item.name },
              { key: 'status', header: say(texts.itemStatus), cell: (item) => statusWord(item.status) },
              { key: 'price', header: say(texts.price), align: 'end', cell: (item) => money(item.price) },
            ]}
          />
        )}
      </section>

      <section className="staff-section" aria-labelledby="staff-order-payments-title">
        <h2 id="staff-order-payments-title">{say(texts.paymentsTitle)}</h2>
        <DataTable
          caption={say(texts.paymentsCaption)}
          captionHidden
          stackOnNarrow
          className="staff-order-table"
          rows={data.payments}
          rowKey={(payment) => payment.id}
          empty={say(texts.noPayments)}
          columns={[
            { key: 'when', header: say(texts.when), cell: (payment) => when(payment.created_at) },
            { key: 'provider', header: say(texts.provider), cell: (payment) => (payment.provider === 'desk' ? texts.deskProvider(payment.method) : `${providerName(payment.provider)}, ${paymentMethodLabel(payment.method)}`) },
            { key: 'taken-by', header: say(texts.takenBy), cell: (payment) => <span className="staff-order-email">{payment.taken_by ?? '–'}</span> },
            { key: 'attempt', header: say(texts.attempt), align: 'end', cell: (payment) => payment.attempt },
            { key: 'status', header: say(texts.itemStatus), cell: (payment) => [payment.status, payment.dispute_status && texts.paymentDispute(payment.dispute_status), payment.refunded_at && say(texts.paymentRefunded)].filter(Boolean).join(', ') },
            { key: 'reference', header: say(texts.reference), cell: (payment) => <span className="staff-order-ref">{payment.reference ?? '–'}</span> },
            { key: 'amount', header: say(texts.amount), align: 'end', cell: (payment) => money(payment.amount) },
          ]}
        />
      </section>

      {(order.has_payment_plan || data.instalments.length > 0) && (
        <section className="staff-section" aria-labelledby="staff-order-instalments-title">
          <h2 id="staff-order-instalments-title">{say(texts.instalmentsTitle)}</h2>
          <DataTable
            caption={say(texts.instalmentsCaption)}
            captionHidden
            stackOnNarrow
            className="staff-order-table"
            rows={data.instalments}
            rowKey={(instalment) => instalment.reference}
            columns={[
              { key: 'reference', header: say(texts.reference), cell: (instalment) => <span className="staff-order-ref">{instalment.reference}</span> },
              { key: 'due', header: say(texts.due), cell: (instalment) => when(instalment.due_at) },
              { key: 'status', header: say(texts.itemStatus), cell: (instalment) => instalment.status },
              { key: 'attempts', header: say(texts.attempt), align: 'end', cell: (instalment) => instalment.attempts },
              { key: 'amount', header: say(texts.amount), align: 'end', cell: (instalment) => money(instalment.amount) },
              { key: 'paid', header: say(texts.paidAmount), align: 'end', cell: (instalment) => money(instalment.paid_amount) },
            ]}
          />
        </section>
      )}

      <section className="staff-section" aria-labelledby="staff-order-refunds-title">
        <h2 id="staff-order-refunds-title">{say(texts.refundsTitle)}</h2>
        {data.refunds.length === 0 ? (
          <p className="text-muted">{say(texts.noRefunds)}</p>
        ) : (
          <ul className="staff-order-refunds" id="staff-order-refunds">
            {data.refunds.map((entry) => (
              <li key={entry.id} className="card staff-order-refund">
                <div className="staff-order-refund__head">
                  <h3>{texts.refundHead(entry.id, money(entry.total))}</h3>
                  <Badge tone={entry.status === 'processed' ? 'success' : entry.status === 'rejected' ? 'neutral' : 'info'}>{statusLabel(entry.status)}</Badge>
                </div>
                <p className="text-muted">
                  {when(entry.created_at)}
                  {entry.completed_at && <> → {when(entry.completed_at)}</>}
                </p>
                <ul className="staff-order-lines">
                  {entry.items.map((item, index) => (
                    <li key={index}>{texts.refundItem(item.ticket_code ? texts.refundItemTicket(item.ticket_code) : texts.refundItemMerchandise(item.merchandise_code ?? ''), money(item.amount), statusInSentence(item.status))}</li>
                  ))}
                  {entry.shipping_refund > 0 && <li>{texts.refundShipping(money(entry.shipping_refund))}</li>}
                  {entry.to_card.map((part, index) => (
                    <li key={`card-${index}`}>{texts.refundToCard(money(part.amount), statusInSentence(part.status), part.provider_refund_id)}</li>
                  ))}
                  {entry.ways_text && <li className="staff-order-refund__ways">{texts.refundWays(entry.ways_text)}</li>}
                  {entry.ways.paid_out_by && <li>{texts.refundPaidOutBy(entry.ways.paid_out_by)}</li>}
                  {entry.bank && <li>{texts.refundBank(entry.bank.owner, entry.bank.account)}</li>}
                  {entry.note && <li className="staff-order-note">{texts.refundNote(entry.note)}</li>}
                </ul>
                {entry.status === 'processing' && entry.ways.cash + entry.ways.card_terminal > 0 && !entry.ways.paid_out_by && mayCall(role, 'order-refund-paid-out') && (
                  <div className="staff-order-refund__actions">
                    <Button variant="primary" onClick={() => open({ kind: 'paid-out', refund: entry })}>
                      {say(texts.paidOut)}
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="staff-section" aria-labelledby="staff-order-emails-title">
        <h2 id="staff-order-emails-title">{say(texts.emailsTitle)}</h2>
        <DataTable
          caption={say(texts.emailsCaption)}
          captionHidden
          stackOnNarrow
          className="staff-order-table"
          rows={data.emails}
          rowKey={(mail) => mail.id}
          empty={say(texts.noEmails)}
          columns={[
            { key: 'when', header: say(texts.when), cell: (mail) => when(mail.created_at) },
            { key: 'to', header: say(texts.to), cell: (mail) => <span className="staff-order-email">{mail.to}</span> },
            { key: 'subject', header: say(texts.subject), cell: (mail) => mail.subject },
            { key: 'status', header: say(texts.itemStatus), cell: (mail) => statusLabel(mail.status) },
            { key: 'sent', header: say(texts.sent), cell: (mail) => (mail.sent_at ? when(mail.sent_at) : say(texts.notSent)) },
          ]}
        />
      </section>

      <section className="staff-section" aria-labelledby="staff-order-timeline-title">
        <h2 id="staff-order-timeline-title">{say(texts.timelineTitle)}</h2>
        <p className="text-muted">{say(texts.timelineLead)}</p>
        {newestFirst.length === 0 ? (
          <p className="text-muted">{say(texts.timelineEmpty)}</p>
        ) : (
          <ol className="staff-order-timeline" id="staff-order-timeline">
            {newestFirst.map((entry, index) => (
              <li key={`${entry.at}-${index}`} className={`staff-order-timeline__entry staff-order-timeline__entry--${entry.kind}`}>
                <span className="staff-order-timeline__kind">{kindWord(entry.kind)}</span>
                <span className="staff-order-timeline__at">{when(entry.at)}</span>
                <span className="staff-order-timeline__text">{entry.text}</span>
              </li>
            ))}
          </ol>
        )}
      </section>

      {dialog?.kind === 'resend' && (
        <ConfirmModal
          open
          title={texts.resendTitle(dialog.what)}
          confirmLabel={say(texts.resend)}
          busy={resend.isPending}
          onCancel={() => setDialog(null)}
          onConfirm={() => resend.mutate(dialog.what)}
        >
          <Refusal message={resend.message} />
          <p>{texts.resendQuestion(dialog.what, data.buyer.email)}</p>
        </ConfirmModal>
      )}
      {dialog?.kind === 'mark-paid' && <MarkPaidDialog currency={currency} open={stillOpen} code={order.code} action={markPaid} money={money} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'cancel' && <CancelDialog detail={data} action={cancel} money={money} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'refund' && <RefundDialog detail={data} action={refund} money={money} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'change' && <ChangeDialog ticket={dialog.ticket} action={change} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'answers' && <AnswersDialog form={dialog.form} ticket={dialog.ticket} action={changeAnswers} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'paid-out' && (
        <ConfirmModal
          open
          title={texts.paidOutTitle(dialog.refund.id)}
          confirmLabel={say(texts.paidOut)}
          busy={paidOut.isPending}
          onCancel={() => setDialog(null)}
          onConfirm={() => paidOut.mutate(dialog.refund.id)}
        >
          <Refusal message={paidOut.message} />
          <p>{texts.paidOutQuestion(dialog.refund.ways_text, !walkIn)}</p>
        </ConfirmModal>
      )}
      {dialog?.kind === 'extend' && order.pay_by && <ExtendDialog code={order.code} payBy={order.pay_by} action={extend} onClose={() => setDialog(null)} />}
    </Page>
  );
}

/** Answers to the products' questions (decision 0106) as the shop words them: each question, then its answer. */
function Answers({ answers }: { answers: Detail['answers'] }) {
  return (
    <dl className="staff-order-answer-list">
      {answers.map((answer) => (
        <div key={answer.code} className="staff-order-answer">
          <dt>{answer.question}</dt>
          <dd>{answer.answer}</dd>
        </div>
      ))}
    </dl>
  );
}

function Fact({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className={strong ? 'staff-order-fact staff-order-fact--strong' : 'staff-order-fact'}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** What the last refund did with the money, as the shop answered it. */
function RefundOutcome({ refund, money }: { refund: RefundAnswer; money: (minor: number) => string }) {
  return (
    <div className={`alert ${refund.provider_error ? 'alert--warning' : 'alert--success'} staff-section`} role="status" id="staff-order-refund-outcome">
      <p>
        <strong>{texts.refundResult(money(refund.total))}</strong>
      </p>
      <ul className="staff-order-lines">
        {refund.to_card > 0 && <li>{texts.refundToCardDone(money(refund.to_card))}</li>}
        {refund.at_desk > 0 && !refund.ways.paid_out_by && <li>{texts.refundAtDeskDone(money(refund.at_desk))}</li>}
        {refund.by_bank > 0 && <li>{refund.ways.bank_details ? texts.refundByBankDone(money(refund.by_bank)) : texts.refundByBankWaiting(money(refund.by_bank))}</li>}
        {refund.provider_error && <li>{texts.refundProviderError(refund.provider_error)}</li>}
      </ul>
    </div>
  );
}

type Action<Input> = { mutate: (input: Input) => void; isPending: boolean; message: string | null; fieldError: (field: string) => string | undefined };

function MarkPaidDialog({ currency, open, code, action, money, onClose }: { currency: string; open: number; code: string; action: Action<number>; money: (minor: number) => string; onClose: () => void }) {
  const [typed, setTyped] = useState(amountInput(open, currency));
  const [problem, setProblem] = useState<Shown | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseAmount(typed, currency);
    if (!parsed.ok || parsed.minor <= 0 || parsed.minor > open) {
      setProblem(!parsed.ok ? texts.amountProblems[parsed.problem] : parsed.minor <= 0 ? texts.amountProblems.zero : texts.amountProblems.tooMuch(money(open)));
      return;
    }
    setProblem(null);
    action.mutate(parsed.minor);
  };
  const parsed = parseAmount(typed, currency);
  const fieldError = problem ? say(problem) : action.fieldError('amount');
  return (
    <Modal
      open
      onClose={onClose}
      title={say(texts.markPaidTitle)}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={action.isPending}>
            {say(texts.close)}
          </Button>
          <Button type="submit" form="staff-order-mark-paid" loading={action.isPending}>
            {say(texts.markPaidSave)}
          </Button>
        </>
      }
    >
      <form id="staff-order-mark-paid" className="form-stack" onSubmit={submit} noValidate>
        <Refusal message={action.message} />
        <p>{texts.markPaidLead(money(open))}</p>
        <TextField
          label={texts.markPaidAmount(currency)}
          value={typed}
          onChange={(value) => {
            setTyped(value);
            setProblem(null);
          }}
          inputMode="decimal"
          autoComplete="off"
          required
          hint={fieldError ?? say(texts.markPaidHint)}
          aria-invalid={fieldError ? true : undefined}
        />
        {parsed.ok && parsed.minor > 0 && parsed.minor <= open && <p className="staff-order-confirm-line">{texts.markPaidConfirm(money(parsed.minor), code)}</p>}
      </form>
    </Modal>
  );
}

function CancelDialog({ detail, action, money, onClose }: { detail: Detail; action: Action<string>; money: (minor: number) => string; onClose: () => void }) {
  const [note, setNote] = useState('');
  const held = detail.order.total_paid - detail.order.total_refunded;
  return (
    <ConfirmModal open title={texts.cancelTitle(detail.order.code)} confirmLabel={say(texts.cancelConfirm)} cancelLabel={say(texts.keep)} confirmVariant="danger" busy={action.isPending} onCancel={onClose} onConfirm={() => action.mutate(note)}>
      <Refusal message={action.message} />
      <p>{texts.cancelWhat(!isWalkInAddress(detail.buyer.email))}</p>
      {held > 0 && <p className="staff-order-warning">{texts.cancelMoneyHeld(money(held))}</p>}
      <NoteField label={say(texts.cancelNote)} value={note} onChange={setNote} hint={action.fieldError('note')} />
    </ConfirmModal>
  );
}

function NoteField({ label, value, onChange, hint }: { label: string; value: string; onChange: (value: string) => void; hint?: string | undefined }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor="staff-order-note">
        {label}
      </label>
      <textarea id="staff-order-note" className="field__control staff-order-note-input" rows={2} maxLength={1000} value={value} onChange={(event) => onChange(event.target.value)} aria-describedby={hint ? 'staff-order-note-hint' : undefined} />
      {hint && (
        <p id="staff-order-note-hint" className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}

type RefundInput = { tickets: string[]; merchandise: string[]; note: string; override?: true; override_reason?: string };

function RefundDialog({ detail, action, money, onClose }: { detail: Detail; action: Action<RefundInput>; money: (minor: number) => string; onClose: () => void }) {
  const [tickets, setTickets] = useState<string[]>([]);
  const [merchandise, setMerchandise] = useState<string[]>([]);
  const [note, setNote] = useState('');
  const [override, setOverride] = useState(false);
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [tried, setTried] = useState(false);
  // Only what can be refunded now; what the product's rules keep back behind the override (decision 0076).
  const choices = refundChoices(detail);
  const { now, outsideRules } = choices;
  const request = refundRequest(choices, { tickets, merchandise }, { on: override, reason });
  const preview = refundPreview(detail, request.tickets, request.merchandise);
  const toggle = (list: string[], set: (next: string[]) => void, code: string, on: boolean) => set(on ? [...list, code] : list.filter((entry) => entry !== code));
  const count = request.tickets.length + request.merchandise.length;
  const problem = preview.problem ?? request.problem;
  const showProblem = problem && (tried || count > 1);
  const offered = now.tickets.length + now.merchandise.length + outsideRules.tickets.length + outsideRules.merchandise.length;
  const outsideCount = outsideRules.tickets.length + outsideRules.merchandise.length;
  const next = () => {
    setTried(true);
    if (!problem) setConfirming(true);
  };
  const send = () => action.mutate({ tickets: request.tickets, merchandise: request.merchandise, note, ...(request.override ? { override: true, override_reason: request.override_reason ?? '' } : {}) });
  const chosen = (list: { code: string }[], codes: string[]) => list.filter((item) => codes.includes(item.code));
  const ticketLabel = (ticket: Ticket) => texts.refundTicketLabel(ticket.product, ticket.holder_name, ticket.code);
  return (
    <Modal
      open
      onClose={onClose}
      title={confirming ? say(texts.refundConfirmTitle) : texts.refundTitle(detail.order.code)}
      size="md"
      footer={
        confirming ? (
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={action.isPending}>
              {say(texts.backStep)}
            </Button>
            <Button variant="danger" loading={action.isPending} onClick={send}>
              {say(texts.refundDo)}
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              {say(texts.close)}
            </Button>
            <Button onClick={next} disabled={offered === 0}>
              {say(texts.refundNext)}
            </Button>
          </>
        )
      }
    >
      <Refusal message={action.message} />
      {confirming ? (
        <>
          <p>{texts.refundConfirm(count, money(preview.total), !isWalkInAddress(detail.buyer.email))}</p>
          <ul className="staff-order-lines">
            {chosen([...now.tickets, ...outsideRules.tickets], request.tickets).map((ticket) => (
              <li key={ticket.code}>{ticketLabel(ticket as Ticket)}</li>
            ))}
            {chosen([...now.merchandise, ...outsideRules.merchandise], request.merchandise).map((item) => (
              <li key={item.code}>{`${(item as Detail['merchandise'][number]).name} (${item.code})`}</li>
            ))}
          </ul>
          {request.override && (
            <p className="staff-order-warning" id="staff-refund-override-confirm">
              {texts.refundOverrideConfirm(request.overridden, request.override_reason ?? '')}
            </p>
          )}
          {note.trim() && <p>{texts.refundNote(note.trim())}</p>}
        </>
      ) : (
        <div className="form-stack">
          <p>{say(texts.refundLead)}</p>
          <p className="text-muted">{say(texts.refundRules)}</p>
          {offered === 0 && <p>{say(texts.refundNothing)}</p>}
          {now.tickets.length > 0 && (
            <fieldset className="staff-order-choices">
              <legend>{say(texts.refundTicketsLegend)}</legend>
              {now.tickets.map((ticket) => (
                <Choice key={ticket.code} id={`staff-refund-ticket-${ticket.code}`} checked={tickets.includes(ticket.code)} onChange={(on) => toggle(tickets, setTickets, ticket.code, on)} label={ticketLabel(ticket)} amount={texts.refundAmount(money(itemRefund(ticket)))} />
              ))}
            </fieldset>
          )}
          {now.merchandise.length > 0 && (
            <fieldset className="staff-order-choices">
              <legend>{say(texts.refundMerchandiseLegend)}</legend>
              {now.merchandise.map((item) => (
                <Choice key={item.code} id={`staff-refund-merchandise-${item.code}`} checked={merchandise.includes(item.code)} onChange={(on) => toggle(merchandise, setMerchandise, item.code, on)} label={`${item.name} (${item.code})`} amount={texts.refundAmount(money(itemRefund(item)))} />
              ))}
            </fieldset>
          )}
          {outsideCount > 0 && (
            <fieldset className="staff-order-choices staff-order-outside-rules" aria-describedby="staff-refund-outside-lead">
              <legend>{say(texts.refundOutsideLegend)}</legend>
              <p id="staff-refund-outside-lead" className="text-muted">
                {texts.refundOutsideLead(outsideCount)}
              </p>
              <div className="staff-order-choice staff-order-override">
                <input type="checkbox" id="staff-refund-override" checked={override} onChange={(event) => setOverride(event.target.checked)} />
                <label htmlFor="staff-refund-override">
                  <strong>{say(texts.refundOverride)}</strong>
                </label>
              </div>
              {outsideRules.tickets.map((ticket) => (
                <Choice key={ticket.code} id={`staff-refund-ticket-${ticket.code}`} disabled={!override} checked={override && tickets.includes(ticket.code)} onChange={(on) => toggle(tickets, setTickets, ticket.code, on)} label={ticketLabel(ticket)} rule={ticket.refund_rule} amount={texts.refundAmount(money(itemRefund(ticket)))} />
              ))}
              {outsideRules.merchandise.map((item) => (
                <Choice key={item.code} id={`staff-refund-merchandise-${item.code}`} disabled={!override} checked={override && merchandise.includes(item.code)} onChange={(on) => toggle(merchandise, setMerchandise, item.code, on)} label={`${item.name} (${item.code})`} rule={item.refund_rule} amount={texts.refundAmount(money(itemRefund(item)))} />
              ))}
              {override && (
                <div className="field">
                  <label className="field__label" htmlFor="staff-refund-override-reason">
                    {say(texts.refundOverrideReason)} <span aria-hidden="true">*</span>
                  </label>
                  <textarea
                    id="staff-refund-override-reason"
                    className="field__control staff-order-note-input"
                    rows={2}
                    maxLength={REFUND_OVERRIDE_REASON_MAX}
                    required
                    aria-required="true"
                    aria-invalid={tried && request.overridden > 0 && !request.override_reason ? true : undefined}
                    value={reason}
                    onChange={(event) => setReason(event.target.value)}
                    aria-describedby="staff-refund-override-reason-hint"
                  />
                  <p id="staff-refund-override-reason-hint" className="field__hint">
                    {action.fieldError('override_reason') ?? say(texts.refundOverrideReasonHint)}
                  </p>
                </div>
              )}
            </fieldset>
          )}
          {showProblem && (
            <p className="staff-order-warning" role="alert">
              {problem}
            </p>
          )}
          {!problem && (
            <p className="staff-order-refund-total" id="staff-order-refund-total">
              <strong>{texts.refundTotal(money(preview.total))}</strong>
            </p>
          )}
          <NoteField label={say(texts.refundNoteField)} value={note} onChange={setNote} hint={action.fieldError('note')} />
        </div>
      )}
    </Modal>
  );
}

function Choice({ id, checked, onChange, label, amount, disabled, rule }: { id: string; checked: boolean; onChange: (on: boolean) => void; label: string; amount: string; disabled?: boolean; rule?: string | null }) {
  return (
    <div className={`staff-order-choice${disabled ? ' staff-order-choice--disabled' : ''}`}>
      <input type="checkbox" id={id} checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} aria-describedby={rule ? `${id}-rule` : undefined} />
      <label htmlFor={id}>
        <span>{label}</span>
        <span className="staff-order-choice__amount">{amount}</span>
        {rule && (
          <span id={`${id}-rule`} className="staff-order-choice__rule">
            {rule}
          </span>
        )}
      </label>
    </div>
  );
}

type ChangeInput = { ticket: string } & ({ action: 'holder-name'; full_name: string } | { action: 'travel-time'; transport_time_id: number });

function ChangeDialog({ ticket, action, onClose }: { ticket: Ticket; action: Action<ChangeInput>; onClose: () => void }) {
  const departures = ticket.travel_times;
  const [what, setWhat] = useState<'holder-name' | 'travel-time'>('holder-name');
  const [name, setName] = useState(ticket.holder_name ?? '');
  const [departure, setDeparture] = useState(String(ticket.transport_time_id ?? departures[0]?.id ?? ''));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (what === 'holder-name') action.mutate({ ticket: ticket.code, action: 'holder-name', full_name: name });
    else action.mutate({ ticket: ticket.code, action: 'travel-time', transport_time_id: Number(departure) });
  };
  const timeZone = useStaffTimeZone();
  const options = departures.map((entry) => ({
    value: String(entry.id),
    label: texts.seatsLeft(formatStaffTime(entry.travel_time, timeZone), entry.seats_left, entry.id === ticket.transport_time_id),
    disabled: entry.seats_left === 0 && entry.id !== ticket.transport_time_id,
  }));
  return (
    <Modal
      open
      onClose={onClose}
      title={texts.changeTitle(ticket.code)}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={action.isPending}>
            {say(texts.close)}
          </Button>
          <Button type="submit" form="staff-order-change" loading={action.isPending}>
            {say(texts.changeSave)}
          </Button>
        </>
      }
    >
      <form id="staff-order-change" className="form-stack" onSubmit={submit} noValidate>
        <Refusal message={action.message} />
        <p>
          {ticket.product}
          {ticket.holder_name ? `, ${ticket.holder_name}` : ''}
        </p>
        {departures.length > 0 && (
          <Dropdown
            label={say(texts.changeWhat)}
            value={what}
            onChange={(value) => setWhat(value as typeof what)}
            options={[
              { value: 'holder-name', label: say(texts.changeName) },
              { value: 'travel-time', label: say(texts.changeTravel) },
            ]}
          />
        )}
        {what === 'holder-name' ? (
          <TextField label={say(texts.holderName)} value={name} onChange={setName} autoComplete="off" required hint={action.fieldError('full_name')} aria-invalid={action.fieldError('full_name') ? true : undefined} />
        ) : (
          <Dropdown label={say(texts.travelTime)} value={departure} onChange={setDeparture} options={options} required hint={action.fieldError('transport_time_id')} />
        )}
      </form>
    </Modal>
  );
}

type AnswersInput = { ticket: string | null; product: string; answers: Record<string, AnswerValue> };

/**
 * A ticket's or the order's answers as staff change them (order-change-answers, decision 0109): the
 * shop's question fields, checked by the contract's rule before sending; each problem, or the shop's
 * refusal naming `answers.<code>`, shown at its question.
 */
function AnswersDialog({ form, ticket, action, onClose }: { form: AnswerForm; ticket: string | null; action: Action<AnswersInput>; onClose: () => void }) {
  const language = useLanguage();
  const [values, setValues] = useState<AnswersForm>(() => answersFormOf(form.questions, form.values));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const fieldId = (code: string) => `staff-order-answer-${code}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkAnswers(form.questions, values, language);
    const found = Object.fromEntries(checked.problems.map((problem) => [problem.code, say(problem.message)]));
    setProblems(found);
    const first = checked.problems[0];
    if (first) {
      document.getElementById(fieldId(first.code))?.focus();
      return;
    }
    action.mutate({ ticket, product: form.product, answers: checked.answers });
  };
  const title = ticket ? texts.answersChangeTicket(ticket) : texts.answersChangeOrder(form.name);
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={action.isPending}>
            {say(texts.close)}
          </Button>
          <Button type="submit" form="staff-order-answers-form" loading={action.isPending}>
            {say(texts.answersSave)}
          </Button>
        </>
      }
    >
      <form id="staff-order-answers-form" className="form-stack" onSubmit={submit} noValidate>
        <Refusal message={action.message} />
        <p>{say(texts.answersMailed)}</p>
        {form.questions.map((question) => {
          const error = problems[question.code] ?? action.fieldError(`answers.${question.code}`);
          return (
            <QuestionField
              key={question.code}
              id={fieldId(question.code)}
              question={question}
              language={language}
              value={values[question.code] ?? (question.kind === 'multi' ? [] : '')}
              onChange={(value) => setValues((current) => ({ ...current, [question.code]: value }))}
              invalid={Boolean(error)}
              error={error}
            />
          );
        })}
      </form>
    </Modal>
  );
}

function ExtendDialog({ code, payBy, action, onClose }: { code: string; payBy: string; action: Action<string>; onClose: () => void }) {
  const timeZone = useStaffTimeZone();
  // A day past the current time to pay, or from now when that has passed; typed on the events' clocks, not the device's.
  const [value, setValue] = useState(() => zonedInputOf(new Date(Math.max(new Date(payBy).getTime(), Date.now()) + 24 * 3600 * 1000).toISOString(), timeZone));
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = isoOfZonedInput(value, timeZone);
    if (!typed.ok) {
      setProblem(typed.problem === 'gap' ? staffTexts.catalogue.timeProblems.gap(timeZone) : say(texts.extendInvalid));
      return;
    }
    setProblem(null);
    action.mutate(typed.iso);
  };
  const fieldError = problem ?? action.fieldError('pay_by');
  return (
    <Modal
      open
      onClose={onClose}
      title={texts.extendTitle(code)}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={action.isPending}>
            {say(texts.close)}
          </Button>
          <Button type="submit" form="staff-order-extend" loading={action.isPending}>
            {say(texts.extendSave)}
          </Button>
        </>
      }
    >
      <form id="staff-order-extend" className="form-stack" onSubmit={submit} noValidate>
        <Refusal message={action.message} />
        <p>{texts.extendLead(formatStaffTime(payBy, timeZone))}</p>
        <TextField type="datetime-local" label={texts.extendField(timeZone)} value={value} onChange={setValue} required hint={fieldError} aria-invalid={fieldError ? true : undefined} />
      </form>
    </Modal>
  );
}
