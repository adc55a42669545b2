/** The words staff read for stored values live in the contract (staff-labels.ts): the server's order timeline uses them too. */
export { auditActionLabel, paymentMethodLabel, statusLabel } from '@festival/contract';
