import { describe, expect, it } from 'vitest';
import { testOrder, testTicket } from '../../../test/test-order';
import { canManageTicket, invoiceDownloadHref, manageTicketPath, ticketDownloadHref, ticketNeedsAge, ticketQrHref } from './ticket-actions';

const config = {
  ageRanges: ['18-24', '25+'],
  events: { '1': { ageRangeActive: true, creditCardActive: true, bankTransferActive: true, bankTransferCountries: [] }, '2': { ageRangeActive: false, creditCardActive: true, bankTransferActive: true, bankTransferCountries: [] } },
};

describe('the actions of a ticket', () => {
  it('asks for an age only on an entry ticket of an event with age ranges active and ranges to choose from', () => {
    expect(ticketNeedsAge(testTicket({ type: 'ticket', event_id: 1 }), config)).toBe(true);
    expect(ticketNeedsAge(testTicket({ type: 'ticket', event_id: 2 }), config)).toBe(false);
    expect(ticketNeedsAge(testTicket({ type: 'ticket', event_id: 3 }), config)).toBe(false);
    expect(ticketNeedsAge(testTicket({ type: 'transport', event_id: 1 }), config)).toBe(false);
    expect(ticketNeedsAge(testTicket({ type: 'ticket', event_id: null }), config)).toBe(false);
    expect(ticketNeedsAge(testTicket({ type: 'ticket', event_id: 1 }), { ...config, ageRanges: [] })).toBe(false);
  });

  it('lets only active tickets be managed, and only when their name, e-mail or age may change', () => {
    const fixed = { allow_name_changes: false, allow_email_changes: false, type: 'transport', event_id: 1 };
    expect(canManageTicket(testTicket({ ...fixed }), config)).toBe(false);
    expect(canManageTicket(testTicket({ ...fixed, allow_name_changes: true }), config)).toBe(true);
    expect(canManageTicket(testTicket({ ...fixed, allow_email_changes: true }), config)).toBe(true);
    expect(canManageTicket(testTicket({ ...fixed, type: 'ticket' }), config)).toBe(true);
    expect(canManageTicket(testTicket({ ...fixed, allow_name_changes: true, status: 'refund' }), config)).toBe(false);
    // Or its answers to the product's questions (decision 0106: the name's changes may be used up while they still may).
    const answerForm = { product: 'NWF27-WEEKEND', name: 'Weekend', questions: [], values: {}, allow_changes: true };
    expect(canManageTicket(testTicket({ ...fixed, answer_form: answerForm }), config)).toBe(true);
    expect(canManageTicket(testTicket({ ...fixed, answer_form: { ...answerForm, allow_changes: false } }), config)).toBe(false);
  });

  it("downloads by the holder's e-mail, else the customer's, URL-encoded, and only when allowed", () => {
    expect(ticketDownloadHref(testTicket({ code: 'T/1', email: 'a+b@example.com' }), 'me@example.com')).toBe('/download-ticket/a%2Bb%40example.com/T%2F1');
    expect(ticketDownloadHref(testTicket({ code: 'T1', email: null }), 'me@example.com')).toBe('/download-ticket/me%40example.com/T1');
    expect(ticketDownloadHref(testTicket({ allow_download: false }), 'me@example.com')).toBeNull();
    expect(ticketDownloadHref(testTicket({ email: null }), null)).toBeNull();
  });

  it('shows the QR code under the download link, by the same rule', () => {
    expect(ticketQrHref(testTicket({ code: 'T/1', email: 'a+b@example.com' }), 'me@example.com')).toBe('/download-ticket/a%2Bb%40example.com/T%2F1/qr.png');
    expect(ticketQrHref(testTicket({ allow_download: false }), 'me@example.com')).toBeNull();
  });

  it('downloads the invoice by the order code and checksum when the order has one', () => {
    expect(invoiceDownloadHref(testOrder({ code: 'NWF-1', checksum: 'a/b', has_invoice: true }))).toBe('/download-invoice/NWF-1/a%2Fb');
    expect(invoiceDownloadHref(testOrder({ has_invoice: false }))).toBeNull();
  });

  it('manages a ticket under its order in the portal', () => {
    expect(manageTicketPath('NWF-1', 'TCK-1')).toBe('/portal/orders/NWF-1/manage-ticket/TCK-1');
  });
});
