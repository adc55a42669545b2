import { message, messageWith, type BoxOfficePayment, type MessageWith, type Text, type TextValues } from '@festival/contract';
import { say } from '../lib/say';

/**
 * The back office's own words (issue 22): what staff read on its pages, beside the shop's texts in
 * the contract, as messages of the catalogues in every language (issue 36, decision 0093).
 *
 * A text without placeholders is a `Text`, put into words where it is shown (`say(text)`). A text
 * with placeholders keeps the callers' positional arguments and gives its words in the page's
 * language when it is called (as the page is drawn). Each message's id is
 * `staff.<the file that shows it>.<key>`; its English is the text the page showed before.
 */

/** A text with placeholders as the callers call it: the values from their arguments, the words in the page's language. */
function words<A extends unknown[], V extends TextValues>(text: MessageWith<V>, values: (...args: A) => V): (...args: A) => string {
  return (...args) => say(text(values(...args)));
}

const appName = message({ id: 'staff.Shell.appName', defaultMessage: 'Back office' });

const errors = {
  network: message({ id: 'staff.api.network', defaultMessage: 'No connection to the shop. Check the network and try again.' }),
  server: message({ id: 'staff.api.server', defaultMessage: 'The shop could not answer. Try again in a moment.' }),
};

const signIn = {
  title: message({ id: 'staff.SignIn.title', defaultMessage: 'Sign in to the back office' }),
  lead: message({ id: 'staff.SignIn.lead', defaultMessage: 'For the organiser’s staff. Shoppers sign in on the shop’s own pages.' }),
  email: message({ id: 'staff.SignIn.email', defaultMessage: 'E-mail address' }),
  password: message({ id: 'staff.SignIn.password', defaultMessage: 'Password' }),
  submit: message({ id: 'staff.SignIn.submit', defaultMessage: 'Sign in' }),
  codeTitle: message({ id: 'staff.SignIn.codeTitle', defaultMessage: 'Type your code' }),
  codeLead: message({ id: 'staff.SignIn.codeLead', defaultMessage: 'Open your authenticator app and type the 6-digit code it shows for this shop, or one of your recovery codes.' }),
  code: message({ id: 'staff.SignIn.code', defaultMessage: 'Code' }),
  codeSubmit: message({ id: 'staff.SignIn.codeSubmit', defaultMessage: 'Continue' }),
  startOver: message({ id: 'staff.SignIn.startOver', defaultMessage: 'Start again' }),
  setUpTitle: message({ id: 'staff.SignIn.setUpTitle', defaultMessage: 'Set up your second factor' }),
  setUpLead: message({
    id: 'staff.SignIn.setUpLead',
    defaultMessage: 'Your account signs in with a code from an authenticator app (such as Aegis, FreeOTP, Google Authenticator or 1Password) as well as your password.',
  }),
  setUpScan: message({ id: 'staff.SignIn.setUpScan', defaultMessage: 'Scan this QR code with the app.' }),
  setUpQrAlt: message({ id: 'staff.SignIn.setUpQrAlt', defaultMessage: 'QR code to add this account to an authenticator app' }),
  setUpManual: message({ id: 'staff.SignIn.setUpManual', defaultMessage: 'Cannot scan? Type this key into the app instead:' }),
  setUpCode: message({ id: 'staff.SignIn.setUpCode', defaultMessage: 'Then type the 6-digit code the app shows.' }),
  setUpSubmit: message({ id: 'staff.SignIn.setUpSubmit', defaultMessage: 'Turn on and continue' }),
};

const recovery = {
  title: message({ id: 'staff.RecoveryCodes.title', defaultMessage: 'Keep your recovery codes' }),
  lead: message({
    id: 'staff.RecoveryCodes.lead',
    defaultMessage: 'If you lose your phone, each of these codes signs you in once instead of the app’s code. They are shown only now: print them or keep them in your password manager.',
  }),
  copy: message({ id: 'staff.RecoveryCodes.copy', defaultMessage: 'Copy the codes' }),
  copied: message({ id: 'staff.RecoveryCodes.copied', defaultMessage: 'Copied.' }),
  done: message({ id: 'staff.RecoveryCodes.done', defaultMessage: 'I have kept them' }),
};

const shell = {
  nav: message({ id: 'staff.Shell.nav', defaultMessage: 'Back office' }),
  signOut: message({ id: 'staff.Shell.signOut', defaultMessage: 'Sign out' }),
  /** The member's name and role, the role already in words. */
  signedInAs: words(messageWith<{ name: string; role: string }>({ id: 'staff.Shell.signedInAs', defaultMessage: '{name}, {role}' }), (name: string, role: string) => ({ name, role })),
  skip: message({ id: 'staff.Shell.skip', defaultMessage: 'Skip to the page' }),
};

const roles = {
  admin: message({ id: 'staff.Shell.roles.admin', defaultMessage: 'admin' }),
  box_office: message({ id: 'staff.Shell.roles.box_office', defaultMessage: 'box office' }),
  customer_service: message({ id: 'staff.Shell.roles.customer_service', defaultMessage: 'customer service' }),
  gate: message({ id: 'staff.Shell.roles.gate', defaultMessage: 'gate crew' }),
};

const home = {
  title: message({ id: 'staff.Home.title', defaultMessage: 'Welcome' }),
  nothingYet: message({ id: 'staff.Home.nothingYet', defaultMessage: 'There is nothing in the back office for your role yet.' }),
  gateTitle: message({ id: 'staff.Home.gateTitle', defaultMessage: 'The gate scanner' }),
  gateLead: message({
    id: 'staff.Home.gateLead',
    defaultMessage: 'Your role checks tickets at the gate. Open the scanner app on the phone or tablet you scan with, and sign in there with the scanner code the organiser gave you.',
  }),
  gateLink: message({ id: 'staff.Home.gateLink', defaultMessage: 'Open the gate scanner' }),
};

const named = (name: string) => ({ name });

const team = {
  title: message({ id: 'staff.TeamPage.title', defaultMessage: 'Staff' }),
  lead: message({
    id: 'staff.TeamPage.lead',
    defaultMessage: 'Who may use the back office, and what each may do. Gate crew use the scanner app; everyone else signs in with a password and an authenticator app.',
  }),
  caption: message({ id: 'staff.TeamPage.caption', defaultMessage: 'Members of staff' }),
  name: message({ id: 'staff.TeamPage.name', defaultMessage: 'Name' }),
  email: message({ id: 'staff.TeamPage.email', defaultMessage: 'E-mail address' }),
  role: message({ id: 'staff.TeamPage.role', defaultMessage: 'Role' }),
  secondFactor: message({ id: 'staff.TeamPage.secondFactor', defaultMessage: 'Second factor' }),
  status: message({ id: 'staff.TeamPage.status', defaultMessage: 'Status' }),
  active: message({ id: 'staff.TeamPage.active', defaultMessage: 'Active' }),
  disabled: message({ id: 'staff.TeamPage.disabled', defaultMessage: 'Disabled' }),
  setUp: message({ id: 'staff.TeamPage.setUp', defaultMessage: 'Set up' }),
  notSetUp: message({ id: 'staff.TeamPage.notSetUp', defaultMessage: 'Not yet' }),
  notNeeded: message({ id: 'staff.TeamPage.notNeeded', defaultMessage: 'Not needed' }),
  you: message({ id: 'staff.TeamPage.you', defaultMessage: 'You' }),
  invited: message({ id: 'staff.TeamPage.invited', defaultMessage: 'Invited' }),
  byLink: message({ id: 'staff.TeamPage.byLink', defaultMessage: 'Waiting for the e-mailed link' }),
  changeRole: message({ id: 'staff.TeamPage.changeRole', defaultMessage: 'Change role' }),
  reset: message({ id: 'staff.TeamPage.reset', defaultMessage: 'Reset second factor' }),
  disable: message({ id: 'staff.TeamPage.disable', defaultMessage: 'Disable' }),
  enable: message({ id: 'staff.TeamPage.enable', defaultMessage: 'Enable' }),
  sendPasswordLink: message({ id: 'staff.TeamPage.sendPasswordLink', defaultMessage: 'Send password link' }),
  sendInvitationAgain: message({ id: 'staff.TeamPage.sendInvitationAgain', defaultMessage: 'Send invitation again' }),
  /** A row's button as a screen reader names it: the action (in words), then the member. */
  actionLabel: words(messageWith<{ action: string; name: string }>({ id: 'staff.TeamPage.actionLabel', defaultMessage: '{action}: {name}' }), (action: string, name: string) => ({ action, name })),
  addTitle: message({ id: 'staff.TeamPage.addTitle', defaultMessage: 'Invite a member' }),
  addLead: message({
    id: 'staff.TeamPage.addLead',
    defaultMessage: 'They receive an e-mail with a link to choose their own password (it works once, for 7 days). Nobody else ever sees it.',
  }),
  add: message({ id: 'staff.TeamPage.add', defaultMessage: 'Send invitation' }),
  roleTitle: words(messageWith<{ name: string }>({ id: 'staff.TeamPage.roleTitle', defaultMessage: 'Change {name}’s role' }), named),
  roleSave: message({ id: 'staff.TeamPage.roleSave', defaultMessage: 'Save role' }),
  resetQuestion: words(
    messageWith<{ name: string }>({
      id: 'staff.TeamPage.resetQuestion',
      defaultMessage:
        'Reset {name}’s second factor? They are signed out, their codes and recovery codes stop working, and they receive an e-mail with a link to set up the app again with their password.',
    }),
    named,
  ),
  disableQuestion: words(
    messageWith<{ name: string }>({
      id: 'staff.TeamPage.disableQuestion',
      defaultMessage: 'Disable {name}’s account? They are signed out at once and cannot sign in until an admin enables them again.',
    }),
    named,
  ),
  enableQuestion: words(
    messageWith<{ name: string }>({
      id: 'staff.TeamPage.enableQuestion',
      defaultMessage: 'Enable {name}’s account? They can sign in again with their password and second factor as they were.',
    }),
    named,
  ),
  passwordLinkQuestion: words(
    messageWith<{ name: string }>({
      id: 'staff.TeamPage.passwordLinkQuestion',
      defaultMessage: 'Send {name} a link to choose a new password? Their current password keeps working until they use the link (once, within 24 hours).',
    }),
    named,
  ),
  invitationAgainQuestion: words(
    messageWith<{ name: string }>({ id: 'staff.TeamPage.invitationAgainQuestion', defaultMessage: 'Send {name} the invitation again? The earlier link stops working.' }),
    named,
  ),
};

const account = {
  title: message({ id: 'staff.AccountPage.title', defaultMessage: 'Your password' }),
  lead: message({
    id: 'staff.AccountPage.lead',
    defaultMessage: 'Change the password you sign in with. You stay signed in here; everywhere else you are signed out, and you receive an e-mail about the change.',
  }),
  current: message({ id: 'staff.AccountPage.current', defaultMessage: 'Current password' }),
  next: message({ id: 'staff.AccountPage.next', defaultMessage: 'New password' }),
  nextHint: message({ id: 'staff.AccountPage.nextHint', defaultMessage: 'At least 12 characters. A few unrelated words make a strong one.' }),
  repeat: message({ id: 'staff.AccountPage.repeat', defaultMessage: 'New password again' }),
  differ: message({ id: 'staff.AccountPage.differ', defaultMessage: 'The two new passwords are not the same.' }),
  submit: message({ id: 'staff.AccountPage.submit', defaultMessage: 'Change password' }),
};

const nameAndEmail = (name: string, email: string) => ({ name, email });

const link = {
  checking: message({ id: 'staff.LinkPage.checking', defaultMessage: 'Checking your link…' }),
  invitationTitle: message({ id: 'staff.LinkPage.invitationTitle', defaultMessage: 'Choose your password' }),
  invitationLead: words(
    messageWith<{ name: string; email: string }>({
      id: 'staff.LinkPage.invitationLead',
      defaultMessage: 'Welcome, {name}. You sign in to the back office as {email} with the password you choose here.',
    }),
    nameAndEmail,
  ),
  resetTitle: message({ id: 'staff.LinkPage.resetTitle', defaultMessage: 'Choose a new password' }),
  resetLead: words(
    messageWith<{ name: string; email: string }>({ id: 'staff.LinkPage.resetLead', defaultMessage: '{name}, choose a new password for {email}. Every other sign-in of yours ends.' }),
    nameAndEmail,
  ),
  secondFactorTitle: message({ id: 'staff.LinkPage.secondFactorTitle', defaultMessage: 'Set up a new second factor' }),
  secondFactorLead: words(
    messageWith<{ name: string; email: string }>({
      id: 'staff.LinkPage.secondFactorLead',
      defaultMessage: '{name}, your second factor was reset. Enter the password of {email}; then scan the new QR code with your authenticator app.',
    }),
    nameAndEmail,
  ),
  newPassword: message({ id: 'staff.LinkPage.newPassword', defaultMessage: 'New password' }),
  newPasswordHint: message({ id: 'staff.LinkPage.newPasswordHint', defaultMessage: 'At least 12 characters. A few unrelated words make a strong one.' }),
  repeat: message({ id: 'staff.LinkPage.repeat', defaultMessage: 'New password again' }),
  differ: message({ id: 'staff.LinkPage.differ', defaultMessage: 'The two passwords are not the same.' }),
  currentPassword: message({ id: 'staff.LinkPage.currentPassword', defaultMessage: 'Your password' }),
  save: message({ id: 'staff.LinkPage.save', defaultMessage: 'Save password' }),
  continue: message({ id: 'staff.LinkPage.continue', defaultMessage: 'Continue' }),
  brokenTitle: message({ id: 'staff.LinkPage.brokenTitle', defaultMessage: 'This link does not work' }),
  toSignIn: message({ id: 'staff.LinkPage.toSignIn', defaultMessage: 'Go to the sign-in' }),
};

const scanners = {
  title: message({ id: 'staff.ScannersPage.title', defaultMessage: 'Scanners' }),
  lead: message({
    id: 'staff.ScannersPage.lead',
    defaultMessage: 'The codes the gate’s phones and tablets sign in to the scanner app with. A code is shown only when it is added; revoking a scanner signs its devices out at once.',
  }),
  caption: message({ id: 'staff.ScannersPage.caption', defaultMessage: 'Scanners' }),
  name: message({ id: 'staff.ScannersPage.name', defaultMessage: 'Name' }),
  created: message({ id: 'staff.ScannersPage.created', defaultMessage: 'Added' }),
  lastSync: message({ id: 'staff.ScannersPage.lastSync', defaultMessage: 'Last sync' }),
  never: message({ id: 'staff.ScannersPage.never', defaultMessage: 'Never' }),
  status: message({ id: 'staff.ScannersPage.status', defaultMessage: 'Status' }),
  live: message({ id: 'staff.ScannersPage.live', defaultMessage: 'Live' }),
  revoked: message({ id: 'staff.ScannersPage.revoked', defaultMessage: 'Revoked' }),
  revoke: message({ id: 'staff.ScannersPage.revoke', defaultMessage: 'Revoke' }),
  revokeLabel: words(messageWith<{ name: string }>({ id: 'staff.ScannersPage.revokeLabel', defaultMessage: 'Revoke: {name}' }), named),
  revokeQuestion: words(
    messageWith<{ name: string }>({
      id: 'staff.ScannersPage.revokeQuestion',
      defaultMessage: 'Revoke “{name}”? Its devices are signed out at once and its code stops working. This cannot be undone; add a new scanner instead.',
    }),
    named,
  ),
  addTitle: message({ id: 'staff.ScannersPage.addTitle', defaultMessage: 'Add a scanner' }),
  add: message({ id: 'staff.ScannersPage.add', defaultMessage: 'Add scanner' }),
  codeFor: words(messageWith<{ name: string }>({ id: 'staff.ScannersPage.codeFor', defaultMessage: 'Code for “{name}”:' }), named),
  codeNote: message({
    id: 'staff.ScannersPage.codeNote',
    defaultMessage: 'Type it into the scanner app on the device now, or write it down for the gate: it is shown only this once.',
  }),
  none: message({ id: 'staff.ScannersPage.none', defaultMessage: 'No scanners yet.' }),
};

const audit = {
  title: message({ id: 'staff.AuditPage.title', defaultMessage: 'Audit log' }),
  lead: message({
    id: 'staff.AuditPage.lead',
    defaultMessage:
      'Every action of the staff and the organiser’s commands, newest first: who, what, on what, when, and what changed. Failed sign-ins, wrong codes and limits reached are counted and noted at the 1st, 10th, 100th… of a quarter of an hour. Nobody can edit or remove an entry.',
  }),
  caption: message({ id: 'staff.AuditPage.caption', defaultMessage: 'Audit log entries' }),
  when: message({ id: 'staff.AuditPage.when', defaultMessage: 'When' }),
  who: message({ id: 'staff.AuditPage.who', defaultMessage: 'Who' }),
  what: message({ id: 'staff.AuditPage.what', defaultMessage: 'What' }),
  on: message({ id: 'staff.AuditPage.on', defaultMessage: 'On' }),
  change: message({ id: 'staff.AuditPage.change', defaultMessage: 'Change' }),
  filter: message({ id: 'staff.AuditPage.filter', defaultMessage: 'Only entries about' }),
  filterHint: message({ id: 'staff.AuditPage.filterHint', defaultMessage: 'Such as order:ABC123 or staff:12' }),
  apply: message({ id: 'staff.AuditPage.apply', defaultMessage: 'Show' }),
  clear: message({ id: 'staff.AuditPage.clear', defaultMessage: 'Show all' }),
  more: message({ id: 'staff.AuditPage.more', defaultMessage: 'Older entries' }),
  none: message({ id: 'staff.AuditPage.none', defaultMessage: 'No entries.' }),
  created: message({ id: 'staff.AuditPage.created', defaultMessage: 'created' }),
  removed: message({ id: 'staff.AuditPage.removed', defaultMessage: 'removed' }),
  yes: message({ id: 'staff.AuditPage.yes', defaultMessage: 'yes' }),
  no: message({ id: 'staff.AuditPage.no', defaultMessage: 'no' }),
  /** A field of a created record and its value: "email: a@example.org". */
  fieldValue: words(messageWith<{ field: string; value: string }>({ id: 'staff.AuditPage.fieldValue', defaultMessage: '{field}: {value}' }), (field: string, value: string) => ({ field, value })),
  /** A changed field, before and after: "role: box office → admin". */
  fieldChange: words(
    messageWith<{ field: string; before: string; after: string }>({ id: 'staff.AuditPage.fieldChange', defaultMessage: '{field}: {before} → {after}' }),
    (field: string, before: string, after: string) => ({ field, before, after }),
  ),
  /** Stored fields in words where their name does not read well by itself (the rest: "payment_status" → "payment status"). */
  fields: {
    pay_by: message({ id: 'staff.AuditPage.fields.pay_by', defaultMessage: 'time to pay' }),
    total_price: message({ id: 'staff.AuditPage.fields.total_price', defaultMessage: 'order total' }),
    total_paid: message({ id: 'staff.AuditPage.fields.total_paid', defaultMessage: 'paid' }),
    total_refunded: message({ id: 'staff.AuditPage.fields.total_refunded', defaultMessage: 'refunded' }),
    disabledAt: message({ id: 'staff.AuditPage.fields.disabledAt', defaultMessage: 'disabled' }),
    transport_time_id: message({ id: 'staff.AuditPage.fields.transport_time_id', defaultMessage: 'departure' }),
    full_name: message({ id: 'staff.AuditPage.fields.full_name', defaultMessage: 'name' }),
    cancelled_tickets: message({ id: 'staff.AuditPage.fields.cancelled_tickets', defaultMessage: 'tickets cancelled' }),
    cancelled_merchandise: message({ id: 'staff.AuditPage.fields.cancelled_merchandise', defaultMessage: 'merchandise cancelled' }),
    to: message({ id: 'staff.AuditPage.fields.to', defaultMessage: 'e-mailed to' }),
    override_reason: message({ id: 'staff.AuditPage.fields.override_reason', defaultMessage: 'reason for the override' }),
  } as Record<string, Text>,
  /** An attack entry (decision 0050): how many attempts of its kind so far in its quarter of an hour. */
  attempts: words(
    messageWith<{ count: number; since: string }>({
      id: 'staff.AuditPage.attempts',
      defaultMessage: '{count, plural, one {# attempt} other {# attempts}} in the quarter of an hour from {since}',
    }),
    (count: number, since: string) => ({ count, since }),
  ),
};

const amount = (value: string) => ({ amount: value });
const orderCode = (code: string) => ({ code });

const refundApprovedAtDesk = messageWith<{ code: string; amount: string; desk: string }>({
  id: 'staff.RefundsPage.approvedAtDesk',
  defaultMessage: 'Refund of {amount} for order {code} approved: pay {desk} out at the box office and record it on the order’s page.',
});

