import { messages, REFUND_REASON_MAX, type RefundRequestRow } from '@festival/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Badge, type BadgeTone } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { ConfirmModal } from '../../components/ui/ConfirmModal';
import { DataTable } from '../../components/ui/DataTable';
import { FieldLabel } from '../../components/ui/FieldLabel';
import { Modal } from '../../components/ui/Modal';
import { Page } from '../../components/ui/Page';
import { useToast } from '../../components/ui/Toasts';
import { staffCall } from '../api';
import { StaffTime } from '../StaffTime';
import { Loading } from '../../components/ui/Loading';
import { LoadFailed } from '../LoadStates';
import { accountOf, bankPlace, decidedText, holderAddress, moneyOf, paymentMethodName, providerName, refundWays } from '../refund-queue';
import { staffTexts } from '../texts';
import { useStaffAction } from '../use-staff-action';
import { say } from '../../lib/say';

type Row = RefundRequestRow;
type Decision = { row: Row; decision: 'approve' } | { row: Row; decision: 'reject'; reason: string };

const QUEUE_KEY = ['refund-requests'] as const;
const texts = staffTexts.refunds;
const when = (iso: string) => <StaffTime at={iso} />;

const TONES: Record<Row['status'], BadgeTone> = { active: 'info', processing: 'info', problem: 'danger', processed: 'success', rejected: 'neutral', cancelled: 'neutral' };
const StatusBadge = ({ row }: { row: Row }) => <Badge tone={TONES[row.status]}>{say(texts.states[row.status])}</Badge>;

