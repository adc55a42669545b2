import { answerTexts, messages, type Cart, type Customer, type Voucher, paymentMessages } from '@festival/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/Button';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { FormError } from '../../../components/ui/FormError';
import { formErrorStore } from '../../../components/ui/form-error-store';
import { Loading } from '../../../components/ui/Loading';
import { Page } from '../../../components/ui/Page';
import { TextField } from '../../../components/ui/TextField';
import { ApiError, errorText } from '../../../lib/api-client';
import { useCart } from '../../../lib/cart-query';
import { useConfig } from '../../../lib/config';
import { followPaymentInstruction } from '../../../lib/payment-instruction';
import { usePageTitle } from '../../../lib/route-handle';
import { useUserData } from '../../../lib/user-data';
import { checkoutCart, isShippingUnavailable, reloadCart, storeCheckoutAnswer, useInvoice, useProviderMethods, type CheckoutPayload } from '../api/checkout-calls';
import { forgetCheckoutDraft, loadCheckoutDraft, saveCheckoutDraft } from '../checkout-draft';
import { addressPayload, cartPaymentPlan, checkoutAmounts, checkoutBlocked, checkoutProblem, differsFromSaved, paymentChoice, previewInvoice } from '../checkout-form';
import { AddressFields } from '../components/AddressFields';
import { InvoiceTable } from '../components/InvoiceTable';
import { PaymentMethodField } from '../components/PaymentMethodField';
import { PaymentPlanSummary } from '../components/PaymentPlanSummary';
import { TermsField } from '../components/TermsField';
import { VoucherField } from '../components/VoucherField';
import './checkout.css';
import { say } from '../../../lib/say';
import { checkoutTexts } from '../checkout.messages';
import { QuestionField } from '../../../components/ui/QuestionField';
import type { AnswerFormValue } from '../../../components/ui/question-field';
import { useLanguage } from '../../../lib/language';
import { orderAnswerFieldId, orderAnswersForm, orderAnswersInput, orderQuestionsOf, refusedOrderQuestion } from '../order-questions';

const texts = checkoutTexts.checkoutPage;

/** After a successful checkout: on the way to the payment provider, or to the order page. */
type Placed = 'redirecting' | 'navigating' | null;

/**
 * /checkout (logged in only, spec section 2): the invoice, a payment-plan summary, the voucher,
 * billing and shipping address, the payment method, the terms and the Checkout button. The cart
 * is the header's (one get-cart entry), asked for again when the page opens.
 */
export default function CheckoutPage() {
  const title = usePageTitle();
  const userData = useUserData();
  const cartQuery = useCart({ reload: true });
  const [placed, setPlaced] = useState<Placed>(null);
  // Back from the provider's page, a browser may show this page as it was left ("Please wait while we
  // take you…"): it shows the page as it is now instead, where the shop's banner names the unpaid
  // order just made (decision 0066).
  useEffect(() => {
    const shown = (event: PageTransitionEvent) => {
      if (event.persisted) setPlaced(null);
    };
    window.addEventListener('pageshow', shown);
    return () => window.removeEventListener('pageshow', shown);
  }, []);
  const customer = userData.data?.customer ?? null;
  const cart = cartQuery.data?.cart ?? null;

  let content;
  if (placed === 'redirecting') {
    content = (
      <p className="alert alert--info" id="checkout-redirecting" role="status">
        {say(paymentMessages.redirecting)}
      </p>
    );
  } else if (placed === 'navigating' || userData.isPending || (cartQuery.isPending && !cart)) {
    content = <Loading />;
  } else if (!cart || cart.products.length + cart.merchandise.length === 0) {
    content = (
      <div className="checkout-empty">
        <FormError id="checkout-error" />
        <p id="checkout-empty">{say(messages.cart.empty)}</p>
        <ButtonLink to="/tickets" variant="primary">
          {say(texts.browseTickets)}
        </ButtonLink>
      </div>
    );
  } else if (!customer) {
    // The route is for logged-in customers: without one the guard is about to send the visitor to login.
    content = <Loading />;
  } else {
    content = <CheckoutForm cart={cart} customer={customer} onPlaced={setPlaced} />;
  }

  return (
    <Page title={title} lead={say(texts.lead)} className="checkout-page">
      {content}
    </Page>
  );
}

