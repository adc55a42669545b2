// @vitest-environment happy-dom
import { english, messages, questionDefinition, questionMessages } from '@festival/contract';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formErrorStore } from '../../../components/ui/form-error-store';
import { ApiError } from '../../../lib/api-client';
import { installTestConfig } from '../../../../test/test-config';
import { testShopItem } from '../../../../test/test-shop-item';
import { EMPTY_PASSENGER_FORM, type PassengerForm, type PersonaliseProduct } from '../personalise';
import { PersonaliseModal } from './PersonaliseModal';

// useFormat reads the shop configuration from the page, as in the browser.
beforeAll(installTestConfig);

afterEach(() => {
  cleanup();
  formErrorStore.clear();
});

const weekend: PersonaliseProduct = testShopItem({ id: 10, name: 'Weekend ticket', type: 'ticket', event_id: 1, timezone: 'Europe/Amsterdam' });
const shuttle: PersonaliseProduct = testShopItem({
  id: 20,
  name: 'Shuttle bus',
  type: 'transport',
  event_id: 1,
  timezone: 'Europe/Amsterdam',
  travel_time_type: 'selectable',
  travel_times: [
    { id: 1, travel_time: '2027-06-18T10:00:00+02:00', remaining: 60 },
    { id: 2, travel_time: '2027-06-18T12:00:00+02:00', remaining: 0 },
    { id: 3, travel_time: '2027-06-18T16:00:00+02:00', remaining: null },
  ],
  allow_travel_time_changes_until: '2027-06-14T23:59:59+02:00',
});
const BEFORE_DEADLINE = Date.parse('2027-06-01T12:00:00Z');

interface Setup {
  product?: PersonaliseProduct;
  defaults?: PassengerForm;
  ageOptions?: string[];
  otherHolders?: string[];
  openedAt?: number;
  heldTravelTimeId?: number | null;
  onSubmit?: (holder: unknown) => Promise<unknown>;
  defaultAnswers?: Record<string, unknown>;
}

function open({ product = weekend, defaults = EMPTY_PASSENGER_FORM, ageOptions = [], otherHolders = [], openedAt = BEFORE_DEADLINE, heldTravelTimeId, onSubmit, defaultAnswers }: Setup = {}) {
  const user = userEvent.setup();
  const submit = vi.fn(onSubmit ?? (() => Promise.resolve()));
  const cancel = vi.fn();
  render(
    <PersonaliseModal
      product={product}
      defaults={defaults}
      ageOptions={ageOptions}
      otherHolders={otherHolders}
      openedAt={openedAt}
      heldTravelTimeId={heldTravelTimeId}
      defaultAnswers={defaultAnswers}
      onSubmit={submit}
      onCancel={cancel}
    />,
  );
  return { user, submit, cancel };
}

const fullName = () => screen.getByLabelText(/^Full name/) as HTMLInputElement;
const email = () => screen.getByLabelText(/^E-mail/) as HTMLInputElement;
const alertText = () => screen.queryByRole('alert')?.textContent ?? null;
const confirm = () => screen.getByRole('button', { name: 'Confirm' });

