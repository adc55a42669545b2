import { connect } from 'node:net';

/** Every byte of the text's UTF-8 as %XX (encodeURIComponent throws on a lone surrogate). */
export const percentEncoded = (text: string) => [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

/**
 * One request written byte for byte on a socket: the status the server answered, or 0 when it
 * closed without one. The socket stays open for writing until the server closes it (Connection:
 * close): a client that half-closes at once may find its request dropped while a handler awaits
 * the database.
 */
export function rawRequest(base: string, head: string, body: string | Buffer = ''): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text });
    });
    socket.setTimeout(10_000, () => socket.destroy());
    socket.write(Buffer.concat([Buffer.from(`${head}Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`, 'latin1'), Buffer.from(body)]));
  });
}
