import { BOX_OFFICE_PAYMENTS, messages, type Text, type BoxOfficeItem, type Shown, type BoxOfficeItemsAnswer, type BoxOfficePayment, type BoxOfficeSellAnswer } from '@festival/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { ConfirmModal } from '../../components/ui/ConfirmModal';
import { Dropdown } from '../../components/ui/Dropdown';
import { Modal } from '../../components/ui/Modal';
import { Page } from '../../components/ui/Page';
import { EmailField, TextField } from '../../components/ui/TextField';
import { bytesOfBase64, downloadFile } from '../download-file';
import { staffCall } from '../api';
import { StaffTime } from '../StaffTime';
import { formatStaffTime } from '../times';
import { useStaffTimeZone } from '../use-member';
import {
  answerProblems,
  basketProblem,
  basketTotals,
  changeQuantity,
  holderAnswerField,
  maxUnits,
  orderAnswerField,
  payloadIndexOf,
  priceChanged,
  questionsOf,
  sellPayload,
  unitPriceOf,
  type Basket,
  type HolderDraft,
  type OrderAnswersDraft,
} from '../box-office';
import { QuestionField } from '../../components/ui/QuestionField';
import { useLanguage } from '../../lib/language';
import { Loading } from '../../components/ui/Loading';
import { LoadFailed } from '../LoadStates';
import { moneyOf } from '../refund-queue';
import { staffTexts } from '../texts';
import { useStaffAction } from '../use-staff-action';
import { say } from '../../lib/say';

const ITEMS_KEY = ['box-office-items'] as const;
const texts = staffTexts.boxOffice;

/** A sale's payment status in words, or as the shop named it. */
const paymentStatusWord = (status: string) => {
  const known = texts.statuses[status];
  return known ? say(known) : status;
};