const refunds = {
  title: message({ id: 'staff.RefundsPage.title', defaultMessage: 'Refund requests' }),
  lead: message({
    id: 'staff.RefundsPage.lead',
    defaultMessage:
      'What customers asked to have refunded, oldest first. Approving sends card payments back through the payment provider and leaves the rest to pay by bank transfer; rejecting gives the items back to the customer, who is e-mailed your reason.',
  }),
  openTitle: message({ id: 'staff.RefundsPage.openTitle', defaultMessage: 'Waiting for a decision' }),
  waiting: words(
    messageWith<{ count: number }>({ id: 'staff.RefundsPage.waiting', defaultMessage: '{count, plural, one {# request waiting.} other {# requests waiting.}}' }),
    (count: number) => ({ count }),
  ),
  showingOldest: words(
    messageWith<{ shown: number }>({ id: 'staff.RefundsPage.showingOldest', defaultMessage: 'The oldest {shown} are shown here; decide these to see the next.' }),
    (shown: number) => ({ shown }),
  ),
  none: message({ id: 'staff.RefundsPage.none', defaultMessage: 'No refund requests waiting.' }),
  request: words(messageWith<{ id: number }>({ id: 'staff.RefundsPage.request', defaultMessage: 'Request {id}' }), (id: number) => ({ id })),
  order: words(messageWith<{ code: string }>({ id: 'staff.RefundsPage.order', defaultMessage: 'Order {code}' }), orderCode),
  orderColumn: message({ id: 'staff.RefundsPage.orderColumn', defaultMessage: 'Order' }),
  requested: message({ id: 'staff.RefundsPage.requested', defaultMessage: 'Asked' }),
  customer: message({ id: 'staff.RefundsPage.customer', defaultMessage: 'Customer' }),
  items: message({ id: 'staff.RefundsPage.items', defaultMessage: 'Asked for' }),
  ticket: message({ id: 'staff.RefundsPage.ticket', defaultMessage: 'ticket' }),
  merchandise: message({ id: 'staff.RefundsPage.merchandise', defaultMessage: 'merchandise' }),
  shipping: message({ id: 'staff.RefundsPage.shipping', defaultMessage: 'Shipping' }),
  total: message({ id: 'staff.RefundsPage.total', defaultMessage: 'To refund' }),
  /** How the order was paid, in words. */
  methods: {
    credit_card: message({ id: 'staff.RefundsPage.methods.credit_card', defaultMessage: 'card' }),
    bank_transfer: message({ id: 'staff.RefundsPage.methods.bank_transfer', defaultMessage: 'bank transfer' }),
  } as Record<string, Text>,
  paidBy: words(messageWith<{ method: string }>({ id: 'staff.RefundsPage.paidBy', defaultMessage: 'Paid by {method}.' }), (method: string) => ({ method })),
  money: message({ id: 'staff.RefundsPage.money', defaultMessage: 'How the money goes back' }),
  toCard: words(
    messageWith<{ amount: string; provider: string }>({ id: 'staff.RefundsPage.toCard', defaultMessage: '{amount} back to the card through {provider}.' }),
    (value: string, provider: string) => ({ amount: value, provider }),
  ),
  byBank: words(
    messageWith<{ amount: string; holder: string; accountLabel: string; account: string }>({
      id: 'staff.RefundsPage.byBank',
      defaultMessage: '{amount} to pay by bank transfer to {holder}, {accountLabel} {account}.',
    }),
    (value: string, holder: string, accountLabel: string, accountNumber: string) => ({ amount: value, holder, accountLabel, account: accountNumber }),
  ),
  byBankNoDetails: words(
    messageWith<{ amount: string }>({
      id: 'staff.RefundsPage.byBankNoDetails',
      defaultMessage: '{amount} to pay by bank transfer; the request has no bank details, so ask the customer for them.',
    }),
    amount,
  ),
  atDeskCash: words(
    messageWith<{ amount: string }>({
      id: 'staff.RefundsPage.atDeskCash',
      defaultMessage: '{amount} to pay out in cash at the box office: press “Paid out at the desk” on the order’s page once it is handed over.',
    }),
    amount,
  ),
  atDeskTerminal: words(
    messageWith<{ amount: string }>({
      id: 'staff.RefundsPage.atDeskTerminal',
      defaultMessage: '{amount} to refund on the card terminal at the box office: press “Paid out at the desk” on the order’s page once it is done.',
    }),
    amount,
  ),
  paidOutAtDesk: words(
    messageWith<{ amount: string; who: string }>({ id: 'staff.RefundsPage.paidOutAtDesk', defaultMessage: '{amount} paid out at the desk by {who}.' }),
    (value: string, who: string) => ({ amount: value, who }),
  ),
  approvedAtDesk: words(refundApprovedAtDesk, (code: string, value: string, desk: string) => ({ code, amount: value, desk })),
  nothingBack: message({ id: 'staff.RefundsPage.nothingBack', defaultMessage: 'Nothing to pay back: the items were free.' }),
  theProvider: message({ id: 'staff.RefundsPage.theProvider', defaultMessage: 'the payment provider' }),
  bank: message({ id: 'staff.RefundsPage.bank', defaultMessage: 'Bank details' }),
  noBank: message({ id: 'staff.RefundsPage.noBank', defaultMessage: 'The customer gave no bank details.' }),
  holder: message({ id: 'staff.RefundsPage.holder', defaultMessage: 'Account holder' }),
  iban: message({ id: 'staff.RefundsPage.iban', defaultMessage: 'IBAN' }),
  account: message({ id: 'staff.RefundsPage.account', defaultMessage: 'Account number' }),
  bic: message({ id: 'staff.RefundsPage.bic', defaultMessage: 'BIC' }),
  bankName: message({ id: 'staff.RefundsPage.bankName', defaultMessage: 'Bank' }),
  holderAddress: message({ id: 'staff.RefundsPage.holderAddress', defaultMessage: 'Holder’s address' }),
  copy: message({ id: 'staff.RefundsPage.copy', defaultMessage: 'Copy' }),
  copyLabel: words(messageWith<{ what: string }>({ id: 'staff.RefundsPage.copyLabel', defaultMessage: 'Copy: {what}' }), (what: string) => ({ what })),
  copied: words(messageWith<{ what: string }>({ id: 'staff.RefundsPage.copied', defaultMessage: '{what} copied.' }), (what: string) => ({ what })),
  note: message({ id: 'staff.RefundsPage.note', defaultMessage: 'The customer’s note' }),
  approve: message({ id: 'staff.RefundsPage.approve', defaultMessage: 'Approve' }),
  reject: message({ id: 'staff.RefundsPage.reject', defaultMessage: 'Reject' }),
  actionLabel: words(
    messageWith<{ action: string; code: string }>({ id: 'staff.RefundsPage.actionLabel', defaultMessage: '{action}: order {code}' }),
    (action: string, code: string) => ({ action, code }),
  ),
  approveTitle: words(messageWith<{ code: string }>({ id: 'staff.RefundsPage.approveTitle', defaultMessage: 'Approve the refund for order {code}?' }), orderCode),
  approveAfter: message({
    id: 'staff.RefundsPage.approveAfter',
    defaultMessage: 'The items are refunded, their stock comes back and the customer is e-mailed. This cannot be undone.',
  }),
  rejectTitle: words(messageWith<{ code: string }>({ id: 'staff.RefundsPage.rejectTitle', defaultMessage: 'Reject the refund for order {code}' }), orderCode),
  rejectLead: message({ id: 'staff.RefundsPage.rejectLead', defaultMessage: 'The items stay the customer’s, and the customer is e-mailed this reason.' }),
  reason: message({ id: 'staff.RefundsPage.reason', defaultMessage: 'Reason for the customer' }),
  reasonCount: words(
    messageWith<{ length: number; max: number }>({ id: 'staff.RefundsPage.reasonCount', defaultMessage: '{length} of at most {max} characters.' }),
    (length: number, max: number) => ({ length, max }),
  ),
  rejectSubmit: message({ id: 'staff.RefundsPage.rejectSubmit', defaultMessage: 'Reject request' }),
  approved: words(
    messageWith<{ code: string; amount: string }>({ id: 'staff.RefundsPage.approved', defaultMessage: 'Refund of {amount} for order {code} approved.' }),
    (code: string, value: string) => ({ code, amount: value }),
  ),
  approvedByBank: words(
    messageWith<{ code: string; amount: string; byBank: string }>({
      id: 'staff.RefundsPage.approvedByBank',
      defaultMessage: 'Refund of {amount} for order {code} approved. Pay {byBank} by bank transfer.',
    }),
    (code: string, value: string, byBank: string) => ({ code, amount: value, byBank }),
  ),
  approvedWaiting: words(
    messageWith<{ code: string; amount: string; provider: string }>({
      id: 'staff.RefundsPage.approvedWaiting',
      defaultMessage: 'Refund of {amount} for order {code} approved; it is finished when {provider} confirms.',
    }),
    (code: string, value: string, provider: string) => ({ code, amount: value, provider }),
  ),
  approvedProviderError: words(
    messageWith<{ code: string; provider: string }>({
      id: 'staff.RefundsPage.approvedProviderError',
      defaultMessage: 'Refund for order {code} approved, but {provider} did not take it: see the warning on the request.',
    }),
    (code: string, provider: string) => ({ code, provider }),
  ),
  rejected: words(
    messageWith<{ code: string }>({ id: 'staff.RefundsPage.rejected', defaultMessage: 'Refund request for order {code} rejected. The customer is e-mailed the reason.' }),
    orderCode,
  ),
  providerError: words(
    messageWith<{ provider: string; error: string }>({
      id: 'staff.RefundsPage.providerError',
      defaultMessage:
        '{provider} did not take the refund ({error}). The request stays approved and waiting; the organiser’s `npm run refunds -- mark-processed` asks the provider again.',
    }),
    (provider: string, error: string) => ({ provider, error }),
  ),
  processingNote: words(
    messageWith<{ provider: string }>({ id: 'staff.RefundsPage.processingNote', defaultMessage: 'Approved. Finished when {provider} confirms the refund.' }),
    (provider: string) => ({ provider }),
  ),
  problemNote: message({
    id: 'staff.RefundsPage.problemNote',
    defaultMessage: 'The payment provider refused this refund: settle it with the customer, for instance by bank transfer.',
  }),
  decidedTitle: message({ id: 'staff.RefundsPage.decidedTitle', defaultMessage: 'Recently decided' }),
  decidedCaption: message({ id: 'staff.RefundsPage.decidedCaption', defaultMessage: 'Refund requests decided recently, newest first' }),
  decidedNone: message({ id: 'staff.RefundsPage.decidedNone', defaultMessage: 'Nothing decided yet.' }),
  status: message({ id: 'staff.RefundsPage.status', defaultMessage: 'Status' }),
  decidedBy: message({ id: 'staff.RefundsPage.decidedBy', defaultMessage: 'Decided by' }),
  decidedAt: message({ id: 'staff.RefundsPage.decidedAt', defaultMessage: 'When' }),
  rejectReason: message({ id: 'staff.RefundsPage.rejectReason', defaultMessage: 'Reason' }),
  states: {
    active: message({ id: 'staff.RefundsPage.states.active', defaultMessage: 'Waiting' }),
    processing: message({ id: 'staff.RefundsPage.states.processing', defaultMessage: 'Approved, waiting for the provider' }),
    problem: message({ id: 'staff.RefundsPage.states.problem', defaultMessage: 'Provider refused' }),
    processed: message({ id: 'staff.RefundsPage.states.processed', defaultMessage: 'Refunded' }),
    rejected: message({ id: 'staff.RefundsPage.states.rejected', defaultMessage: 'Rejected' }),
    cancelled: message({ id: 'staff.RefundsPage.states.cancelled', defaultMessage: 'Withdrawn by the customer' }),
  },
};

const exportTexts = {
  title: message({ id: 'staff.ExportsPage.title', defaultMessage: 'Exports' }),
  lead: message({
    id: 'staff.ExportsPage.lead',
    defaultMessage: 'Orders, attendees and check-ins as a file, for a spreadsheet or another program. Every export is written in the audit log: it hands customers’ data out.',
  }),
  what: message({ id: 'staff.ExportsPage.what', defaultMessage: 'What to export' }),
  kinds: {
    orders: {
      label: message({ id: 'staff.ExportsPage.kinds.orders.label', defaultMessage: 'Orders' }),
      holds: message({
        id: 'staff.ExportsPage.kinds.orders.holds',
        defaultMessage: 'Each order: its code, when it was placed, buyer and e-mail, status, total, paid and refunded amounts, payment method, and its items.',
      }),
    },
    attendees: {
      label: message({ id: 'staff.ExportsPage.kinds.attendees.label', defaultMessage: 'Attendees' }),
      holds: message({
        id: 'staff.ExportsPage.kinds.attendees.holds',
        defaultMessage:
          'Each ticket: holder’s name and e-mail, product, event, travel time, ticket code, status, check-in status (inside, left or never scanned) and order code.',
      }),
    },
    checkins: {
      label: message({ id: 'staff.ExportsPage.kinds.checkins.label', defaultMessage: 'Check-ins' }),
      holds: message({
        id: 'staff.ExportsPage.kinds.checkins.holds',
        defaultMessage: 'Each scan at the gates: ticket, list, gate, in or out, when, which scanner, and whether it was scanned offline.',
      }),
    },
  },
  format: message({ id: 'staff.ExportsPage.format', defaultMessage: 'Format' }),
  formats: {
    csv: {
      label: message({ id: 'staff.ExportsPage.formats.csv.label', defaultMessage: 'CSV for spreadsheets' }),
      holds: message({
        id: 'staff.ExportsPage.formats.csv.holds',
        defaultMessage: 'Opens in Excel, LibreOffice and Numbers: UTF-8, one row per line, and cells a spreadsheet would run as a formula start with an apostrophe.',
      }),
    },
    json: {
      label: message({ id: 'staff.ExportsPage.formats.json.label', defaultMessage: 'JSON' }),
      holds: message({ id: 'staff.ExportsPage.formats.json.holds', defaultMessage: 'A list of objects with the same columns, for other programs; dates in ISO 8601.' }),
    },
  },
  event: message({ id: 'staff.ExportsPage.event', defaultMessage: 'Event' }),
  allEvents: message({ id: 'staff.ExportsPage.allEvents', defaultMessage: 'All events' }),
  eventCode: message({ id: 'staff.ExportsPage.eventCode', defaultMessage: 'Event code (optional)' }),
  eventCodeHint: message({ id: 'staff.ExportsPage.eventCodeHint', defaultMessage: 'The event’s code from the catalogue, such as NWF27. Leave empty for the whole shop.' }),
  download: message({ id: 'staff.ExportsPage.download', defaultMessage: 'Download' }),
  downloaded: words(messageWith<{ filename: string }>({ id: 'staff.ExportsPage.downloaded', defaultMessage: '{filename} is downloaded.' }), (filename: string) => ({ filename })),
};

const boxSeatsSoldOut = messageWith<{ time: string }>({ id: 'staff.BoxOfficePage.seatsSoldOut', defaultMessage: '{time} (sold out)' });
const boxSeatsLeft = messageWith<{ time: string; left: number }>({ id: 'staff.BoxOfficePage.seatsLeft', defaultMessage: '{time} ({left} seats left)' });
const boxConfirmTo = messageWith<{ name: string; email: string }>({ id: 'staff.BoxOfficePage.confirmTo', defaultMessage: 'Buyer: {name} ({email}).' });
const boxConfirmToNoEmail = messageWith<{ name: string }>({
  id: 'staff.BoxOfficePage.confirmToNoEmail',
  defaultMessage: 'Buyer: {name}, no e-mail address: print the tickets after the sale.',
});
const boxTicketFor = messageWith<{ name: string; holder: string }>({ id: 'staff.BoxOfficePage.ticketFor', defaultMessage: '{name} for {holder}' });

const boxOffice = {
  title: message({ id: 'staff.BoxOfficePage.title', defaultMessage: 'Box office' }),
  lead: message({ id: 'staff.BoxOfficePage.lead', defaultMessage: 'Sell tickets and merchandise at the desk: tap the items, fill in the buyer, take the payment.' }),
  itemsTitle: message({ id: 'staff.BoxOfficePage.itemsTitle', defaultMessage: 'Items' }),
  noItems: message({ id: 'staff.BoxOfficePage.noItems', defaultMessage: 'Nothing is on sale at the moment.' }),
  merchandise: message({ id: 'staff.BoxOfficePage.merchandise', defaultMessage: 'Merchandise' }),
  otherItems: message({ id: 'staff.BoxOfficePage.otherItems', defaultMessage: 'Other items' }),
  kinds: {
    ticket: message({ id: 'staff.BoxOfficePage.kinds.ticket', defaultMessage: 'Ticket' }),
    add_on: message({ id: 'staff.BoxOfficePage.kinds.add_on', defaultMessage: 'Add-on' }),
    transport: message({ id: 'staff.BoxOfficePage.kinds.transport', defaultMessage: 'Transport' }),
    merchandise: message({ id: 'staff.BoxOfficePage.kinds.merchandise', defaultMessage: 'Merchandise' }),
  },
  left: words(messageWith<{ count: number }>({ id: 'staff.BoxOfficePage.left', defaultMessage: '{count} left' }), (count: number) => ({ count })),
  unlimited: message({ id: 'staff.BoxOfficePage.unlimited', defaultMessage: 'Available' }),
  soldOut: message({ id: 'staff.BoxOfficePage.soldOut', defaultMessage: 'Sold out' }),
  add: words(messageWith<{ name: string }>({ id: 'staff.BoxOfficePage.add', defaultMessage: 'Add one {name}' }), named),
  remove: words(messageWith<{ name: string }>({ id: 'staff.BoxOfficePage.remove', defaultMessage: 'Remove one {name}' }), named),
  inBasket: words(messageWith<{ count: number }>({ id: 'staff.BoxOfficePage.inBasket', defaultMessage: '{count} in the basket' }), (count: number) => ({ count })),
  basketTitle: message({ id: 'staff.BoxOfficePage.basketTitle', defaultMessage: 'Basket' }),
  basketSummary: words(
    messageWith<{ count: number; amount: string }>({ id: 'staff.BoxOfficePage.basketSummary', defaultMessage: '{count, plural, one {# item} other {# items}}: {amount}' }),
    (count: number, value: string) => ({ count, amount: value }),
  ),
  toBasket: message({ id: 'staff.BoxOfficePage.toBasket', defaultMessage: 'To the basket' }),
  basketEmpty: message({ id: 'staff.BoxOfficePage.basketEmpty', defaultMessage: 'Tap an item to add it.' }),
  total: message({ id: 'staff.BoxOfficePage.total', defaultMessage: 'Total' }),
  departure: message({ id: 'staff.BoxOfficePage.departure', defaultMessage: 'Departure' }),
  /** The departure's field, named with the item it is for. */
  departureOf: words(messageWith<{ name: string }>({ id: 'staff.BoxOfficePage.departureOf', defaultMessage: 'Departure: {name}' }), named),
  /** The product's questions asked once for the sale (decision 0106), named with the item they are for. */
  orderQuestionsOf: words(messageWith<{ name: string }>({ id: 'staff.BoxOfficePage.orderQuestionsOf', defaultMessage: 'For the whole order: {name}' }), named),
  chooseDeparture: message({ id: 'staff.BoxOfficePage.chooseDeparture', defaultMessage: 'Choose a departure' }),
  seatsLeft: (time: string, left: number | null): string => (left === null ? time : left === 0 ? say(boxSeatsSoldOut({ time })) : say(boxSeatsLeft({ time, left }))),
  holder: words(messageWith<{ index: number }>({ id: 'staff.BoxOfficePage.holder', defaultMessage: 'Holder {index}' }), (index: number) => ({ index })),
  holderName: message({ id: 'staff.BoxOfficePage.holderName', defaultMessage: 'Name' }),
  holderEmail: message({ id: 'staff.BoxOfficePage.holderEmail', defaultMessage: 'E-mail address' }),
  holderAge: message({ id: 'staff.BoxOfficePage.holderAge', defaultMessage: 'Age range' }),
  chooseAge: message({ id: 'staff.BoxOfficePage.chooseAge', defaultMessage: 'Choose' }),
  holderHint: message({ id: 'staff.BoxOfficePage.holderHint', defaultMessage: 'Empty: in the buyer’s name.' }),
  sameAsBuyer: message({ id: 'staff.BoxOfficePage.sameAsBuyer', defaultMessage: 'Same as buyer' }),
  sameAsBuyerLabel: words(messageWith<{ index: number }>({ id: 'staff.BoxOfficePage.sameAsBuyerLabel', defaultMessage: 'Holder {index} is the buyer' }), (index: number) => ({ index })),
  buyerTitle: message({ id: 'staff.BoxOfficePage.buyerTitle', defaultMessage: 'Buyer' }),
  buyerEmail: message({ id: 'staff.BoxOfficePage.buyerEmail', defaultMessage: 'Buyer’s e-mail address (optional)' }),
  buyerEmailHint: message({ id: 'staff.BoxOfficePage.buyerEmailHint', defaultMessage: 'Without one the buyer pays now and gets printed tickets; nothing is e-mailed.' }),
  buyerName: message({ id: 'staff.BoxOfficePage.buyerName', defaultMessage: 'Buyer’s name' }),
  paymentTitle: message({ id: 'staff.BoxOfficePage.paymentTitle', defaultMessage: 'Payment' }),
  payments: {
    cash: {
      label: message({ id: 'staff.BoxOfficePage.payments.cash.label', defaultMessage: 'Cash' }),
      holds: message({ id: 'staff.BoxOfficePage.payments.cash.holds', defaultMessage: 'Paid now; tickets issued and e-mailed.' }),
    },
    card_terminal: {
      label: message({ id: 'staff.BoxOfficePage.payments.card_terminal.label', defaultMessage: 'Card terminal' }),
      holds: message({ id: 'staff.BoxOfficePage.payments.card_terminal.holds', defaultMessage: 'Paid now on the terminal; tickets issued and e-mailed.' }),
    },
    pay_later: {
      label: message({ id: 'staff.BoxOfficePage.payments.pay_later.label', defaultMessage: 'Pay later by e-mail link' }),
      holds: message({ id: 'staff.BoxOfficePage.payments.pay_later.holds', defaultMessage: 'The buyer is e-mailed a link to accept the terms and pay.' }),
    },
  },
  sell: message({ id: 'staff.BoxOfficePage.sell', defaultMessage: 'Sell' }),
  clear: message({ id: 'staff.BoxOfficePage.clear', defaultMessage: 'Clear the basket' }),
  confirmTitle: message({ id: 'staff.BoxOfficePage.confirmTitle', defaultMessage: 'Sell these items?' }),
  /** The sale to confirm: how many items, for how much, and how they are paid (the payment a select, so each language says it in its own sentence). */
  confirmQuestion: words(
    messageWith<{ count: number; amount: string; payment: BoxOfficePayment }>({
      id: 'staff.BoxOfficePage.confirmQuestion',
      defaultMessage:
        'Sell {count, plural, one {# item} other {# items}} for {amount}, {payment, select, cash {paid in cash} card_terminal {paid on the card terminal} other {to pay later through the e-mailed link}}?',
    }),
    (count: number, value: string, payment: BoxOfficePayment) => ({ count, amount: value, payment }),
  ),
  confirmTo: (name: string, email: string): string => (email ? say(boxConfirmTo({ name, email })) : say(boxConfirmToNoEmail({ name }))),
  confirmSell: message({ id: 'staff.BoxOfficePage.confirmSell', defaultMessage: 'Sell' }),
  needBuyer: message({ id: 'staff.BoxOfficePage.needBuyer', defaultMessage: 'Fill in the buyer’s name.' }),
  needEmailToPayLater: message({
    id: 'staff.BoxOfficePage.needEmailToPayLater',
    defaultMessage: 'Pay later needs the buyer’s e-mail address: the link to pay is e-mailed. Without one, take the money now and print the tickets.',
  }),
  needDeparture: words(messageWith<{ name: string }>({ id: 'staff.BoxOfficePage.needDeparture', defaultMessage: 'Choose a departure for {name}.' }), named),
  needAge: words(messageWith<{ name: string }>({ id: 'staff.BoxOfficePage.needAge', defaultMessage: 'Choose the age range of each holder of {name}.' }), named),
  changePrice: message({ id: 'staff.BoxOfficePage.changePrice', defaultMessage: 'Change the price' }),
  priceField: words(messageWith<{ price: string }>({ id: 'staff.BoxOfficePage.priceField', defaultMessage: 'Price per unit (list price {price})' }), (price: string) => ({ price })),
  priceHint: message({ id: 'staff.BoxOfficePage.priceHint', defaultMessage: 'Lower only; the fee stays. A free ticket is issued from a guest list.' }),
  priceReason: message({ id: 'staff.BoxOfficePage.priceReason', defaultMessage: 'Reason for the price' }),
  priceReasonHint: message({ id: 'staff.BoxOfficePage.priceReasonHint', defaultMessage: 'Required; kept in the audit log with the old and new price.' }),
  needPrice: words(messageWith<{ name: string }>({ id: 'staff.BoxOfficePage.needPrice', defaultMessage: 'Type the price of {name} as an amount, or empty it to sell at the list price.' }), (name: string) => ({ name })),
  needPriceReason: words(messageWith<{ name: string }>({ id: 'staff.BoxOfficePage.needPriceReason', defaultMessage: 'Give the reason for the price of {name}.' }), (name: string) => ({ name })),
  priceChanged: words(messageWith<{ price: string }>({ id: 'staff.BoxOfficePage.priceChanged', defaultMessage: 'At the desk’s price: {price} per unit' }), (price: string) => ({ price })),
  receiptTitle: words(messageWith<{ code: string }>({ id: 'staff.BoxOfficePage.receiptTitle', defaultMessage: 'Sold: order {code}' }), orderCode),
  orderCode: message({ id: 'staff.BoxOfficePage.orderCode', defaultMessage: 'Order code' }),
  method: message({ id: 'staff.BoxOfficePage.method', defaultMessage: 'Payment' }),
  status: message({ id: 'staff.BoxOfficePage.status', defaultMessage: 'Status' }),
  statuses: {
    paid: message({ id: 'staff.BoxOfficePage.statuses.paid', defaultMessage: 'Paid' }),
    pending: message({ id: 'staff.BoxOfficePage.statuses.pending', defaultMessage: 'Waiting for payment' }),
  } as Record<string, Text>,
  tickets: message({ id: 'staff.BoxOfficePage.tickets', defaultMessage: 'Tickets' }),
  ticketFor: (name: string, holder: string | null): string => (holder ? say(boxTicketFor({ name, holder })) : name),
  openPdf: words(messageWith<{ code: string }>({ id: 'staff.BoxOfficePage.openPdf', defaultMessage: 'PDF of ticket {code}' }), orderCode),
  notYetPdf: message({ id: 'staff.BoxOfficePage.notYetPdf', defaultMessage: 'The PDFs download once the order is paid.' }),
  termsEmailed: words(
    messageWith<{ email: string }>({ id: 'staff.BoxOfficePage.termsEmailed', defaultMessage: 'The link to accept the terms was e-mailed to {email}.' }),
    (email: string) => ({ email }),
  ),
  accountCreated: message({ id: 'staff.BoxOfficePage.accountCreated', defaultMessage: 'A new account was made for the buyer.' }),
  confirmationEmailed: words(
    messageWith<{ email: string }>({ id: 'staff.BoxOfficePage.confirmationEmailed', defaultMessage: 'The order and its tickets were e-mailed to {email}.' }),
    (email: string) => ({ email }),
  ),
  noEmail: message({ id: 'staff.BoxOfficePage.noEmail', defaultMessage: 'No e-mail address: nothing was e-mailed. Print the tickets and hand them over.' }),
  buyerNoEmail: words(messageWith<{ name: string }>({ id: 'staff.BoxOfficePage.buyerNoEmail', defaultMessage: '{name} (no e-mail address)' }), named),
  printTickets: message({ id: 'staff.BoxOfficePage.printTickets', defaultMessage: 'Print tickets' }),
  printing: message({ id: 'staff.BoxOfficePage.printing', defaultMessage: 'Preparing the tickets…' }),
  printed: words(
    messageWith<{ count: number }>({
      id: 'staff.BoxOfficePage.printed',
      defaultMessage: '{count, plural, one {The ticket’s PDF is downloaded: open it and print it.} other {The PDF of the # tickets is downloaded: open it and print it.}}',
    }),
    (count: number) => ({ count }),
  ),
  emailTickets: message({ id: 'staff.BoxOfficePage.emailTickets', defaultMessage: 'E-mail the tickets' }),
  emailTitle: words(messageWith<{ code: string }>({ id: 'staff.BoxOfficePage.emailTitle', defaultMessage: 'E-mail the tickets of order {code}' }), orderCode),
  emailLead: message({ id: 'staff.BoxOfficePage.emailLead', defaultMessage: 'The ticket PDFs go to this address: the buyer’s, or another one the buyer gives you.' }),
  emailTo: message({ id: 'staff.BoxOfficePage.emailTo', defaultMessage: 'Send to' }),
  emailSend: message({ id: 'staff.BoxOfficePage.emailSend', defaultMessage: 'Send the tickets' }),
  nextCustomer: message({ id: 'staff.BoxOfficePage.nextCustomer', defaultMessage: 'Next customer' }),
  sold: words(messageWith<{ code: string }>({ id: 'staff.BoxOfficePage.sold', defaultMessage: 'Order {code} is sold.' }), orderCode),
};

const ordersNewest = messageWith<{ limit: number }>({ id: 'staff.OrdersPage.countLimit', defaultMessage: 'The newest {limit} matches are shown; type more to narrow the search.' });
const ordersFound = messageWith<{ count: number }>({ id: 'staff.OrdersPage.count', defaultMessage: '{count, plural, one {# order found.} other {# orders found.}}' });

