import { bankDetailsError, itemStatusDisplay, itemStatusLabels, portalMessages, refundStatusLabel, type Refund } from '@festival/contract';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { ConfirmModal } from '../../../components/ui/ConfirmModal';
import { DataTable, type DataTableColumn, type DataTableSummaryRow } from '../../../components/ui/DataTable';
import { FormError } from '../../../components/ui/FormError';
import { Loading } from '../../../components/ui/Loading';
import { Page } from '../../../components/ui/Page';
import { errorText } from '../../../lib/api-client';
import { useConfig } from '../../../lib/config';
import { usePageTitle } from '../../../lib/route-handle';
import { useFormat } from '../../../lib/use-format';
import { useUserData } from '../../../lib/user-data';
import { useCancelRefund, useGiveBankDetails } from '../api/refunds';
import { RefundDetailsStep } from '../components/RefundDetailsStep';
import { bankDetailsPayload, initialBankDetails } from '../components/refund-form';
import '../../../components/order/order.css';
import '../components/refund.css';
import { NotFoundNotice } from '../../../components/ui/NotFoundNotice';
import { creditNoteDownloadHref } from '../../../components/order/ticket-actions';
import { say } from '../../../lib/say';
import { portalTexts } from '../portal.messages';

/** /portal/refunds/:refund (spec sections 2 and 4): a refund of get-data with its items; an active one can be cancelled. */
export default function RefundDetailPage() {
  const title = usePageTitle();
  const id = useParams().refund ?? '';
  const { data, isPending, error } = useUserData();
  const refund = data?.refunds.find((candidate) => String(candidate.id) === id) ?? null;

  let content;
  if (isPending) content = <Loading />;
  else if (!data) content = <FormError id="refund-load-error" message={errorText(error)} />;
  else if (!refund) {
    content = <NotFoundNotice id="refund-not-found" message={say(portalTexts.refundDetailPage.notFound)} />;
  } else content = <RefundDetail refund={refund} />;

  return (
    <Page title={title} lead={say(portalTexts.refundDetailPage.lead)}>
      {content}
    </Page>
  );
}

type RefundItem = Refund['items'][number];

