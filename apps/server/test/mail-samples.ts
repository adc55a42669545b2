import path from 'node:path';
import { SOURCE_LOCALE, type Locale, type RefundWays, type ShopConfigFile } from '@festival/contract';
import { REPO_ROOT } from '../src/env';
import { alreadyRegisteredMail, emailChangedMail, passwordChangedMail, passwordMail, resetMail, ticketsMail } from '../src/modules/accounts/accounts.mail';
import { loadShopConfig } from '../src/modules/config/shop-config';
import type { OutgoingMail } from '../src/modules/mail/outbox';
import { bankTransferMail, confirmationMail, instalmentMail, instalmentReceiptMail, partPaymentMail, termsLinkMail, ticketsReadyMail } from '../src/modules/orders/orders.mail';
import type { OrderRow } from '../src/modules/orders/orders.queries';
import { disputeMail, paymentReturnedMail } from '../src/modules/payments/payments.mail';
import { answersChangedMail, refundProcessedMail, refundRequestedMail, ticketChangedMail, ticketPassedOnMail, ticketReceivedMail, ticketVoidMail } from '../src/modules/portal/portal.mail';
import { portalMailTexts } from '../src/modules/portal/portal.mail.messages';

/**
 * Every message the shop sends, built from its template with awkward but real data: names from
 * customers in several scripts and with markup, long unbroken words, long addresses. The layout
 * and text-part tests run over all of them; a new template belongs here. `language`: the reader's,
 * for the messages that take one.
 */
