import addressparser from 'nodemailer/lib/addressparser';

export interface Mailbox {
  name: string;
  address: string;
}

const SIMPLE_ADDRESS = /^[^\s@<>"]+@[^\s@<>"]+$/;

/** One mailbox from `shop@example.org` or `"Shop" <shop@example.org>`; null when it is not exactly one. */
export function parseMailbox(text: string): Mailbox | null {
  const parsed = addressparser(text, { flatten: true });
  if (parsed.length !== 1) return null;
  const [mailbox] = parsed;
  if (!mailbox?.address || !SIMPLE_ADDRESS.test(mailbox.address)) return null;
  return { name: mailbox.name, address: mailbox.address };
}

/**
 * The From of every message: MAIL_FROM when set (its display name defaults to the shop's name),
 * otherwise `"<shop name>" <no-reply@<host of the public base URL>>`, so a shop at
 * https://tickets.example.org sends as no-reply@tickets.example.org. Real shops should set
 * MAIL_FROM to an address their SMTP server may send for (SPF, DKIM).
 */
export function senderAddress(mailFrom: string | undefined, config: { name: string; publicBaseUrl: string }): Mailbox {
  if (mailFrom) {
    const mailbox = parseMailbox(mailFrom);
    if (!mailbox) throw new Error(`MAIL_FROM is not one e-mail address: ${mailFrom}`);
    return { name: mailbox.name || config.name, address: mailbox.address };
  }
  const host = new URL(config.publicBaseUrl).hostname;
  // An IP address or a bare name is no mail domain; localhost at least says where it came from.
  const domain = /[a-z]/i.test(host) && /^[a-z0-9.-]+$/i.test(host) ? host : 'localhost';
  return { name: config.name, address: `no-reply@${domain}` };
}