interface CheckoutFormProps {
  cart: Cart;
  customer: Customer;
  onPlaced: (placed: Placed) => void;
}

export function CheckoutForm({ cart, customer, onPlaced }: CheckoutFormProps) {
  const config = useConfig();
  const { addressLines, countries } = config;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const knownCountry = (code: string | null | undefined) => (code && countries.some((country) => country.code === code) ? code : '');

  // What the customer typed before a reload, in this tab (decision 0070); else the billing address
  // starts as the account's default address (decision 0013: keyed by the line's text).
  const [draft] = useState(() => loadCheckoutDraft(customer.email, addressLines.length));
  const [country, setCountry] = useState(() => knownCountry(draft ? draft.country : customer.country));
  const [address, setAddress] = useState(() => draft?.address ?? addressLines.map((line) => customer.address[line.text] ?? ''));
  // The shipping address follows the billing address until the customer changes it (null: follows).
  const [shippingName, setShippingName] = useState(draft?.shippingName ?? customer.full_name);
  const [ownShippingCountry, setOwnShippingCountry] = useState<string | null>(() => (draft?.shippingCountry ? knownCountry(draft.shippingCountry) || null : null));
  const [ownShippingAddress, setOwnShippingAddress] = useState<(string | null)[]>(() => draft?.shippingAddress ?? addressLines.map(() => null));
  const [chosenMethod, setChosenMethod] = useState<string | null>(draft?.method ?? null);
  const [voucher, setVoucher] = useState<Voucher | null>(null);
  const [acceptTerms, setAcceptTerms] = useState(draft?.acceptTerms ?? false);
  const [saveAddress, setSaveAddress] = useState(draft?.saveAddress ?? false);
  const [sending, setSending] = useState(false);
  // A ref as well as the state: two clicks in one frame both see the state from before the first.
  const sendingRef = useRef(false);
  // The cart's products' per-order questions (decision 0106), from the listing's items.
  const language = useLanguage();
  const listing = useUserData().data?.products;
  const orderQuestions = orderQuestionsOf(cart.products, listing);
  const [orderAnswers, setOrderAnswers] = useState(() => orderAnswersForm(orderQuestions));
  const [answerErrors, setAnswerErrors] = useState<Record<string, string>>({});
  const answerOrder = (productCode: string, code: string) => (value: AnswerFormValue) =>
    setOrderAnswers((current) => ({ ...current, [productCode]: { ...current[productCode], [code]: value } }));

  const hasMerchandise = cart.merchandise.length > 0;
  const plan = cartPaymentPlan(cart);
  const shippingCountry = ownShippingCountry ?? country;
  const shippingAddress = addressLines.map((_, index) => ownShippingAddress[index] ?? address[index] ?? '');
  const followsBilling = ownShippingCountry === null && ownShippingAddress.every((value) => value === null);
  // Offered only when there is something new to keep: the account's address is already this one otherwise.
  const canSaveAddress = country !== '' && differsFromSaved(country, address, customer, addressLines);

  useEffect(() => {
    saveCheckoutDraft({
      email: customer.email,
      country,
      address,
      shippingName,
      shippingCountry: ownShippingCountry,
      shippingAddress: ownShippingAddress,
      method: chosenMethod,
      acceptTerms,
      saveAddress,
    });
  }, [customer.email, country, address, shippingName, ownShippingCountry, ownShippingAddress, chosenMethod, acceptTerms, saveAddress]);

  // Merchandise without a country yet has no invoice: the cart's items show without shipping (decision 0070).
  const awaitingCountry = hasMerchandise && !shippingCountry;
  // Spec section 2: the invoice is recalculated when the country changes (where the goods go, for merchandise).
  const invoiceQuery = useInvoice(cart, hasMerchandise ? shippingCountry : country, !awaitingCountry);
  const invoiceError = invoiceQuery.isError ? invoiceQuery.error : null;
  const invoice = awaitingCountry ? previewInvoice(cart) : invoiceError ? null : (invoiceQuery.data ?? null);
  const shippingUnavailable = invoiceError !== null && isShippingUnavailable(invoiceError);
  const amounts = invoice ? checkoutAmounts(invoice, voucher, plan) : null;
  const { allowed, choice } = paymentChoice({ cart, config, country, chosen: chosenMethod, discountCoversTotal: amounts?.discountCoversTotal ?? false });
  const blocked = checkoutBlocked({ country, shippingUnavailable, choice });
  // The provider's own methods for this country and amount (decision 0067); the first is chosen until the buyer picks another.
  const providerMethods = useProviderMethods(cart, country, allowed.includes('credit_card')).data ?? [];
  const [chosenProvider, setChosenProvider] = useState<string | null>(null);
  const providerMethod = providerMethods.some((method) => method.id === chosenProvider) ? chosenProvider : (providerMethods[0]?.id ?? null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sendingRef.current) return;
    const problem =
      checkoutProblem({ country, address, hasMerchandise, shippingName, shippingCountry, shippingAddress: ownShippingAddress, choice, acceptTerms }, addressLines) ?? blocked;
    if (problem) {
      formErrorStore.set(problem);
      return;
    }
    const checked = orderAnswersInput(orderQuestions, orderAnswers, language);
    setAnswerErrors(Object.fromEntries(checked.problems.map((entry) => [orderAnswerFieldId(entry.productCode, entry.code), say(entry.message)])));
    const firstProblem = checked.problems[0];
    if (firstProblem) {
      formErrorStore.set(say(firstProblem.message));
      document.getElementById(orderAnswerFieldId(firstProblem.productCode, firstProblem.code))?.focus();
      return;
    }
    formErrorStore.clear();
    const payload: CheckoutPayload = {
      cart: cart.code,
      customer: { country, address: addressPayload(addressLines, address), ...(canSaveAddress && saveAddress ? { save_address: true } : {}) },
      order: {
        payment_method: choice.method,
        ...(choice.method === 'credit_card' && providerMethod ? { provider_method: providerMethod } : {}),
        ...(hasMerchandise ? { shipping_name: shippingName.trim(), shipping_country: shippingCountry, shipping_address: addressPayload(addressLines, shippingAddress) } : {}),
        accept_terms: true,
      },
      // Spec section 5: a payment plan ignores any voucher.
      voucher_code: plan ? null : (voucher?.code ?? null),
      ...(checked.answers ? { answers: checked.answers } : {}),
    };
    sendingRef.current = true;
    setSending(true);
    let answer;
    try {
      answer = await checkoutCart(payload);
    } catch (error) {
      sendingRef.current = false;
      setSending(false);
      formErrorStore.set(errorText(error));
      // A refused answer shows at its question too.
      const refused = error instanceof ApiError && error.body?.errors ? refusedOrderQuestion(Object.keys(error.body.errors)[0]) : null;
      if (refused) {
        const id = orderAnswerFieldId(refused.productCode, refused.code);
        setAnswerErrors({ [id]: errorText(error) });
        document.getElementById(id)?.focus();
      }
      // The cart ended meanwhile: the page shows it as it is now (empty), with the message.
      if (error instanceof ApiError && error.status === 410) void reloadCart(queryClient);
      return;
    }
    // The page leaves the form before the cart is cleared, so it never shows as an empty cart.
    flushSync(() => onPlaced(answer.payment ? 'redirecting' : 'navigating'));
    setVoucher(null);
    // The order has what was typed; the tab forgets it (decision 0070).
    forgetCheckoutDraft();
    storeCheckoutAnswer(queryClient, answer);
    if (answer.payment) followPaymentInstruction(answer.payment);
    else void navigate(`/order/${encodeURIComponent(answer.order.code)}`);
  };

  const setLine = (index: number, value: string) => setAddress((current) => current.map((old, at) => (at === index ? value : old)));
  const setShippingLine = (index: number, value: string) => setOwnShippingAddress((current) => current.map((old, at) => (at === index ? value : old)));

  return (
    <form id="checkout-form" className="checkout" onSubmit={(event) => void submit(event)} noValidate aria-label={say(texts.formLabel)}>
      <section className="checkout-section" aria-labelledby="checkout-invoice-title">
        <h2 id="checkout-invoice-title" className="checkout-section__title">
          {say(texts.orderTitle)}
        </h2>
        {invoiceError && !awaitingCountry ? (
          <p className="alert alert--warning" id="checkout-invoice-error" role="status">
            {invoiceError.formError}
          </p>
        ) : invoice && amounts ? (
          <>
            <InvoiceTable invoice={invoice} amounts={amounts} voucher={voucher} hasPaymentPlan={plan !== null} shippingToCome={awaitingCountry} />
            {awaitingCountry && (
              <p className="field__hint" id="checkout-country-hint">
                {say(messages.checkout.selectCountryForShipping)}
              </p>
            )}
          </>
        ) : (
          <Loading label={say(texts.calculating)} />
        )}
      </section>

      {plan && <PaymentPlanSummary plan={plan} />}

      {!plan && <VoucherField cartCode={cart.code} voucher={voucher} onChange={setVoucher} exceedsOrder={amounts?.voucherExceedsOrder ?? false} discount={amounts?.discount} />}

      <AddressFields
        legend={say(texts.billingAddress)}
        idPrefix="checkout"
        section="billing"
        country={country}
        onCountryChange={setCountry}
        lines={address}
        onLineChange={setLine}
        after={
          canSaveAddress && (
            <div className="field">
              <div className="checkbox-field">
                <input id="checkout-save-address" type="checkbox" checked={saveAddress} onChange={(event) => setSaveAddress(event.target.checked)} aria-describedby="checkout-save-address-hint" />
                <label htmlFor="checkout-save-address">{say(texts.saveAddress)}</label>
              </div>
              <p id="checkout-save-address-hint" className="field__hint">
                {say(texts.saveAddressHint)}
              </p>
            </div>
          )
        }
      />

      {hasMerchandise && (
        <AddressFields
          legend={say(texts.shippingAddress)}
          idPrefix="checkout-shipping"
          section="shipping"
          country={shippingCountry}
          onCountryChange={setOwnShippingCountry}
          lines={shippingAddress}
          onLineChange={setShippingLine}
          hintId="checkout-shipping-hint"
          hint={
            <div className="shipping-hint">
              <p id="checkout-shipping-hint" className="field__hint">
                {say(texts.shippingHint)}
              </p>
              {!followsBilling && (
                <Button
                  variant="link"
                  size="sm"
                  id="checkout-shipping-same"
                  onClick={() => {
                    setOwnShippingCountry(null);
                    setOwnShippingAddress(addressLines.map(() => null));
                  }}
                >
                  {say(texts.sameAsBilling)}
                </Button>
              )}
            </div>
          }
          before={<TextField id="checkout-shipping-name" label={say(texts.fullName)} autoComplete="shipping name" required value={shippingName} onChange={setShippingName} />}
        />
      )}

      <PaymentMethodField
        allowed={allowed}
        choice={choice}
        onChoose={setChosenMethod}
        providerMethods={providerMethods}
        providerChoice={providerMethod}
        onChooseProvider={setChosenProvider}
      />

      {orderQuestions.length > 0 && (
        <fieldset className="checkout-section fieldset" id="checkout-questions">
          <legend>{say(answerTexts.orderAnswers)}</legend>
          {orderQuestions.map((entry) => (
            <div key={entry.productCode} className="personalise">
              {orderQuestions.length > 1 && <p className="personalise__product">{entry.productName}</p>}
              {entry.questions.map((question) => {
                const id = orderAnswerFieldId(entry.productCode, question.code);
                return (
                  <QuestionField
                    key={question.code}
                    id={id}
                    question={question}
                    language={language}
                    value={orderAnswers[entry.productCode]?.[question.code] ?? ''}
                    onChange={answerOrder(entry.productCode, question.code)}
                    invalid={id in answerErrors}
                    error={answerErrors[id]}
                  />
                );
              })}
            </div>
          ))}
        </fieldset>
      )}

      <TermsField accepted={acceptTerms} onChange={setAcceptTerms} />

      <div className="checkout__submit">
        <FormError id="checkout-error" />
        <Button id="checkout-submit" type="submit" size="lg" block loading={sending} disabled={blocked !== null} aria-describedby={blocked ? 'checkout-blocked' : undefined}>
          {say(texts.submit)}
        </Button>
        {blocked && (
          <p id="checkout-blocked" className="field__hint">
            {blocked}
          </p>
        )}
      </div>
    </form>
  );
}