const orders = {
  title: message({ id: 'staff.OrdersPage.title', defaultMessage: 'Orders' }),
  lead: message({
    id: 'staff.OrdersPage.lead',
    defaultMessage: 'Find an order by its code, a ticket’s code, or the start of a buyer’s or holder’s name or e-mail address.',
  }),
  search: message({ id: 'staff.OrdersPage.search', defaultMessage: 'Order code, ticket code, name or e-mail' }),
  searchHint: message({ id: 'staff.OrdersPage.searchHint', defaultMessage: 'Codes match exactly; names and e-mail addresses by their start.' }),
  submit: message({ id: 'staff.OrdersPage.submit', defaultMessage: 'Search' }),
  caption: words(messageWith<{ query: string }>({ id: 'staff.OrdersPage.caption', defaultMessage: 'Orders matching “{query}”' }), (query: string) => ({ query })),
  code: message({ id: 'staff.OrdersPage.code', defaultMessage: 'Order' }),
  buyer: message({ id: 'staff.OrdersPage.buyer', defaultMessage: 'Buyer' }),
  email: message({ id: 'staff.OrdersPage.email', defaultMessage: 'E-mail address' }),
  date: message({ id: 'staff.OrdersPage.date', defaultMessage: 'Placed' }),
  status: message({ id: 'staff.OrdersPage.status', defaultMessage: 'Status' }),
  total: message({ id: 'staff.OrdersPage.total', defaultMessage: 'Total' }),
  paid: message({ id: 'staff.OrdersPage.paid', defaultMessage: 'Paid' }),
  items: message({ id: 'staff.OrdersPage.items', defaultMessage: 'Items' }),
  none: words(messageWith<{ query: string }>({ id: 'staff.OrdersPage.none', defaultMessage: 'No orders match “{query}”.' }), (query: string) => ({ query })),
  count: (count: number, limit: number): string => (count >= limit ? say(ordersNewest({ limit })) : say(ordersFound({ count }))),
  start: message({ id: 'staff.OrdersPage.start', defaultMessage: 'Type at least 2 characters to search.' }),
};

const orderDiscount = message({ id: 'staff.OrderPage.discount', defaultMessage: 'Discount' });
const orderDiscountNamed = messageWith<{ name: string }>({ id: 'staff.OrderPage.discountNamed', defaultMessage: 'Discount ({name})' });
const orderShipping = message({ id: 'staff.OrderPage.shipping', defaultMessage: 'Shipping' });
const orderShippingNamed = messageWith<{ name: string }>({ id: 'staff.OrderPage.shippingNamed', defaultMessage: 'Shipping ({name})' });
const orderRefundToCard = messageWith<{ amount: string; status: string }>({ id: 'staff.OrderPage.refundToCard', defaultMessage: '{amount} to the card, {status}' });
const orderRefundToCardWithId = messageWith<{ amount: string; status: string; id: string }>({
  id: 'staff.OrderPage.refundToCardWithId',
  defaultMessage: '{amount} to the card, {status} ({id})',
});
const orderRefundBank = messageWith<{ owner: string }>({ id: 'staff.OrderPage.refundBank', defaultMessage: 'By bank to {owner}' });
const orderRefundBankAccount = messageWith<{ owner: string; account: string }>({ id: 'staff.OrderPage.refundBankAccount', defaultMessage: 'By bank to {owner}, {account}' });
const orderResendConfirmationTitle = message({ id: 'staff.OrderPage.resendConfirmationTitle', defaultMessage: 'Resend the order confirmation?' });
const orderResendTicketsTitle = message({ id: 'staff.OrderPage.resendTicketsTitle', defaultMessage: 'Resend the tickets?' });
const orderResendConfirmationQuestion = messageWith<{ email: string }>({
  id: 'staff.OrderPage.resendConfirmationQuestion',
  defaultMessage: 'The order confirmation is e-mailed to {email} again.',
});
const orderResendTicketsQuestion = messageWith<{ email: string }>({
  id: 'staff.OrderPage.resendTicketsQuestion',
  defaultMessage: 'Each live ticket is e-mailed again: to the buyer, {email}, and to holders with an e-mail address of their own.',
});
const orderCancelWhatMailed = message({
  id: 'staff.OrderPage.cancelWhatMailed',
  defaultMessage:
    'Its tickets are revoked at the gate, its merchandise cancelled, their stock and seats go back on sale, open payment attempts are closed and the buyer is e-mailed. This cannot be undone.',
});
const orderCancelWhat = message({
  id: 'staff.OrderPage.cancelWhat',
  defaultMessage: 'Its tickets are revoked at the gate, its merchandise cancelled, their stock and seats go back on sale, open payment attempts are closed. This cannot be undone.',
});
const orderRefundTicketHolder = messageWith<{ product: string; holder: string; code: string }>({
  id: 'staff.OrderPage.refundTicketHolder',
  defaultMessage: '{product}, {holder} ({code})',
});
const orderRefundTicket = messageWith<{ product: string; code: string }>({ id: 'staff.OrderPage.refundTicket', defaultMessage: '{product} ({code})' });
const orderRefundConfirmMailed = messageWith<{ count: number; amount: string }>({
  id: 'staff.OrderPage.refundConfirmMailed',
  defaultMessage:
    'Refund {count, plural, one {# item} other {# items}} for {amount}? The items are cancelled, their stock comes back, the money goes back and the buyer is e-mailed. This cannot be undone.',
});
const orderRefundConfirmUnmailed = messageWith<{ count: number; amount: string }>({
  id: 'staff.OrderPage.refundConfirm',
  defaultMessage:
    'Refund {count, plural, one {# item} other {# items}} for {amount}? The items are cancelled, their stock comes back and the money goes back (the buyer has no e-mail address: tell them yourself). This cannot be undone.',
});
const orderPaidOutQuestionMailed = messageWith<{ ways: string }>({
  id: 'staff.OrderPage.paidOutQuestionMailed',
  defaultMessage: 'Record that you have paid {ways} to the customer now. It is recorded under your name, the refund is finished and the customer is e-mailed. This cannot be undone.',
});
const orderPaidOutQuestionUnmailed = messageWith<{ ways: string }>({
  id: 'staff.OrderPage.paidOutQuestion',
  defaultMessage: 'Record that you have paid {ways} to the customer now. It is recorded under your name and the refund is finished. This cannot be undone.',
});
const orderDeskCash = message({ id: 'staff.OrderPage.deskCash', defaultMessage: 'Box office, cash' });
const orderDeskTerminal = message({ id: 'staff.OrderPage.deskTerminal', defaultMessage: 'Box office, card terminal' });
const orderSeatsCurrent = messageWith<{ time: string }>({ id: 'staff.OrderPage.seatsCurrent', defaultMessage: '{time} (current)' });
const orderSeatsSoldOut = messageWith<{ time: string }>({ id: 'staff.OrderPage.seatsSoldOut', defaultMessage: '{time} (sold out)' });
const orderSeatsLeft = messageWith<{ time: string; left: number }>({ id: 'staff.OrderPage.seatsLeft', defaultMessage: '{time} ({left} seats left)' });

const order = {
  back: message({ id: 'staff.OrderPage.back', defaultMessage: 'Back to the search' }),
  title: words(messageWith<{ code: string }>({ id: 'staff.OrderPage.title', defaultMessage: 'Order {code}' }), orderCode),
  statuses: {
    pending: { label: message({ id: 'staff.OrderPage.statuses.pending', defaultMessage: 'Waiting for payment' }), tone: 'info' },
    partial: { label: message({ id: 'staff.OrderPage.statuses.partial', defaultMessage: 'Partly paid' }), tone: 'info' },
    processing: { label: message({ id: 'staff.OrderPage.statuses.processing', defaultMessage: 'Payment processing' }), tone: 'info' },
    problem: { label: message({ id: 'staff.OrderPage.statuses.problem', defaultMessage: 'Payment problem' }), tone: 'danger' },
    paid: { label: message({ id: 'staff.OrderPage.statuses.paid', defaultMessage: 'Paid' }), tone: 'success' },
    cancelled: { label: message({ id: 'staff.OrderPage.statuses.cancelled', defaultMessage: 'Cancelled' }), tone: 'neutral' },
    abandoned: { label: message({ id: 'staff.OrderPage.statuses.abandoned', defaultMessage: 'Abandoned' }), tone: 'neutral' },
  } as Record<string, { label: Text; tone: 'neutral' | 'success' | 'info' | 'danger' }>,
  buyer: message({ id: 'staff.OrderPage.buyer', defaultMessage: 'Buyer' }),
  placed: message({ id: 'staff.OrderPage.placed', defaultMessage: 'Placed' }),
  method: message({ id: 'staff.OrderPage.method', defaultMessage: 'Payment method' }),
  total: message({ id: 'staff.OrderPage.total', defaultMessage: 'Total' }),
  paid: message({ id: 'staff.OrderPage.paid', defaultMessage: 'Paid' }),
  refunded: message({ id: 'staff.OrderPage.refunded', defaultMessage: 'Refunded' }),
  open: message({ id: 'staff.OrderPage.open', defaultMessage: 'Open' }),
  payBy: message({ id: 'staff.OrderPage.payBy', defaultMessage: 'Time to pay' }),
  payByNone: message({ id: 'staff.OrderPage.payByNone', defaultMessage: 'Kept until paid' }),
  discount: (name: string | null): string => (name ? say(orderDiscountNamed({ name })) : say(orderDiscount)),
  shipping: (name: string | null): string => (name ? say(orderShippingNamed({ name })) : say(orderShipping)),
  actionsTitle: message({ id: 'staff.OrderPage.actionsTitle', defaultMessage: 'Actions' }),
  itemsTitle: message({ id: 'staff.OrderPage.itemsTitle', defaultMessage: 'Items' }),
  ticketsCaption: message({ id: 'staff.OrderPage.ticketsCaption', defaultMessage: 'Tickets' }),
  /** The buyers' answers to the products' questions (decision 0106): a ticket's in its row, the order's under the order. */
  answers: message({ id: 'staff.OrderPage.answers', defaultMessage: 'Answers' }),
  orderAnswers: message({ id: 'staff.OrderPage.orderAnswers', defaultMessage: 'Answers for this order' }),
  /** Staff change a ticket's or the order's answers (order-change-answers, decision 0109). */
  answersChange: message({ id: 'staff.OrderPage.answersChange', defaultMessage: 'Change answers' }),
  answersChangeTicket: words(messageWith<{ code: string }>({ id: 'staff.OrderPage.answersChangeTicket', defaultMessage: 'Change the answers for ticket {code}' }), orderCode),
  answersChangeOrder: words(messageWith<{ product: string }>({ id: 'staff.OrderPage.answersChangeOrder', defaultMessage: 'Change the answers for this order: {product}' }), (product: string) => ({ product })),
  answersSave: message({ id: 'staff.OrderPage.answersSave', defaultMessage: 'Save answers' }),
  answersMailed: message({ id: 'staff.OrderPage.answersMailed', defaultMessage: 'The buyer is told the new answers by e-mail.' }),
  merchandiseCaption: message({ id: 'staff.OrderPage.merchandiseCaption', defaultMessage: 'Merchandise' }),
  noItems: message({ id: 'staff.OrderPage.noItems', defaultMessage: 'This order has no items.' }),
  ticket: message({ id: 'staff.OrderPage.ticket', defaultMessage: 'Ticket' }),
  holder: message({ id: 'staff.OrderPage.holder', defaultMessage: 'Holder' }),
  holderEmail: message({ id: 'staff.OrderPage.holderEmail', defaultMessage: 'E-mail address' }),
  product: message({ id: 'staff.OrderPage.product', defaultMessage: 'Product' }),
  departure: message({ id: 'staff.OrderPage.departure', defaultMessage: 'Departure' }),
  itemStatus: message({ id: 'staff.OrderPage.itemStatus', defaultMessage: 'Status' }),
  price: message({ id: 'staff.OrderPage.price', defaultMessage: 'Price' }),
  item: message({ id: 'staff.OrderPage.item', defaultMessage: 'Item' }),
  change: message({ id: 'staff.OrderPage.change', defaultMessage: 'Change' }),
  changeLabel: words(messageWith<{ code: string }>({ id: 'staff.OrderPage.changeLabel', defaultMessage: 'Change ticket {code}' }), orderCode),
  paymentsTitle: message({ id: 'staff.OrderPage.paymentsTitle', defaultMessage: 'Payments and attempts' }),
  paymentsCaption: message({ id: 'staff.OrderPage.paymentsCaption', defaultMessage: 'Payments and payment attempts' }),
  noPayments: message({ id: 'staff.OrderPage.noPayments', defaultMessage: 'No payments or attempts.' }),
  /** A payment's dispute (the provider's own status word) and whether it was refunded, after its status. */
  paymentDispute: words(messageWith<{ status: string }>({ id: 'staff.OrderPage.paymentDispute', defaultMessage: 'dispute {status}' }), (status: string) => ({ status })),
  paymentRefunded: message({ id: 'staff.OrderPage.paymentRefunded', defaultMessage: 'refunded' }),
  attempt: message({ id: 'staff.OrderPage.attempt', defaultMessage: 'Attempt' }),
  provider: message({ id: 'staff.OrderPage.provider', defaultMessage: 'Provider' }),
  amount: message({ id: 'staff.OrderPage.amount', defaultMessage: 'Amount' }),
  reference: message({ id: 'staff.OrderPage.reference', defaultMessage: 'Reference' }),
  when: message({ id: 'staff.OrderPage.when', defaultMessage: 'When' }),
  instalmentsTitle: message({ id: 'staff.OrderPage.instalmentsTitle', defaultMessage: 'Instalments' }),
  instalmentsCaption: message({ id: 'staff.OrderPage.instalmentsCaption', defaultMessage: 'Instalments of the payment plan' }),
  due: message({ id: 'staff.OrderPage.due', defaultMessage: 'Due' }),
  paidAmount: message({ id: 'staff.OrderPage.paidAmount', defaultMessage: 'Paid' }),
  refundsTitle: message({ id: 'staff.OrderPage.refundsTitle', defaultMessage: 'Refunds and requests' }),
  noRefunds: message({ id: 'staff.OrderPage.noRefunds', defaultMessage: 'No refunds or refund requests.' }),
  refundHead: words(
    messageWith<{ id: number; total: string }>({ id: 'staff.OrderPage.refundHead', defaultMessage: 'Refund {id}: {total}' }),
    (id: number, total: string) => ({ id, total }),
  ),
  /** A refunded item named by its code: a ticket, or a merchandise item. */
  refundItemTicket: words(messageWith<{ code: string }>({ id: 'staff.OrderPage.refundItemTicket', defaultMessage: 'Ticket {code}' }), orderCode),
  refundItemMerchandise: words(messageWith<{ code: string }>({ id: 'staff.OrderPage.refundItemMerchandise', defaultMessage: 'Item {code}' }), orderCode),
  refundItem: words(
    messageWith<{ what: string; amount: string; status: string }>({ id: 'staff.OrderPage.refundItem', defaultMessage: '{what}: {amount} ({status})' }),
    (what: string, value: string, status: string) => ({ what, amount: value, status }),
  ),
  refundShipping: words(messageWith<{ amount: string }>({ id: 'staff.OrderPage.refundShipping', defaultMessage: 'Shipping: {amount}' }), amount),
  refundToCard: (value: string, status: string, id: string | null): string =>
    id ? say(orderRefundToCardWithId({ amount: value, status, id })) : say(orderRefundToCard({ amount: value, status })),
  refundBank: (owner: string, accountNumber: string | null): string => (accountNumber ? say(orderRefundBankAccount({ owner, account: accountNumber })) : say(orderRefundBank({ owner }))),
  refundNote: words(messageWith<{ note: string }>({ id: 'staff.OrderPage.refundNote', defaultMessage: 'Note: {note}' }), (note: string) => ({ note })),
  emailsTitle: message({ id: 'staff.OrderPage.emailsTitle', defaultMessage: 'E-mails sent' }),
  emailsCaption: message({ id: 'staff.OrderPage.emailsCaption', defaultMessage: 'E-mails to the buyer and holders' }),
  noEmails: message({ id: 'staff.OrderPage.noEmails', defaultMessage: 'No e-mails.' }),
  to: message({ id: 'staff.OrderPage.to', defaultMessage: 'To' }),
  subject: message({ id: 'staff.OrderPage.subject', defaultMessage: 'Subject' }),
  sent: message({ id: 'staff.OrderPage.sent', defaultMessage: 'Sent' }),
  notSent: message({ id: 'staff.OrderPage.notSent', defaultMessage: 'Not yet' }),
  timelineTitle: message({ id: 'staff.OrderPage.timelineTitle', defaultMessage: 'Timeline' }),
  timelineLead: message({ id: 'staff.OrderPage.timelineLead', defaultMessage: 'Everything that happened to this order, newest first.' }),
  timelineEmpty: message({ id: 'staff.OrderPage.timelineEmpty', defaultMessage: 'Nothing has happened yet.' }),
  kinds: {
    order: message({ id: 'staff.OrderPage.kinds.order', defaultMessage: 'Order' }),
    payment: message({ id: 'staff.OrderPage.kinds.payment', defaultMessage: 'Payment' }),
    instalment: message({ id: 'staff.OrderPage.kinds.instalment', defaultMessage: 'Instalment' }),
    refund: message({ id: 'staff.OrderPage.kinds.refund', defaultMessage: 'Refund' }),
    email: message({ id: 'staff.OrderPage.kinds.email', defaultMessage: 'E-mail' }),
    'ticket-change': message({ id: 'staff.OrderPage.kinds.ticket-change', defaultMessage: 'Ticket change' }),
    'check-in': message({ id: 'staff.OrderPage.kinds.check-in', defaultMessage: 'Check-in' }),
    staff: message({ id: 'staff.OrderPage.kinds.staff', defaultMessage: 'Staff' }),
  } as Record<string, Text>,
  resendConfirmation: message({ id: 'staff.OrderPage.resendConfirmation', defaultMessage: 'Resend confirmation' }),
  resendTickets: message({ id: 'staff.OrderPage.resendTickets', defaultMessage: 'Resend tickets' }),
  resendTitle: (what: 'confirmation' | 'tickets'): string => say(what === 'confirmation' ? orderResendConfirmationTitle : orderResendTicketsTitle),
  resendQuestion: (what: 'confirmation' | 'tickets', email: string): string =>
    say(what === 'confirmation' ? orderResendConfirmationQuestion({ email }) : orderResendTicketsQuestion({ email })),
  resend: message({ id: 'staff.OrderPage.resend', defaultMessage: 'Send' }),
  markPaid: message({ id: 'staff.OrderPage.markPaid', defaultMessage: 'Mark bank transfer paid' }),
  markPaidTitle: message({ id: 'staff.OrderPage.markPaidTitle', defaultMessage: 'Record a bank transfer' }),
  markPaidLead: words(
    messageWith<{ open: string }>({
      id: 'staff.OrderPage.markPaidLead',
      defaultMessage: 'Still open: {open}. Record what arrived on the account; less than what is open leaves the order partly paid.',
    }),
    (open: string) => ({ open }),
  ),
  markPaidAmount: words(messageWith<{ currency: string }>({ id: 'staff.OrderPage.markPaidAmount', defaultMessage: 'Amount received ({currency})' }), (currency: string) => ({ currency })),
  markPaidHint: message({ id: 'staff.OrderPage.markPaidHint', defaultMessage: 'Such as 12.50 or 12,50.' }),
  markPaidSave: message({ id: 'staff.OrderPage.markPaidSave', defaultMessage: 'Record payment' }),
  markPaidConfirm: words(
    messageWith<{ amount: string; code: string }>({
      id: 'staff.OrderPage.markPaidConfirm',
      defaultMessage: 'Record {amount} received by bank transfer for order {code}? A payment once recorded cannot be removed here.',
    }),
    (value: string, code: string) => ({ amount: value, code }),
  ),
  amountProblems: {
    empty: message({ id: 'staff.OrderPage.amountProblems.empty', defaultMessage: 'Enter the amount received.' }),
    invalid: message({ id: 'staff.OrderPage.amountProblems.invalid', defaultMessage: 'Enter an amount such as 12.50.' }),
    decimals: message({ id: 'staff.OrderPage.amountProblems.decimals', defaultMessage: 'That amount has too many decimals for the currency.' }),
    // The contract's own text (orderMarkPaidPayload).
    zero: message({ id: 'staff.OrderPage.amountProblems.zero', defaultMessage: 'The amount must be more than zero.' }),
    tooMuch: words(
      messageWith<{ open: string }>({
        id: 'staff.OrderPage.amountProblems.tooMuch',
        defaultMessage: 'That is more than is open ({open}). Record at most what is open, and pay any surplus back to the customer.',
      }),
      (open: string) => ({ open }),
    ),
  },
  cancel: message({ id: 'staff.OrderPage.cancel', defaultMessage: 'Cancel order' }),
  cancelTitle: words(messageWith<{ code: string }>({ id: 'staff.OrderPage.cancelTitle', defaultMessage: 'Cancel order {code}?' }), orderCode),
  cancelWhat: (mailed: boolean): string => say(mailed ? orderCancelWhatMailed : orderCancelWhat),
  cancelMoneyHeld: words(
    messageWith<{ amount: string }>({ id: 'staff.OrderPage.cancelMoneyHeld', defaultMessage: 'This order holds {amount} paid in: refund its items first, or the shop refuses the cancel.' }),
    amount,
  ),
  cancelNote: message({ id: 'staff.OrderPage.cancelNote', defaultMessage: 'Note for the audit log (optional)' }),
  cancelConfirm: message({ id: 'staff.OrderPage.cancelConfirm', defaultMessage: 'Cancel the order' }),
  keep: message({ id: 'staff.OrderPage.keep', defaultMessage: 'Keep it' }),
  close: message({ id: 'staff.OrderPage.close', defaultMessage: 'Cancel' }),
  backStep: message({ id: 'staff.OrderPage.backStep', defaultMessage: 'Back' }),
  refund: message({ id: 'staff.OrderPage.refund', defaultMessage: 'Refund items' }),
  printTickets: message({ id: 'staff.OrderPage.printTickets', defaultMessage: 'Print tickets' }),
  printed: words(
    messageWith<{ count: number }>({
      id: 'staff.OrderPage.printed',
      defaultMessage: '{count, plural, one {The ticket’s PDF is downloaded: open it and print it.} other {The PDF of the # tickets is downloaded: open it and print it.}}',
    }),
    (count: number) => ({ count }),
  ),
  noBuyerEmail: message({ id: 'staff.OrderPage.noBuyerEmail', defaultMessage: 'No e-mail address (sold at the box office)' }),
  refundTitle: words(messageWith<{ code: string }>({ id: 'staff.OrderPage.refundTitle', defaultMessage: 'Refund items of order {code}' }), orderCode),
  refundLead: message({
    id: 'staff.OrderPage.refundLead',
    defaultMessage:
      'Choose the tickets or the merchandise to refund. The money goes back the way it came: card payments to the card through the payment provider, money taken at the box office paid out at the desk, the rest by bank transfer once the customer has given their bank details.',
  }),
  refundRules: message({ id: 'staff.OrderPage.refundRules', defaultMessage: 'Tickets and merchandise are refunded separately; a payment-plan order is refunded as a whole.' }),
  refundTicketsLegend: message({ id: 'staff.OrderPage.refundTicketsLegend', defaultMessage: 'Tickets' }),
  refundMerchandiseLegend: message({ id: 'staff.OrderPage.refundMerchandiseLegend', defaultMessage: 'Merchandise' }),
  refundTicketLabel: (product: string, holder: string | null, code: string): string =>
    holder ? say(orderRefundTicketHolder({ product, holder, code })) : say(orderRefundTicket({ product, code })),
  refundAmount: words(messageWith<{ amount: string }>({ id: 'staff.OrderPage.refundAmount', defaultMessage: 'refund {amount}' }), amount),
  refundNothing: message({ id: 'staff.OrderPage.refundNothing', defaultMessage: 'Nothing on this order can be refunded: it has no live items.' }),
  refundOutsideLegend: message({ id: 'staff.OrderPage.refundOutsideLegend', defaultMessage: 'Outside the refund rules' }),
  refundOutsideLead: words(
    messageWith<{ count: number }>({
      id: 'staff.OrderPage.refundOutsideLead',
      defaultMessage:
        '{count, plural, one {This item is outside the refund rules the customer is held to (the refund window is over, or the product is not refundable). Refund it only for a good reason: the reason is kept in the audit log.} other {These items are outside the refund rules the customer is held to (the refund window is over, or the product is not refundable). Refund them only for a good reason: the reason is kept in the audit log.}}',
    }),
    (count: number) => ({ count }),
  ),
  refundOverride: message({ id: 'staff.OrderPage.refundOverride', defaultMessage: 'Refund even though the refund rules do not allow it' }),
  refundOverrideReason: message({ id: 'staff.OrderPage.refundOverrideReason', defaultMessage: 'Reason for refunding outside the rules' }),
  refundOverrideReasonHint: message({ id: 'staff.OrderPage.refundOverrideReasonHint', defaultMessage: 'Required. Kept in the audit log with your name.' }),
  refundOverrideConfirm: words(
    messageWith<{ count: number; reason: string }>({
      id: 'staff.OrderPage.refundOverrideConfirm',
      defaultMessage: '{count, plural, one {# item is} other {# items are}} refunded outside the refund rules. Reason: {reason}',
    }),
    (count: number, reason: string) => ({ count, reason }),
  ),
  refundTotal: words(messageWith<{ amount: string }>({ id: 'staff.OrderPage.refundTotal', defaultMessage: 'To refund: {amount}' }), amount),
  refundNoteField: message({ id: 'staff.OrderPage.refundNoteField', defaultMessage: 'Note for the audit log (optional)' }),
  refundNext: message({ id: 'staff.OrderPage.refundNext', defaultMessage: 'Refund…' }),
  refundConfirmTitle: message({ id: 'staff.OrderPage.refundConfirmTitle', defaultMessage: 'Refund these items?' }),
  refundConfirm: (count: number, value: string, mailed = true): string =>
    say(mailed ? orderRefundConfirmMailed({ count, amount: value }) : orderRefundConfirmUnmailed({ count, amount: value })),
  refundDo: message({ id: 'staff.OrderPage.refundDo', defaultMessage: 'Refund' }),
  refundResult: words(messageWith<{ total: string }>({ id: 'staff.OrderPage.refundResult', defaultMessage: 'Refund of {total} recorded.' }), (total: string) => ({ total })),
  refundToCardDone: words(
    messageWith<{ amount: string }>({ id: 'staff.OrderPage.refundToCardDone', defaultMessage: '{amount} back to the card through the payment provider.' }),
    amount,
  ),
  refundByBankDone: words(messageWith<{ amount: string }>({ id: 'staff.OrderPage.refundByBankDone', defaultMessage: '{amount} to pay out by bank transfer.' }), amount),
  refundByBankWaiting: words(
    messageWith<{ amount: string }>({
      id: 'staff.OrderPage.refundByBankWaiting',
      defaultMessage: '{amount} to pay by bank transfer: the customer is e-mailed to give their bank details, and the refund waits for them.',
    }),
    amount,
  ),
  refundAtDeskDone: words(
    messageWith<{ amount: string }>({
      id: 'staff.OrderPage.refundAtDeskDone',
      defaultMessage: '{amount} to pay out at the desk: hand it over, then press “Paid out at the desk” below.',
    }),
    amount,
  ),
  refundWays: words(messageWith<{ ways: string }>({ id: 'staff.OrderPage.refundWays', defaultMessage: 'Goes back: {ways}.' }), (ways: string) => ({ ways })),
  refundPaidOutBy: words(messageWith<{ who: string }>({ id: 'staff.OrderPage.refundPaidOutBy', defaultMessage: 'Paid out at the desk by {who}.' }), (who: string) => ({ who })),
  paidOut: message({ id: 'staff.OrderPage.paidOut', defaultMessage: 'Paid out at the desk' }),
  paidOutTitle: words(messageWith<{ id: number }>({ id: 'staff.OrderPage.paidOutTitle', defaultMessage: 'Refund {id}: paid out at the desk?' }), (id: number) => ({ id })),
  paidOutQuestion: (ways: string, mailed = true): string => say(mailed ? orderPaidOutQuestionMailed({ ways }) : orderPaidOutQuestionUnmailed({ ways })),
  takenBy: message({ id: 'staff.OrderPage.takenBy', defaultMessage: 'Taken by' }),
  deskProvider: (method: string): string => say(method === 'cash' ? orderDeskCash : orderDeskTerminal),
  refundProviderError: words(
    messageWith<{ error: string }>({
      id: 'staff.OrderPage.refundProviderError',
      defaultMessage: 'The payment provider could not be reached ({error}): the refund stays processing and is asked again by npm run refunds -- mark-processed.',
    }),
    (error: string) => ({ error }),
  ),
  changeTitle: words(messageWith<{ code: string }>({ id: 'staff.OrderPage.changeTitle', defaultMessage: 'Change ticket {code}' }), orderCode),
  changeWhat: message({ id: 'staff.OrderPage.changeWhat', defaultMessage: 'What to change' }),
  changeName: message({ id: 'staff.OrderPage.changeName', defaultMessage: 'Holder’s name' }),
  changeTravel: message({ id: 'staff.OrderPage.changeTravel', defaultMessage: 'Travel time' }),
  holderName: message({ id: 'staff.OrderPage.holderName', defaultMessage: 'Holder’s name' }),
  travelTime: message({ id: 'staff.OrderPage.travelTime', defaultMessage: 'Departure' }),
  seatsLeft: (time: string, left: number | null, current: boolean): string =>
    current ? say(orderSeatsCurrent({ time })) : left === null ? time : left === 0 ? say(orderSeatsSoldOut({ time })) : say(orderSeatsLeft({ time, left })),
  noOtherDepartures: message({ id: 'staff.OrderPage.noOtherDepartures', defaultMessage: 'This ticket has no departures to move to.' }),
  changeSave: message({ id: 'staff.OrderPage.changeSave', defaultMessage: 'Save change' }),
  extend: message({ id: 'staff.OrderPage.extend', defaultMessage: 'Extend time to pay' }),
  extendTitle: words(messageWith<{ code: string }>({ id: 'staff.OrderPage.extendTitle', defaultMessage: 'Extend the time to pay for order {code}' }), orderCode),
  extendLead: words(
    messageWith<{ current: string }>({
      id: 'staff.OrderPage.extendLead',
      defaultMessage: 'Now: {current}. Until the new time its items stay held for the buyer; after it the order is abandoned and they go back on sale.',
    }),
    (current: string) => ({ current }),
  ),
  extendField: words(
    messageWith<{ timeZone: string }>({ id: 'staff.OrderPage.extendField', defaultMessage: 'New time to pay (time in {timeZone})' }),
    (timeZone: string) => ({ timeZone }),
  ),
  extendInvalid: message({ id: 'staff.OrderPage.extendInvalid', defaultMessage: 'Choose a date and a time.' }),
  extendSave: message({ id: 'staff.OrderPage.extendSave', defaultMessage: 'Extend' }),
  notFound: message({ id: 'staff.OrderPage.notFound', defaultMessage: 'There is no order with that code.' }),
};

