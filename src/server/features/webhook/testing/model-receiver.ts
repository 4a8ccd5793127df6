import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isSignedBy, type ReceivedWebhook } from './webhook-receiver.ts';

/** How the receiving endpoint answers now: 200, a 503, or a 200 later than the dispatcher waits (a timeout). */
export type ReceiverMode = 'ok' | 'error' | 'slow';

export interface ModelReceived extends ReceivedWebhook {
  deliveryId: number;
  /** It verified with the secret the model held current when it arrived. */
  isSignedWithCurrentSecret: boolean;
}

/** The model test's receiver: answers by its current mode and checks each signature against the secret current at arrival. */
export class ModelReceiver {
  readonly received: ModelReceived[] = [];
  mode: ReceiverMode = 'ok';
  currentSecret = '';
  private server: Server | null = null;
  url = '';

  constructor(private readonly slowMs: number) {}

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const one = { headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
        const deliveryId = Number(request.headers['x-xinpin-delivery']);
        this.received.push({ ...one, deliveryId, isSignedWithCurrentSecret: isSignedBy(this.currentSecret, one) });
        const answer = () => {
          response.statusCode = this.mode === 'error' ? 503 : 200;
          response.end('ok');
        };
        if (this.mode === 'slow') setTimeout(answer, this.slowMs);
        else answer();
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${String((this.server.address() as AddressInfo).port)}/hook`;
    return this;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}
