import { createServer, request as httpRequest, type ClientRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createFaultPlan, type PlatformFaultKind, type PlatformFaultOptions, type PlatformFaults } from './platform-fault-plan';

/**
 * An HTTP reverse proxy on a free 127.0.0.1 port in front of `target` (the fake LinkedIn) that
 * injects the plan's faults. What it forwards, it streams byte for byte both ways (image uploads
 * are binary PUTs), headers as received but Host, which names the target. stop() destroys every
 * socket, held hangs included, so no fault outlives its test.
 */
export interface PlatformFaultProxy extends PlatformFaults {
  url: string;
  stop(): Promise<void>;
}

type AfterForward = Extract<PlatformFaultKind, 'reset-after-forward' | 'hang-after-forward'>;

export async function startPlatformFaultProxy(target: string, options: PlatformFaultOptions): Promise<PlatformFaultProxy> {
  const plan = createFaultPlan(options);
  const upstream = new URL(target);
  const sockets = new Set<Socket>();
  const forwards = new Set<ClientRequest>();

  function forward(request: IncomingMessage, response: ServerResponse, after?: AfterForward): void {
    const outgoing = httpRequest({
      protocol: upstream.protocol,
      hostname: upstream.hostname,
      port: upstream.port,
      method: request.method,
      path: request.url,
      headers: { ...request.headers, host: upstream.host },
      agent: false,
    });
    forwards.add(outgoing);
    outgoing.on('close', () => forwards.delete(outgoing));
    outgoing.on('response', (answer) => {
      if (!after) {
        response.sendDate = false; // the target's own Date header is passed on, not a second one
        response.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
        answer.pipe(response);
        return;
      }
      // The platform has done the work once its whole answer is in; the client never gets it.
      answer.resume();
      answer.on('end', () => {
        if (after === 'reset-after-forward') request.socket.resetAndDestroy();
      });
    });
    outgoing.on('error', () => {
      if (response.headersSent) return void response.destroy();
      response
        .writeHead(502, { 'content-type': 'application/json' })
        .end(JSON.stringify({ status: 502, message: 'fault proxy: target unreachable' }));
    });
    // A client that gives up on a plain forward takes the forwarded request with it, as behind a real gateway.
    response.on('close', () => {
      if (!after && !response.writableFinished) outgoing.destroy();
    });
    request.pipe(outgoing);
  }

  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://proxy').pathname;
    const { kind, event } = plan.decide(request.method ?? 'GET', path);
    if (kind === 'server-error' || kind === 'rate-limited') {
      const answer = plan.answer(kind, 'linkedin', event);
      request.resume();
      response.writeHead(answer.status, answer.headers).end(answer.body);
    } else if (kind === 'connection-reset') {
      request.socket.resetAndDestroy();
    } else if (kind === 'hang') {
      request.resume(); // read and ignored; the socket stays open until the client gives up or stop()
    } else {
      forward(request, response, kind);
    }
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    counts: plan.counts,
    setRate: plan.setRate,
    events: plan.events,
    stop: async () => {
      for (const outgoing of forwards) outgoing.destroy();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