const dashboardStockUnlimited = messageWith<{ sold: number; held: number }>({ id: 'staff.DashboardPage.stockWordsUnlimited', defaultMessage: '{sold} sold, {held} held in carts, no limit' });
const dashboardStock = messageWith<{ sold: number; held: number; available: number }>({
  id: 'staff.DashboardPage.stockWords',
  defaultMessage: '{sold} sold, {held} held in carts, {available} available',
});

const dashboard = {
  title: message({ id: 'staff.DashboardPage.title', defaultMessage: 'Dashboard' }),
  event: message({ id: 'staff.DashboardPage.event', defaultMessage: 'Event' }),
  live: message({ id: 'staff.DashboardPage.live', defaultMessage: 'On sale now' }),
  updated: words(messageWith<{ time: string }>({ id: 'staff.DashboardPage.updated', defaultMessage: 'Updated {time}, refreshes by itself.' }), (time: string) => ({ time })),
  stale: message({ id: 'staff.DashboardPage.stale', defaultMessage: 'The last refresh failed; these figures are older.' }),
  moneyTitle: message({ id: 'staff.DashboardPage.moneyTitle', defaultMessage: 'Orders and money' }),
  ordersToday: message({ id: 'staff.DashboardPage.ordersToday', defaultMessage: 'Orders today' }),
  ordersTotal: message({ id: 'staff.DashboardPage.ordersTotal', defaultMessage: 'Orders in total' }),
  netOf: words(messageWith<{ amount: string }>({ id: 'staff.DashboardPage.netOf', defaultMessage: '{amount} net' }), amount),
  gross: message({ id: 'staff.DashboardPage.gross', defaultMessage: 'Received in total' }),
  refundedOf: words(messageWith<{ amount: string }>({ id: 'staff.DashboardPage.refundedOf', defaultMessage: '{amount} refunded' }), amount),
  refundRequests: message({ id: 'staff.DashboardPage.refundRequests', defaultMessage: 'Refund requests waiting' }),
  openRefunds: message({ id: 'staff.DashboardPage.openRefunds', defaultMessage: 'Open the queue' }),
  salesPerMinute: message({ id: 'staff.DashboardPage.salesPerMinute', defaultMessage: 'Tickets sold per minute' }),
  salesPerDay: message({ id: 'staff.DashboardPage.salesPerDay', defaultMessage: 'Tickets sold per day' }),
  // The table behind the chart names its own columns: a scrolling table is a region of its own, and
  // two regions named alike inside each other are one too many for a screen reader's list.
  salesTablePerMinute: message({ id: 'staff.DashboardPage.salesTablePerMinute', defaultMessage: 'Orders, tickets and revenue per minute' }),
  salesTablePerDay: message({ id: 'staff.DashboardPage.salesTablePerDay', defaultMessage: 'Orders, tickets and revenue per day' }),
  noSales: message({ id: 'staff.DashboardPage.noSales', defaultMessage: 'No sales in this period yet.' }),
  chartSummary: words(
    messageWith<{ units: number; from: string; to: string }>({
      id: 'staff.DashboardPage.chartSummary',
      defaultMessage: 'Bar chart: {units} units sold from {from} to {to}. The table below has the figures.',
    }),
    (units: number, from: string, to: string) => ({ units, from, to }),
  ),
  peak: words(messageWith<{ units: number }>({ id: 'staff.DashboardPage.peak', defaultMessage: 'highest bar: {units}' }), (units: number) => ({ units })),
  asTable: message({ id: 'staff.DashboardPage.asTable', defaultMessage: 'Show the figures as a table' }),
  minute: message({ id: 'staff.DashboardPage.minute', defaultMessage: 'Minute' }),
  day: message({ id: 'staff.DashboardPage.day', defaultMessage: 'Day' }),
  orders: message({ id: 'staff.DashboardPage.orders', defaultMessage: 'Orders' }),
  units: message({ id: 'staff.DashboardPage.units', defaultMessage: 'Units' }),
  revenue: message({ id: 'staff.DashboardPage.revenue', defaultMessage: 'Revenue' }),
  stockTitle: message({ id: 'staff.DashboardPage.stockTitle', defaultMessage: 'Stock' }),
  departuresTitle: message({ id: 'staff.DashboardPage.departuresTitle', defaultMessage: 'Seats per departure' }),
  sold: message({ id: 'staff.DashboardPage.sold', defaultMessage: 'Sold' }),
  held: message({ id: 'staff.DashboardPage.held', defaultMessage: 'Held in carts' }),
  available: message({ id: 'staff.DashboardPage.available', defaultMessage: 'Available' }),
  notOnSale: message({ id: 'staff.DashboardPage.notOnSale', defaultMessage: 'not on sale' }),
  stockWords: (sold: number, held: number, available: number | null): string =>
    available === null ? say(dashboardStockUnlimited({ sold, held })) : say(dashboardStock({ sold, held, available })),
  paymentsTitle: message({ id: 'staff.DashboardPage.paymentsTitle', defaultMessage: 'Orders by payment status' }),
  statuses: {
    pending: message({ id: 'staff.DashboardPage.statuses.pending', defaultMessage: 'Pending' }),
    partial: message({ id: 'staff.DashboardPage.statuses.partial', defaultMessage: 'Partly paid' }),
    processing: message({ id: 'staff.DashboardPage.statuses.processing', defaultMessage: 'Processing' }),
    problem: message({ id: 'staff.DashboardPage.statuses.problem', defaultMessage: 'Problem' }),
    paid: message({ id: 'staff.DashboardPage.statuses.paid', defaultMessage: 'Paid' }),
    cancelled: message({ id: 'staff.DashboardPage.statuses.cancelled', defaultMessage: 'Cancelled' }),
    abandoned: message({ id: 'staff.DashboardPage.statuses.abandoned', defaultMessage: 'Abandoned' }),
  },
  checkinsTitle: message({ id: 'staff.DashboardPage.checkinsTitle', defaultMessage: 'Check-ins' }),
  complimentaryTitle: message({ id: 'staff.DashboardPage.complimentaryTitle', defaultMessage: 'Complimentary tickets' }),
  complimentaryLead: message({ id: 'staff.DashboardPage.complimentaryLead', defaultMessage: 'Issued to guest lists: not sales, so not in the orders and money above.' }),
  complimentaryNone: message({ id: 'staff.DashboardPage.complimentaryNone', defaultMessage: 'No complimentary tickets for this event.' }),
  complimentaryTickets: message({ id: 'staff.DashboardPage.complimentaryTickets', defaultMessage: 'Tickets' }),
  noLists: message({ id: 'staff.DashboardPage.noLists', defaultMessage: 'This event has no check-in lists.' }),
  listOff: message({ id: 'staff.DashboardPage.listOff', defaultMessage: 'switched off' }),
  insideNow: message({ id: 'staff.DashboardPage.insideNow', defaultMessage: 'inside now' }),
  admitted: words(messageWith<{ count: number }>({ id: 'staff.DashboardPage.admitted', defaultMessage: '{count} admitted' }), (count: number) => ({ count })),
  gatesOf: words(messageWith<{ list: string }>({ id: 'staff.DashboardPage.gatesOf', defaultMessage: 'Inside now per gate of {list}' }), (list: string) => ({ list })),
};

const zone = (timeZone: string) => ({ timeZone });
const catalogueTime = (time: string) => ({ time });

