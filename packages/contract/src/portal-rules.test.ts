import { describe, expect, it } from 'vitest';
import { english } from './i18n/english';
import {
  bankDetailsError,
  canReassign,
  isValidBic,
  isValidIban,
  itemStatusDisplay,
  refundMissingFields,
  refundSelectionError,
  itemStatusLabels,
  merchandiseStatusLabels,
  refundStatusLabel,
  refundTotal,
  shippingShares,
  ticketEditError,
  ticketEditMissingFields,
} from './portal-rules';
import { messages } from './messages';
import { portalMessages } from './portal-messages';

const allRules = { allowNameChanges: true, allowEmailChanges: true, needsAge: true };
const current = { full_name: 'Jane Doe', email: 'jane@example.com', age: '18-25' };

describe('ticket edit rules', () => {
  it('lists the required fields the ticket allows, in the spec order', () => {
    expect(ticketEditMissingFields({}, allRules)).toEqual(['Full name', 'E-mail address', 'Age range']);
    expect(ticketEditMissingFields({}, { allowNameChanges: false, allowEmailChanges: true, needsAge: false })).toEqual(['E-mail address']);
    expect(english(ticketEditError({ full_name: ' ', email: 'a@b.co', age: '18-25' }, current, allRules)!)).toBe('Please fill out the following fields: Full name');
  });

  it('refuses an edit that changes nothing, but not a reassignment', () => {
    expect(ticketEditError({ ...current, email: 'JANE@example.com ' }, current, allRules)).toBe(messages.ticketEdit.nothingChanged);
    expect(ticketEditError({ ...current, reassign: true }, current, allRules)).toBeNull();
    expect(ticketEditError({ ...current, full_name: 'Jane Smith' }, current, allRules)).toBeNull();
    expect(ticketEditError({ ...current, age: '26-35' }, current, allRules)).toBeNull();
  });

  it('ignores changes to fields the ticket does not allow', () => {
    const nameOnly = { allowNameChanges: true, allowEmailChanges: false, needsAge: false };
    expect(ticketEditError({ full_name: 'Jane Doe', email: 'other@example.com' }, current, nameOnly)).toBe(messages.ticketEdit.nothingChanged);
  });

  it('refuses an invalid e-mail address', () => {
    expect(ticketEditError({ ...current, email: 'jane@nowhere' }, current, allRules)).toBe(messages.email.invalid);
  });

  it('offers reassigning only for another address than the user’s own', () => {
    expect(canReassign('friend@example.com', 'jane@example.com')).toBe(true);
    expect(canReassign(' Jane@Example.com', 'jane@example.com')).toBe(false);
    expect(canReassign('', 'jane@example.com')).toBe(false);
  });
});

describe('bank details', () => {
  it('accepts IBANs whose check digits hold and refuses the rest', () => {
    expect(isValidIban('NL91 ABNA 0417 1643 00')).toBe(true);
    expect(isValidIban('GB82WEST12345698765432')).toBe(true);
    expect(isValidIban('DE89370400440532013000')).toBe(true);
    expect(isValidIban('NL91ABNA0417164301')).toBe(false);
    expect(isValidIban('NL12')).toBe(false);
    expect(isValidIban('12NLABNA0417164300')).toBe(false);
  });

  it('checks the BIC format', () => {
    expect(isValidBic('ABNANL2A')).toBe(true);
    expect(isValidBic('deutdeff500')).toBe(true);
    expect(isValidBic('ABNA2A')).toBe(false);
    expect(isValidBic('ABNANL2A5')).toBe(false);
  });

  const rules = { addressLines: [{ text: 'Street', required: true }, { text: 'Line 2', required: false }], ibanCountries: ['NL'] };
  const filled = {
    bank_owner_full_name: 'Jane Doe',
    bank_owner_address: { Street: 'Main 1' },
    bank_name: 'ABN',
    bank_country: 'NL',
    bank_bic: 'ABNANL2A',
    bank_iban: 'NL91ABNA0417164300',
  };

  it('lists the missing fields: IBAN for IBAN countries, account number otherwise', () => {
    expect(refundMissingFields({}, rules)).toEqual(["Account holder's full name", 'Street', 'Bank name', 'Bank country', 'BIC/SWIFT', 'Bank account number']);
    // On a page in another language: the line named by its label there, its value still keyed by the default's text.
    const german = { ...rules, addressLines: [{ text: 'Street', label: 'Straße', required: true }] };
    expect(refundMissingFields({}, german)).toContain('Straße');
    expect(refundMissingFields({ bank_owner_address: { Street: 'Main 1' } }, german)).not.toContain('Straße');
    expect(refundMissingFields({ bank_country: 'NL' }, rules)).toContain('IBAN');
    expect(english(bankDetailsError({ ...filled, bank_iban: '' }, rules)!)).toBe('Please fill out the following fields: IBAN.');
    expect(bankDetailsError(filled, rules)).toBeNull();
    expect(bankDetailsError({ ...filled, bank_country: 'US', bank_iban: null, bank_account: '12345678' }, rules)).toBeNull();
  });

  it('refuses a bad IBAN checksum and a bad BIC', () => {
    expect(bankDetailsError({ ...filled, bank_iban: 'NL92ABNA0417164300' }, rules)).toBe(portalMessages.ibanInvalid);
    expect(bankDetailsError({ ...filled, bank_bic: 'AB' }, rules)).toBe(portalMessages.bicInvalid);
  });
});