export async function sampleMails(config: ShopConfigFile = loadShopConfig(path.join(REPO_ROOT, 'config/demo-shop.json')), language: Locale = SOURCE_LOCALE): Promise<{ name: string; mail: OutgoingMail }[]> {
  const name = "Ольга 李 O'Brien <script>alert(1)</script>";
  const long = 'Maximiliana-Alexandrina-Wolfeschlegelsteinhausenbergerdorff';
  const email = 'olga.obrien.with.a.rather.long.address@subdomain.example.org';
  const person = { email, fullName: name };
  const order = {
    id: 1,
    code: 'K7Q2M9XA',
    totalPrice: 26890,
    totalPaid: 0,
    paymentStatus: 'pending',
    paymentMethod: 'bank_transfer',
    paymentReference: 'NWFK7Q2M9XA',
    payBy: new Date('2027-03-14T12:00:00Z'),
    paymentPlan: null,
  } as unknown as OrderRow;
  const tickets = [
    { code: 'T8V3K2L9Q4W7E1R5Y6U0', productName: 'Weekend ticket', fullName: name, email },
    { code: 'P2O3I4U5Y6T7R8E9W0Q1', productName: `Camping spot for ${long}`, fullName: long, email: 'holder@example.org' },
  ];
  const paid = { ...order, paymentStatus: 'paid', paymentMethod: 'credit_card', totalPaid: 26890 } as OrderRow;
  const plan = { ...order, paymentStatus: 'partial', paymentMethod: 'credit_card', totalPaid: 5000 } as OrderRow;
  const lastDue = new Date('2027-05-01T10:00:00Z');
  const instalment = { id: 7, amount: 5000, paidAmount: 0, dueAt: lastDue };
  return [
    { name: 'password', mail: await passwordMail(config, language, email, name, 'Zq7-häpy-Kite-91') },
    { name: 'already-registered', mail: await alreadyRegisteredMail(config, language, email, name) },
    { name: 'reset', mail: await resetMail(config, language, email, name, 'a'.repeat(64)) },
    { name: 'tickets', mail: await ticketsMail(config, language, email, tickets.map((ticket) => ({ code: ticket.code, product: ticket.productName, fullName: ticket.fullName }))) },
    { name: 'email-changed', mail: await emailChangedMail(config, language, email, name, `new.${email}`) },
    {
      name: 'confirmation-paid',
      mail: await confirmationMail(config, language, person, { ...paid, discountAmount: 1000, discountName: 'Welcome voucher' } as OrderRow, {
        tickets: [...tickets, { code: 'S9D8F7G6H5J4K3L2Z1X0', productName: 'Shuttle bus Amsterdam Centraal', fullName: name, email, departsAt: new Date('2027-06-11T12:30:00Z') }],
        merchandise: [{ name: 'Festival T-shirt' }],
        lastDueAt: null,
        instalments: [],
        vat: [
          { name: 'VAT 9%', basisPoints: 900, gross: 23525, tax: 1942, net: 21583 },
          { name: 'VAT 21%', basisPoints: 2100, gross: 3365, tax: 584, net: 2781 },
        ],
        invoicePath: '/download-invoice/K7Q2M9XA/1a2b3c-0123456789abcdef0123456789abcdef',
      }),
    },
    {
      name: 'confirmation-plan',
      mail: await confirmationMail(config, language, person, plan, {
        tickets: [{ ...tickets[0]!, departsAt: new Date('2027-06-11T12:30:00Z') }, tickets[1]!],
        merchandise: [],
        lastDueAt: lastDue,
        instalments: [
          { amount: 5000, paidAmount: 5000, dueAt: new Date('2027-01-10T10:00:00Z'), paid: true },
          { amount: 10945, paidAmount: 0, dueAt: new Date('2027-03-01T10:00:00Z'), paid: false },
          { amount: 10945, paidAmount: 0, dueAt: lastDue, paid: false },
        ],
        vat: [{ name: 'VAT 9%', basisPoints: 900, gross: 26890, tax: 2220, net: 24670 }],
        invoicePath: null,
      }),
    },
    { name: 'confirmation-voucher-covers', mail: await confirmationMail(config, language, person, { ...paid, totalPrice: 0, totalPaid: 0, paymentMethod: 'voucher', discountAmount: 26890, discountName: 'Gift card' } as OrderRow, { tickets, merchandise: [], lastDueAt: null, instalments: [], vat: [{ name: 'VAT 9%', basisPoints: 900, gross: 0, tax: 0, net: 0 }], invoicePath: '/download-invoice/K7Q2M9XA/1a2b3c-0123456789abcdef0123456789abcdef' }) },
    {
      name: 'instalment-receipt',
      mail: await instalmentReceiptMail(config, language, person, { ...plan, totalPaid: 15945 } as OrderRow, { id: 8, amount: 10945 }, [
        { amount: 5000, paidAmount: 5000, dueAt: new Date('2027-01-10T10:00:00Z'), paid: true },
        { amount: 10945, paidAmount: 10945, dueAt: new Date('2027-03-01T10:00:00Z'), paid: true },
        { amount: 10945, paidAmount: 0, dueAt: lastDue, paid: false },
      ], null),
    },
    { name: 'tickets-ready', mail: await ticketsReadyMail(config, language, person, paid, tickets, email) },
    { name: 'tickets-ready-holder', mail: await ticketsReadyMail(config, language, { email: 'holder@example.org', fullName: long }, paid, tickets.slice(1), email) },
    { name: 'bank-transfer', mail: await bankTransferMail(config, language, person, order) },
    { name: 'bank-transfer-no-deadline', mail: await bankTransferMail(config, language, person, { ...order, payBy: null }, false) },
    { name: 'instalment-due', mail: await instalmentMail(config, language, 'due', person, plan, instalment, '/payment-plan-payment/K7Q2M9XA/abc/def') },
    { name: 'instalment-overdue', mail: await instalmentMail(config, language, 'overdue', person, plan, instalment, '/payment-plan-payment/K7Q2M9XA/abc/def') },
    { name: 'terms-link', mail: await termsLinkMail(config, language, person, order, '/accept-tcs/K7Q2M9XA/abc') },
    { name: 'payment-returned', mail: await paymentReturnedMail(config, language, person, order, { id: 3, amount: 5000 }) },
    { name: 'dispute-opened', mail: await disputeMail(config, language, paid, { id: 4, amount: 26890, provider: 'stripe', providerReference: 'pay_0123456789abcdef0123456789abcdef' }, { status: 'opened', amount: 26890, providerDisputeId: 'dp_1Q2w3E4r5T6y7U8i9O0p' }) },
    { name: 'dispute-won', mail: await disputeMail(config, language, paid, { id: 4, amount: 26890, provider: 'stripe', providerReference: 'pay_0123456789abcdef0123456789abcdef' }, { status: 'won', amount: 26890, providerDisputeId: 'dp_1Q2w3E4r5T6y7U8i9O0p' }) },
    { name: 'dispute-lost', mail: await disputeMail(config, language, paid, { id: 4, amount: 26890, provider: 'stripe', providerReference: 'pay_0123456789abcdef0123456789abcdef' }, { status: 'lost', amount: 26890, providerDisputeId: 'dp_1Q2w3E4r5T6y7U8i9O0p' }) },
    { name: 'password-changed-reset', mail: await passwordChangedMail(config, language, email, name, 'reset') },
    { name: 'password-changed-settings', mail: await passwordChangedMail(config, language, email, name, 'settings') },
    {
      name: 'ticket-changed',
      mail: await ticketChangedMail(config, language, person, { ...tickets[1]!, departsAt: null }, [{ label: portalMailTexts.changed.name, from: 'Jane Doe', to: long }, { label: portalMailTexts.changed.email, from: 'jane@example.org', to: 'holder@example.org' }], true, 'holder@example.org'),
    },
    {
      name: 'ticket-changed-departure',
      mail: await ticketChangedMail(config, language, person, { code: 'S9D8F7G6H5J4K3L2Z1X0', productName: 'Shuttle bus Amsterdam Centraal', fullName: name, email, departsAt: new Date('2027-06-11T14:30:00Z') }, [{ label: portalMailTexts.changed.departure, from: new Date('2027-06-11T12:30:00Z'), to: new Date('2027-06-11T14:30:00Z') }], true, email),
    },
    {
      name: 'answers-changed-ticket',
      mail: await answersChangedMail(config, language, person, order.code, { kind: 'ticket', product: tickets[1]!.productName, ticket: tickets[1]!.code }, [{ question: `Emergency contact for ${long}`, answer: `${name}, +31 6 1234 5678` }, { question: 'T-shirt size', answer: 'Large' }, { question: 'Dietary needs', answer: null }], 'customer'),
    },
    { name: 'answers-changed-order', mail: await answersChangedMail(config, language, person, order.code, { kind: 'order', product: 'Weekend ticket' }, [{ question: 'Company', answer: long }], 'staff') },
    { name: 'ticket-changed-plan', mail: await ticketChangedMail(config, language, person, { ...tickets[0]!, departsAt: null }, [{ label: portalMailTexts.changed.age, from: '18-24', to: '25-34' }], false, email) },
    { name: 'ticket-void-passed-on', mail: await ticketVoidMail(config, language, { email: 'holder@example.org', fullName: long }, { code: tickets[1]!.code, productName: tickets[1]!.productName }, 'passed-on') },
    { name: 'ticket-void-holder-changed', mail: await ticketVoidMail(config, language, { email: 'holder@example.org', fullName: null }, { code: tickets[1]!.code, productName: tickets[1]!.productName }, 'holder-changed') },
    { name: 'ticket-passed-on', mail: await ticketPassedOnMail(config, language, person, { code: tickets[0]!.code, productName: 'Weekend ticket' }, 'holder@example.org') },
    { name: 'ticket-received', mail: await ticketReceivedMail(config, language, { email: 'holder@example.org', fullName: long }, { code: tickets[0]!.code, productName: 'Weekend ticket', fullName: long }, person, true, true) },
    { name: 'ticket-received-later', mail: await ticketReceivedMail(config, language, { email: 'holder@example.org', fullName: long }, { code: tickets[0]!.code, productName: 'Weekend ticket', fullName: long }, person, false, false) },
    { name: 'part-payment', mail: await partPaymentMail(config, language, person, { ...order, totalPaid: 5000 }, 5000) },
    { name: 'refund-requested', mail: await refundRequestedMail(config, language, person, { id: 12, total: 12000 }, order.code, [{ name: 'Weekend ticket', code: tickets[0]!.code }, { name: `Camping spot for ${long}`, code: tickets[1]!.code }], ways({ bank: 12000, bank_details: true })) },
    { name: 'refund-requested-needs-bank-details', mail: await refundRequestedMail(config, language, person, { id: 12, total: 12000 }, order.code, [{ name: 'Weekend ticket', code: tickets[0]!.code }], ways({ bank: 12000 })) },
    { name: 'refund-requested-desk', mail: await refundRequestedMail(config, language, person, { id: 12, total: 17950 }, order.code, [{ name: 'Weekend ticket', code: tickets[0]!.code }], ways({ cash: 17950 })) },
    { name: 'refund-processed', mail: await refundProcessedMail(config, language, person, { id: 12, total: 12000 }, order.code, ways({ bank: 12000, bank_details: true })) },
    { name: 'refund-processed-card', mail: await refundProcessedMail(config, language, person, { id: 12, total: 12000 }, order.code, ways({ card: 7000, bank: 5000, bank_details: true })) },
    { name: 'refund-processed-desk', mail: await refundProcessedMail(config, language, person, { id: 12, total: 17950 }, order.code, ways({ cash: 17950, paid_out_by: 'desk@example.org' })) },
    { name: 'refund-processed-card-terminal', mail: await refundProcessedMail(config, language, person, { id: 12, total: 17950 }, order.code, ways({ card_terminal: 17950, paid_out_by: 'desk@example.org' })) },
    { name: 'refund-requested-card', mail: await refundRequestedMail(config, language, person, { id: 12, total: 12000 }, order.code, [{ name: 'Weekend ticket', code: tickets[0]!.code }], ways({ card: 12000 })) },
  ];
}

/** A refund's ways for a sample: nothing but what is named. */
function ways(some: Partial<RefundWays>): RefundWays {
  return { card: 0, cash: 0, card_terminal: 0, bank: 0, bank_details: false, paid_out_by: null, ...some };
}