const catalogue = {
  title: message({ id: 'staff.CataloguePage.title', defaultMessage: 'Catalogue' }),
  lead: message({
    id: 'staff.CataloguePage.lead',
    defaultMessage:
      'The events, products and merchandise the shop sells, with their stock and departures. A change saved here reaches shoppers at once, and the catalogue file’s next import leaves that field alone until the item is handed back to the file.',
  }),
  empty: message({ id: 'staff.CataloguePage.empty', defaultMessage: 'The catalogue is empty: upload a catalogue file below.' }),
  eventFacts: words(
    messageWith<{ code: string; timeZone: string }>({ id: 'staff.CataloguePage.eventFacts', defaultMessage: 'Code {code} · times in {timeZone}' }),
    (code: string, timeZone: string) => ({ code, timeZone }),
  ),
  starts: words(messageWith<{ date: string }>({ id: 'staff.CataloguePage.starts', defaultMessage: 'Starts {date}' }), (date: string) => ({ date })),
  ends: words(messageWith<{ date: string }>({ id: 'staff.CataloguePage.ends', defaultMessage: 'ends {date}' }), (date: string) => ({ date })),
  noItems: message({ id: 'staff.CataloguePage.noItems', defaultMessage: 'This event has no products.' }),
  otherProducts: message({ id: 'staff.CataloguePage.otherProducts', defaultMessage: 'Products of no listed event' }),
  merchandiseTitle: message({ id: 'staff.CataloguePage.merchandiseTitle', defaultMessage: 'Merchandise' }),
  merchandiseFacts: words(
    messageWith<{ timeZone: string }>({ id: 'staff.CataloguePage.merchandiseFacts', defaultMessage: 'Sold by the shop, whatever the event · times in {timeZone}' }),
    zone,
  ),
  code: message({ id: 'staff.CataloguePage.code', defaultMessage: 'Code' }),
  type: message({ id: 'staff.CataloguePage.type', defaultMessage: 'Type' }),
  price: message({ id: 'staff.CataloguePage.price', defaultMessage: 'Price' }),
  priceAndFee: words(
    messageWith<{ price: string; fee: string }>({ id: 'staff.CataloguePage.priceAndFee', defaultMessage: '{price} + {fee} fee' }),
    (price: string, fee: string) => ({ price, fee }),
  ),
  stock: message({ id: 'staff.CataloguePage.stock', defaultMessage: 'Stock' }),
  sold: message({ id: 'staff.CataloguePage.sold', defaultMessage: 'Sold' }),
  held: message({ id: 'staff.CataloguePage.held', defaultMessage: 'Held in carts' }),
  available: message({ id: 'staff.CataloguePage.available', defaultMessage: 'Available' }),
  unlimited: message({ id: 'staff.CataloguePage.unlimited', defaultMessage: 'Unlimited' }),
  /** A merchandise group's stock and availability once it has variants: theirs (decision 0104). */
  perVariant: message({ id: 'staff.CataloguePage.perVariant', defaultMessage: 'Per size or variant' }),
  soldOut: message({ id: 'staff.CataloguePage.soldOut', defaultMessage: 'Sold out' }),
  limit: message({ id: 'staff.CataloguePage.limit', defaultMessage: 'Limit per order' }),
  noLimit: message({ id: 'staff.CataloguePage.noLimit', defaultMessage: 'No limit' }),
  plan: message({ id: 'staff.CataloguePage.plan', defaultMessage: 'Payment plan' }),
  planNote: message({ id: 'staff.CataloguePage.planNote', defaultMessage: 'Its price is changed together with the plan, in the catalogue file.' }),
  departure: message({ id: 'staff.CataloguePage.departure', defaultMessage: 'Departure' }),
  sale: {
    selling: message({ id: 'staff.CataloguePage.sale.selling', defaultMessage: 'Selling' }),
    off: message({ id: 'staff.CataloguePage.sale.off', defaultMessage: 'Not on sale' }),
    opens: words(messageWith<{ date: string }>({ id: 'staff.CataloguePage.sale.opens', defaultMessage: 'Opens {date}' }), (date: string) => ({ date })),
    closed: words(messageWith<{ date: string }>({ id: 'staff.CataloguePage.sale.closed', defaultMessage: 'Closed {date}' }), (date: string) => ({ date })),
  },
  changedHere: message({ id: 'staff.CataloguePage.changedHere', defaultMessage: 'Changed here' }),
  changedFields: words(messageWith<{ fields: string }>({ id: 'staff.CataloguePage.changedFields', defaultMessage: 'Changed here: {fields}' }), (fields: string) => ({ fields })),
  /** An item made in the back office (no catalogue file made it: nothing to hand back). */
  madeHere: message({ id: 'staff.CataloguePage.madeHere', defaultMessage: 'Made in the back office' }),
  fieldNames: {
    price: message({ id: 'staff.CataloguePage.fieldNames.price', defaultMessage: 'price' }),
    fee: message({ id: 'staff.CataloguePage.fieldNames.fee', defaultMessage: 'fee' }),
    stock: message({ id: 'staff.CataloguePage.fieldNames.stock', defaultMessage: 'stock' }),
    on_sale: message({ id: 'staff.CataloguePage.fieldNames.on_sale', defaultMessage: 'on sale' }),
    on_sale_from: message({ id: 'staff.CataloguePage.fieldNames.on_sale_from', defaultMessage: 'sale start' }),
    on_sale_until: message({ id: 'staff.CataloguePage.fieldNames.on_sale_until', defaultMessage: 'sale end' }),
    limit_per_order: message({ id: 'staff.CataloguePage.fieldNames.limit_per_order', defaultMessage: 'limit per order' }),
    refund: message({ id: 'staff.CataloguePage.fieldNames.refund', defaultMessage: 'refund rules' }),
    name_changes: message({ id: 'staff.CataloguePage.fieldNames.name_changes', defaultMessage: 'name changes' }),
    email_changes: message({ id: 'staff.CataloguePage.fieldNames.email_changes', defaultMessage: 'e-mail changes' }),
    requires: message({ id: 'staff.CataloguePage.fieldNames.requires', defaultMessage: 'required products' }),
    featured: message({ id: 'staff.CataloguePage.fieldNames.featured', defaultMessage: 'featured' }),
    tax: message({ id: 'staff.CataloguePage.fieldNames.tax', defaultMessage: 'tax rate' }),
    // A product's structure changed here.
    event: message({ id: 'staff.CataloguePage.fieldNames.event', defaultMessage: 'event' }),
    days: message({ id: 'staff.CataloguePage.fieldNames.days', defaultMessage: 'festival days' }),
    transport: message({ id: 'staff.CataloguePage.fieldNames.transport', defaultMessage: 'transport settings' }),
    payment_plan: message({ id: 'staff.CataloguePage.fieldNames.payment_plan', defaultMessage: 'payment plan' }),
    name: message({ id: 'staff.CataloguePage.fieldNames.name', defaultMessage: 'name' }),
    description: message({ id: 'staff.CataloguePage.fieldNames.description', defaultMessage: 'description' }),
    translations: message({ id: 'staff.CataloguePage.fieldNames.translations', defaultMessage: 'texts in other languages' }),
    // An event archived or restored here.
    archived: message({ id: 'staff.CataloguePage.fieldNames.archived', defaultMessage: 'archived' }),
    // An event's settings changed here (decision 0105).
    timezone: message({ id: 'staff.CataloguePage.fieldNames.timezone', defaultMessage: 'time zone' }),
    images: message({ id: 'staff.CataloguePage.fieldNames.images', defaultMessage: 'images' }),
    starts_at: message({ id: 'staff.CataloguePage.fieldNames.starts_at', defaultMessage: 'start' }),
    age_range_active: message({ id: 'staff.CataloguePage.fieldNames.age_range_active', defaultMessage: 'age question' }),
    credit_card_active: message({ id: 'staff.CataloguePage.fieldNames.credit_card_active', defaultMessage: 'card payments' }),
    bank_transfer_active: message({ id: 'staff.CataloguePage.fieldNames.bank_transfer_active', defaultMessage: 'bank transfer' }),
    bank_transfer_countries: message({ id: 'staff.CataloguePage.fieldNames.bank_transfer_countries', defaultMessage: 'bank transfer countries' }),
    // A check-in list's fields an import kept (decision 0097).
    'checkin_list.event': message({ id: 'staff.CataloguePage.fieldNames.checkin_list.event', defaultMessage: 'check-in list’s event' }),
    'checkin_list.name': message({ id: 'staff.CataloguePage.fieldNames.checkin_list.name', defaultMessage: 'check-in list’s name' }),
    'checkin_list.products': message({ id: 'staff.CataloguePage.fieldNames.checkin_list.products', defaultMessage: 'check-in list’s products' }),
    'checkin_list.day_cutover': message({ id: 'staff.CataloguePage.fieldNames.checkin_list.day_cutover', defaultMessage: 'end of a festival day' }),
    'checkin_list.entry': message({ id: 'staff.CataloguePage.fieldNames.checkin_list.entry', defaultMessage: 'entry rule' }),
    'checkin_list.opens_at': message({ id: 'staff.CataloguePage.fieldNames.checkin_list.opens_at', defaultMessage: 'list opening' }),
    'checkin_list.closes_at': message({ id: 'staff.CataloguePage.fieldNames.checkin_list.closes_at', defaultMessage: 'list closing' }),
    'checkin_list.boarding': message({ id: 'staff.CataloguePage.fieldNames.checkin_list.boarding', defaultMessage: 'boarding times' }),
    'checkin_list.gates': message({ id: 'staff.CataloguePage.fieldNames.checkin_list.gates', defaultMessage: 'gates' }),
    'checkin_list.active': message({ id: 'staff.CataloguePage.fieldNames.checkin_list.active', defaultMessage: 'list archived' }),
    tiers: message({ id: 'staff.CataloguePage.fieldNames.tiers', defaultMessage: 'price tiers' }),
    // A tax rate's and a shipping rate's fields an import kept (decision 0101).
    'tax_rate.name': message({ id: 'staff.CataloguePage.fieldNames.tax_rate.name', defaultMessage: 'tax rate’s name' }),
    'tax_rate.rate': message({ id: 'staff.CataloguePage.fieldNames.tax_rate.rate', defaultMessage: 'tax rate’s percentage' }),
    'tax_rate.archived': message({ id: 'staff.CataloguePage.fieldNames.tax_rate.archived', defaultMessage: 'tax rate archived' }),
    'shipping_rate.name': message({ id: 'staff.CataloguePage.fieldNames.shipping_rate.name', defaultMessage: 'carrier' }),
    'shipping_rate.type': message({ id: 'staff.CataloguePage.fieldNames.shipping_rate.type', defaultMessage: 'shipping service' }),
    'shipping_rate.price': message({ id: 'staff.CataloguePage.fieldNames.shipping_rate.price', defaultMessage: 'shipping price' }),
    'shipping_rate.archived': message({ id: 'staff.CataloguePage.fieldNames.shipping_rate.archived', defaultMessage: 'shipping rate archived' }),
  } as Record<string, Text>,
  /** The tiers editor (decision 0099). */
  tiers: {
    legend: message({ id: 'staff.CataloguePage.tiers.legend', defaultMessage: 'Price tiers' }),
    lead: message({
      id: 'staff.CataloguePage.tiers.lead',
      defaultMessage: 'Before its price, the item sells at the price of its first tier that has not ended: a tier ends at a date and time, or once its number of units is sold or held in carts, counted from the first unit of the sale.',
    }),
    none: message({ id: 'staff.CataloguePage.tiers.none', defaultMessage: 'No tiers: the item sells at its price.' }),
    priceAfter: message({ id: 'staff.CataloguePage.tiers.priceAfter', defaultMessage: 'With tiers: the price once every tier has ended.' }),
    tier: words(messageWith<{ number: number }>({ id: 'staff.CataloguePage.tiers.tier', defaultMessage: 'Tier {number}' }), (number: number) => ({ number })),
    price: words(messageWith<{ number: number; currency: string }>({ id: 'staff.CataloguePage.tiers.price', defaultMessage: 'Price of tier {number} ({currency})' }), (number: number, currency: string) => ({ number, currency })),
    ends: message({ id: 'staff.CataloguePage.tiers.ends', defaultMessage: 'Ends' }),
    endsAt: message({ id: 'staff.CataloguePage.tiers.endsAt', defaultMessage: 'At a date and time' }),
    endsAfter: message({ id: 'staff.CataloguePage.tiers.endsAfter', defaultMessage: 'After a number of units' }),
    until: words(messageWith<{ timeZone: string }>({ id: 'staff.CataloguePage.tiers.until', defaultMessage: 'Until (time in {timeZone})' }), zone),
    units: message({ id: 'staff.CataloguePage.tiers.units', defaultMessage: 'For the first … units' }),
    add: message({ id: 'staff.CataloguePage.tiers.add', defaultMessage: 'Add a tier' }),
    remove: words(messageWith<{ number: number }>({ id: 'staff.CataloguePage.tiers.remove', defaultMessage: 'Remove tier {number}' }), (number: number) => ({ number })),
    up: words(messageWith<{ number: number }>({ id: 'staff.CataloguePage.tiers.up', defaultMessage: 'Move tier {number} up' }), (number: number) => ({ number })),
    down: words(messageWith<{ number: number }>({ id: 'staff.CataloguePage.tiers.down', defaultMessage: 'Move tier {number} down' }), (number: number) => ({ number })),
    plan: message({ id: 'staff.CataloguePage.tiers.plan', defaultMessage: 'A product with a payment plan has one price: it has no tiers.' }),
    /** An item's tiers as its card lists them: "€29.50 until 1 Mar 2027, 00:00 CET · €34.50 for the first 500 units · then €39.50". */
    factUntil: words(messageWith<{ price: string; date: string }>({ id: 'staff.CataloguePage.tiers.factUntil', defaultMessage: '{price} until {date}' }), (price: string, date: string) => ({ price, date })),
    factUnits: words(
      messageWith<{ price: string; count: number }>({ id: 'staff.CataloguePage.tiers.factUnits', defaultMessage: '{price} for the first {count, plural, one {unit} other {# units}}' }),
      (price: string, count: number) => ({ price, count }),
    ),
    /** A tier's fields inside a problem's sentence. */
    priceOf: messageWith<{ number: number }>({ id: 'staff.CataloguePage.tiers.priceOf', defaultMessage: 'Price of tier {number}' }),
    untilOf: messageWith<{ number: number }>({ id: 'staff.CataloguePage.tiers.untilOf', defaultMessage: 'End of tier {number}' }),
    unitsOf: messageWith<{ number: number }>({ id: 'staff.CataloguePage.tiers.unitsOf', defaultMessage: 'Units of tier {number}' }),
    factThen: words(messageWith<{ price: string }>({ id: 'staff.CataloguePage.tiers.factThen', defaultMessage: 'then {price}' }), (price: string) => ({ price })),
  },
  departureSeatsChanged: message({ id: 'staff.CataloguePage.departureSeatsChanged', defaultMessage: 'seats of a departure' }),
  edit: message({ id: 'staff.CataloguePage.edit', defaultMessage: 'Edit' }),
  editLabel: words(messageWith<{ name: string }>({ id: 'staff.CataloguePage.editLabel', defaultMessage: 'Edit {name}' }), named),
  handBack: message({ id: 'staff.CataloguePage.handBack', defaultMessage: 'Hand back to the file' }),
  handBackLabel: words(messageWith<{ name: string }>({ id: 'staff.CataloguePage.handBackLabel', defaultMessage: 'Hand {name} back to the file' }), named),
  handBackTitle: words(messageWith<{ name: string }>({ id: 'staff.CataloguePage.handBackTitle', defaultMessage: 'Hand {name} back to the catalogue file?' }), named),
  handBackQuestion: message({
    id: 'staff.CataloguePage.handBackQuestion',
    defaultMessage:
      'The marks go from this item: the next import of the catalogue file sets its fields and seats again, replacing what was changed here. This cannot be undone from the browser; to keep a value, write it in the file.',
  }),
  handBackConfirm: message({ id: 'staff.CataloguePage.handBackConfirm', defaultMessage: 'Hand back' }),
  keep: message({ id: 'staff.CataloguePage.keep', defaultMessage: 'Keep the changes' }),
  departuresTitle: message({ id: 'staff.CataloguePage.departuresTitle', defaultMessage: 'Departures' }),
  departuresCaption: words(messageWith<{ name: string }>({ id: 'staff.CataloguePage.departuresCaption', defaultMessage: 'Departures of {name}' }), named),
  seats: message({ id: 'staff.CataloguePage.seats', defaultMessage: 'Seats' }),
  left: message({ id: 'staff.CataloguePage.left', defaultMessage: 'Left' }),
  notCounted: message({ id: 'staff.CataloguePage.notCounted', defaultMessage: 'Not counted' }),
  inactive: message({ id: 'staff.CataloguePage.inactive', defaultMessage: 'No longer offered' }),
  seatsLabel: words(messageWith<{ time: string }>({ id: 'staff.CataloguePage.seatsLabel', defaultMessage: 'Seats on the departure of {time}' }), catalogueTime),
  seatsOf: words(messageWith<{ time: string }>({ id: 'staff.CataloguePage.seatsOf', defaultMessage: 'seats of the departure of {time}' }), catalogueTime),
  seatsHint: message({ id: 'staff.CataloguePage.seatsHint', defaultMessage: 'Seats: empty stops counting them. Not fewer than sold and held.' }),
  changeSeats: message({ id: 'staff.CataloguePage.changeSeats', defaultMessage: 'Change seats' }),
  changeSeatsLabel: words(messageWith<{ time: string }>({ id: 'staff.CataloguePage.changeSeatsLabel', defaultMessage: 'Change seats of the departure of {time}' }), catalogueTime),
  editTitle: words(messageWith<{ name: string }>({ id: 'staff.CataloguePage.editTitle', defaultMessage: 'Edit {name}' }), named),
  editLead: words(
    messageWith<{ code: string }>({
      id: 'staff.CataloguePage.editLead',
      defaultMessage: 'Item {code}. Only the fields you change are saved; each is then kept by later imports of the file.',
    }),
    orderCode,
  ),
  moneyField: words(
    messageWith<{ label: string; currency: string }>({ id: 'staff.CataloguePage.moneyField', defaultMessage: '{label} ({currency})' }),
    (label: string, currency: string) => ({ label, currency }),
  ),
  moneyHint: message({ id: 'staff.CataloguePage.moneyHint', defaultMessage: 'Such as 125.00.' }),
  fee: message({ id: 'staff.CataloguePage.fee', defaultMessage: 'Booking fee' }),
  stockField: message({ id: 'staff.CataloguePage.stockField', defaultMessage: 'Stock' }),
  stockUnlimited: message({ id: 'staff.CataloguePage.stockUnlimited', defaultMessage: 'Unlimited stock' }),
  stockHint: words(messageWith<{ taken: number }>({ id: 'staff.CataloguePage.stockHint', defaultMessage: 'Not lower than the {taken} sold or held in carts.' }), (taken: number) => ({ taken })),
  onSale: message({ id: 'staff.CataloguePage.onSale', defaultMessage: 'On sale' }),
  saleFrom: words(messageWith<{ timeZone: string }>({ id: 'staff.CataloguePage.saleFrom', defaultMessage: 'Sale starts (time in {timeZone})' }), zone),
  saleUntil: words(messageWith<{ timeZone: string }>({ id: 'staff.CataloguePage.saleUntil', defaultMessage: 'Sale ends (time in {timeZone})' }), zone),
  openEnd: message({ id: 'staff.CataloguePage.openEnd', defaultMessage: 'Empty: no limit in time.' }),
  limitField: message({ id: 'staff.CataloguePage.limitField', defaultMessage: 'Limit per order' }),
  limitHint: message({ id: 'staff.CataloguePage.limitHint', defaultMessage: '0: no limit.' }),
  refundLegend: message({ id: 'staff.CataloguePage.refundLegend', defaultMessage: 'Refunds' }),
  refundable: message({ id: 'staff.CataloguePage.refundable', defaultMessage: 'Refundable' }),
  refundFee: message({ id: 'staff.CataloguePage.refundFee', defaultMessage: 'Refund fee' }),
  refundFrom: words(messageWith<{ timeZone: string }>({ id: 'staff.CataloguePage.refundFrom', defaultMessage: 'Refunds from (time in {timeZone})' }), zone),
  refundUntil: words(messageWith<{ timeZone: string }>({ id: 'staff.CataloguePage.refundUntil', defaultMessage: 'Refunds until (time in {timeZone})' }), zone),
  nameLegend: message({ id: 'staff.CataloguePage.nameLegend', defaultMessage: 'Name changes' }),
  namesAllowed: message({ id: 'staff.CataloguePage.namesAllowed', defaultMessage: 'Name changes allowed' }),
  namesUntil: words(messageWith<{ timeZone: string }>({ id: 'staff.CataloguePage.namesUntil', defaultMessage: 'Name changes until (time in {timeZone})' }), zone),
  namesLimit: message({ id: 'staff.CataloguePage.namesLimit', defaultMessage: 'Most name changes per ticket' }),
  emailChanges: message({ id: 'staff.CataloguePage.emailChanges', defaultMessage: 'E-mail address changes allowed' }),
  featured: message({ id: 'staff.CataloguePage.featured', defaultMessage: 'Featured: shown first in the shop' }),
  taxField: message({ id: 'staff.CataloguePage.taxField', defaultMessage: 'Tax rate' }),
  taxHint: message({ id: 'staff.CataloguePage.taxHint', defaultMessage: 'New orders are taxed at it. It cannot be changed once a unit is sold.' }),
  // A product's event, days, transport and payment plan after creation.
  eventHint: message({ id: 'staff.CataloguePage.eventHint', defaultMessage: 'It moves only before a unit is sold or held, and while no check-in list, on-sale or add-on of its event names it.' }),
  daysField: message({ id: 'staff.CataloguePage.daysField', defaultMessage: 'Festival days' }),
  daysHint: message({ id: 'staff.CataloguePage.daysHint', defaultMessage: 'Dates such as 2027-06-19, separated by commas; empty: every day. Written on the check-in lists that name it without days of their own.' }),
  changesUntilField: words(messageWith<{ zone: string }>({ id: 'staff.CataloguePage.changesUntilField', defaultMessage: 'Buyers may change their departure until ({zone})' }), (zone: string) => ({ zone })),
  travelTimeField: words(messageWith<{ zone: string }>({ id: 'staff.CataloguePage.travelTimeField', defaultMessage: 'Departs ({zone})' }), (zone: string) => ({ zone })),
  typeFixed: words(
    messageWith<{ type: string }>({ id: 'staff.CataloguePage.typeFixed', defaultMessage: 'Type: {type}. The type cannot be changed: make a new item instead.' }),
    (type: string) => ({ type }),
  ),
  // An add-on's required products (decision 0104), ticked among its event's products.
  requiresLegend: message({ id: 'staff.CataloguePage.requiresLegend', defaultMessage: 'Only with' }),
  requiresHint: message({
    id: 'staff.CataloguePage.requiresHint',
    defaultMessage: 'Sold only to a holder who has one of the ticked products, in the same cart or from an earlier order. None ticked: sold to anyone.',
  }),
  requiresProblem: words(messageWith<{ problem: string }>({ id: 'staff.CataloguePage.requiresProblem', defaultMessage: 'Only with: {problem}.' }), (problem: string) => ({ problem })),
  requiresNone: message({ id: 'staff.CataloguePage.requiresNone', defaultMessage: 'The event has no other products.' }),
  // The item's texts per language of the shop (decision 0094).
  textsLegend: message({ id: 'staff.CataloguePage.textsLegend', defaultMessage: 'Name and description' }),
  textsLanguage: message({ id: 'staff.CataloguePage.textsLanguage', defaultMessage: 'Language' }),
  textsName: message({ id: 'staff.CataloguePage.textsName', defaultMessage: 'Name' }),
  textsDescription: message({ id: 'staff.CataloguePage.textsDescription', defaultMessage: 'Description (HTML)' }),
  textsDefault: message({ id: 'staff.CataloguePage.textsDefault', defaultMessage: 'The shop’s default language: the item’s own texts, shown where a language has none.' }),
  textsFallback: words(
    messageWith<{ language: string }>({ id: 'staff.CataloguePage.textsFallback', defaultMessage: 'Left empty, the shop shows the text in its default language ({language}).' }),
    (language: string) => ({ language }),
  ),
  // An event's name per language of the shop (decision 0094).
  editTexts: message({ id: 'staff.CataloguePage.editTexts', defaultMessage: 'Edit texts' }),
  editTextsLabel: words(messageWith<{ name: string }>({ id: 'staff.CataloguePage.editTextsLabel', defaultMessage: 'Edit the texts of {name}' }), named),
  eventTextsTitle: words(messageWith<{ name: string }>({ id: 'staff.CataloguePage.eventTextsTitle', defaultMessage: 'Texts of {name}' }), named),
  eventTextsLead: words(
    messageWith<{ code: string }>({
      id: 'staff.CataloguePage.eventTextsLead',
      defaultMessage: 'Event {code}. Its name in each language of the shop, as shoppers read it with the event’s products; once saved, later imports of the file keep it.',
    }),
    orderCode,
  ),
  eventTextsLegend: message({ id: 'staff.CataloguePage.eventTextsLegend', defaultMessage: 'Name of the event' }),
  eventTextsDefault: message({ id: 'staff.CataloguePage.eventTextsDefault', defaultMessage: 'The shop’s default language: the event’s own name, shown where a language has none.' }),
  save: message({ id: 'staff.CataloguePage.save', defaultMessage: 'Save changes' }),
  close: message({ id: 'staff.CataloguePage.close', defaultMessage: 'Cancel' }),
  amountProblems: {
    empty: message({ id: 'staff.CataloguePage.amountProblems.empty', defaultMessage: 'Enter an amount such as 125.00.' }),
    invalid: message({ id: 'staff.CataloguePage.amountProblems.invalid', defaultMessage: 'Enter an amount such as 125.00.' }),
    decimals: message({ id: 'staff.CataloguePage.amountProblems.decimals', defaultMessage: 'That amount has too many decimals for the currency.' }),
  },
  moneyRange: words(messageWith<{ max: string }>({ id: 'staff.CataloguePage.moneyRange', defaultMessage: 'must be from 0.00 to {max}' }), (max: string) => ({ max })),
  timeProblems: {
    invalid: message({ id: 'staff.CataloguePage.timeProblems.invalid', defaultMessage: 'Choose a date and a time, or leave it empty.' }),
    gap: words(
      messageWith<{ timeZone: string }>({ id: 'staff.CataloguePage.timeProblems.gap', defaultMessage: 'That time does not exist in {timeZone}: the clocks skip it. Choose another.' }),
      zone,
    ),
  },
  laterThan: words(messageWith<{ label: string }>({ id: 'staff.CataloguePage.laterThan', defaultMessage: 'must be later than “{label}”' }), (label: string) => ({ label })),
  /** A field's rule as a sentence: its label, then the rule ("must be …", the catalogue file's words). */
  fieldProblem: words(
    messageWith<{ label: string; problem: string }>({ id: 'staff.CataloguePage.fieldProblem', defaultMessage: '{label} {problem}.' }),
    (label: string, problem: string) => ({ label, problem }),
  ),
  /** The fields as a problem's sentence names them (the labels say the time zone as well). */
  fieldNamesInSentences: {
    price: message({ id: 'staff.CataloguePage.fieldNamesInSentences.price', defaultMessage: 'Price' }),
    fee: message({ id: 'staff.CataloguePage.fieldNamesInSentences.fee', defaultMessage: 'Booking fee' }),
    stock: message({ id: 'staff.CataloguePage.fieldNamesInSentences.stock', defaultMessage: 'Stock' }),
    on_sale: message({ id: 'staff.CataloguePage.fieldNamesInSentences.on_sale', defaultMessage: 'On sale' }),
    on_sale_from: message({ id: 'staff.CataloguePage.fieldNamesInSentences.on_sale_from', defaultMessage: 'Sale starts' }),
    on_sale_until: message({ id: 'staff.CataloguePage.fieldNamesInSentences.on_sale_until', defaultMessage: 'Sale ends' }),
    limit_per_order: message({ id: 'staff.CataloguePage.fieldNamesInSentences.limit_per_order', defaultMessage: 'Limit per order' }),
    'refund.refundable': message({ id: 'staff.CataloguePage.fieldNamesInSentences.refund.refundable', defaultMessage: 'Refundable' }),
    'refund.fee': message({ id: 'staff.CataloguePage.fieldNamesInSentences.refund.fee', defaultMessage: 'Refund fee' }),
    'refund.from': message({ id: 'staff.CataloguePage.fieldNamesInSentences.refund.from', defaultMessage: 'Refunds from' }),
    'refund.until': message({ id: 'staff.CataloguePage.fieldNamesInSentences.refund.until', defaultMessage: 'Refunds until' }),
    'name_changes.allowed': message({ id: 'staff.CataloguePage.fieldNamesInSentences.name_changes.allowed', defaultMessage: 'Name changes allowed' }),
    'name_changes.until': message({ id: 'staff.CataloguePage.fieldNamesInSentences.name_changes.until', defaultMessage: 'Name changes until' }),
    'name_changes.limit': message({ id: 'staff.CataloguePage.fieldNamesInSentences.name_changes.limit', defaultMessage: 'Most name changes per ticket' }),
    email_changes: message({ id: 'staff.CataloguePage.fieldNamesInSentences.email_changes', defaultMessage: 'E-mail address changes allowed' }),
    seats: message({ id: 'staff.CataloguePage.fieldNamesInSentences.seats', defaultMessage: 'Seats' }),
    requires: message({ id: 'staff.CataloguePage.fieldNamesInSentences.requires', defaultMessage: 'Only with' }),
    tax: message({ id: 'staff.CataloguePage.fieldNamesInSentences.tax', defaultMessage: 'Tax rate' }),
  } as Record<string, Text>,
  download: {
    title: message({ id: 'staff.CataloguePage.download.title', defaultMessage: 'Download the catalogue' }),
    lead: message({
      id: 'staff.CataloguePage.download.lead',
      defaultMessage:
        'The live catalogue as a catalogue file (YAML), with the changes made here: importing it into this shop changes nothing. It names its images without holding them: uploaded here, it finds them in the shop; npm run catalog -- export FILE writes them beside the file.',
    }),
    button: message({ id: 'staff.CataloguePage.download.button', defaultMessage: 'Download the catalogue' }),
    done: words(messageWith<{ filename: string }>({ id: 'staff.CataloguePage.download.done', defaultMessage: '{filename} is downloaded.' }), (filename: string) => ({ filename })),
  },
  upload: {
    title: message({ id: 'staff.CataloguePage.upload.title', defaultMessage: 'Upload a catalogue file' }),
    lead: message({
      id: 'staff.CataloguePage.upload.lead',
      defaultMessage: 'Check a catalogue file to see its problems by line and field, and what it would do to changes made here; import it to make it the shop’s catalogue.',
    }),
    file: message({ id: 'staff.CataloguePage.upload.file', defaultMessage: 'Catalogue file (YAML or JSON)' }),
    fileWins: message({ id: 'staff.CataloguePage.upload.fileWins', defaultMessage: 'The file wins over changes made here' }),
    fileWinsHint: message({
      id: 'staff.CataloguePage.upload.fileWinsHint',
      defaultMessage: 'Without this, fields changed here keep their values and the file’s other fields are imported.',
    }),
    check: message({ id: 'staff.CataloguePage.upload.check', defaultMessage: 'Check' }),
    import: message({ id: 'staff.CataloguePage.upload.import', defaultMessage: 'Import' }),
    importTitle: message({ id: 'staff.CataloguePage.upload.importTitle', defaultMessage: 'Import this catalogue file?' }),
    importQuestion: words(
      messageWith<{ file: string }>({
        id: 'staff.CataloguePage.upload.importQuestion',
        defaultMessage: '{file} becomes the shop’s catalogue: prices, stock and sale windows change for every shopper at once.',
      }),
      (file: string) => ({ file }),
    ),
    importKeeps: message({ id: 'staff.CataloguePage.upload.importKeeps', defaultMessage: 'Fields changed here keep their values.' }),
    importReplaces: message({ id: 'staff.CataloguePage.upload.importReplaces', defaultMessage: 'Fields changed here take the file’s values, and their marks go.' }),
    importConfirm: message({ id: 'staff.CataloguePage.upload.importConfirm', defaultMessage: 'Import' }),
    chooseFile: message({ id: 'staff.CataloguePage.upload.chooseFile', defaultMessage: 'Choose a catalogue file first.' }),
    unreadable: message({ id: 'staff.CataloguePage.upload.unreadable', defaultMessage: 'The file could not be read. Choose it again.' }),
    empty: message({ id: 'staff.CataloguePage.upload.empty', defaultMessage: 'The file is empty.' }),
    tooManyLines: words(
      messageWith<{ count: number; max: number }>({
        id: 'staff.CataloguePage.upload.tooManyLines',
        defaultMessage: 'The file has {count, number} lines; a catalogue file has at most {max, number}.',
      }),
      (count: number, max: number) => ({ count, max }),
    ),
    lineTooLong: words(
      messageWith<{ line: number; length: number; max: number }>({
        id: 'staff.CataloguePage.upload.lineTooLong',
        defaultMessage: 'Line {line} has {length, number} characters; a line has at most {max, number}.',
      }),
      (line: number, length: number, max: number) => ({ line, length, max }),
    ),
    tooLarge: words(messageWith<{ max: string }>({ id: 'staff.CataloguePage.upload.tooLarge', defaultMessage: 'The file is too large to upload: at most {max}.' }), (max: string) => ({ max })),
    checked: words(messageWith<{ file: string }>({ id: 'staff.CataloguePage.upload.checked', defaultMessage: 'Checked {file}.' }), (file: string) => ({ file })),
    problemsTitle: words(
      messageWith<{ count: number }>({
        id: 'staff.CataloguePage.upload.problemsTitle',
        defaultMessage: '{count, plural, one {# problem in the file} other {# problems in the file}}',
      }),
      (count: number) => ({ count }),
    ),
    problemsCaption: message({ id: 'staff.CataloguePage.upload.problemsCaption', defaultMessage: 'Problems of the catalogue file' }),
    problemsLeftOut: words(
      messageWith<{ listed: number; more: number }>({
        id: 'staff.CataloguePage.upload.problemsLeftOut',
        defaultMessage: 'The first {listed} are listed; {more} more are not. Fix these and check the file again.',
      }),
      (listed: number, more: number) => ({ listed, more }),
    ),
    line: message({ id: 'staff.CataloguePage.upload.line', defaultMessage: 'Line' }),
    field: message({ id: 'staff.CataloguePage.upload.field', defaultMessage: 'Field' }),
    problem: message({ id: 'staff.CataloguePage.upload.problem', defaultMessage: 'Problem' }),
    wholeFile: message({ id: 'staff.CataloguePage.upload.wholeFile', defaultMessage: 'the whole file' }),
    keptTitle: message({ id: 'staff.CataloguePage.upload.keptTitle', defaultMessage: 'Changes made here that the import keeps' }),
    replacedTitle: message({ id: 'staff.CataloguePage.upload.replacedTitle', defaultMessage: 'Changes made here that the import replaces' }),
    keptCaption: message({ id: 'staff.CataloguePage.upload.keptCaption', defaultMessage: 'Fields changed here where the file says otherwise' }),
    item: message({ id: 'staff.CataloguePage.upload.item', defaultMessage: 'Item' }),
    shopValue: message({ id: 'staff.CataloguePage.upload.shopValue', defaultMessage: 'Here' }),
    fileValue: message({ id: 'staff.CataloguePage.upload.fileValue', defaultMessage: 'In the file' }),
    noKept: message({ id: 'staff.CataloguePage.upload.noKept', defaultMessage: 'No changes made here differ from the file.' }),
    importAfterCheck: message({
      id: 'staff.CataloguePage.upload.importAfterCheck',
      defaultMessage: 'Check the file first: its import is offered with what it would change.',
    }),
    diffTitle: message({ id: 'staff.CataloguePage.upload.diffTitle', defaultMessage: 'What the import would change' }),
    diffDoneTitle: message({ id: 'staff.CataloguePage.upload.diffDoneTitle', defaultMessage: 'What the import changed' }),
    noChanges: message({ id: 'staff.CataloguePage.upload.noChanges', defaultMessage: 'The file changes nothing in the catalogue.' }),
    sectionsCaption: message({ id: 'staff.CataloguePage.upload.sectionsCaption', defaultMessage: 'Changes by section' }),
    section: message({ id: 'staff.CataloguePage.upload.section', defaultMessage: 'Section' }),
    added: message({ id: 'staff.CataloguePage.upload.added', defaultMessage: 'New' }),
    changed: message({ id: 'staff.CataloguePage.upload.changed', defaultMessage: 'Changed' }),
    switchedOff: message({ id: 'staff.CataloguePage.upload.switchedOff', defaultMessage: 'Switched off' }),
    unchanged: message({ id: 'staff.CataloguePage.upload.unchanged', defaultMessage: 'Unchanged' }),
    changesCaption: message({ id: 'staff.CataloguePage.upload.changesCaption', defaultMessage: 'Changes by entry' }),
    entry: message({ id: 'staff.CataloguePage.upload.entry', defaultMessage: 'Entry' }),
    liveValue: message({ id: 'staff.CataloguePage.upload.liveValue', defaultMessage: 'Now' }),
    newEntry: message({ id: 'staff.CataloguePage.upload.newEntry', defaultMessage: 'new entry' }),
    switchedOffEntry: message({ id: 'staff.CataloguePage.upload.switchedOffEntry', defaultMessage: 'switched off (no longer in the file)' }),
    none: message({ id: 'staff.CataloguePage.upload.none', defaultMessage: 'none' }),
    notListed: words(
      messageWith<{ count: number }>({
        id: 'staff.CataloguePage.upload.notListed',
        defaultMessage: '{count, plural, one {# more entry is not listed.} other {# more entries are not listed.}}',
      }),
      (count: number) => ({ count }),
    ),
    handedBack: words(
      messageWith<{ count: number }>({
        id: 'staff.CataloguePage.upload.handedBack',
        defaultMessage: '{count, plural, one {# field changed here is the file’s again: the file now says the same.} other {# fields changed here are the file’s again: the file now says the same.}}',
      }),
      (count: number) => ({ count }),
    ),
    sections: {
      events: message({ id: 'staff.CataloguePage.upload.sections.events', defaultMessage: 'Events' }),
      tax_rates: message({ id: 'staff.CataloguePage.upload.sections.tax_rates', defaultMessage: 'Tax rates' }),
      products: message({ id: 'staff.CataloguePage.upload.sections.products', defaultMessage: 'Products' }),
      merchandise: message({ id: 'staff.CataloguePage.upload.sections.merchandise', defaultMessage: 'Merchandise' }),
      vouchers: message({ id: 'staff.CataloguePage.upload.sections.vouchers', defaultMessage: 'Vouchers' }),
      shipping_rates: message({ id: 'staff.CataloguePage.upload.sections.shipping_rates', defaultMessage: 'Shipping rates' }),
      checkin_lists: message({ id: 'staff.CataloguePage.upload.sections.checkin_lists', defaultMessage: 'Check-in lists' }),
      onsales: message({ id: 'staff.CataloguePage.upload.sections.onsales', defaultMessage: 'On-sales' }),
    },
    counts: words(
      messageWith<{ events: number; products: number; merchandise: number; travel_times: number; vouchers: number; checkin_lists: number }>({
        id: 'staff.CataloguePage.upload.counts',
        defaultMessage:
          'The file holds {events, plural, one {# event} other {# events}}, {products, plural, one {# product} other {# products}}, {merchandise, plural, one {# merchandise item} other {# merchandise items}}, {travel_times, plural, one {# departure} other {# departures}}, {vouchers, plural, one {# voucher} other {# vouchers}} and {checkin_lists, plural, one {# check-in list} other {# check-in lists}}.',
      }),
      (counts: { events: number; products: number; merchandise: number; travel_times: number; vouchers: number; checkin_lists: number }) => ({
        events: counts.events,
        products: counts.products,
        merchandise: counts.merchandise,
        travel_times: counts.travel_times,
        vouchers: counts.vouchers,
        checkin_lists: counts.checkin_lists,
      }),
    ),
  },
};

