import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small round-robin HTTP load balancer for the scale-out benchmark: each request goes to the
 * next instance, on kept-alive connections, with the visitor's address in X-Forwarded-For. It
 * stands in for nginx or HAProxy; it runs in the benchmark's own process, so it takes some of
 * the machine's CPU the instances would otherwise have.
 */
export async function startBalancer(targets: string[], port: number): Promise<{ url: string; close(): Promise<void> }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  let turn = 0;
  const server = http.createServer((request, response) => {
    const target = new URL(targets[turn++ % targets.length]!);
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: request.method, path: request.url, agent, headers: { ...request.headers, 'x-forwarded-for': request.socket.remoteAddress ?? '' } },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502).end();
      else response.destroy();
    });
    request.pipe(upstream);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
        agent.destroy();
      }),
  };
}
