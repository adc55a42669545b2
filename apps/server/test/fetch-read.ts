/**
 * A request whose answer is read to its end. An unread body (a PDF, a page) keeps its connection
 * busy until the garbage collector drops the response, and a server's close waits for that
 * connection: tests that only look at the status must still read the body.
 */
export async function fetchRead(url: string, init?: RequestInit): Promise<{ status: number; headers: Headers; body: Uint8Array }> {
  const response = await fetch(url, init);
  return { status: response.status, headers: response.headers, body: new Uint8Array(await response.arrayBuffer()) };
}
