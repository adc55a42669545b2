import { fork } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The floor for HTTP benchmarks on this machine: node:http answering every request with the same
 * bytes and nothing else, in a process of its own like the shop's. A call of the shop cannot be
 * cheaper, so its figures under the same load show what the machine (and the load generator on
 * it) leaves, not what the shop costs.
 */
export async function startBareServer(answerBytes: number): Promise<{ url: string; stop(): void }> {
  const child = fork(import.meta.filename, ['serve', String(answerBytes)], { execArgv: ['--import', 'tsx'], stdio: 'ignore' });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve(Number(message)));
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => void child.kill() };
}

if (process.argv[2] === 'serve') {
  const body = Buffer.alloc(Number(process.argv[3]), 'x');
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
      response.end(body);
    });
  });
  server.listen(0, '127.0.0.1', () => process.send!((server.address() as AddressInfo).port));
}
