import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/**
 * A webhook endpoint on 127.0.0.1 for tests: records every request (headers, raw body, when it
 * arrived) and answers from a script (a status, or 'hang' to never answer), then 200.
 * `verified(secret)` checks every request with the published standardwebhooks library, as a
 * receiver following the README would.
 */
export interface ReceivedDelivery {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

export type Answer = number | 'hang';

export interface WebhookReceiver {
  url: string;
  received: ReceivedDelivery[];
  /** Answers for the next requests, in order; after them 200. */
  answer(...answers: Answer[]): void;
  /** Every later request is answered this way. */
  always(answer: Answer): void;
  /** Verifies the requests received (all, or those given); returns the parsed bodies (throws on the first bad one). */
  verified(secret: string, deliveries?: ReceivedDelivery[]): { id: string; type: string; data: any }[]; // eslint-disable-line @typescript-eslint/no-explicit-any
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedDelivery[] = [];
  const script: Answer[] = [];
  let standing: Answer = 200;
  /** The pending waitFor calls, told of each request once it is answered (or left hanging). */
  const waiting = new Set<() => void>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      const answer = script.shift() ?? standing;
      if (answer !== 'hang') {
        response.writeHead(answer, { 'content-type': 'text/plain' });
        response.end('ok');
      }
      for (const check of waiting) check();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return {
    url,
    received,
    answer: (...answers) => void script.push(...answers),
    always: (answer) => void (standing = answer),
    verified: (secret, deliveries = received) => {
      const verifier = new Webhook(secret);
      return deliveries.map(({ headers, body }) => {
        const payload = verifier.verify(body, headers as Record<string, string>) as { type: string; data: unknown };
        return { id: headers['webhook-id'] as string, type: payload.type, data: payload.data };
      });
    },
    waitFor: (count, timeoutMs = 10_000) =>
      new Promise<void>((resolveWait, rejectWait) => {
        const check = () => {
          if (received.length < count) return;
          waiting.delete(check);
          clearTimeout(timer);
          resolveWait();
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          rejectWait(new Error(`the receiver got ${received.length} of ${count} requests in time`));
        }, timeoutMs);
        waiting.add(check);
        check();
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
