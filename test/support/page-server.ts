import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Web pages on 127.0.0.1 (a free port) for the link-card tests: each path answers as a test
 * tells it (a page, a redirect, a huge body streamed slowly, no answer at all). Requests are
 * recorded so a test can tell what the service fetched.
 *
 *   const pages = await startPageServer();
 *   pages.html('/article', '<head><meta property="og:title" content="A &amp; B"></head>');
 *   pages.redirect('/away', 'http://169.254.169.254/latest/meta-data/');
 *   pages.hang('/slow');
 *   await pages.stop();
 */
export type PageAnswer = (request: IncomingMessage, response: ServerResponse) => void;

export interface PageServer {
  origin: string;
  url(path: string): string;
  on(path: string, answer: PageAnswer): void;
  /** An HTML page; `contentType` defaults to UTF-8 HTML. */
  html(path: string, body: string | Buffer, contentType?: string): void;
  bytes(path: string, body: Buffer, contentType: string): void;
  redirect(path: string, location: string, status?: number): void;
  /** Accepts the request and never answers. */
  hang(path: string): void;
  /** Every path requested, in order. */
  requested(): string[];
  stop(): Promise<void>;
}

export async function startPageServer(): Promise<PageServer> {
  const answers = new Map<string, PageAnswer>();
  const requested: string[] = [];
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://page').pathname;
    requested.push(path);
    const answer = answers.get(path);
    if (answer) return answer(request, response);
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const on = (path: string, answer: PageAnswer) => void answers.set(path, answer);
  return {
    origin,
    url: (path) => `${origin}${path}`,
    on,
    html: (path, body, contentType = 'text/html; charset=utf-8') =>
      on(path, (_request, response) => response.writeHead(200, { 'content-type': contentType }).end(body)),
    bytes: (path, body, contentType) =>
      on(path, (_request, response) => response.writeHead(200, { 'content-type': contentType }).end(body)),
    redirect: (path, location, status = 302) => on(path, (_request, response) => response.writeHead(status, { location }).end()),
    hang: (path) => on(path, () => undefined),
    requested: () => [...requested],
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
