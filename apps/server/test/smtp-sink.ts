import type net from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as the SMTP server received it, with the parts tests look at decoded. */
export interface ReceivedMail {
  /** Envelope recipients. */
  to: string[];
  /** The SMTP connection it came over (smtp-server's session id): different senders use different ones. */
  connection: string;
  /** Header fields, lower-case names, folded lines joined. */
  headers: Map<string, string>;
  subject: string;
  /** The text/plain and text/html parts of a multipart/alternative message (LF line ends). */
  text: string | null;
  html: string | null;
  raw: string;
}

export interface SmtpSink {
  port: number;
  /** smtp://127.0.0.1:port, for the shop's smtpUrl. */
  url: string;
  /** Every message accepted so far, in order. */
  received: ReceivedMail[];
  /** How many messages were refused at the end of DATA (see refuseNext). */
  refused: number;
  /** Refuses the next `count` messages with a temporary error (451), as a struggling server does. */
  refuseNext(count: number): void;
  /** Resolves with the accepted messages to `to` once there are at least `count` of them. */
  waitFor(to: string, count?: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** Recipients at this domain are refused for good (550), like an address that does not exist. */
export const BOUNCING_DOMAIN = 'bounce.example.org';

/**
 * A real SMTP server (the `smtp-server` package) on 127.0.0.1 that keeps what it receives.
 * `port` lets a test start it where a shop has been failing to connect.
 */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  let refuseCount = 0;
  const sink: Omit<SmtpSink, 'port' | 'url'> = {
    received,
    refused: 0,
    refuseNext(count) {
      refuseCount = count;
    },
    async waitFor(to, count = 1, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mails = received.filter((mail) => mail.to.includes(to));
        if (mails.length >= count) return mails;
        if (Date.now() > deadline) throw new Error(`${mails.length} of ${count} messages to ${to} arrived within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: async () => undefined,
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 100,
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith(`@${BOUNCING_DOMAIN}`)) return callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refuseCount > 0) {
          refuseCount -= 1;
          sink.refused += 1;
          return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({ ...parseMail(raw), to: session.envelope.rcptTo.map((rcpt) => rcpt.address), connection: session.id, raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address() as net.AddressInfo;
  return Object.assign(sink, {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/** A port nothing listens on (now): for a shop whose SMTP server is down. */
export { freePort } from '../src/lib/free-port';

/** Enough MIME for the shop's own messages: headers, and the parts of a multipart/alternative body. */
export function parseMail(raw: string): Omit<ReceivedMail, 'to' | 'connection' | 'raw'> {
  const { headers, body } = splitEntity(raw);
  const contentType = headers.get('content-type') ?? 'text/plain';
  const parts: { type: string; body: string }[] = [];
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (/^multipart\//i.test(contentType) && boundary) {
    const sections = body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      const part = splitEntity(section.replace(/^\r\n/, ''));
      parts.push({ type: part.headers.get('content-type') ?? 'text/plain', body: decodeBody(part.body.replace(/\r\n$/, ''), part.headers.get('content-transfer-encoding')) });
    }
  } else {
    parts.push({ type: contentType, body: decodeBody(body, headers.get('content-transfer-encoding')) });
  }
  const part = (type: string) => parts.find((candidate) => candidate.type.toLowerCase().startsWith(type))?.body ?? null;
  return { headers, subject: headers.get('subject') ?? '', text: part('text/plain'), html: part('text/html') };
}

function splitEntity(entity: string): { headers: Map<string, string>; body: string } {
  const end = entity.indexOf('\r\n\r\n');
  const head = (end < 0 ? entity : entity.slice(0, end)).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: end < 0 ? '' : entity.slice(end + 4) };
}

function decodeBody(body: string, encoding = '7bit'): string {
  let text = body;
  if (/^quoted-printable$/i.test(encoding)) {
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    text = Buffer.from(bytes, 'latin1').toString('utf8');
  } else if (/^base64$/i.test(encoding)) {
    text = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  return text.replace(/\r\n/g, '\n');
}