/** The box office (issue 22 point 5): items as tappable cards, a running basket, the buyer and the payment, then a receipt. */
export default function BoxOfficePage() {
  const catalogue = useQuery({ queryKey: ITEMS_KEY, queryFn: () => staffCall('box-office-items', {}) });
  const [basket, setBasket] = useState<Basket>({});
  const [buyer, setBuyer] = useState({ email: '', full_name: '' });
  const [payment, setPayment] = useState<BoxOfficePayment>('cash');
  const [confirming, setConfirming] = useState(false);
  const [receipt, setReceipt] = useState<BoxOfficeSellAnswer | null>(null);
  const [problem, setProblem] = useState<Shown | null>(null);
  // The products' questions (decision 0106): each holder's answers live with the holder, the order's here by product.
  const [orderAnswers, setOrderAnswers] = useState<OrderAnswersDraft>({});
  const [answerErrors, setAnswerErrors] = useState<Record<string, Text>>({});
  const language = useLanguage();

  const items = useMemo(() => new Map((catalogue.data?.groups ?? []).flatMap((group) => group.items).map((item) => [item.code, item])), [catalogue.data]);
  const currency = catalogue.data?.currency ?? 'EUR';
  const totals = basketTotals(basket, items, currency);
  const money = (minor: number) => moneyOf(minor, currency);

  const sale = useStaffAction({
    run: () => staffCall('box-office-sell', sellPayload(basket, items, buyer, payment, currency, orderAnswers, language)),
    done: (answer) => {
      setConfirming(false);
      setReceipt(answer);
      return texts.sold(answer.order_code);
    },
    reload: [ITEMS_KEY, ['dashboard']],
  });

  const change = (item: BoxOfficeItem, step: 1 | -1) => {
    sale.clearMessage();
    setProblem(null);
    setBasket((current) => changeQuantity(current, item, step));
  };
  const setLine = (code: string, update: (line: Basket[string]) => Basket[string]) => setBasket((current) => (current[code] ? { ...current, [code]: update(current[code]) } : current));
  const startSale = (event: FormEvent) => {
    event.preventDefault();
    sale.clearMessage();
    // The answers first by the contract's rule (the server's too): each problem at its question, the first also above the button.
    const problems = answerProblems(basket, items, orderAnswers, language);
    setAnswerErrors(problems);
    const firstField = Object.keys(problems)[0];
    if (firstField) {
      setProblem(problems[firstField]!);
      document.getElementById(answerFieldId(firstField))?.focus();
      return;
    }
    const missing = basketProblem(basket, items, buyer, texts, payment, currency);
    setProblem(missing);
    if (!missing) setConfirming(true);
  };
  /** A question's problem: the page's own check, else the shop's refusal naming its field. */
  const answerError = (field: string) => (answerErrors[field] ? say(answerErrors[field]) : sale.fieldError(field));
  const nextCustomer = () => {
    setReceipt(null);
    setBasket({});
    setBuyer({ email: '', full_name: '' });
    setPayment('cash');
    setProblem(null);
    setOrderAnswers({});
    setAnswerErrors({});
    sale.reset();
    sale.clearMessage();
  };

  if (receipt) return <Receipt receipt={receipt} onNext={nextCustomer} />;

  const refusal = sale.message ?? problem;
  return (
    <Page title={say(texts.title)} lead={say(texts.lead)}>
      {catalogue.isPending ? (
        <Loading />
      ) : catalogue.isError ? (
        <LoadFailed error={catalogue.error} onRetry={() => void catalogue.refetch()} />
      ) : (
        <div className="staff-boxoffice">
          <section className="staff-boxoffice-items" aria-labelledby="staff-boxoffice-items-title">
            <h2 id="staff-boxoffice-items-title" className="visually-hidden">
              {say(texts.itemsTitle)}
            </h2>
            {catalogue.data.groups.length === 0 && <p>{say(texts.noItems)}</p>}
            {catalogue.data.groups.map((group, index) => (
              <ItemGroup key={group.event ?? `none-${index}`} group={group} basket={basket} money={money} onChange={change} />
            ))}
          </section>

          {totals.units > 0 && (
            <div className="staff-boxoffice-jump">
              <span aria-live="polite">{texts.basketSummary(totals.units, money(totals.total))}</span>
              <Button size="lg" onClick={() => document.getElementById('staff-boxoffice-basket-title')?.scrollIntoView({ block: 'start' })}>
                {say(texts.toBasket)}
              </Button>
            </div>
          )}

          <form className="card staff-boxoffice-basket" aria-labelledby="staff-boxoffice-basket-title" onSubmit={startSale} noValidate>
            <h2 id="staff-boxoffice-basket-title">{say(texts.basketTitle)}</h2>
            {Object.keys(basket).length === 0 ? (
              <p className="staff-boxoffice-muted">{say(texts.basketEmpty)}</p>
            ) : (
              <ul className="staff-boxoffice-lines">
                {Object.entries(basket).map(([code, line]) => {
                  const item = items.get(code);
                  return item ? (
                    <BasketRow
                      key={code}
                      item={item}
                      line={line}
                      ageRanges={catalogue.data.age_ranges}
                      buyer={buyer}
                      money={money}
                      onChange={change}
                      onLine={(update) => setLine(code, update)}
                      currency={currency}
                      priceError={sale.fieldError(`lines.${payloadIndexOf(basket, items, code)}.price`)}
                      reasonError={sale.fieldError(`lines.${payloadIndexOf(basket, items, code)}.price_reason`)}
                      lineIndex={payloadIndexOf(basket, items, code)}
                      language={language}
                      answerError={answerError}
                    />
                  ) : null;
                })}
              </ul>
            )}
            {Object.keys(basket).map((code) => {
              const item = items.get(code);
              const questions = item ? questionsOf(item, 'order') : [];
              return item && questions.length ? (
                <fieldset key={code} className="staff-boxoffice-fieldset">
                  <legend>{texts.orderQuestionsOf(item.name)}</legend>
                  <DeskQuestionFields
                    questions={questions}
                    language={language}
                    fieldOf={(question) => orderAnswerField(code, question)}
                    values={orderAnswers[code]}
                    onAnswer={(question, value) => setOrderAnswers((current) => ({ ...current, [code]: { ...current[code], [question]: value } }))}
                    errorOf={answerError}
                  />
                </fieldset>
              ) : null;
            })}
            <p className="staff-boxoffice-total" aria-live="polite">
              <span>{say(texts.total)}</span>
              <strong>{money(totals.total)}</strong>
            </p>

            <fieldset className="staff-boxoffice-fieldset">
              <legend>{say(texts.buyerTitle)}</legend>
              <TextField type="email" inputMode="email" label={say(texts.buyerEmail)} hint={say(texts.buyerEmailHint)} value={buyer.email} onChange={(email) => setBuyer((current) => ({ ...current, email }))} autoComplete="off" />
              <TextField label={say(texts.buyerName)} value={buyer.full_name} onChange={(full_name) => setBuyer((current) => ({ ...current, full_name }))} required autoComplete="off" />
            </fieldset>

            <fieldset className="staff-boxoffice-fieldset">
              <legend>{say(texts.paymentTitle)}</legend>
              <div className="staff-boxoffice-payments">
                {BOX_OFFICE_PAYMENTS.map((way) => (
                  <PaymentChoice key={way} way={way} checked={payment === way} onChoose={() => setPayment(way)} />
                ))}
              </div>
            </fieldset>

            {refusal && (
              <div className="alert alert--danger" role="alert">
                {say(refusal)}
              </div>
            )}
            <div className="button-row">
              <Button type="submit" size="lg" disabled={totals.units === 0}>
                {say(texts.sell)} · {money(totals.total)}
              </Button>
              {totals.units > 0 && (
                <Button variant="secondary" size="lg" onClick={() => setBasket({})}>
                  {say(texts.clear)}
                </Button>
              )}
            </div>
          </form>
        </div>
      )}

      {confirming && (
        <ConfirmModal
          open
          title={say(texts.confirmTitle)}
          confirmLabel={say(texts.confirmSell)}
          busy={sale.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => sale.mutate(undefined)}
        >
          {sale.message && (
            <div className="alert alert--danger" role="alert">
              {sale.message}
            </div>
          )}
          <p>
            <strong>{texts.confirmQuestion(totals.units, money(totals.total), payment)}</strong>
          </p>
          <p>{texts.confirmTo(buyer.full_name.trim(), buyer.email.trim())}</p>
        </ConfirmModal>
      )}
    </Page>
  );
}

