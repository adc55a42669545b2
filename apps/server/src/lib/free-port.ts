import net from 'node:net';

/**
 * A port nothing listens on now: for a server that must know its port before it listens (the
 * demo's public address is derived from it) and for tests that need an address with no one behind it.
 */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