const onsaleProductsUnlimited = messageWith<{ sold: number; held: number }>({
  id: 'staff.OnsalesPage.productWordsUnlimited',
  defaultMessage: 'no limit, {sold, number} sold, {held, number} held in carts',
});
const onsaleProducts = messageWith<{ available: number; sold: number; held: number }>({
  id: 'staff.OnsalesPage.productWords',
  defaultMessage: '{available, number} available, {sold, number} sold, {held, number} held in carts',
});
const onsaleZone = (zoneName: string) => ({ zone: zoneName });

const onsales = {
  title: message({ id: 'staff.OnsalesPage.title', defaultMessage: 'On-sales' }),
  lead: message({
    id: 'staff.OnsalesPage.lead',
    defaultMessage: 'Each on-sale’s waiting room: when it opens, how it admits buyers, and its queue as it stands. The figures refresh by themselves while a room is open.',
  }),
  fileNote: message({
    id: 'staff.OnsalesPage.fileNoteBoth',
    defaultMessage:
      'An admin makes on-sales here or in the catalogue file (onsales); the export writes both. An import sets an on-sale the file names back to what the file says, so change the file too; one made here that the file does not name is left alone.',
  }),
  empty: message({ id: 'staff.OnsalesPage.emptyHere', defaultMessage: 'No on-sales yet: make one here, or add it to the catalogue file (onsales).' }),
  newOnsale: message({ id: 'staff.OnsalesPage.newOnsale', defaultMessage: 'New on-sale' }),
  createTitle: message({ id: 'staff.OnsalesPage.createTitle', defaultMessage: 'New on-sale' }),
  createLead: message({
    id: 'staff.OnsalesPage.createLead',
    defaultMessage: 'The catalogue file’s rules apply: a product is guarded by one room at a time. The waiting room works with it within a second.',
  }),
  codeField: message({ id: 'staff.OnsalesPage.codeField', defaultMessage: 'Code' }),
  codeHint: message({ id: 'staff.OnsalesPage.codeHint', defaultMessage: 'Letters, digits, dashes and underscores, such as SUMMER-SALE: the waiting room’s address and the file’s name for it.' }),
  eventField: message({ id: 'staff.OnsalesPage.eventField', defaultMessage: 'Event' }),
  productsLegend: message({ id: 'staff.OnsalesPage.productsLegend', defaultMessage: 'Products and merchandise it guards' }),
  productsField: message({ id: 'staff.OnsalesPage.productsField', defaultMessage: 'Products' }),
  madeHere: message({ id: 'staff.OnsalesPage.madeHere', defaultMessage: 'Made here' }),
  pausedSince: words(messageWith<{ time: string }>({ id: 'staff.OnsalesPage.pausedSince', defaultMessage: 'Admissions paused since {time}: the queue keeps its places.' }), (time: string) => ({ time })),
  actions: {
    'open-now': message({ id: 'staff.OnsalesPage.actions.open-now', defaultMessage: 'Open now' }),
    pause: message({ id: 'staff.OnsalesPage.actions.pause', defaultMessage: 'Pause admissions' }),
    resume: message({ id: 'staff.OnsalesPage.actions.resume', defaultMessage: 'Resume admissions' }),
    close: message({ id: 'staff.OnsalesPage.actions.close', defaultMessage: 'Close the on-sale' }),
  },
  preview: message({ id: 'staff.OnsalesPage.preview', defaultMessage: 'Preview link' }),
  previewLabel: words(messageWith<{ code: string }>({ id: 'staff.OnsalesPage.previewLabel', defaultMessage: 'Preview link: {code}' }), orderCode),
  previewTitle: words(messageWith<{ code: string }>({ id: 'staff.OnsalesPage.previewTitle', defaultMessage: 'Preview {code} before the opening' }), orderCode),
  previewLead: words(
    messageWith<{ time: string }>({
      id: 'staff.OnsalesPage.previewLead',
      defaultMessage:
        'Open this link signed in to the shop with the account of your own e-mail address: you walk through the waiting room and shop its products as an admitted buyer would, while the public waits. Your cart holds units as any cart does; a preview never buys. The link works until {time}; closing the on-sale ends it.',
    }),
    (time: string) => ({ time }),
  ),
  previewOpen: message({ id: 'staff.OnsalesPage.previewOpen', defaultMessage: 'Open the preview' }),
  actionLabel: words(messageWith<{ action: string; code: string }>({ id: 'staff.OnsalesPage.actionLabel', defaultMessage: '{action}: {code}' }), (action: string, code: string) => ({ action, code })),
  questions: {
    'open-now': words(
      messageWith<{ code: string }>({
        id: 'staff.OnsalesPage.questions.open-now',
        defaultMessage: 'Open {code} now? Its opening moves to now: the pre-queue is drawn and the room starts admitting at once.',
      }),
      orderCode,
    ),
    pause: words(
      messageWith<{ code: string }>({
        id: 'staff.OnsalesPage.questions.pause',
        defaultMessage: 'Pause the admissions of {code}? Everyone keeps their place in the queue and the admitted keep shopping; nobody more is admitted until you resume.',
      }),
      orderCode,
    ),
    resume: words(messageWith<{ code: string }>({ id: 'staff.OnsalesPage.questions.resume', defaultMessage: 'Resume the admissions of {code}? The room admits at its rate again, from where it stopped.' }), orderCode),
    close: words(
      messageWith<{ code: string }>({
        id: 'staff.OnsalesPage.questions.close',
        defaultMessage:
          'Close {code} now? Its closing moves to now and the waiting room stops: its products then sell without it, within their own sale windows. To stop selling them, take them off sale on the Catalogue page.',
      }),
      orderCode,
    ),
  },
  updated: words(messageWith<{ time: string }>({ id: 'staff.OnsalesPage.updated', defaultMessage: 'Updated {time}.' }), (time: string) => ({ time })),
  refreshes: message({ id: 'staff.OnsalesPage.refreshes', defaultMessage: 'Refreshes by itself.' }),
  stale: message({ id: 'staff.OnsalesPage.stale', defaultMessage: 'The last refresh failed; these figures are older.' }),
  states: {
    'switched-off': message({ id: 'staff.OnsalesPage.states.switched-off', defaultMessage: 'Switched off' }),
    'not-yet-open': message({ id: 'staff.OnsalesPage.states.not-yet-open', defaultMessage: 'Room not open yet' }),
    'pre-queue': message({ id: 'staff.OnsalesPage.states.pre-queue', defaultMessage: 'Pre-queue' }),
    admitting: message({ id: 'staff.OnsalesPage.states.admitting', defaultMessage: 'Admitting' }),
    paused: message({ id: 'staff.OnsalesPage.states.paused', defaultMessage: 'Admissions paused' }),
    'sold-out': message({ id: 'staff.OnsalesPage.states.sold-out', defaultMessage: 'Sold out' }),
    closed: message({ id: 'staff.OnsalesPage.states.closed', defaultMessage: 'Closed' }),
  },
  eventOf: words(messageWith<{ title: string; code: string }>({ id: 'staff.OnsalesPage.eventOf', defaultMessage: '{title} ({code})' }), (title: string, code: string) => ({ title, code })),
  timesIn: words(messageWith<{ zone: string }>({ id: 'staff.OnsalesPage.timesIn', defaultMessage: 'Times in {zone}' }), onsaleZone),
  roomOpens: message({ id: 'staff.OnsalesPage.roomOpens', defaultMessage: 'Room opens' }),
  roomOpensAt: words(
    messageWith<{ time: string; minutes: number }>({ id: 'staff.OnsalesPage.roomOpensAt', defaultMessage: '{time} ({minutes} min before)' }),
    (time: string, minutes: number) => ({ time, minutes }),
  ),
  opens: message({ id: 'staff.OnsalesPage.opens', defaultMessage: 'Sale opens' }),
  closes: message({ id: 'staff.OnsalesPage.closes', defaultMessage: 'Room closes' }),
  untilSoldOut: message({ id: 'staff.OnsalesPage.untilSoldOut', defaultMessage: 'when sold out' }),
  admission: message({ id: 'staff.OnsalesPage.admission', defaultMessage: 'Admission' }),
  rate: words(
    messageWith<{ limit: number }>({ id: 'staff.OnsalesPage.rate', defaultMessage: '{limit, plural, one {# new shopper} other {# new shoppers}} a minute' }),
    (limit: number) => ({ limit }),
  ),
  cap: words(
    messageWith<{ limit: number }>({ id: 'staff.OnsalesPage.cap', defaultMessage: 'at most {limit, plural, one {# shopper} other {# shoppers}} at once' }),
    (limit: number) => ({ limit }),
  ),
  capRamp: words(
    messageWith<{ limit: number; perMinute: number }>({
      id: 'staff.OnsalesPage.capRamp',
      defaultMessage: 'at most {limit, plural, one {# shopper} other {# shoppers}} at once, {perMinute, number} new a minute',
    }),
    (limit: number, perMinute: number) => ({ limit, perMinute }),
  ),
  steer: words(
    messageWith<{ min: number; max: number; targetMs: number }>({
      id: 'staff.OnsalesPage.steer',
      defaultMessage: 'self-steering: {min, number} to {max, number} new shoppers a minute, keeping the buyers’ p99 under {targetMs, number} ms',
    }),
    (min: number, max: number, targetMs: number) => ({ min, max, targetMs }),
  ),
  steeringNow: message({ id: 'staff.OnsalesPage.steeringNow', defaultMessage: 'Admitting at' }),
  /** The room's own account of its steering, as the shop wrote it. */
  steeringDetail: (text: string) => text,
  steeringStarts: message({ id: 'staff.OnsalesPage.steeringStarts', defaultMessage: 'starts with the opening' }),
  session: message({ id: 'staff.OnsalesPage.session', defaultMessage: 'Shopping time' }),
  minutes: words(messageWith<{ minutes: number }>({ id: 'staff.OnsalesPage.minutes', defaultMessage: '{minutes} min' }), (minutes: number) => ({ minutes })),
  proofOfWork: message({ id: 'staff.OnsalesPage.proofOfWork', defaultMessage: 'Proof of work' }),
  noProof: message({ id: 'staff.OnsalesPage.noProof', defaultMessage: 'none' }),
  bits: words(messageWith<{ bits: number }>({ id: 'staff.OnsalesPage.bits', defaultMessage: '{bits} bits' }), (bits: number) => ({ bits })),
  figuresTitle: message({ id: 'staff.OnsalesPage.figuresTitle', defaultMessage: 'Live figures' }),
  /** The figures' and the products' regions, named with the on-sale's code. */
  figuresLabel: words(messageWith<{ code: string }>({ id: 'staff.OnsalesPage.figuresLabel', defaultMessage: 'Live figures: {code}' }), orderCode),
  places: message({ id: 'staff.OnsalesPage.places', defaultMessage: 'In the queue' }),
  placesDetail: message({ id: 'staff.OnsalesPage.placesDetail', defaultMessage: 'joined in total' }),
  waiting: message({ id: 'staff.OnsalesPage.waiting', defaultMessage: 'Waiting' }),
  waitingDetail: message({ id: 'staff.OnsalesPage.waitingDetail', defaultMessage: 'not yet admitted' }),
  admitted: message({ id: 'staff.OnsalesPage.admitted', defaultMessage: 'Admitted' }),
  active: message({ id: 'staff.OnsalesPage.active', defaultMessage: 'Shopping now' }),
  activeDetail: message({ id: 'staff.OnsalesPage.activeDetail', defaultMessage: 'admitted, session running' }),
  rateNow: message({ id: 'staff.OnsalesPage.rateNow', defaultMessage: 'Admitted a minute' }),
  rateDetail: message({ id: 'staff.OnsalesPage.rateDetail', defaultMessage: 'over the last minute' }),
  measuring: message({ id: 'staff.OnsalesPage.measuring', defaultMessage: 'measuring…' }),
  soldOut: message({ id: 'staff.OnsalesPage.soldOut', defaultMessage: 'Sold out' }),
  soldOutAfter: words(messageWith<{ after: string }>({ id: 'staff.OnsalesPage.soldOutAfter', defaultMessage: '{after} after the opening' }), (after: string) => ({ after })),
  notSoldOut: message({ id: 'staff.OnsalesPage.notSoldOut', defaultMessage: 'not yet' }),
  about: words(messageWith<{ count: number }>({ id: 'staff.OnsalesPage.about', defaultMessage: 'about {count, number}' }), (count: number) => ({ count })),
  productsTitle: message({ id: 'staff.OnsalesPage.productsTitle', defaultMessage: 'Products' }),
  productsLabel: words(messageWith<{ code: string }>({ id: 'staff.OnsalesPage.productsLabel', defaultMessage: 'Products: {code}' }), orderCode),
  productWords: (available: number | null, sold: number, held: number): string =>
    available === null ? say(onsaleProductsUnlimited({ sold, held })) : say(onsaleProducts({ available, sold, held })),
  /** How long the sell-out took: "45 s", "3 min 20 s", "2 h 5 min". */
  duration: {
    seconds: words(messageWith<{ seconds: number }>({ id: 'staff.OnsalesPage.duration.seconds', defaultMessage: '{seconds} s' }), (seconds: number) => ({ seconds })),
    minutes: words(messageWith<{ minutes: number }>({ id: 'staff.OnsalesPage.duration.minutes', defaultMessage: '{minutes} min' }), (minutes: number) => ({ minutes })),
    minutesSeconds: words(
      messageWith<{ minutes: number; seconds: number }>({ id: 'staff.OnsalesPage.duration.minutesSeconds', defaultMessage: '{minutes} min {seconds} s' }),
      (minutes: number, seconds: number) => ({ minutes, seconds }),
    ),
    hours: words(messageWith<{ hours: number }>({ id: 'staff.OnsalesPage.duration.hours', defaultMessage: '{hours} h' }), (hours: number) => ({ hours })),
    hoursMinutes: words(
      messageWith<{ hours: number; minutes: number }>({ id: 'staff.OnsalesPage.duration.hoursMinutes', defaultMessage: '{hours} h {minutes} min' }),
      (hours: number, minutes: number) => ({ hours, minutes }),
    ),
  },
  edit: message({ id: 'staff.OnsalesPage.edit', defaultMessage: 'Edit' }),
  editLabel: words(messageWith<{ code: string }>({ id: 'staff.OnsalesPage.editLabel', defaultMessage: 'Edit on-sale {code}' }), orderCode),
  editTitle: words(messageWith<{ code: string }>({ id: 'staff.OnsalesPage.editTitle', defaultMessage: 'Edit on-sale {code}' }), orderCode),
  editLead: message({ id: 'staff.OnsalesPage.editLead', defaultMessage: 'Only what you change is sent. The room works with the change within a second.' }),
  opensField: words(messageWith<{ zone: string }>({ id: 'staff.OnsalesPage.opensField', defaultMessage: 'Sale opens ({zone})' }), onsaleZone),
  closesField: words(messageWith<{ zone: string }>({ id: 'staff.OnsalesPage.closesField', defaultMessage: 'Room closes ({zone})' }), onsaleZone),
  closesHint: message({ id: 'staff.OnsalesPage.closesHint', defaultMessage: 'Empty: the room runs until the products sell out.' }),
  roomField: message({ id: 'staff.OnsalesPage.roomField', defaultMessage: 'Room opens, minutes before the sale' }),
  roomHint: message({
    id: 'staff.OnsalesPage.roomHint',
    defaultMessage: 'The pre-queue: everyone who comes in this time is drawn in random order at the opening (0-1440).',
  }),
  modeLegend: message({ id: 'staff.OnsalesPage.modeLegend', defaultMessage: 'Admission' }),
  modeRate: message({ id: 'staff.OnsalesPage.modeRate', defaultMessage: 'A rate: new shoppers a minute' }),
  modeCap: message({ id: 'staff.OnsalesPage.modeCap', defaultMessage: 'A cap: shoppers at once' }),
  modeSteer: message({ id: 'staff.OnsalesPage.modeSteer', defaultMessage: 'Self-steering: as many a minute as the shop serves quickly' }),
  steerMaxField: message({ id: 'staff.OnsalesPage.steerMaxField', defaultMessage: 'At most new shoppers a minute' }),
  steerMinField: message({ id: 'staff.OnsalesPage.steerMinField', defaultMessage: 'At least new shoppers a minute' }),
  steerMinHint: message({ id: 'staff.OnsalesPage.steerMinHint', defaultMessage: '1 to the most: the room never admits fewer, even when the shop is slow.' }),
  steerTargetField: message({ id: 'staff.OnsalesPage.steerTargetField', defaultMessage: 'Keep the buyers’ p99 under, ms' }),
  steerTargetHint: message({
    id: 'staff.OnsalesPage.steerTargetHint',
    defaultMessage:
      'The time the admitted buyers’ add-to-cart and checkout take for 99 in 100 (20-10,000; 150 if empty). The room lowers the rate when the shop is slower and raises it when it has room.',
  }),
  limitRate: message({ id: 'staff.OnsalesPage.limitRate', defaultMessage: 'New shoppers a minute' }),
  limitCap: message({ id: 'staff.OnsalesPage.limitCap', defaultMessage: 'Shoppers at once' }),
  limitHint: message({ id: 'staff.OnsalesPage.limitHint', defaultMessage: '1 to 1,000,000.' }),
  rampField: message({ id: 'staff.OnsalesPage.rampField', defaultMessage: 'At most new shoppers a minute' }),
  rampHint: message({
    id: 'staff.OnsalesPage.rampHint',
    defaultMessage: 'Optional, 1 to 1,000,000: the cap fills at this pace from the opening instead of all at once. Empty: no limit.',
  }),
  sessionField: message({ id: 'staff.OnsalesPage.sessionField', defaultMessage: 'Shopping time, minutes' }),
  sessionHint: message({ id: 'staff.OnsalesPage.sessionHint', defaultMessage: 'How long an admitted shopper may shop, renewed while shopping (5-240).' }),
  proofField: message({ id: 'staff.OnsalesPage.proofField', defaultMessage: 'Proof of work, bits' }),
  proofHint: message({ id: 'staff.OnsalesPage.proofHint', defaultMessage: '0: none. 16 is about a second on a phone (0-28).' }),
  save: message({ id: 'staff.OnsalesPage.save', defaultMessage: 'Save' }),
  close: message({ id: 'staff.OnsalesPage.close', defaultMessage: 'Close' }),
  clockGap: message({ id: 'staff.OnsalesPage.clockGap', defaultMessage: 'is a time the clocks skip (the change to summer time)' }),
  fieldProblem: words(
    messageWith<{ label: string; problem: string }>({ id: 'staff.OnsalesPage.fieldProblem', defaultMessage: '{label} {problem}.' }),
    (label: string, problem: string) => ({ label, problem }),
  ),
  laterThanLabel: words(messageWith<{ label: string }>({ id: 'staff.OnsalesPage.laterThanLabel', defaultMessage: 'must be later than “{label}”' }), (label: string) => ({ label })),
  earlierThanLabel: words(messageWith<{ label: string }>({ id: 'staff.OnsalesPage.earlierThanLabel', defaultMessage: 'must be earlier than “{label}”' }), (label: string) => ({ label })),
};

