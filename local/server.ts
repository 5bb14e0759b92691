import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { MAX_BODY_BYTES } from '#shared/http/json-body';
import { toHttpApiEvent, writeHttpApiResult } from './event-adapter';
import { lambdaContext } from './lambda-context';
import { LOCAL_UPLOAD_PATH } from '#local/adapters/local-upload-path';
import { matchRoute } from './router';
import { serveDashboard } from './static-files';

type HttpApiHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

const handlers = new Map<string, Promise<HttpApiHandler>>();

/** Loads `functions/<operation>/handler.ts` once, as Lambda loads a function's module once per container. */
function loadHandler(operation: string): Promise<HttpApiHandler> {
  let loaded = handlers.get(operation);
  if (!loaded) {
    loaded = import(`../functions/${operation}/handler`).then((module: { handler: HttpApiHandler }) => module.handler);
    handlers.set(operation, loaded);
  }
  return loaded;
}

/** Reads the body, keeping at most one byte past the limit: enough for the handler to answer 413. */
async function readBody(request: IncomingMessage): Promise<Buffer> {
  // Most requests (GET, DELETE) announce no body: skip the stream machinery for them.
  if (request.headers['content-length'] === undefined && request.headers['transfer-encoding'] === undefined) {
    request.resume();
    return Buffer.alloc(0);
  }
  const chunks: Buffer[] = [];
  let kept = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    if (kept > MAX_BODY_BYTES) continue;
    chunks.push(chunk);
    kept += chunk.length;
  }
  return Buffer.concat(chunks).subarray(0, MAX_BODY_BYTES + 1);
}

/** The local HTTP server: the route table in front of the unchanged Lambda handlers. */
export function createLocalServer(): Server {
  return createServer((request, response) => {
    void (async () => {
      try {
        const path = (request.url ?? '/').split('?')[0];
        // Image uploads to their presigned URLs (S3 in AWS): streamed, not through a handler.
        if (path.startsWith(LOCAL_UPLOAD_PATH)) return await (await import('./media-uploads')).acceptLocalUpload(request, response);
        const body = await readBody(request);
        // The dashboard's pages (CloudFront + S3 in AWS); its API goes on to the route table.
        if (serveDashboard(request, response, path)) return;
        const match = matchRoute(request.method ?? 'GET', path);
        const event = toHttpApiEvent(request, body, match);
        const handler = await loadHandler(match.operation);
        const result = await handler(event, lambdaContext(event.requestContext.requestId, match.operation, 29_000));
        writeHttpApiResult(response, result);
      } catch (error) {
        // Only reached when a handler module fails to load: the handlers answer every other failure themselves.
        process.stderr.write(`local server: ${String((error as Error).stack ?? error)}\n`);
        if (!response.headersSent) {
          response.writeHead(500, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ error: 'INTERNAL_SERVER_ERROR', message: 'An unexpected error occurred; retry later' }));
        }
      }
    })();
  });
}

/** Starts the server on the loopback interface; port 0 picks a free one. */
export async function listen(server: Server, port: number, host = '127.0.0.1'): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return `http://${host}:${address.port}`;
}