describe('the personalise ticket modal', () => {
  it('shows the product, fills the fields from the defaults and focuses the full name', () => {
    open({ defaults: { ...EMPTY_PASSENGER_FORM, fullName: 'Jane Doe', email: 'jane@example.com' } });
    expect(screen.getByRole('dialog', { name: 'Personalise ticket' }).id).toBe('personalise-modal');
    expect(screen.getByText('Weekend ticket').id).toBe('personalise-product');
    expect(fullName().value).toBe('Jane Doe');
    expect(email().value).toBe('jane@example.com');
    expect(document.activeElement).toBe(fullName());
    expect(screen.getByText(english(messages.cart.nameAsOnId))).toBeTruthy();
    // An entry ticket without age options asks no age; only transport asks a travel time.
    expect(screen.queryByLabelText(/^Age range/)).toBeNull();
    expect(screen.queryByLabelText(/^Travel time/)).toBeNull();
    expect(screen.queryByText(english(messages.cart.meetingPoint))).toBeNull();
  });

  it('clears an error left from before when it opens', () => {
    act(() => formErrorStore.set('An old error'));
    open();
    expect(alertText()).toBeNull();
    expect(formErrorStore.get()).toBeNull();
  });

  it('checks an entry ticket in the order of spec section 5, one message at a time, before sending', async () => {
    const { user, submit } = open({ ageOptions: ['18-24', '25-34'], otherHolders: ['Jane Doe'] });
    await user.click(confirm());
    expect(alertText()).toBe(english(messages.personalise.fullNameRequired));
    expect(document.activeElement).toBe(fullName());
    expect(fullName().getAttribute('aria-invalid')).toBe('true');

    await user.type(fullName(), 'jane  DOE');
    await user.click(confirm());
    expect(alertText()).toBe(english(messages.personalise.emailRequired));
    expect(document.activeElement).toBe(email());
    expect(fullName().getAttribute('aria-invalid')).toBeNull();

    await user.type(email(), 'mailto:jane@example.com');
    await user.click(confirm());
    expect(alertText()).toBe(english(messages.personalise.emailInvalid));

    await user.clear(email());
    await user.type(email(), 'jane@example.com');
    await user.click(confirm());
    expect(alertText()).toBe(english(messages.personalise.ageRequired));
    expect(document.activeElement).toBe(screen.getByLabelText(/^Age range/));

    await user.selectOptions(screen.getByLabelText(/^Age range/), '25-34');
    await user.click(confirm());
    expect(alertText()).toBe(english(messages.personalise.duplicateHolder('Weekend ticket', 'jane  DOE')));
    expect(submit).not.toHaveBeenCalled();

    await user.clear(fullName());
    await user.type(fullName(), 'Sam Poe');
    await user.click(confirm());
    expect(submit).toHaveBeenCalledWith({ full_name: 'Sam Poe', email: 'jane@example.com', age: '25-34', transport_time_id: null });
    expect(alertText()).toBeNull();
  });

  it('asks the travel time of selectable transport after the e-mail, and sends its id', async () => {
    const { user, submit } = open({ product: shuttle, defaults: { ...EMPTY_PASSENGER_FORM, fullName: 'Jane Doe', email: 'jane@example.com' } });
    await user.click(confirm());
    expect(alertText()).toBe(english(messages.personalise.travelTimeRequired));
    expect(document.activeElement).toBe(screen.getByLabelText(/^Travel time/));
    await user.selectOptions(screen.getByLabelText(/^Travel time/), '3');
    await user.click(confirm());
    expect(submit).toHaveBeenCalledWith({ full_name: 'Jane Doe', email: 'jane@example.com', age: null, transport_time_id: 3 });
  });

  it("offers travel times with 'Sold out' disabled, the seats left of counted ones and nothing for uncounted ones", () => {
    open({ product: shuttle });
    const options = [...(screen.getByLabelText(/^Travel time/) as HTMLSelectElement).options].map((option) => [option.text, option.disabled]);
    expect(options).toEqual([
      ['Choose your travel time', true],
      ['Fri, 18 Jun 2027, 10:00 (60 left)', false],
      ['Fri, 18 Jun 2027, 12:00 (Sold out)', true],
      ['Fri, 18 Jun 2027, 16:00', false],
    ]);
  });

  it('keeps the travel time a line already holds selectable though no seats are left', () => {
    open({ product: shuttle, heldTravelTimeId: 2, defaults: { ...EMPTY_PASSENGER_FORM, transportTimeId: '2' } });
    const select = screen.getByLabelText(/^Travel time/) as HTMLSelectElement;
    expect(select.value).toBe('2');
    expect(select.selectedOptions[0]?.disabled).toBe(false);
  });

  it('notes the meeting time of transport and, while it lies ahead, the travel-time change deadline', () => {
    open({ product: shuttle });
    expect(screen.getByText(english(messages.cart.meetingPoint))).toBeTruthy();
    expect(screen.getByText(english(messages.cart.travelTimeChangesUntil('14 Jun 2027, 23:59')))).toBeTruthy();
    cleanup();
    open({ product: shuttle, openedAt: Date.parse('2027-06-15T00:00:00Z') });
    expect(screen.getByText(english(messages.cart.meetingPoint))).toBeTruthy();
    expect(screen.queryByText(/You can change the travel time/)).toBeNull();
  });

  it("asks the product's per-ticket questions after the holder's fields, checks them before sending and sends the answers (decision 0106)", async () => {
    const questions = [
      { code: 'size', kind: 'choice', label: 'T-shirt size', required: true, options: [{ code: 's', label: 'Small' }, { code: 'm', label: 'Medium' }] },
      { code: 'diet', kind: 'multi', label: 'Diet', options: [{ code: 'vegan', label: 'Vegan' }, { code: 'nuts', label: 'No nuts' }] },
      { code: 'camping', kind: 'yes_no', label: 'Camping', required: true },
      { code: 'company', kind: 'text', label: 'Company' },
      { code: 'contact', kind: 'text', label: 'Emergency contact', required: true, per: 'order' },
    ].map((question) => questionDefinition.parse(question));
    const { user, submit } = open({ product: { ...weekend, questions }, defaults: { ...EMPTY_PASSENGER_FORM, fullName: 'Jane Doe', email: 'jane@example.com' } });
    // The order's own question is the checkout page's, not the modal's.
    expect(screen.queryByLabelText(/^Emergency contact/)).toBeNull();
    await user.click(confirm());
    expect(submit).not.toHaveBeenCalled();
    expect(alertText()).toBe(english(questionMessages.required('T-shirt size')));
    const size = screen.getByLabelText(/^T-shirt size/);
    expect(document.activeElement).toBe(size);
    expect(size.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(size.getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent).toBe(english(questionMessages.required('T-shirt size')));
    await user.selectOptions(size, 'm');
    await user.click(screen.getByLabelText('No nuts'));
    await user.click(screen.getByLabelText('Yes'));
    await user.type(screen.getByLabelText(/^Company/), ' ACME ');
    await user.click(confirm());
    expect(submit).toHaveBeenCalledWith({ full_name: 'Jane Doe', email: 'jane@example.com', age: null, transport_time_id: null, answers: { size: 'm', diet: ['nuts'], camping: true, company: 'ACME' } });
  });

  it("starts from a line's answers, and shows a server's refusal of an answer at its question", async () => {
    const questions = [questionDefinition.parse({ code: 'size', kind: 'choice', label: 'T-shirt size', required: true, options: [{ code: 's', label: 'Small' }, { code: 'm', label: 'Medium' }] })];
    const refusal = new ApiError(422, { message: 'must be one of the options', errors: { 'answers.size': ['must be one of the options'] } }, 'must be one of the options');
    const { user, submit } = open({
      product: { ...weekend, questions },
      defaults: { ...EMPTY_PASSENGER_FORM, fullName: 'Jane Doe', email: 'jane@example.com' },
      defaultAnswers: { size: 's' },
      onSubmit: () => Promise.reject(refusal),
    });
    const size = screen.getByLabelText(/^T-shirt size/) as HTMLSelectElement;
    expect(size.value).toBe('s');
    await user.click(confirm());
    expect(submit).toHaveBeenCalledWith(expect.objectContaining({ answers: { size: 's' } }));
    expect(alertText()).toBe('must be one of the options');
    expect(size.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(size);
  });

  it("shows the server's refusal in its alert and stays open", async () => {
    const refusal = new ApiError(409, { message: 'Sorry, this travel time is sold out.', errors: { transport_time_id: ['Sorry, this travel time is sold out.'] } }, 'Sorry, this travel time is sold out.');
    const { user, submit } = open({
      product: shuttle,
      defaults: { fullName: 'Jane Doe', email: 'jane@example.com', age: '', transportTimeId: '1' },
      onSubmit: () => Promise.reject(refusal),
    });
    await user.click(confirm());
    expect(submit).toHaveBeenCalledTimes(1);
    expect(alertText()).toBe('Sorry, this travel time is sold out.');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.getByLabelText(/^Travel time/).getAttribute('aria-invalid')).toBe('true');
  });

  it('closes on Escape and on Cancel without sending', async () => {
    const { user, submit, cancel } = open();
    await user.keyboard('{Escape}');
    expect(cancel).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(cancel).toHaveBeenCalledTimes(2);
    expect(submit).not.toHaveBeenCalled();
  });
});