describe('refund selection and totals', () => {
  it('needs one item and never mixes tickets with merchandise', () => {
    expect(refundSelectionError([], [])).toBe(messages.refund.selectItem);
    expect(refundSelectionError(['T1'], ['M1'])).toBe(portalMessages.noMixing);
    expect(refundSelectionError(['T1'], [])).toBeNull();
  });

  const line = (code: string, price: number, fee: number, refundFee: number, shipping = 0) => ({ code, fee, refund_fee: refundFee, refund_total: price - refundFee, shipping_refund: shipping });
  const order = {
    has_payment_plan: false,
    total_paid: 0,
    tickets: [line('T1', 10000, 500, 250), line('T2', 10000, 500, 250)],
    merchandisePurchases: [line('M1', 2500, 0, 100, 250), line('M2', 2500, 0, 100, 245)],
  };

  it('adds price minus refund fee per ticket', () => {
    expect(refundTotal(order, ['T1'], [])).toBe(9750);
    expect(refundTotal(order, ['T1', 'T2'], [])).toBe(19500);
  });

  it('adds the shipping share for merchandise', () => {
    expect(refundTotal(order, [], ['M1', 'M2'])).toBe(2400 + 250 + 2400 + 245);
  });

  it('refunds a payment-plan order as what was paid minus fees and refund fees', () => {
    expect(refundTotal({ ...order, has_payment_plan: true, total_paid: 6000, tickets: [line('T1', 20000, 1000, 500)], merchandisePurchases: [] }, [], [])).toBe(4500);
    expect(refundTotal({ ...order, has_payment_plan: true, total_paid: 1000, tickets: [line('T1', 20000, 1000, 500)], merchandisePurchases: [] }, [], [])).toBe(0);
  });

  it('splits shipping so the shares add up to it', () => {
    expect(shippingShares(495, 2)).toEqual([248, 247]);
    expect(shippingShares(1000, 3).reduce((a, b) => a + b, 0)).toBe(1000);
    expect(shippingShares(500, 0)).toEqual([]);
  });
});

describe('status displays', () => {
  const labels = { active: 'Active', cancelled: 'Cancelled' };
  const inEnglish = (display: ReturnType<typeof itemStatusDisplay>) => ({ ...display, label: english(display.label) });
  it('shows item refund states in the spec words', () => {
    expect(inEnglish(itemStatusDisplay('refund', labels))).toEqual({ label: 'Requested', showsAmount: false });
    expect(english(itemStatusDisplay('refunding', labels).label)).toBe('Processing');
    expect(english(itemStatusDisplay('refund-problem', labels).label)).toBe('Processing');
    expect(inEnglish(itemStatusDisplay('refunded', labels))).toEqual({ label: 'Refunded', showsAmount: true });
    expect(english(itemStatusDisplay('active', labels).label)).toBe('Active');
    expect(english(itemStatusDisplay('odd', labels).label)).toBe('Odd');
  });

  it('shows refunds as active, processed, or processing for anything else', () => {
    const refundLabels = { active: 'Requested', processed: 'Processed', processing: 'In progress' };
    expect(english(refundStatusLabel('active', refundLabels))).toBe('Requested');
    expect(english(refundStatusLabel('processed', refundLabels))).toBe('Processed');
    expect(english(refundStatusLabel('paying-out', refundLabels))).toBe('In progress');
    expect(english(refundStatusLabel('paying-out', {}))).toBe('Processing');
  });

  it('keeps a cancelled or rejected request in its own words, not as processing (decision 0071)', () => {
    expect(english(refundStatusLabel('cancelled', {}))).toBe('Cancelled');
    expect(english(refundStatusLabel('rejected', {}))).toBe('Not approved');
    expect(english(refundStatusLabel('rejected', { rejected: 'Refused' }))).toBe('Refused');
  });

  it('shows a bought merchandise purchase as ordered, not as an active ticket (decision 0071)', () => {
    const statusLabels = { ticket: { active: 'Active', pending: 'Awaiting payment' } };
    expect(english(itemStatusDisplay('active', itemStatusLabels('merchandise', statusLabels)).label)).toBe('Ordered');
    expect(english(itemStatusDisplay('pending', itemStatusLabels('merchandise', statusLabels)).label)).toBe('Awaiting payment');
    expect(english(itemStatusDisplay('active', itemStatusLabels('ticket', statusLabels)).label)).toBe('Active');
    expect(merchandiseStatusLabels({ ...statusLabels, merchandise: { active: 'Paid, ships in June' } }).active).toBe('Paid, ships in June');
  });
});
