import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
}

/** Verifies a delivery as the documentation tells a receiver to: v1=hex(HMAC-SHA256(secret, timestamp + "." + body)). */
export function isSignedBy(secret: string, received: ReceivedWebhook): boolean {
  const timestamp = String(received.headers['x-xinpin-timestamp']);
  const expected = Buffer.from(`v1=${createHmac('sha256', secret).update(`${timestamp}.${received.body}`).digest('hex')}`);
  const given = Buffer.from(String(received.headers['x-xinpin-signature']));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A local HTTP receiver: records what it is sent and answers the statuses queued (200 once they run out). */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  private readonly statuses: number[] = [];
  private server: Server | null = null;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.statusCode = this.statuses.shift() ?? 200;
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${String((this.server.address() as AddressInfo).port)}/hook`;
    return this;
  }

  answerNext(...statuses: number[]): void {
    this.statuses.push(...statuses);
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}
