import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  /** Path and query, as the client sent them. */
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface FakeAnswer {
  status: number;
  headers?: Record<string, string>;
  body: string;
}

export interface FakeServer {
  /** http://127.0.0.1:<port>, no trailing slash. */
  url: string;
  requests: FakeRequest[];
  close(): Promise<void>;
}

/** A provider's API on a local port: every request is kept for the test to read, and answered by `handle`. */
export async function startFakeServer(handle: (request: FakeRequest) => FakeAnswer): Promise<FakeServer> {
  const requests: FakeRequest[] = [];
  const server = createServer((incoming: IncomingMessage, outgoing: ServerResponse) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request = { method: incoming.method ?? '', url: incoming.url ?? '', headers: incoming.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(request);
      const answer = handle(request);
      outgoing.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8', ...answer.headers });
      outgoing.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
