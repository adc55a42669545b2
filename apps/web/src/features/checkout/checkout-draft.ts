import { CHECKOUT_DRAFT_KEY, createKeyValueStore } from '../../lib/storage';

/**
 * What the customer typed into the checkout form, kept for the tab (decision 0070): a reload or a
 * detour to the cart keeps the country, the addresses, the chosen method and the ticked boxes. It
 * lives in the tab's session storage, so it ends with the tab, a logout (lib/storage.ts forgets it)
 * and a placed order, and it is bound to the customer's e-mail so another login in the tab never
 * sees it.
 */
export interface CheckoutDraft {
  email: string;
  country: string;
  address: string[];
  shippingName: string;
  /** null: the shipping country still follows the billing country. */
  shippingCountry: string | null;
  /** null per line: it still follows the billing line. */
  shippingAddress: (string | null)[];
  method: string | null;
  acceptTerms: boolean;
  saveAddress: boolean;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isStringOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';

/** The stored draft if it is this customer's and has the configured number of address lines; else null. */
export function parseCheckoutDraft(value: unknown, email: string, lineCount: number): CheckoutDraft | null {
  if (!value || typeof value !== 'object') return null;
  const draft = value as Record<string, unknown>;
  const address = draft.address;
  const shippingAddress = draft.shippingAddress;
  if (!isString(draft.email) || draft.email.toLowerCase() !== email.toLowerCase()) return null;
  if (!Array.isArray(address) || address.length !== lineCount || !address.every(isString)) return null;
  if (!Array.isArray(shippingAddress) || shippingAddress.length !== lineCount || !shippingAddress.every(isStringOrNull)) return null;
  if (!isString(draft.country) || !isString(draft.shippingName) || !isStringOrNull(draft.shippingCountry) || !isStringOrNull(draft.method)) return null;
  return {
    email: draft.email,
    country: draft.country,
    address,
    shippingName: draft.shippingName,
    shippingCountry: draft.shippingCountry,
    shippingAddress,
    method: draft.method,
    acceptTerms: draft.acceptTerms === true,
    saveAddress: draft.saveAddress === true,
  };
}

/** The tab's session storage; memory for the page's life where the browser refuses storage. */
const tabStore = createKeyValueStore(() => globalThis.sessionStorage);

function readDraft(): unknown {
  const raw = tabStore.get(CHECKOUT_DRAFT_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

export const loadCheckoutDraft = (email: string, lineCount: number): CheckoutDraft | null => parseCheckoutDraft(readDraft(), email, lineCount);
export const saveCheckoutDraft = (draft: CheckoutDraft): void => tabStore.set(CHECKOUT_DRAFT_KEY, JSON.stringify(draft));
export const forgetCheckoutDraft = (): void => tabStore.remove(CHECKOUT_DRAFT_KEY);
