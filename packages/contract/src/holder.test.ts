import { describe, expect, it } from 'vitest';
import { english } from './i18n/english';
import { holderError, isAddOnType, sameHolderName, type HolderRules } from './holder';
import { isValidEmail } from './mailbox';
import { messages } from './messages';

const texts = messages.personalise;
const ticket: HolderRules = { productName: 'Weekend ticket', needsAge: true, needsTravelTime: false, otherHolders: [] };
const shuttle: HolderRules = { productName: 'Shuttle', needsAge: false, needsTravelTime: true, otherHolders: [] };
const complete = { full_name: 'Jane Doe', email: 'jane@example.org', age: '25-34', transport_time_id: 7 };

describe('holderError: spec section 5, in its order', () => {
  it('asks for the full name first, whatever else is missing', () => {
    expect(holderError({}, { ...ticket, needsTravelTime: true })).toEqual({ field: 'full_name', message: texts.fullNameRequired });
    expect(holderError({ ...complete, full_name: '   ' }, ticket)).toEqual({ field: 'full_name', message: texts.fullNameRequired });
  });

  it('then the e-mail address, then its form (no mailto:)', () => {
    expect(holderError({ full_name: 'Jane Doe' }, ticket)).toEqual({ field: 'email', message: texts.emailRequired });
    for (const email of ['jane', 'jane@example', 'jane doe@example.org', 'mailto:jane@example.org', 'MAILTO:jane@example.org', 'jane@example.org,eve@example.net', 'Jane <jane@example.org>']) {
      expect(holderError({ ...complete, email }, ticket), email).toEqual({ field: 'email', message: texts.emailInvalid });
    }
  });

  it('then the age range for an entry ticket with age ranges, then the travel time for selectable transport', () => {
    expect(holderError({ ...complete, age: '' }, ticket)).toEqual({ field: 'age', message: texts.ageRequired });
    expect(holderError({ ...complete, age: null }, { ...ticket, needsAge: false })).toBeNull();
    expect(holderError({ ...complete, age: '', transport_time_id: null }, { ...ticket, needsTravelTime: true })).toEqual({ field: 'age', message: texts.ageRequired });
    expect(holderError({ ...complete, transport_time_id: '' }, shuttle)).toEqual({ field: 'transport_time_id', message: texts.travelTimeRequired });
  });

  it('last, the same holder on another line of the product, names compared without case or extra spaces', () => {
    const rules = { ...ticket, otherHolders: [null, 'JANE  doe'] };
    expect(holderError({ ...complete, full_name: ' Jane Doe ' }, rules)).toEqual({ field: 'full_name', message: texts.duplicateHolder('Weekend ticket', 'Jane Doe') });
    // An earlier rule wins over the duplicate.
    expect(holderError({ ...complete, email: '' }, rules)).toEqual({ field: 'email', message: texts.emailRequired });
    expect(holderError(complete, { ...ticket, otherHolders: ['John Doe'] })).toBeNull();
  });
});

describe('the duplicate-holder text', () => {
  const text = (product: string, holder: string) => english(texts.duplicateHolder(product, holder));
  it("keeps the spec's frame for a product whose name does not say ticket", () => {
    expect(text('Shuttle bus (return)', 'Jane Doe')).toBe('A Shuttle bus (return) ticket already exists for Jane Doe in your cart.');
    expect(text('Camping', 'Jane Doe')).toBe('A Camping ticket already exists for Jane Doe in your cart.');
  });
  it('never doubles a trailing "ticket", whatever its case, hyphen or plural', () => {
    expect(text('Weekend ticket', 'Jane Doe')).toBe('A Weekend ticket already exists for Jane Doe in your cart.');
    expect(text('Day Ticket', 'Jane Doe')).toBe('A Day Ticket already exists for Jane Doe in your cart.');
    expect(text('Sunday TICKET ', 'Jane Doe')).toBe('A Sunday TICKET already exists for Jane Doe in your cart.');
    expect(text('Group tickets', 'Jane Doe')).toBe('A Group tickets already exists for Jane Doe in your cart.');
    expect(text('Combi-ticket', 'Jane Doe')).toBe('A Combi-ticket already exists for Jane Doe in your cart.');
    for (const name of ['Weekend ticket', 'Day Ticket', 'E-ticket', 'Group Tickets', 'Shuttle']) {
      expect(text(name, 'Jane Doe'), name).not.toMatch(/tickets?\s+ticket/i);
    }
  });
  it('keeps "ticket" where the word only ends another one ("Biticket" is not a ticket word)', () => {
    expect(text('Biticket', 'Jane Doe')).toBe('A Biticket ticket already exists for Jane Doe in your cart.');
  });
  it("keeps the spec's \"A\" whatever the name begins with: the template is the spec's", () => {
    expect(text('E-ticket', 'Jane Doe')).toBe('A E-ticket already exists for Jane Doe in your cart.');
    expect(text('Early bird', 'Jane Doe')).toBe('A Early bird ticket already exists for Jane Doe in your cart.');
  });
  it('is the text the holder rules give for a duplicate', () => {
    expect(english(holderError(complete, { ...ticket, otherHolders: ['Jane Doe'] })!.message)).toBe('A Weekend ticket already exists for Jane Doe in your cart.');
  });
});

describe('holder helpers', () => {
  it('matches the e-mail pattern of the spec', () => {
    expect(isValidEmail('a@b.c')).toBe(true);
    expect(isValidEmail('a@b')).toBe(false);
  });
  it('compares names without case or extra spaces', () => {
    expect(sameHolderName(' Jane   Doe', 'jane doe')).toBe(true);
    expect(sameHolderName('Jane Doe', 'Jane Dow')).toBe(false);
  });
  it('calls every type but ticket and transport an add-on', () => {
    expect([isAddOnType('ticket'), isAddOnType('transport'), isAddOnType('camping')]).toEqual([false, false, true]);
  });
});