/** The sections of the back office as its navigation names them (sections.ts). */
const vouchers = {
  title: message({ id: 'staff.VouchersPage.title', defaultMessage: 'Vouchers' }),
  lead: message({
    id: 'staff.VouchersPage.lead',
    defaultMessage: 'Discount codes buyers type at checkout: an amount off, a percentage off or a product free, for some products or every one, with their dates, their limits and the orders that used them.',
  }),
  fileNote: message({
    id: 'staff.VouchersPage.fileNote',
    defaultMessage: 'A voucher the catalogue file names is set back to what the file says at its next import: change the file too, or leave the voucher out of it.',
  }),
  searchLabel: message({ id: 'staff.VouchersPage.searchLabel', defaultMessage: 'Code or name' }),
  search: message({ id: 'staff.VouchersPage.search', defaultMessage: 'Search' }),
  showing: words(
    messageWith<{ shown: number; total: number }>({ id: 'staff.VouchersPage.showing', defaultMessage: 'The newest {shown} of {total} vouchers: search to find the others.' }),
    (shown: number, total: number) => ({ shown, total }),
  ),
  empty: message({ id: 'staff.VouchersPage.empty', defaultMessage: 'No vouchers yet.' }),
  noneFound: message({ id: 'staff.VouchersPage.noneFound', defaultMessage: 'No voucher has that code or name.' }),
  caption: message({ id: 'staff.VouchersPage.caption', defaultMessage: 'Vouchers' }),
  code: message({ id: 'staff.VouchersPage.code', defaultMessage: 'Code' }),
  name: message({ id: 'staff.VouchersPage.name', defaultMessage: 'Name' }),
  discount: message({ id: 'staff.VouchersPage.discount', defaultMessage: 'Discount' }),
  valid: message({ id: 'staff.VouchersPage.valid', defaultMessage: 'Valid' }),
  uses: message({ id: 'staff.VouchersPage.uses', defaultMessage: 'Uses' }),
  state: message({ id: 'staff.VouchersPage.state', defaultMessage: 'State' }),
  orders: message({ id: 'staff.VouchersPage.orders', defaultMessage: 'Orders' }),
  states: {
    live: message({ id: 'staff.VouchersPage.states.live', defaultMessage: 'Valid now' }),
    'switched-off': message({ id: 'staff.VouchersPage.states.switched-off', defaultMessage: 'Switched off' }),
    'not-yet-valid': message({ id: 'staff.VouchersPage.states.not-yet-valid', defaultMessage: 'Not valid yet' }),
    expired: message({ id: 'staff.VouchersPage.states.expired', defaultMessage: 'Expired' }),
    'used-up': message({ id: 'staff.VouchersPage.states.used-up', defaultMessage: 'Used up' }),
  },
  kinds: {
    fixed: message({ id: 'staff.VouchersPage.kinds.fixed', defaultMessage: 'An amount off' }),
    percentage: message({ id: 'staff.VouchersPage.kinds.percentage', defaultMessage: 'A percentage off' }),
    free_product: message({ id: 'staff.VouchersPage.kinds.free_product', defaultMessage: 'One product free' }),
  },
  amountOff: words(messageWith<{ amount: string }>({ id: 'staff.VouchersPage.amountOff', defaultMessage: '{amount} off' }), (amount: string) => ({ amount })),
  percentOff: words(messageWith<{ percent: number }>({ id: 'staff.VouchersPage.percentOff', defaultMessage: '{percent}% off' }), (percent: number) => ({ percent })),
  productFree: words(messageWith<{ product: string }>({ id: 'staff.VouchersPage.productFree', defaultMessage: 'One {product} free' }), (product: string) => ({ product })),
  onlyFor: words(messageWith<{ products: string }>({ id: 'staff.VouchersPage.onlyFor', defaultMessage: 'only on {products}' }), (products: string) => ({ products })),
  always: message({ id: 'staff.VouchersPage.always', defaultMessage: 'Always' }),
  from: words(messageWith<{ from: string }>({ id: 'staff.VouchersPage.from', defaultMessage: 'From {from}' }), (from: string) => ({ from })),
  until: words(messageWith<{ until: string }>({ id: 'staff.VouchersPage.until', defaultMessage: 'Until {until}' }), (until: string) => ({ until })),
  fromUntil: words(messageWith<{ from: string; until: string }>({ id: 'staff.VouchersPage.fromUntil', defaultMessage: '{from} to {until}' }), (from: string, until: string) => ({ from, until })),
  usedOf: words(messageWith<{ used: number; max: number }>({ id: 'staff.VouchersPage.usedOf', defaultMessage: '{used} of {max}' }), (used: number, max: number) => ({ used, max })),
  usedNoLimit: words(messageWith<{ used: number }>({ id: 'staff.VouchersPage.usedNoLimit', defaultMessage: '{used}, no limit' }), (used: number) => ({ used })),
  perCustomer: words(
    messageWith<{ count: number }>({ id: 'staff.VouchersPage.perCustomer', defaultMessage: '{count, plural, one {once per customer} other {# times per customer}}' }),
    (count: number) => ({ count }),
  ),
  ordersCount: words(messageWith<{ count: number }>({ id: 'staff.VouchersPage.ordersCount', defaultMessage: '{count, plural, =0 {None} one {# order} other {# orders}}' }), (count: number) => ({ count })),
  ordersOf: words(messageWith<{ code: string }>({ id: 'staff.VouchersPage.ordersOf', defaultMessage: 'Orders that used {code}' }), (code: string) => ({ code })),
  orderDiscount: words(messageWith<{ date: string; amount: string }>({ id: 'staff.VouchersPage.orderDiscount', defaultMessage: '{date}, −{amount}' }), (date: string, amount: string) => ({ date, amount })),
  moreOrders: words(messageWith<{ count: number }>({ id: 'staff.VouchersPage.moreOrders', defaultMessage: 'and {count, plural, one {# older order} other {# older orders}}' }), (count: number) => ({ count })),
  edit: message({ id: 'staff.VouchersPage.edit', defaultMessage: 'Edit' }),
  editLabel: words(messageWith<{ code: string }>({ id: 'staff.VouchersPage.editLabel', defaultMessage: 'Edit voucher {code}' }), (code: string) => ({ code })),
  switchOff: message({ id: 'staff.VouchersPage.switchOff', defaultMessage: 'Switch off' }),
  switchOffLabel: words(messageWith<{ code: string }>({ id: 'staff.VouchersPage.switchOffLabel', defaultMessage: 'Switch off voucher {code}' }), (code: string) => ({ code })),
  switchOn: message({ id: 'staff.VouchersPage.switchOn', defaultMessage: 'Switch on' }),
  switchOnLabel: words(messageWith<{ code: string }>({ id: 'staff.VouchersPage.switchOnLabel', defaultMessage: 'Switch on voucher {code}' }), (code: string) => ({ code })),
  create: message({ id: 'staff.VouchersPage.create', defaultMessage: 'New voucher' }),
  newTitle: message({ id: 'staff.VouchersPage.newTitle', defaultMessage: 'New voucher' }),
  editTitle: words(messageWith<{ code: string }>({ id: 'staff.VouchersPage.editTitle', defaultMessage: 'Voucher {code}' }), (code: string) => ({ code })),
  save: message({ id: 'staff.VouchersPage.save', defaultMessage: 'Save' }),
  close: message({ id: 'staff.VouchersPage.close', defaultMessage: 'Cancel' }),
  codeField: message({ id: 'staff.VouchersPage.codeField', defaultMessage: 'Code' }),
  codeHint: message({ id: 'staff.VouchersPage.codeHint', defaultMessage: 'Letters, digits, dashes and underscores; buyers may type it in any case.' }),
  usedHint: message({ id: 'staff.VouchersPage.usedHint', defaultMessage: 'This voucher has been used: it keeps its code and what it gives.' }),
  nameField: message({ id: 'staff.VouchersPage.nameField', defaultMessage: 'Name' }),
  nameHint: message({ id: 'staff.VouchersPage.nameHint', defaultMessage: 'Shown on the order and the invoice.' }),
  kindLegend: message({ id: 'staff.VouchersPage.kindLegend', defaultMessage: 'What it gives' }),
  amountField: words(messageWith<{ currency: string }>({ id: 'staff.VouchersPage.amountField', defaultMessage: 'Amount off ({currency})' }), (currency: string) => ({ currency })),
  amountHint: message({ id: 'staff.VouchersPage.amountHint', defaultMessage: 'Never more than the order, or than its products when it is limited to some; the rest is lost.' }),
  percentField: message({ id: 'staff.VouchersPage.percentField', defaultMessage: 'Percentage off' }),
  percentHint: message({ id: 'staff.VouchersPage.percentHint', defaultMessage: 'Of the products it applies to, never of the shipping; rounded to the cent once per order.' }),
  productField: message({ id: 'staff.VouchersPage.productField', defaultMessage: 'Product given free' }),
  productChoose: message({ id: 'staff.VouchersPage.productChoose', defaultMessage: 'Choose a product' }),
  productHint: message({ id: 'staff.VouchersPage.productHint', defaultMessage: 'One unit of it, when the cart holds it.' }),
  productsLegend: message({ id: 'staff.VouchersPage.productsLegend', defaultMessage: 'Only for these products' }),
  productsHint: message({ id: 'staff.VouchersPage.productsHint', defaultMessage: 'None ticked: every product. A cart without any of those ticked cannot use it.' }),
  maxUsesField: message({ id: 'staff.VouchersPage.maxUsesField', defaultMessage: 'Uses in all' }),
  perCustomerField: message({ id: 'staff.VouchersPage.perCustomerField', defaultMessage: 'Uses per customer' }),
  noLimitHint: message({ id: 'staff.VouchersPage.noLimitHint', defaultMessage: 'Empty: no limit.' }),
  validFromField: words(messageWith<{ zone: string }>({ id: 'staff.VouchersPage.validFromField', defaultMessage: 'Valid from ({zone})' }), (zone: string) => ({ zone })),
  validUntilField: words(messageWith<{ zone: string }>({ id: 'staff.VouchersPage.validUntilField', defaultMessage: 'Valid until ({zone})' }), (zone: string) => ({ zone })),
  activeField: message({ id: 'staff.VouchersPage.activeField', defaultMessage: 'Switched on' }),
  activeHint: message({ id: 'staff.VouchersPage.activeHint', defaultMessage: 'When it is switched off no one can use it; the orders that used it keep their discount.' }),
  fieldProblem: words(messageWith<{ label: string; problem: string }>({ id: 'staff.VouchersPage.fieldProblem', defaultMessage: '{label} {problem}.' }), (label: string, problem: string) => ({ label, problem })),
  laterThanLabel: words(messageWith<{ label: string }>({ id: 'staff.VouchersPage.laterThanLabel', defaultMessage: 'must be later than “{label}”' }), (label: string) => ({ label })),
  notMoreThanLabel: words(messageWith<{ label: string }>({ id: 'staff.VouchersPage.notMoreThanLabel', defaultMessage: 'must not be more than “{label}”' }), (label: string) => ({ label })),
  notAnAmount: message({ id: 'staff.VouchersPage.notAnAmount', defaultMessage: 'must be an amount such as 12.50' }),
  generateTitle: message({ id: 'staff.VouchersPage.generateTitle', defaultMessage: 'Generate codes' }),
  generateLead: message({
    id: 'staff.VouchersPage.generateLead',
    defaultMessage: 'Makes up to 10,000 vouchers at once, each with a code of its own that no one can guess, and downloads them as a CSV file to hand out or print. Each gets what the form below says; usually each is used once.',
  }),
  countField: message({ id: 'staff.VouchersPage.countField', defaultMessage: 'How many' }),
  countHint: message({ id: 'staff.VouchersPage.countHint', defaultMessage: 'From 1 to 10,000.' }),
  prefixField: message({ id: 'staff.VouchersPage.prefixField', defaultMessage: 'Code prefix' }),
  prefixHint: message({ id: 'staff.VouchersPage.prefixHint', defaultMessage: 'Optional, such as CREW: the codes then read CREW-7KQ2M9XAH3PT.' }),
  generate: message({ id: 'staff.VouchersPage.generate', defaultMessage: 'Generate and download' }),
};

const guests = {
  title: message({ id: 'staff.GuestsPage.title', defaultMessage: 'Guest lists' }),
  lead: message({
    id: 'staff.GuestsPage.lead',
    defaultMessage: 'Complimentary tickets for artists, crew and press: real tickets that take their place from the stock, mailed to the guest, never an invoice or revenue.',
  }),
  newList: message({ id: 'staff.GuestsPage.newList', defaultMessage: 'New list' }),
  rename: message({ id: 'staff.GuestsPage.rename', defaultMessage: 'Rename' }),
  renameLabel: words(messageWith<{ name: string }>({ id: 'staff.GuestsPage.renameLabel', defaultMessage: 'Rename the list {name}' }), (name: string) => ({ name })),
  renameTitle: words(messageWith<{ name: string }>({ id: 'staff.GuestsPage.renameTitle', defaultMessage: 'Rename {name}' }), (name: string) => ({ name })),
  close: message({ id: 'staff.GuestsPage.close', defaultMessage: 'Close' }),
  save: message({ id: 'staff.GuestsPage.save', defaultMessage: 'Save' }),
  listName: message({ id: 'staff.GuestsPage.listName', defaultMessage: 'Name of the list' }),
  listNameHint: message({ id: 'staff.GuestsPage.listNameHint', defaultMessage: 'Such as Artists, Crew or Press.' }),
  createList: message({ id: 'staff.GuestsPage.createList', defaultMessage: 'Create list' }),
  noLists: message({ id: 'staff.GuestsPage.noLists', defaultMessage: 'No guest lists yet.' }),
  noListsAskAdmin: message({ id: 'staff.GuestsPage.noListsAskAdmin', defaultMessage: 'No guest lists yet: an admin creates them.' }),
  issueTitle: message({ id: 'staff.GuestsPage.issueTitle', defaultMessage: 'Issue complimentary tickets' }),
  list: message({ id: 'staff.GuestsPage.list', defaultMessage: 'Guest list' }),
  chooseList: message({ id: 'staff.GuestsPage.chooseList', defaultMessage: 'Choose a list' }),
  ticket: message({ id: 'staff.GuestsPage.ticket', defaultMessage: 'Ticket' }),
  chooseTicket: message({ id: 'staff.GuestsPage.chooseTicket', defaultMessage: 'Choose a ticket' }),
  quantity: message({ id: 'staff.GuestsPage.quantity', defaultMessage: 'Number of tickets' }),
  guestName: message({ id: 'staff.GuestsPage.guestName', defaultMessage: 'Guest’s name' }),
  guestEmail: message({ id: 'staff.GuestsPage.guestEmail', defaultMessage: 'Guest’s e-mail address' }),
  guestEmailHint: message({ id: 'staff.GuestsPage.guestEmailHint', defaultMessage: 'The tickets are e-mailed here. Leave it empty to print them.' }),
  language: message({ id: 'staff.GuestsPage.language', defaultMessage: 'Language of the guest’s e-mail' }),
  age: message({ id: 'staff.GuestsPage.age', defaultMessage: 'Age range' }),
  chooseAge: message({ id: 'staff.GuestsPage.chooseAge', defaultMessage: 'Choose an age range' }),
  departure: message({ id: 'staff.GuestsPage.departure', defaultMessage: 'Departure' }),
  chooseDeparture: message({ id: 'staff.GuestsPage.chooseDeparture', defaultMessage: 'Choose a departure' }),
  reason: message({ id: 'staff.GuestsPage.reason', defaultMessage: 'Reason' }),
  reasonHint: message({ id: 'staff.GuestsPage.reasonHint', defaultMessage: 'Required. Kept in the audit log, such as “Headliner’s band, both days”.' }),
  issue: message({ id: 'staff.GuestsPage.issue', defaultMessage: 'Issue tickets' }),
  counts: words(
    messageWith<{ issued: number; cancelled: number }>({
      id: 'staff.GuestsPage.counts',
      defaultMessage: '{issued, plural, one {# ticket} other {# tickets}} issued{cancelled, plural, =0 {} one {, # cancelled} other {, # cancelled}}',
    }),
    (issued: number, cancelled: number) => ({ issued, cancelled }),
  ),
  moreTickets: words(messageWith<{ shown: number; total: number }>({ id: 'staff.GuestsPage.moreTickets', defaultMessage: 'The newest {shown} of {total} tickets.' }), (shown: number, total: number) => ({ shown, total })),
  empty: message({ id: 'staff.GuestsPage.empty', defaultMessage: 'No tickets issued to this list yet.' }),
  holder: message({ id: 'staff.GuestsPage.holder', defaultMessage: 'Guest' }),
  product: message({ id: 'staff.GuestsPage.product', defaultMessage: 'Ticket' }),
  reasonColumn: message({ id: 'staff.GuestsPage.reasonColumn', defaultMessage: 'Reason' }),
  issuedAt: message({ id: 'staff.GuestsPage.issuedAt', defaultMessage: 'Issued' }),
  status: message({ id: 'staff.GuestsPage.status', defaultMessage: 'Status' }),
  noEmail: message({ id: 'staff.GuestsPage.noEmail', defaultMessage: 'No e-mail: printed' }),
  statuses: {
    active: message({ id: 'staff.GuestsPage.statuses.active', defaultMessage: 'Valid' }),
    pending: message({ id: 'staff.GuestsPage.statuses.pending', defaultMessage: 'Being issued' }),
    cancelled: message({ id: 'staff.GuestsPage.statuses.cancelled', defaultMessage: 'Cancelled' }),
  } as Record<string, Text>,
  cancel: message({ id: 'staff.GuestsPage.cancel', defaultMessage: 'Cancel' }),
  cancelLabel: words(messageWith<{ name: string }>({ id: 'staff.GuestsPage.cancelLabel', defaultMessage: 'Cancel the ticket of {name}' }), (name: string) => ({ name })),
  cancelTitle: message({ id: 'staff.GuestsPage.cancelTitle', defaultMessage: 'Cancel this guest ticket?' }),
  cancelQuestion: words(
    messageWith<{ name: string; product: string }>({ id: 'staff.GuestsPage.cancelQuestion', defaultMessage: 'The ticket {product} of {name} stops working at the gate, and its place goes back on sale.' }),
    (name: string, product: string) => ({ name, product }),
  ),
  cancelConfirm: message({ id: 'staff.GuestsPage.cancelConfirm', defaultMessage: 'Cancel the ticket' }),
  keep: message({ id: 'staff.GuestsPage.keep', defaultMessage: 'Keep it' }),
  print: message({ id: 'staff.GuestsPage.print', defaultMessage: 'PDF' }),
  printLabel: words(messageWith<{ name: string }>({ id: 'staff.GuestsPage.printLabel', defaultMessage: 'Print the tickets of {name}' }), (name: string) => ({ name })),
  printed: words(messageWith<{ count: number }>({ id: 'staff.GuestsPage.printed', defaultMessage: '{count, plural, one {# ticket is} other {# tickets are}} ready to print.' }), (count: number) => ({ count })),
  ticketsOf: words(messageWith<{ name: string }>({ id: 'staff.GuestsPage.ticketsOf', defaultMessage: 'Tickets of {name}' }), (name: string) => ({ name })),
};

const checkinLists = {
  title: message({ id: 'staff.CheckinListsPage.title', defaultMessage: 'Check-in lists' }),
  lead: message({
    id: 'staff.CheckinListsPage.lead',
    defaultMessage: 'Where and when tickets admit: each list’s products and their days, its gates, its entry rule and its hours, with the live figures per gate and the scans the gates could not count.',
  }),
  fileNote: message({
    id: 'staff.CheckinListsPage.fileNote',
    defaultMessage: 'What you change here is kept when the catalogue file is imported again, unless the import lets the file win. A list made here stays on when the file does not name it.',
  }),
  create: message({ id: 'staff.CheckinListsPage.create', defaultMessage: 'New list' }),
  empty: message({ id: 'staff.CheckinListsPage.empty', defaultMessage: 'No check-in lists yet.' }),
  caption: message({ id: 'staff.CheckinListsPage.caption', defaultMessage: 'Check-in lists' }),
  list: message({ id: 'staff.CheckinListsPage.list', defaultMessage: 'List' }),
  event: message({ id: 'staff.CheckinListsPage.event', defaultMessage: 'Event' }),
  admits: message({ id: 'staff.CheckinListsPage.admits', defaultMessage: 'Admits' }),
  gatesColumn: message({ id: 'staff.CheckinListsPage.gatesColumn', defaultMessage: 'Gates' }),
  hours: message({ id: 'staff.CheckinListsPage.hours', defaultMessage: 'Hours' }),
  figures: message({ id: 'staff.CheckinListsPage.figures', defaultMessage: 'Admitted / inside' }),
  state: message({ id: 'staff.CheckinListsPage.state', defaultMessage: 'State' }),
  live: message({ id: 'staff.CheckinListsPage.live', defaultMessage: 'Admitting' }),
  archivedState: message({ id: 'staff.CheckinListsPage.archivedState', defaultMessage: 'Archived' }),
  anyGate: message({ id: 'staff.CheckinListsPage.anyGate', defaultMessage: 'Any gate name' }),
  always: message({ id: 'staff.CheckinListsPage.always', defaultMessage: 'No limit' }),
  productsCount: words(
    messageWith<{ count: number }>({ id: 'staff.CheckinListsPage.productsCount', defaultMessage: '{count, plural, one {# product} other {# products}}' }),
    (count: number) => ({ count }),
  ),
  figuresOf: words(
    messageWith<{ admitted: number; inside: number }>({ id: 'staff.CheckinListsPage.figuresOf', defaultMessage: '{admitted, number} admitted, {inside, number} inside' }),
    (admitted: number, inside: number) => ({ admitted, inside }),
  ),
  edit: message({ id: 'staff.CheckinListsPage.edit', defaultMessage: 'Edit' }),
  editLabel: words(messageWith<{ code: string }>({ id: 'staff.CheckinListsPage.editLabel', defaultMessage: 'Edit list {code}' }), (code: string) => ({ code })),
  duplicate: message({ id: 'staff.CheckinListsPage.duplicate', defaultMessage: 'Duplicate' }),
  duplicateLabel: words(messageWith<{ code: string }>({ id: 'staff.CheckinListsPage.duplicateLabel', defaultMessage: 'Duplicate list {code}' }), (code: string) => ({ code })),
  archive: message({ id: 'staff.CheckinListsPage.archive', defaultMessage: 'Archive' }),
  archiveLabel: words(messageWith<{ code: string }>({ id: 'staff.CheckinListsPage.archiveLabel', defaultMessage: 'Archive list {code}' }), (code: string) => ({ code })),
  archiveQuestion: words(
    messageWith<{ code: string }>({ id: 'staff.CheckinListsPage.archiveQuestion', defaultMessage: 'Archive list {code}? Its gates admit no one from now on. Its scans and figures are kept, and you can bring it back.' }),
    (code: string) => ({ code }),
  ),
  restore: message({ id: 'staff.CheckinListsPage.restore', defaultMessage: 'Admit again' }),
  restoreLabel: words(messageWith<{ code: string }>({ id: 'staff.CheckinListsPage.restoreLabel', defaultMessage: 'Let list {code} admit again' }), (code: string) => ({ code })),
  gatesTitle: message({ id: 'staff.CheckinListsPage.gatesTitle', defaultMessage: 'Figures per gate' }),
  gatesLead: message({ id: 'staff.CheckinListsPage.gatesLead', defaultMessage: 'Tickets let in at each gate (each once), and tickets inside now that last came in there. The page reads them again every 15 seconds.' }),
  noScans: message({ id: 'staff.CheckinListsPage.noScans', defaultMessage: 'No ticket has been scanned yet.' }),
  gate: message({ id: 'staff.CheckinListsPage.gate', defaultMessage: 'Gate' }),
  admitted: message({ id: 'staff.CheckinListsPage.admitted', defaultMessage: 'Admitted' }),
  inside: message({ id: 'staff.CheckinListsPage.inside', defaultMessage: 'Inside' }),
  conflictsTitle: message({ id: 'staff.CheckinListsPage.conflictsTitle', defaultMessage: 'Scans to resolve' }),
  conflictsLead: message({
    id: 'staff.CheckinListsPage.conflictsLead',
    defaultMessage: 'Scans made without a network that the shop could not count when they were uploaded. Each is counted at most once; look at what it says, then mark it resolved.',
  }),
  noConflicts: message({ id: 'staff.CheckinListsPage.noConflicts', defaultMessage: 'Nothing to resolve.' }),
  conflictsShowing: words(
    messageWith<{ shown: number; total: number }>({ id: 'staff.CheckinListsPage.conflictsShowing', defaultMessage: 'The newest {shown} of {total} scans to resolve.' }),
    (shown: number, total: number) => ({ shown, total }),
  ),
  scanned: message({ id: 'staff.CheckinListsPage.scanned', defaultMessage: 'Scanned' }),
  ticket: message({ id: 'staff.CheckinListsPage.ticket', defaultMessage: 'Ticket' }),
  what: message({ id: 'staff.CheckinListsPage.what', defaultMessage: 'What happened' }),
  advice: message({ id: 'staff.CheckinListsPage.advice', defaultMessage: 'What to do' }),
  resolve: message({ id: 'staff.CheckinListsPage.resolve', defaultMessage: 'Mark resolved' }),
  resolveLabel: words(messageWith<{ ticket: string }>({ id: 'staff.CheckinListsPage.resolveLabel', defaultMessage: 'Mark the scan of ticket {ticket} resolved' }), (ticket: string) => ({ ticket })),
  byScanner: words(
    messageWith<{ gate: string; scanner: string }>({ id: 'staff.CheckinListsPage.byScanner', defaultMessage: 'at gate {gate} by {scanner}' }),
    (gate: string, scanner: string) => ({ gate, scanner }),
  ),
  atGate: words(messageWith<{ gate: string }>({ id: 'staff.CheckinListsPage.atGate', defaultMessage: 'at gate {gate}' }), (gate: string) => ({ gate })),
  reasons: {
    'already-in': message({ id: 'staff.CheckinListsPage.reasons.already-in', defaultMessage: 'Let in while the ticket was already inside: two devices admitted it offline.' }),
    'not-inside': message({ id: 'staff.CheckinListsPage.reasons.not-inside', defaultMessage: 'Let out while the ticket was not inside.' }),
    revoked: message({ id: 'staff.CheckinListsPage.reasons.revoked', defaultMessage: 'The ticket no longer admitted (refunded, cancelled, unpaid or given to someone else).' }),
    'wrong-list': message({ id: 'staff.CheckinListsPage.reasons.wrong-list', defaultMessage: 'The ticket does not admit on this list.' }),
    'wrong-day': message({ id: 'staff.CheckinListsPage.reasons.wrong-day', defaultMessage: 'Scanned outside the list’s hours or the ticket’s days.' }),
    'wrong-bus': message({ id: 'staff.CheckinListsPage.reasons.wrong-bus', defaultMessage: 'Boarded outside its departure’s boarding time.' }),
    'unknown-gate': message({ id: 'staff.CheckinListsPage.reasons.unknown-gate', defaultMessage: 'Scanned at a gate the list does not have.' }),
    other: message({ id: 'staff.CheckinListsPage.reasons.other', defaultMessage: 'Not counted.' }),
  },
  advices: {
    copied: message({
      id: 'staff.CheckinListsPage.advices.copied',
      defaultMessage: 'The ticket counts once. If the two scans were minutes apart at different gates, the pass may have been copied: check the holder’s name at the next scan.',
    }),
    exit: message({ id: 'staff.CheckinListsPage.advices.exit', defaultMessage: 'Nothing to correct: the exit was not counted. Remind the gate crew to scan entries too.' }),
    refused: message({
      id: 'staff.CheckinListsPage.advices.refused',
      defaultMessage: 'The person got through while the device was offline, and was not counted. Look up the order if it may be misuse; tell the gate crew to sync the devices more often.',
    }),
    gate: message({ id: 'staff.CheckinListsPage.advices.gate', defaultMessage: 'Add the gate to the list if it is one, or set the device to one of the list’s gates.' }),
  },
  countedAt: words(
    messageWith<{ time: string; gate: string }>({ id: 'staff.CheckinListsPage.countedAt', defaultMessage: 'Counted in at {time} at gate {gate}.' }),
    (time: string, gate: string) => ({ time, gate }),
  ),
  newTitle: message({ id: 'staff.CheckinListsPage.newTitle', defaultMessage: 'New check-in list' }),
  editTitle: words(messageWith<{ code: string }>({ id: 'staff.CheckinListsPage.editTitle', defaultMessage: 'Check-in list {code}' }), (code: string) => ({ code })),
  close: message({ id: 'staff.CheckinListsPage.close', defaultMessage: 'Close' }),
  save: message({ id: 'staff.CheckinListsPage.save', defaultMessage: 'Save' }),
  codeField: message({ id: 'staff.CheckinListsPage.codeField', defaultMessage: 'Code' }),
  codeHint: message({ id: 'staff.CheckinListsPage.codeHint', defaultMessage: 'Letters, digits, dashes or underscores, such as FEST-ENTRANCE. The file and the reports name the list by it; it cannot change later.' }),
  codeKeptHint: message({ id: 'staff.CheckinListsPage.codeKeptHint', defaultMessage: 'The code of a list stays. Duplicate the list to use another one.' }),
  nameField: message({ id: 'staff.CheckinListsPage.nameField', defaultMessage: 'Name' }),
  nameHint: message({ id: 'staff.CheckinListsPage.nameHint', defaultMessage: 'What the gate crew sees, such as Festival entrance.' }),
  eventField: message({ id: 'staff.CheckinListsPage.eventField', defaultMessage: 'Event' }),
  eventChoose: message({ id: 'staff.CheckinListsPage.eventChoose', defaultMessage: 'Choose an event' }),
  eventScannedHint: message({ id: 'staff.CheckinListsPage.eventScannedHint', defaultMessage: 'Tickets have been scanned on this list: it stays with its event.' }),
  productsLegend: message({ id: 'staff.CheckinListsPage.productsLegend', defaultMessage: 'Products it admits' }),
  productsHint: message({ id: 'staff.CheckinListsPage.productsHint', defaultMessage: 'The event’s tickets, add-ons and transport. A product admits every day the list is open, or on the days you give it.' }),
  noProducts: message({ id: 'staff.CheckinListsPage.noProducts', defaultMessage: 'Choose the event first: its products are listed here.' }),
  everyDay: message({ id: 'staff.CheckinListsPage.everyDay', defaultMessage: 'Every day the list is open' }),
  someDays: message({ id: 'staff.CheckinListsPage.someDays', defaultMessage: 'On these festival days' }),
  daysField: words(messageWith<{ product: string }>({ id: 'staff.CheckinListsPage.daysField', defaultMessage: 'Festival days for {product}' }), (product: string) => ({ product })),
  daysHint: message({ id: 'staff.CheckinListsPage.daysHint', defaultMessage: 'Dates written YYYY-MM-DD, separated by commas, such as 2027-06-19, 2027-06-20.' }),
  entryLegend: message({ id: 'staff.CheckinListsPage.entryLegend', defaultMessage: 'Entry rule' }),
  entries: {
    single: message({ id: 'staff.CheckinListsPage.entries.single', defaultMessage: 'Single entry: a ticket gets in once' }),
    alternating: message({ id: 'staff.CheckinListsPage.entries.alternating', defaultMessage: 'Entry and exit in turn: holders may leave and come back' }),
  },
  gatesField: message({ id: 'staff.CheckinListsPage.gatesField', defaultMessage: 'Gates' }),
  gatesHint: message({ id: 'staff.CheckinListsPage.gatesHint', defaultMessage: 'Names separated by commas, such as North, South. Every scan records its gate. Leave empty to take any gate name.' }),
  opensField: words(messageWith<{ zone: string }>({ id: 'staff.CheckinListsPage.opensField', defaultMessage: 'Opens ({zone})' }), (zone: string) => ({ zone })),
  closesField: words(messageWith<{ zone: string }>({ id: 'staff.CheckinListsPage.closesField', defaultMessage: 'Closes ({zone})' }), (zone: string) => ({ zone })),
  windowHint: message({ id: 'staff.CheckinListsPage.windowHint', defaultMessage: 'Empty: no limit on that side.' }),
  cutoverField: message({ id: 'staff.CheckinListsPage.cutoverField', defaultMessage: 'A festival day ends at' }),
  cutoverHint: message({ id: 'staff.CheckinListsPage.cutoverHint', defaultMessage: 'Local time from 00:00 to 12:00: a Saturday ticket still admits at 01:30 on Sunday when the day ends at 06:00.' }),
  beforeField: message({ id: 'staff.CheckinListsPage.beforeField', defaultMessage: 'Boarding from (minutes before departure)' }),
  afterField: message({ id: 'staff.CheckinListsPage.afterField', defaultMessage: 'Boarding until (minutes after departure)' }),
  boardingHint: message({ id: 'staff.CheckinListsPage.boardingHint', defaultMessage: 'For transport tickets only, from 0 to 1440.' }),
  fieldProblem: words(messageWith<{ label: string; problem: string }>({ id: 'staff.CheckinListsPage.fieldProblem', defaultMessage: '{label} {problem}.' }), (label: string, problem: string) => ({ label, problem })),
};

