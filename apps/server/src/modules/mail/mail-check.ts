import { createTransport } from 'nodemailer';

/**
 * What a shop must have before it opens to send its customers mail (decision 0059): registration
 * mails the customer's password, so a live shop without a mail server sells nothing.
 */
export interface MailStartRules {
  production: boolean;
  /** The demo shop's configuration: it keeps its mail in the development mailbox. */
  demoConfig: boolean;
  smtpUrl: string | undefined;
  /** ALLOW_NO_MAIL: the organiser's explicit choice to run without mail. */
  allowNoMail: boolean;
}

/** The refusal for a shop of one's own under NODE_ENV=production without SMTP_URL, or null when it may start. */
export function missingMailRefusal(rules: MailStartRules): string | null {
  if (!rules.production || rules.demoConfig || rules.smtpUrl || rules.allowNoMail) return null;
  return [
    'SMTP_URL is not set, and this shop (its own SHOP_CONFIG) runs under NODE_ENV=production: it would send no e-mail.',
    'Customers get their password, order confirmation and tickets by e-mail, so the shop does not start without a mail server.',
    'Set SMTP_URL, e.g. smtp://user:password@mail.example.com:587 or smtps://user:password@mail.example.com:465 (docs/own-shop.md).',
    'To run without e-mail all the same, set ALLOW_NO_MAIL=1.',
  ].join('\n');
}

/** How long the check at start waits for the connection, the greeting and each answer. */
export const MAIL_CHECK_TIMEOUT_MS = 10_000;

/** The mail server as a person names it: host and port, never the user name or password in the URL. */
export function mailServerName(smtpUrl: string): string {
  try {
    const url = new URL(smtpUrl);
    const port = url.port || (url.protocol === 'smtps:' ? '465' : '587');
    return `${url.hostname}:${port}`;
  } catch {
    return 'the server in SMTP_URL';
  }
}

/** What failed, in words, from nodemailer's error (its code, the socket's code, the server's reply). */
export function describeMailFailure(error: unknown): string {
  const failure = error as { code?: unknown; errno?: unknown; response?: unknown; responseCode?: unknown; message?: unknown; reason?: unknown };
  const code = typeof failure.code === 'string' ? failure.code : '';
  const message = typeof failure.message === 'string' ? failure.message : String(error);
  const reply = typeof failure.response === 'string' ? ` The server answered: ${failure.response.slice(0, 300)}` : '';
  const socket = /\b(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|ECONNRESET|ETIMEDOUT)\b/.exec(`${message} ${String(failure.errno ?? '')}`)?.[1];
  if (code === 'EAUTH' || code === 'ENOAUTH') {
    return `signing in failed (authentication): check the user name and password in SMTP_URL.${reply}`;
  }
  if (code === 'ETLS' || code === 'EREQUIRETLS' || /\b(tls|ssl|certificate|self[- ]signed|wrong version number|handshake)\b/i.test(message)) {
    return `the secure connection (TLS) failed: ${message.slice(0, 300)}. smtps:// speaks TLS from the start (usually port 465), smtp:// upgrades with STARTTLS (usually 587).${reply}`;
  }
  if (socket === 'ENOTFOUND' || socket === 'EAI_AGAIN' || code === 'EDNS') {
    return `the host name is not known (${socket ?? code}): check the host in SMTP_URL.`;
  }
  if (socket === 'ECONNREFUSED' || socket === 'EHOSTUNREACH' || socket === 'ENETUNREACH') {
    return `the host is unreachable (${socket}): nothing takes connections at that host and port.`;
  }
  if (/greeting never received/i.test(message)) {
    return `the host took the connection but sent no mail server greeting within ${MAIL_CHECK_TIMEOUT_MS / 1000} s (is it a mail server, and the right port?).`;
  }
  if (code === 'ETIMEDOUT' || socket === 'ETIMEDOUT') {
    return `the host is unreachable: no answer within ${MAIL_CHECK_TIMEOUT_MS / 1000} s (a firewall, or the wrong host or port).`;
  }
  if (code === 'EPROTOCOL' || code === 'EENVELOPE' || typeof failure.responseCode === 'number') {
    return `the server did not greet as a mail server does: ${message.slice(0, 300)}.${reply}`;
  }
  return `${message.slice(0, 300)}${code ? ` (${code})` : ''}.${reply}`;
}

/**
 * Connects to the mail server, reads its greeting, says hello (upgrading to TLS where the URL
 * asks or the server offers it) and signs in when the URL carries a user: nodemailer's verify().
 * Throws an Error that says, for a person, which server and what failed.
 */
export async function verifyMailServer(smtpUrl: string, timeoutMs = MAIL_CHECK_TIMEOUT_MS): Promise<void> {
  const transport = createTransport({ url: smtpUrl, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs });
  try {
    await transport.verify();
  } catch (error) {
    throw new Error(
      `The mail server at ${mailServerName(smtpUrl)} (SMTP_URL) did not accept the shop: ${describeMailFailure(error)}\nThe shop does not start without a working mail server: customers get their password and tickets by e-mail.`,
      { cause: error },
    );
  } finally {
    transport.close();
  }
}