/** The refund queue (issue 22 point 4): the open requests to approve or reject, then the recently decided. */
export default function RefundsPage() {
  const queue = useQuery({ queryKey: QUEUE_KEY, queryFn: () => staffCall('refund-requests', {}) });
  const [approving, setApproving] = useState<Row | null>(null);
  const [rejecting, setRejecting] = useState<Row | null>(null);
  const [reason, setReason] = useState('');
  // The provider's refusal stays on its request after the queue reloads (the answer says it once).
  const [warnings, setWarnings] = useState<Record<number, string>>({});

  const decide = useStaffAction({
    run: (input: Decision) => staffCall('refund-decide', input.decision === 'approve' ? { refund_id: input.row.id, decision: 'approve' } : { refund_id: input.row.id, decision: 'reject', reason: input.reason }),
    done: (answer) => {
      setApproving(null);
      setRejecting(null);
      setReason('');
      const error = answer.provider_error;
      if (error) setWarnings((current) => ({ ...current, [answer.request.id]: error }));
      return decidedText(answer);
    },
    reload: [QUEUE_KEY, ['dashboard'], ['staff-audit']],
  });

  const openApprove = (row: Row) => {
    decide.clearMessage();
    setApproving(row);
  };
  const openReject = (row: Row) => {
    decide.clearMessage();
    setReason('');
    setRejecting(row);
  };
  const closeDialogs = () => {
    // A refusal (decided meanwhile by someone else) is best read against the queue as it is now.
    if (decide.message) void queue.refetch();
    setApproving(null);
    setRejecting(null);
  };
  const submitReject = (event: FormEvent) => {
    event.preventDefault();
    if (rejecting) decide.mutate({ row: rejecting, decision: 'reject', reason });
  };

  return (
    <Page title={say(texts.title)} lead={say(texts.lead)}>
      {queue.isPending ? (
        <Loading />
      ) : queue.isError ? (
        <LoadFailed error={queue.error} onRetry={() => void queue.refetch()} />
      ) : (
        <>
          <section className="staff-section" aria-labelledby="staff-refunds-open-title">
            <h2 id="staff-refunds-open-title">{say(texts.openTitle)}</h2>
            {queue.data.open.length === 0 ? (
              <p className="staff-refunds-empty">{say(texts.none)}</p>
            ) : (
              <>
                <p className="staff-refunds-count" aria-live="polite">
                  <strong>{texts.waiting(queue.data.open_total)}</strong>
                  {queue.data.open_total > queue.data.open.length && ` ${texts.showingOldest(queue.data.open.length)}`}
                </p>
                <ol className="staff-refunds-list">
                  {queue.data.open.map((row) => (
                    <RequestCard key={row.id} row={row} warning={warnings[row.id] ?? null} onApprove={() => openApprove(row)} onReject={() => openReject(row)} />
                  ))}
                </ol>
              </>
            )}
          </section>

          <section className="staff-section" aria-labelledby="staff-refunds-decided-title">
            <h2 id="staff-refunds-decided-title" className="staff-refunds-heading">
              {say(texts.decidedTitle)}
            </h2>
            <DataTable
              caption={say(texts.decidedCaption)}
              captionHidden
              stackOnNarrow
              rows={queue.data.decided}
              rowKey={(row) => row.id}
              empty={say(texts.decidedNone)}
              columns={[
                { key: 'order', header: say(texts.orderColumn), cell: (row) => <strong>{row.order_code}</strong> },
                {
                  key: 'customer',
                  header: say(texts.customer),
                  cell: (row) => (
                    <span className="staff-refunds-who">
                      <span>{row.customer.name}</span>
                      <span className="staff-refunds-muted">{row.customer.email}</span>
                    </span>
                  ),
                },
                { key: 'total', header: say(texts.total), align: 'end', cell: (row) => moneyOf(row.total, row.currency) },
                { key: 'status', header: say(texts.status), cell: (row) => <StatusBadge row={row} /> },
                { key: 'by', header: say(texts.decidedBy), cell: (row) => row.decided_by ?? '–' },
                { key: 'at', header: say(texts.decidedAt), cell: (row) => (row.decided_at ? when(row.decided_at) : '–') },
                { key: 'reason', header: say(texts.rejectReason), cell: (row) => <span className="staff-refunds-reason">{row.reason ?? '–'}</span> },
              ]}
            />
          </section>
        </>
      )}

      {approving && (
        <ConfirmModal
          open
          title={texts.approveTitle(approving.order_code)}
          confirmLabel={say(texts.approve)}
          busy={decide.isPending}
          onCancel={closeDialogs}
          onConfirm={() => decide.mutate({ row: approving, decision: 'approve' })}
        >
          {decide.message && (
            <div className="alert alert--danger" role="alert">
              {decide.message}
            </div>
          )}
          <ul className="staff-refunds-consequences">
            {refundWays(approving).map((way) => (
              <li key={way}>{way}</li>
            ))}
          </ul>
          <p>{say(texts.approveAfter)}</p>
        </ConfirmModal>
      )}

      {rejecting && (
        <Modal
          open
          onClose={closeDialogs}
          title={texts.rejectTitle(rejecting.order_code)}
          size="md"
          footer={
            <>
              <Button variant="secondary" onClick={closeDialogs} disabled={decide.isPending}>
                {say(messages.ui.cancel)}
              </Button>
              <Button type="submit" form="staff-refunds-reject-form" variant="danger" loading={decide.isPending}>
                {say(texts.rejectSubmit)}
              </Button>
            </>
          }
        >
          <form id="staff-refunds-reject-form" className="form-stack" onSubmit={submitReject} noValidate>
            {decide.message && (
              <div className="alert alert--danger" role="alert">
                {decide.message}
              </div>
            )}
            <p>{say(texts.rejectLead)}</p>
            <ReasonField value={reason} onChange={setReason} error={decide.fieldError('reason')} />
          </form>
        </Modal>
      )}
    </Page>
  );
}

/** The reason a rejection gives: required, at most REFUND_REASON_MAX characters (it goes into an e-mail). */
function ReasonField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error: string | undefined }) {
  const id = useId();
  return (
    <div className="field">
      <FieldLabel htmlFor={id} required>
        {say(texts.reason)}
      </FieldLabel>
      <textarea
        id={id}
        className="field__control staff-refunds-reason-input"
        rows={5}
        value={value}
        maxLength={REFUND_REASON_MAX}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={`${id}-hint`} className="field__hint">
        {error && <strong className="staff-refunds-error">{error} </strong>}
        {texts.reasonCount(value.length, REFUND_REASON_MAX)}
      </p>
    </div>
  );
}

