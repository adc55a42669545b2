import { describe, expect, it } from 'vitest';
import { parseCheckoutDraft, type CheckoutDraft } from './checkout-draft';

const draft: CheckoutDraft = {
  email: 'Jane@Example.com',
  country: 'NL',
  address: ['Main street 1', '', '1000 AA', 'Amsterdam'],
  shippingName: 'Jane Doe',
  shippingCountry: null,
  shippingAddress: [null, null, null, 'Utrecht'],
  method: 'credit_card',
  acceptTerms: true,
  saveAddress: false,
};

describe("the checkout's draft (decision 0070)", () => {
  it("restores the customer's own draft, whatever the case of the address", () => {
    expect(parseCheckoutDraft(draft, 'jane@example.com', 4)).toEqual(draft);
  });

  it("ignores another customer's draft, a draft of another number of address lines, and anything malformed", () => {
    expect(parseCheckoutDraft(draft, 'someone@example.com', 4)).toBeNull();
    expect(parseCheckoutDraft(draft, 'jane@example.com', 3)).toBeNull();
    for (const bad of [null, 'text', 42, { ...draft, address: 'Main street 1' }, { ...draft, address: [1, 2, 3, 4] }, { ...draft, shippingAddress: [null, 1, null, null] }, { ...draft, country: null }, { ...draft, method: 7 }]) {
      expect(parseCheckoutDraft(bad, 'jane@example.com', 4)).toBeNull();
    }
  });

  it('reads a tick only when it is true', () => {
    expect(parseCheckoutDraft({ ...draft, acceptTerms: 'yes', saveAddress: 1 }, 'jane@example.com', 4)).toMatchObject({ acceptTerms: false, saveAddress: false });
  });
});