/** An event's items (or merchandise) as cards: tap + or −, see what is left. */
function ItemGroup({ group, basket, money, onChange }: { group: BoxOfficeItemsAnswer['groups'][number]; basket: Basket; money: (minor: number) => string; onChange: (item: BoxOfficeItem, step: 1 | -1) => void }) {
  const titleId = useId();
  const merchandise = group.items.every((item) => item.kind === 'merchandise');
  return (
    <section className="staff-boxoffice-group" aria-labelledby={titleId}>
      <h3 id={titleId}>{group.event ?? say(merchandise ? texts.merchandise : texts.otherItems)}</h3>
      <ul className="staff-boxoffice-cards">
        {group.items.map((item) => {
          const count = basket[item.code]?.quantity ?? 0;
          const full = count >= maxUnits(item);
          return (
            <li key={item.code} className={['staff-boxoffice-card', count ? 'staff-boxoffice-card--chosen' : '', item.sold_out ? 'staff-boxoffice-card--out' : ''].filter(Boolean).join(' ')}>
              <button type="button" className="staff-boxoffice-card__tap" disabled={full} onClick={() => onChange(item, 1)} aria-label={texts.add(item.name)}>
                <span className="staff-boxoffice-card__name">{item.name}</span>
                <span className="staff-boxoffice-card__price">{money(item.price + item.fee)}</span>
              </button>
              <span className="staff-boxoffice-card__meta">
                <Badge tone={item.sold_out ? 'danger' : 'neutral'}>{say(texts.kinds[item.kind])}</Badge>{' '}
                {item.sold_out ? <strong>{say(texts.soldOut)}</strong> : item.left === null ? say(texts.unlimited) : texts.left(item.left)}
              </span>
              <span className="staff-boxoffice-stepper">
                <Button variant="secondary" className="staff-boxoffice-step" disabled={count === 0} onClick={() => onChange(item, -1)} aria-label={texts.remove(item.name)}>
                  −
                </Button>
                <output className="staff-boxoffice-count" aria-label={texts.inBasket(count)}>
                  {count}
                </output>
                <Button variant="secondary" className="staff-boxoffice-step" disabled={full} onClick={() => onChange(item, 1)} aria-label={texts.add(item.name)}>
                  +
                </Button>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** A basket line: name × count and amount, its departure, and a holder per ticket (one tap makes it the buyer). */
function BasketRow({
  item,
  line,
  ageRanges,
  buyer,
  money,
  onChange,
  onLine,
  currency,
  priceError,
  reasonError,
  lineIndex,
  language,
  answerError,
}: {
  item: BoxOfficeItem;
  line: Basket[string];
  ageRanges: string[];
  buyer: { email: string; full_name: string };
  money: (minor: number) => string;
  onChange: (item: BoxOfficeItem, step: 1 | -1) => void;
  onLine: (update: (line: Basket[string]) => Basket[string]) => void;
  currency: string;
  priceError?: string | undefined;
  reasonError?: string | undefined;
  lineIndex: number;
  language: string;
  answerError: (field: string) => string | undefined;
}) {
  const ticketQuestions = questionsOf(item, 'ticket');
  const unitPrice = unitPriceOf(item, line, currency);
  const timeZone = useStaffTimeZone();
  const timeOf = (iso: string) => formatStaffTime(iso, timeZone, 'day-time');
  const setHolder = (index: number, change: Partial<HolderDraft>) => onLine((current) => ({ ...current, holders: current.holders.map((holder, at) => (at === index ? { ...holder, ...change } : holder)) }));
  return (
    <li className="staff-boxoffice-line">
      <div className="staff-boxoffice-line__head">
        <span>
          <strong>{item.name}</strong> × {line.quantity}
        </span>
        <span className="staff-boxoffice-line__amount">{money(line.quantity * (unitPrice + item.fee))}</span>
        <span className="staff-boxoffice-stepper staff-boxoffice-stepper--small">
          <Button variant="secondary" className="staff-boxoffice-step" onClick={() => onChange(item, -1)} aria-label={texts.remove(item.name)}>
            −
          </Button>
          <Button variant="secondary" className="staff-boxoffice-step" disabled={line.quantity >= maxUnits(item)} onClick={() => onChange(item, 1)} aria-label={texts.add(item.name)}>
            +
          </Button>
        </span>
      </div>
      {item.needs.departure && (
        <Dropdown
          label={texts.departureOf(item.name)}
          placeholder={say(texts.chooseDeparture)}
          value={line.departureId}
          onChange={(departureId) => onLine((current) => ({ ...current, departureId }))}
          options={item.departures.map((departure) => ({ value: String(departure.id), label: texts.seatsLeft(timeOf(departure.departs_at), departure.left), disabled: departure.left === 0 }))}
          required
        />
      )}
      {/* The desk's price (decision 0100): lower only, with its reason, audited. */}
      <details className="staff-boxoffice-price" open={priceChanged(line) || Boolean(priceError || reasonError)}>
        <summary>{priceChanged(line) ? texts.priceChanged(money(unitPrice)) : say(texts.changePrice)}</summary>
        <div className="staff-boxoffice-holder__fields">
          <TextField
            label={texts.priceField(money(item.price))}
            value={line.price ?? ''}
            onChange={(price) => onLine((current) => ({ ...current, price }))}
            inputMode="decimal"
            autoComplete="off"
            hint={priceError ?? say(texts.priceHint)}
            aria-invalid={priceError ? true : undefined}
            className={priceError ? 'staff-cat-field--invalid' : undefined}
          />
          <TextField
            label={say(texts.priceReason)}
            value={line.priceReason ?? ''}
            onChange={(priceReason) => onLine((current) => ({ ...current, priceReason }))}
            autoComplete="off"
            hint={reasonError ?? say(texts.priceReasonHint)}
            aria-invalid={reasonError ? true : undefined}
            className={reasonError ? 'staff-cat-field--invalid' : undefined}
          />
        </div>
      </details>
      {item.departs_at && <p className="staff-boxoffice-muted">
          <StaffTime at={item.departs_at} style="day-time" />
        </p>}
      {line.holders.map((holder, index) => (
        <fieldset key={index} className="staff-boxoffice-holder">
          <legend>
            {texts.holder(index + 1)} · {item.name}
          </legend>
          <div className="staff-boxoffice-holder__fields">
            <TextField label={say(texts.holderName)} value={holder.full_name} onChange={(full_name) => setHolder(index, { full_name })} placeholder={buyer.full_name || undefined} autoComplete="off" />
            <TextField type="email" inputMode="email" label={say(texts.holderEmail)} value={holder.email} onChange={(email) => setHolder(index, { email })} placeholder={buyer.email || undefined} autoComplete="off" />
            {item.needs.age && (
              <Dropdown label={say(texts.holderAge)} placeholder={say(texts.chooseAge)} value={holder.age} onChange={(age) => setHolder(index, { age })} options={ageRanges.map((age) => ({ value: age, label: age }))} required />
            )}
            <Button variant="secondary" className="staff-boxoffice-same" onClick={() => setHolder(index, { full_name: buyer.full_name, email: buyer.email })} aria-label={texts.sameAsBuyerLabel(index + 1)}>
              {say(texts.sameAsBuyer)}
            </Button>
          </div>
          <p className="field__hint">{say(texts.holderHint)}</p>
          <DeskQuestionFields
            questions={ticketQuestions}
            language={language}
            fieldOf={(question) => holderAnswerField(lineIndex, index, question)}
            values={holder.answers}
            onAnswer={(question, value) => setHolder(index, { answers: { ...holder.answers, [question]: value } })}
            errorOf={answerError}
          />
        </fieldset>
      ))}
    </li>
  );
}

/** The id of a question's field, from the field the shop names it by (`lines.0.holders.1.answers.size`). */
const answerFieldId = (field: string) => `staff-boxoffice-${field.replace(/[^A-Za-z0-9_-]/g, '-')}`;

/**
 * A product's questions at the desk, a holder's or the order's: each field named by the field the
 * shop refuses it under (`fieldOf`), its refusal shown at it.
 */
function DeskQuestionFields({
  questions,
  language,
  fieldOf,
  values,
  onAnswer,
  errorOf,
}: {
  questions: readonly Parameters<typeof QuestionField>[0]['question'][];
  language: Parameters<typeof QuestionField>[0]['language'];
  fieldOf: (question: string) => string;
  values: Readonly<Record<string, Parameters<typeof QuestionField>[0]['value']>> | undefined;
  onAnswer: (question: string, value: Parameters<typeof QuestionField>[0]['value']) => void;
  errorOf: (field: string) => string | undefined;
}) {
  return questions.map((question) => {
    const field = fieldOf(question.code);
    const error = errorOf(field);
    return (
      <QuestionField
        key={question.code}
        id={answerFieldId(field)}
        question={question}
        language={language}
        value={values?.[question.code] ?? (question.kind === 'multi' ? [] : '')}
        onChange={(value) => onAnswer(question.code, value)}
        invalid={Boolean(error)}
        error={error}
      />
    );
  });
}

function PaymentChoice({ way, checked, onChoose }: { way: BoxOfficePayment; checked: boolean; onChoose: () => void }) {
  const id = useId();
  const words = texts.payments[way];
  return (
    <div className="staff-boxoffice-choice">
      <input type="radio" id={id} name="staff-boxoffice-payment" checked={checked} onChange={onChoose} aria-describedby={`${id}-holds`} />
      <label htmlFor={id}>
        <span className="staff-boxoffice-choice__label">{say(words.label)}</span>
        <span id={`${id}-holds`} className="staff-boxoffice-choice__holds">
          {say(words.holds)}
        </span>
      </label>
    </div>
  );
}

/** After the sale: the order code, what was sold, how it is paid; print or e-mail the tickets; the next customer. */
function Receipt({ receipt, onNext }: { receipt: BoxOfficeSellAnswer; onNext: () => void }) {
  const money = (minor: number) => moneyOf(minor, receipt.currency);
  const paid = receipt.payment_status === 'paid';
  const [mailing, setMailing] = useState(false);
  const [address, setAddress] = useState(receipt.buyer.email ?? '');
  const resend = useStaffAction({
    run: (to: string) => staffCall('box-office-email-tickets', { code: receipt.order_code, email: to }),
    done: (answer) => {
      setMailing(false);
      return answer.message;
    },
  });
  const send = (event: FormEvent) => {
    event.preventDefault();
    resend.mutate(address);
  };
  // The order's tickets as one PDF, as customers download them, under the desk's session (decision 0076).
  const print = useStaffAction({
    run: () => staffCall('order-tickets-pdf', { code: receipt.order_code }),
    done: (answer) => {
      downloadFile({ filename: answer.filename, media_type: answer.media_type, content: bytesOfBase64(answer.content) });
      return texts.printed(answer.tickets);
    },
  });
  return (
    <Page title={texts.receiptTitle(receipt.order_code)}>
      <section className="card staff-boxoffice-receipt" aria-label={texts.receiptTitle(receipt.order_code)}>
        <dl className="staff-boxoffice-receipt__facts">
          <div>
            <dt>{say(texts.orderCode)}</dt>
            <dd className="staff-boxoffice-code">{receipt.order_code}</dd>
          </div>
          <div>
            <dt>{say(texts.total)}</dt>
            <dd>{money(receipt.total)}</dd>
          </div>
          <div>
            <dt>{say(texts.method)}</dt>
            <dd>{say(texts.payments[receipt.payment].label)}</dd>
          </div>
          <div>
            <dt>{say(texts.status)}</dt>
            <dd>{paymentStatusWord(receipt.payment_status)}</dd>
          </div>
        </dl>
        <ul className="staff-boxoffice-receipt__items">
          {receipt.items.map((item) => (
            <li key={item.name}>
              <span>
                {item.name} × {item.quantity}
              </span>
              <span>{money(item.amount)}</span>
            </li>
          ))}
        </ul>
        <p>{receipt.buyer.email ? `${receipt.buyer.full_name} (${receipt.buyer.email})` : texts.buyerNoEmail(receipt.buyer.full_name)}</p>
        {receipt.buyer.account_created && <p className="staff-boxoffice-muted">{say(texts.accountCreated)}</p>}
        <p className="staff-boxoffice-muted" id="staff-boxoffice-mailed">
          {receipt.terms_link ? texts.termsEmailed(receipt.terms_link.emailed_to) : receipt.buyer.email ? texts.confirmationEmailed(receipt.buyer.email) : say(texts.noEmail)}
        </p>
        {receipt.tickets.length > 0 && (
          <>
            <h2>{say(texts.tickets)}</h2>
            <ul className="staff-boxoffice-receipt__tickets">
              {receipt.tickets.map((ticket) => (
                <li key={ticket.code}>
                  <span>{texts.ticketFor(ticket.name, ticket.holder)}</span>
                  {ticket.download ? (
                    <a href={ticket.download} target="_blank" rel="noopener noreferrer">
                      {texts.openPdf(ticket.code)}
                    </a>
                  ) : (
                    <code>{ticket.code}</code>
                  )}
                </li>
              ))}
            </ul>
            {!paid && <p className="staff-boxoffice-muted">{say(texts.notYetPdf)}</p>}
          </>
        )}
        {print.message && (
          <div className="alert alert--danger" role="alert">
            {print.message}
          </div>
        )}
        <div className="button-row">
          {paid && receipt.tickets.length > 0 && (
            <Button size="lg" variant={receipt.buyer.email ? 'secondary' : 'primary'} id="staff-boxoffice-print" loading={print.isPending} onClick={() => print.mutate(undefined)}>
              {say(texts.printTickets)}
            </Button>
          )}
          {paid && receipt.tickets.length > 0 && (
            <Button
              size="lg"
              variant="secondary"
              onClick={() => {
                resend.clearMessage();
                setMailing(true);
              }}
            >
              {say(texts.emailTickets)}
            </Button>
          )}
          <Button size="lg" variant={receipt.buyer.email ? 'primary' : 'secondary'} onClick={onNext}>
            {say(texts.nextCustomer)}
          </Button>
        </div>
      </section>

      {mailing && (
        <Modal
          open
          onClose={() => setMailing(false)}
          title={texts.emailTitle(receipt.order_code)}
          size="sm"
          footer={
            <>
              <Button variant="secondary" onClick={() => setMailing(false)} disabled={resend.isPending}>
                {say(messages.ui.cancel)}
              </Button>
              <Button type="submit" form="staff-boxoffice-email-form" loading={resend.isPending}>
                {say(texts.emailSend)}
              </Button>
            </>
          }
        >
          <form id="staff-boxoffice-email-form" className="form-stack" onSubmit={send} noValidate>
            {resend.message && (
              <div className="alert alert--danger" role="alert">
                {resend.message}
              </div>
            )}
            <p>{say(texts.emailLead)}</p>
            <EmailField label={say(texts.emailTo)} value={address} onChange={setAddress} autoComplete="off" />
          </form>
        </Modal>
      )}
    </Page>
  );
}