function RefundDetail({ refund }: { refund: Refund }) {
  const { statusLabels } = useConfig();
  const format = useFormat();
  const [asking, setAsking] = useState(false);
  const cancelling = useCancelRefund();
  const texts = portalTexts.refundDetailPage;

  const confirmCancel = async () => {
    await cancelling.cancel(refund.id);
    setAsking(false);
  };

  const columns: DataTableColumn<RefundItem>[] = [
    { key: 'name', header: say(texts.item), cell: (item) => <span className="order-item__name">{item.name}</span> },
    { key: 'code', header: say(texts.code), cell: (item) => item.code },
    {
      key: 'status',
      header: say(texts.status),
      cell: (item) => {
        // Spec section 4: a refunded item shows its status with the amount.
        const { label, showsAmount } = itemStatusDisplay(item.status, itemStatusLabels(item.kind, statusLabels));
        return <span id={`refund-item-status-${item.code}`}>{showsAmount ? `${say(label)} ${format.money(item.amount)}` : say(label)}</span>;
      },
    },
    { key: 'amount', header: say(texts.amount), cell: (item) => format.money(item.amount), align: 'end' },
  ];
  const creditNote = creditNoteDownloadHref(refund);
  const extraRows: DataTableSummaryRow[] = [];
  if (refund.shipping_refund > 0 || refund.items.some((item) => item.kind === 'merchandise')) {
    extraRows.push({ key: 'shipping', label: say(texts.shippingRefund), value: <span id="refund-shipping">{format.money(refund.shipping_refund)}</span> });
  }

  return (
    <div className="refund-detail" id="refund-detail">
      <dl className="order-facts" id="refund-facts">
        <div>
          <dt>{say(texts.status)}</dt>
          <dd id="refund-status">{say(refundStatusLabel(refund.status, statusLabels.refund))}</dd>
        </div>
        <div>
          <dt>{say(texts.dateRequested)}</dt>
          <dd id="refund-created">{format.date(refund.created_at)}</dd>
        </div>
        <div>
          <dt>{say(texts.dateCompleted)}</dt>
          <dd id="refund-completed">{refund.completed_at ? format.date(refund.completed_at) : say(texts.notYet)}</dd>
        </div>
        <div>
          <dt>{say(texts.order)}</dt>
          <dd>
            <Link id="refund-order" to={`/portal/orders/${encodeURIComponent(refund.order.code)}`}>
              {refund.order.code}
            </Link>
          </dd>
        </div>
        <div>
          <dt>{say(texts.total)}</dt>
          <dd>{format.money(refund.total)}</dd>
        </div>
        {creditNote && refund.credit_note && (
          <div>
            <dt>{say(texts.creditNote)}</dt>
            <dd>
              {/* A PDF from the server, not a page of the app: a plain link, opened as a download. */}
              <a id="refund-credit-note" href={creditNote} download>
                {say(texts.downloadCreditNote({ number: refund.credit_note.number }))}
              </a>
            </dd>
          </div>
        )}
      </dl>
      <section className="order-section" aria-labelledby="refund-items-title">
        <h2 id="refund-items-title" className="order-section__title">
          {say(texts.items)}
        </h2>
        {/* Four columns: on a phone each item is a card, so its status and amount are not hidden off to the side. */}
        <DataTable
          className="order-items"
          stackOnNarrow
          caption={say(texts.itemsCaption)}
          captionHidden
          columns={columns}
          rows={refund.items}
          rowKey={(item) => `${item.kind}-${item.code}`}
          extraRows={extraRows}
          totalRow={{ label: say(texts.total), value: <span id="refund-detail-total">{format.money(refund.total)}</span> }}
        />
      </section>
      {refund.status === 'active' && refund.bank_details_wanted_for ? <BankDetailsWanted refund={refund} amount={refund.bank_details_wanted_for} /> : null}
      {refund.status === 'active' && (
        <section className="order-section" aria-labelledby="refund-cancel-title">
          <h2 id="refund-cancel-title" className="order-section__title">
            {say(texts.cancelTitle)}
          </h2>
          <p>{say(texts.cancelText)}</p>
          <FormError id="refund-cancel-error" message={cancelling.error} />
          <div className="button-row">
            <Button id="refund-cancel" variant="danger" aria-haspopup="dialog" onClick={() => setAsking(true)}>
              {say(texts.cancelRefund)}
            </Button>
          </div>
          <ConfirmModal
            open={asking}
            title={say(texts.cancelQuestion({ id: String(refund.id) }))}
            confirmVariant="danger"
            busy={cancelling.isPending}
            onCancel={() => setAsking(false)}
            onConfirm={() => void confirmCancel()}
          >
            <p>{say(texts.withdrawn)}</p>
          </ConfirmModal>
        </section>
      )}
    </div>
  );
}

/**
 * Decision 0060: a refund whose bank part waits for the customer's bank details (one staff made,
 * or asked for without them) asks for them here, where its e-mail sends the customer.
 */
function BankDetailsWanted({ refund, amount }: { refund: Refund; amount: number }) {
  const config = useConfig();
  const format = useFormat();
  const customer = useUserData().data?.customer ?? null;
  const [values, setValues] = useState(() => initialBankDetails(customer, config));
  const [problem, setProblem] = useState<string | null>(null);
  const giving = useGiveBankDetails();
  const texts = portalMessages.bankDetailsWanted;

  const save = () => {
    const error = bankDetailsError(values, { addressLines: config.addressLines, ibanCountries: config.ibanCountries });
    setProblem(error && say(error));
    if (!error) void giving.give(refund.id, bankDetailsPayload(values, config));
  };

  return (
    <section className="order-section" id="refund-bank-details" aria-labelledby="refund-bank-title">
      <h2 id="refund-bank-title" className="order-section__title">
        {say(texts.title)}
      </h2>
      <p id="refund-bank-text">{say(texts.text(format.money(amount)))}</p>
      <RefundDetailsStep
        values={values}
        onChange={setValues}
        onNext={save}
        back={null}
        error={problem ?? giving.error}
        labelledBy="refund-bank-title"
        submit={{ label: say(texts.submit), id: 'refund-bank-save', busy: giving.isPending }}
        withNote={false}
        formId="refund-bank-form"
      />
    </section>
  );
}