const rates = {
  title: message({ id: 'staff.RatesPage.title', defaultMessage: 'Tax and shipping' }),
  lead: message({
    id: 'staff.RatesPage.lead',
    defaultMessage: 'The tax rates items take and the shipping rate to each country merchandise ships to. Nothing is deleted: archive a rate the shop no longer uses.',
  }),
  fileNote: message({
    id: 'staff.RatesPage.fileNote',
    defaultMessage: 'A field you change here stays as you set it when the catalogue file is imported, until the file wins.',
  }),
  taxTitle: message({ id: 'staff.RatesPage.taxTitle', defaultMessage: 'Tax rates' }),
  taxLead: message({
    id: 'staff.RatesPage.taxLead',
    defaultMessage: 'Prices include the tax. A new percentage applies to invoices issued from then on; invoices already issued keep the rate they charged.',
  }),
  shippingTitle: message({ id: 'staff.RatesPage.shippingTitle', defaultMessage: 'Shipping rates' }),
  shippingLead: message({ id: 'staff.RatesPage.shippingLead', defaultMessage: 'One rate per country. An archived country is not shipped to; orders placed already keep what they paid.' }),
  taxEmpty: message({ id: 'staff.RatesPage.taxEmpty', defaultMessage: 'No tax rates yet.' }),
  shippingEmpty: message({ id: 'staff.RatesPage.shippingEmpty', defaultMessage: 'No shipping rates yet: merchandise cannot be shipped.' }),
  code: message({ id: 'staff.RatesPage.code', defaultMessage: 'Code' }),
  name: message({ id: 'staff.RatesPage.name', defaultMessage: 'Name' }),
  rate: message({ id: 'staff.RatesPage.rate', defaultMessage: 'Rate' }),
  items: message({ id: 'staff.RatesPage.items', defaultMessage: 'Items' }),
  country: message({ id: 'staff.RatesPage.country', defaultMessage: 'Country' }),
  type: message({ id: 'staff.RatesPage.type', defaultMessage: 'Service' }),
  price: message({ id: 'staff.RatesPage.price', defaultMessage: 'Price' }),
  state: message({ id: 'staff.RatesPage.state', defaultMessage: 'State' }),
  inUse: message({ id: 'staff.RatesPage.inUse', defaultMessage: 'In use' }),
  archivedState: message({ id: 'staff.RatesPage.archivedState', defaultMessage: 'Archived' }),
  changedHere: message({ id: 'staff.RatesPage.changedHere', defaultMessage: 'Changed here' }),
  newTax: message({ id: 'staff.RatesPage.newTax', defaultMessage: 'New tax rate' }),
  newShipping: message({ id: 'staff.RatesPage.newShipping', defaultMessage: 'New shipping rate' }),
  edit: message({ id: 'staff.RatesPage.edit', defaultMessage: 'Edit' }),
  archive: message({ id: 'staff.RatesPage.archive', defaultMessage: 'Archive' }),
  restore: message({ id: 'staff.RatesPage.restore', defaultMessage: 'Restore' }),
  editTaxLabel: words(messageWith<{ code: string }>({ id: 'staff.RatesPage.editTaxLabel', defaultMessage: 'Edit tax rate {code}' }), (code: string) => ({ code })),
  archiveTaxLabel: words(messageWith<{ code: string }>({ id: 'staff.RatesPage.archiveTaxLabel', defaultMessage: 'Archive tax rate {code}' }), (code: string) => ({ code })),
  restoreTaxLabel: words(messageWith<{ code: string }>({ id: 'staff.RatesPage.restoreTaxLabel', defaultMessage: 'Restore tax rate {code}' }), (code: string) => ({ code })),
  editShippingLabel: words(messageWith<{ country: string }>({ id: 'staff.RatesPage.editShippingLabel', defaultMessage: 'Edit the shipping rate to {country}' }), (country: string) => ({ country })),
  archiveShippingLabel: words(messageWith<{ country: string }>({ id: 'staff.RatesPage.archiveShippingLabel', defaultMessage: 'Archive the shipping rate to {country}' }), (country: string) => ({ country })),
  restoreShippingLabel: words(messageWith<{ country: string }>({ id: 'staff.RatesPage.restoreShippingLabel', defaultMessage: 'Restore the shipping rate to {country}' }), (country: string) => ({ country })),
  itemsCount: words(messageWith<{ count: number }>({ id: 'staff.RatesPage.itemsCount', defaultMessage: '{count, plural, =0 {No items} one {# item} other {# items}}' }), (count: number) => ({ count })),
  newTaxTitle: message({ id: 'staff.RatesPage.newTaxTitle', defaultMessage: 'New tax rate' }),
  editTaxTitle: words(messageWith<{ code: string }>({ id: 'staff.RatesPage.editTaxTitle', defaultMessage: 'Tax rate {code}' }), (code: string) => ({ code })),
  newShippingTitle: message({ id: 'staff.RatesPage.newShippingTitle', defaultMessage: 'New shipping rate' }),
  editShippingTitle: words(messageWith<{ country: string }>({ id: 'staff.RatesPage.editShippingTitle', defaultMessage: 'Shipping rate to {country}' }), (country: string) => ({ country })),
  codeField: message({ id: 'staff.RatesPage.codeField', defaultMessage: 'Code' }),
  codeHint: message({ id: 'staff.RatesPage.codeHint', defaultMessage: 'Items and the catalogue file name the rate by it (such as high); it cannot change later.' }),
  codeKeptHint: message({ id: 'staff.RatesPage.codeKeptHint', defaultMessage: 'Items and the catalogue file name the rate by its code: it stays.' }),
  taxNameField: message({ id: 'staff.RatesPage.taxNameField', defaultMessage: 'Name on invoices' }),
  taxNameHint: message({ id: 'staff.RatesPage.taxNameHint', defaultMessage: 'Such as VAT 21%.' }),
  rateField: message({ id: 'staff.RatesPage.rateField', defaultMessage: 'Rate (%)' }),
  rateHint: message({ id: 'staff.RatesPage.rateHint', defaultMessage: 'From 0 to 100, at most two decimals.' }),
  countryField: message({ id: 'staff.RatesPage.countryField', defaultMessage: 'Country code' }),
  countryHint: message({ id: 'staff.RatesPage.countryHint', defaultMessage: 'Two letters, such as NL; it cannot change later.' }),
  countryKeptHint: message({ id: 'staff.RatesPage.countryKeptHint', defaultMessage: 'A rate belongs to its country: add a rate for another country instead.' }),
  shippingNameField: message({ id: 'staff.RatesPage.shippingNameField', defaultMessage: 'Carrier' }),
  shippingNameHint: message({ id: 'staff.RatesPage.shippingNameHint', defaultMessage: 'Such as PostNL parcel: orders and invoices name it.' }),
  typeField: message({ id: 'staff.RatesPage.typeField', defaultMessage: 'Service' }),
  typeHint: message({ id: 'staff.RatesPage.typeHint', defaultMessage: 'Such as standard or express.' }),
  priceField: words(messageWith<{ currency: string }>({ id: 'staff.RatesPage.priceField', defaultMessage: 'Price ({currency})' }), (currency: string) => ({ currency })),
  priceHint: message({ id: 'staff.RatesPage.priceHint', defaultMessage: 'What an order of merchandise to this country pays for shipping.' }),
  notAnAmount: message({ id: 'staff.RatesPage.notAnAmount', defaultMessage: 'Type an amount such as 4.95.' }),
  archivedField: message({ id: 'staff.RatesPage.archivedField', defaultMessage: 'Archived' }),
  taxArchivedHint: message({ id: 'staff.RatesPage.taxArchivedHint', defaultMessage: 'No item may take an archived rate; it stays for the invoices and the file that name it.' }),
  shippingArchivedHint: message({ id: 'staff.RatesPage.shippingArchivedHint', defaultMessage: 'The shop does not ship to an archived country.' }),
  save: message({ id: 'staff.RatesPage.save', defaultMessage: 'Save' }),
  close: message({ id: 'staff.RatesPage.close', defaultMessage: 'Cancel' }),
  fieldProblem: words(messageWith<{ label: string; problem: string }>({ id: 'staff.RatesPage.fieldProblem', defaultMessage: '{label} {problem}.' }), (label: string, problem: string) => ({ label, problem })),
};

/** Events made, duplicated and archived on the Catalogue page (issue 37 point 1). */
const catalogueEvents = {
  create: message({ id: 'staff.CataloguePage.events.create', defaultMessage: 'New event' }),
  newTitle: message({ id: 'staff.CataloguePage.events.newTitle', defaultMessage: 'New event' }),
  duplicate: message({ id: 'staff.CataloguePage.events.duplicate', defaultMessage: 'Duplicate' }),
  duplicateLabel: words(messageWith<{ name: string }>({ id: 'staff.CataloguePage.events.duplicateLabel', defaultMessage: 'Duplicate {name}' }), named),
  duplicateTitle: words(messageWith<{ name: string }>({ id: 'staff.CataloguePage.events.duplicateTitle', defaultMessage: 'Duplicate {name}' }), named),
  duplicateNote: message({ id: 'staff.CataloguePage.events.duplicateNote', defaultMessage: 'The new event takes these settings; its products are not copied.' }),
  copyName: words(messageWith<{ name: string }>({ id: 'staff.CataloguePage.events.copyName', defaultMessage: '{name} (copy)' }), named),
  archive: message({ id: 'staff.CataloguePage.events.archive', defaultMessage: 'Archive' }),
  archiveLabel: words(messageWith<{ name: string }>({ id: 'staff.CataloguePage.events.archiveLabel', defaultMessage: 'Archive {name}' }), named),
  restore: message({ id: 'staff.CataloguePage.events.restore', defaultMessage: 'Restore' }),
  restoreLabel: words(messageWith<{ name: string }>({ id: 'staff.CataloguePage.events.restoreLabel', defaultMessage: 'Restore {name}' }), named),
  archived: message({ id: 'staff.CataloguePage.events.archived', defaultMessage: 'Archived: not in the shop' }),
  codeField: message({ id: 'staff.CataloguePage.events.codeField', defaultMessage: 'Code' }),
  codeHint: message({ id: 'staff.CataloguePage.events.codeHint', defaultMessage: 'Products and the catalogue file name the event by it, such as NWF28.' }),
  nameField: message({ id: 'staff.CataloguePage.events.nameField', defaultMessage: 'Name' }),
  timezoneField: message({ id: 'staff.CataloguePage.events.timezoneField', defaultMessage: 'Time zone' }),
  timezoneHint: message({ id: 'staff.CataloguePage.events.timezoneHint', defaultMessage: 'Where the event takes place, such as Europe/Amsterdam: its times are read on its clocks.' }),
  startsField: message({ id: 'staff.CataloguePage.events.startsField', defaultMessage: 'Starts' }),
  startsHint: message({ id: 'staff.CataloguePage.events.startsHint', defaultMessage: 'On the event’s clocks; leave it empty if not known yet.' }),
  endsField: message({ id: 'staff.CataloguePage.events.endsField', defaultMessage: 'Ends' }),
  endsHint: message({ id: 'staff.CataloguePage.events.endsHint', defaultMessage: 'After the start; shown with the venue on tickets.' }),
  venueField: message({ id: 'staff.CataloguePage.events.venueField', defaultMessage: 'Venue' }),
  venueHint: message({ id: 'staff.CataloguePage.events.venueHint', defaultMessage: 'Where buyers go, such as Walibi Holland, Biddinghuizen; printed on their tickets.' }),
  paymentLegend: message({ id: 'staff.CataloguePage.events.paymentLegend', defaultMessage: 'Payment and questions' }),
  creditCardField: message({ id: 'staff.CataloguePage.events.creditCardField', defaultMessage: 'Card payments' }),
  bankTransferField: message({ id: 'staff.CataloguePage.events.bankTransferField', defaultMessage: 'Bank transfer' }),
  countriesField: message({ id: 'staff.CataloguePage.events.countriesField', defaultMessage: 'Bank transfer from' }),
  countriesHint: message({ id: 'staff.CataloguePage.events.countriesHint', defaultMessage: 'Country codes, such as NL, BE; empty: every country.' }),
  ageRangeField: message({ id: 'staff.CataloguePage.events.ageRangeField', defaultMessage: 'Ask each ticket holder’s age range' }),
  save: message({ id: 'staff.CataloguePage.events.save', defaultMessage: 'Create' }),
  close: message({ id: 'staff.CataloguePage.events.close', defaultMessage: 'Cancel' }),
  // An event's settings after it is made (decision 0105).
  settings: message({ id: 'staff.CataloguePage.events.settings', defaultMessage: 'Settings' }),
  settingsLabel: words(messageWith<{ name: string }>({ id: 'staff.CataloguePage.events.settingsLabel', defaultMessage: 'Settings of {name}' }), named),
  settingsTitle: words(messageWith<{ name: string }>({ id: 'staff.CataloguePage.events.settingsTitle', defaultMessage: 'Settings of {name}' }), named),
  settingsNote: message({
    id: 'staff.CataloguePage.events.settingsNote',
    defaultMessage: 'A new time zone moves no moment: sale windows, departures and what was sold keep their instants, shown on the new clocks. The name is changed with Edit texts.',
  }),
  saveSettings: message({ id: 'staff.CataloguePage.events.saveSettings', defaultMessage: 'Save' }),
  fieldProblem: words(messageWith<{ label: string; problem: string }>({ id: 'staff.CataloguePage.events.fieldProblem', defaultMessage: '{label} {problem}.' }), (label: string, problem: string) => ({ label, problem })),
};

/** An item's images in its editor (issue 37 point 1, decision 0105). */
const catalogueImages = {
  legend: message({ id: 'staff.CataloguePage.images.legend', defaultMessage: 'Images' }),
  hint: words(
    messageWith<{ max: number; megabytes: number; side: number }>({
      id: 'staff.CataloguePage.images.hint',
      defaultMessage: 'Up to {max} images, in the order the shop shows them: JPEG, PNG or WebP, at most {megabytes} MB and {side} pixels a side.',
    }),
    (max: number, megabytes: number, side: number) => ({ max, megabytes, side }),
  ),
  none: message({ id: 'staff.CataloguePage.images.none', defaultMessage: 'No images: the shop shows the item without one.' }),
  alt: words(messageWith<{ name: string; number: number; count: number }>({ id: 'staff.CataloguePage.images.alt', defaultMessage: '{name}, image {number} of {count}' }), (name: string, number: number, count: number) => ({ name, number, count })),
  add: message({ id: 'staff.CataloguePage.images.add', defaultMessage: 'Add an image' }),
  reading: message({ id: 'staff.CataloguePage.images.reading', defaultMessage: 'The shop is reading the image…' }),
  up: words(messageWith<{ number: number }>({ id: 'staff.CataloguePage.images.up', defaultMessage: 'Move image {number} earlier' }), (number: number) => ({ number })),
  down: words(messageWith<{ number: number }>({ id: 'staff.CataloguePage.images.down', defaultMessage: 'Move image {number} later' }), (number: number) => ({ number })),
  remove: words(messageWith<{ number: number }>({ id: 'staff.CataloguePage.images.remove', defaultMessage: 'Remove image {number}' }), (number: number) => ({ number })),
};

/** The catalogue page's groups and filter (issue 37, decision 0105). */
const catalogueGroups = {
  filterLegend: message({ id: 'staff.CataloguePage.groups.filterLegend', defaultMessage: 'Find items' }),
  text: message({ id: 'staff.CataloguePage.groups.text', defaultMessage: 'Code or name' }),
  kind: message({ id: 'staff.CataloguePage.groups.kind', defaultMessage: 'Kind' }),
  allKinds: message({ id: 'staff.CataloguePage.groups.allKinds', defaultMessage: 'Every kind' }),
  products: message({ id: 'staff.CataloguePage.groups.products', defaultMessage: 'Products' }),
  merchandise: message({ id: 'staff.CataloguePage.groups.merchandise', defaultMessage: 'Merchandise' }),
  productType: words(messageWith<{ type: string }>({ id: 'staff.CataloguePage.groups.productType', defaultMessage: 'Products: {type}' }), (type: string) => ({ type })),
  merchandiseType: words(messageWith<{ type: string }>({ id: 'staff.CataloguePage.groups.merchandiseType', defaultMessage: 'Merchandise: {type}' }), (type: string) => ({ type })),
  state: message({ id: 'staff.CataloguePage.groups.state', defaultMessage: 'State' }),
  anyState: message({ id: 'staff.CataloguePage.groups.anyState', defaultMessage: 'Any state' }),
  onSale: message({ id: 'staff.CataloguePage.groups.onSale', defaultMessage: 'On sale' }),
  offSale: message({ id: 'staff.CataloguePage.groups.offSale', defaultMessage: 'Off sale' }),
  archived: message({ id: 'staff.CataloguePage.groups.archived', defaultMessage: 'Archived' }),
  clear: message({ id: 'staff.CataloguePage.groups.clear', defaultMessage: 'Clear' }),
  matches: words(
    messageWith<{ count: number }>({ id: 'staff.CataloguePage.groups.matches', defaultMessage: '{count, plural, =0 {No item matches.} one {1 item matches.} other {# items match.}}' }),
    (count: number) => ({ count }),
  ),
  counts: words(
    messageWith<{ items: number; onSale: number; sold: number }>({
      id: 'staff.CataloguePage.groups.counts',
      defaultMessage: '{items, plural, one {1 item} other {# items}} · {onSale} on sale · {sold} sold',
    }),
    (items: number, onSale: number, sold: number) => ({ items, onSale, sold }),
  ),
  collapsedNote: words(
    messageWith<{ count: number }>({ id: 'staff.CataloguePage.groups.collapsedNote', defaultMessage: 'With {count} items the groups start closed: open one, or find items above.' }),
    (count: number) => ({ count }),
  ),
};

const sections = {
  dashboard: message({ id: 'staff.sections.dashboard', defaultMessage: 'Dashboard' }),
  orders: message({ id: 'staff.sections.orders', defaultMessage: 'Orders' }),
  boxOffice: message({ id: 'staff.sections.boxOffice', defaultMessage: 'Box office' }),
  catalogue: message({ id: 'staff.sections.catalogue', defaultMessage: 'Catalogue' }),
  onsales: message({ id: 'staff.sections.onsales', defaultMessage: 'On-sales' }),
  vouchers: message({ id: 'staff.sections.vouchers', defaultMessage: 'Vouchers' }),
  rates: message({ id: 'staff.sections.rates', defaultMessage: 'Tax and shipping' }),
  guests: message({ id: 'staff.sections.guests', defaultMessage: 'Guest lists' }),
  refunds: message({ id: 'staff.sections.refunds', defaultMessage: 'Refunds' }),
  exports: message({ id: 'staff.sections.exports', defaultMessage: 'Exports' }),
  team: message({ id: 'staff.sections.team', defaultMessage: 'Staff' }),
  checkinLists: message({ id: 'staff.sections.checkinLists', defaultMessage: 'Check-in lists' }),
  scanners: message({ id: 'staff.sections.scanners', defaultMessage: 'Scanners' }),
  audit: message({ id: 'staff.sections.audit', defaultMessage: 'Audit log' }),
  account: message({ id: 'staff.sections.account', defaultMessage: 'Your password' }),
};

export const staffTexts = {
  appName,
  errors,
  signIn,
  recovery,
  shell,
  roles,
  home,
  team,
  account,
  link,
  scanners,
  audit,
  refunds,
  exports: exportTexts,
  boxOffice,
  orders,
  order,
  dashboard,
  catalogue,
  onsales,
  vouchers,
  rates,
  catalogueEvents,
  catalogueGroups,
  catalogueImages,
  guests,
  checkinLists,
  sections,
  loadFailed: message({ id: 'staff.LoadStates.loadFailed', defaultMessage: 'This could not be loaded.' }),
  retry: message({ id: 'staff.LoadStates.retry', defaultMessage: 'Try again' }),
  notFound: message({ id: 'staff.Home.notFound', defaultMessage: 'There is no page here.' }),
  notAllowedTitle: message({ id: 'staff.Home.notAllowedTitle', defaultMessage: 'Not for your role' }),
  backHome: message({ id: 'staff.Home.backHome', defaultMessage: 'Back to the start' }),
};

export type StaffTexts = typeof staffTexts;