/** One open request, readable at a glance: who, what, how much, which way back, the bank details to copy, and the decision. */
function RequestCard({ row, warning, onApprove, onReject }: { row: Row; warning: string | null; onApprove: () => void; onReject: () => void }) {
  const titleId = useId();
  const money = (minor: number) => moneyOf(minor, row.currency);
  const account = row.bank ? accountOf(row.bank) : null;
  const address = row.bank ? holderAddress(row.bank) : '';
  return (
    <li className="card staff-refunds-request" aria-labelledby={titleId}>
      <div className="staff-refunds-request__head">
        <div>
          <h3 id={titleId} className="staff-refunds-request__title">
            {texts.order(row.order_code)}
          </h3>
          <p className="staff-refunds-muted">
            {texts.request(row.id)} · {say(texts.requested)} {when(row.requested_at)}
          </p>
        </div>
        <div className="staff-refunds-request__total">
          <StatusBadge row={row} />
          <span className="staff-refunds-request__amount">
            <span className="visually-hidden">{say(texts.total)}: </span>
            {money(row.total)}
          </span>
        </div>
      </div>

      {warning && (
        <div className="alert alert--warning" role="alert">
          {texts.providerError(providerName(row.provider), warning)}
        </div>
      )}
      {row.status === 'problem' && <div className="alert alert--warning">{say(texts.problemNote)}</div>}
      {row.status === 'processing' && !warning && <div className="alert alert--info">{texts.processingNote(providerName(row.provider))}</div>}

      <div className="staff-refunds-request__grid">
        <div>
          <h4>{say(texts.customer)}</h4>
          <p>
            {row.customer.name}
            <br />
            <a href={`mailto:${row.customer.email}`}>{row.customer.email}</a>
          </p>
          <h4>{say(texts.items)}</h4>
          <ul className="staff-refunds-items">
            {row.items.map((item) => (
              <li key={`${item.kind}-${item.code}`}>
                <span>
                  {item.name} <span className="staff-refunds-muted">({say(item.kind === 'ticket' ? texts.ticket : texts.merchandise)} {item.code})</span>
                </span>
                <span className="staff-refunds-items__amount">{money(item.amount)}</span>
              </li>
            ))}
            {row.shipping_refund > 0 && (
              <li>
                <span>{say(texts.shipping)}</span>
                <span className="staff-refunds-items__amount">{money(row.shipping_refund)}</span>
              </li>
            )}
          </ul>
        </div>

        <div>
          <h4>{say(texts.money)}</h4>
          <p>{texts.paidBy(paymentMethodName(row.payment_method))}</p>
          <ul className="staff-refunds-ways">
            {refundWays(row).map((way) => (
              <li key={way}>{way}</li>
            ))}
          </ul>
        </div>

        <div>
          <h4>{say(texts.bank)}</h4>
          {row.bank ? (
            <dl className="staff-refunds-bank">
              <CopyLine label={say(texts.holder)} value={row.bank.account_holder} />
              {account && <CopyLine label={account.label} value={account.shown} copy={account.copy} code />}
              {row.bank.bic && <CopyLine label={say(texts.bic)} value={row.bank.bic} code />}
              <CopyLine label={say(texts.bankName)} value={bankPlace(row.bank)} noCopy />
              {address && <CopyLine label={say(texts.holderAddress)} value={address} noCopy />}
            </dl>
          ) : (
            <p>{say(texts.noBank)}</p>
          )}
        </div>
      </div>

      {row.note && (
        <figure className="staff-refunds-note">
          <figcaption>{say(texts.note)}</figcaption>
          <blockquote>{row.note}</blockquote>
        </figure>
      )}

      {row.status === 'active' && (
        <div className="button-row staff-refunds-request__actions">
          <Button onClick={onApprove} aria-label={texts.actionLabel(say(texts.approve), row.order_code)}>
            {say(texts.approve)}
          </Button>
          <Button variant="danger" onClick={onReject} aria-label={texts.actionLabel(say(texts.reject), row.order_code)}>
            {say(texts.reject)}
          </Button>
        </div>
      )}
    </li>
  );
}

/** A bank detail to type into a transfer: selectable as a whole, with a button that copies it where the browser allows. */
function CopyLine({ label, value, copy = value, code = false, noCopy = false }: { label: string; value: string; copy?: string; code?: boolean; noCopy?: boolean }) {
  const toast = useToast();
  const canCopy = !noCopy && typeof navigator !== 'undefined' && Boolean(navigator.clipboard);
  const copyIt = () => {
    navigator.clipboard.writeText(copy).then(
      () => toast.success(texts.copied(label)),
      () => undefined,
    );
  };
  return (
    <div className="staff-refunds-bank__line">
      <dt>{label}</dt>
      <dd>
        <span className={code ? 'staff-refunds-copyable staff-refunds-copyable--code' : 'staff-refunds-copyable'}>{value}</span>
        {canCopy && (
          <Button size="sm" variant="ghost" className="staff-refunds-copy" onClick={copyIt} aria-label={texts.copyLabel(label)}>
            {say(texts.copy)}
          </Button>
        )}
      </dd>
    </div>
  );
}
