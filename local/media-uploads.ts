import type { IncomingMessage, ServerResponse } from 'node:http';
import { clock } from '#shared/ports/clock';
import { objectStorage } from '#shared/ports/registry';
import { LocalObjectStorage } from '#local/adapters/folder-object-storage';

/**
 * The local stand-in for S3's presigned PUT (the URLs LocalObjectStorage hands out): refuses an
 * expired or altered URL, another content type or length, and a body that is not exactly the
 * signed size, with S3's 403 and XML error; stores the bytes otherwise.
 */
export async function acceptLocalUpload(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const refuse = (status: number, code: string) => {
    request.resume();
    response.writeHead(status, { 'content-type': 'application/xml', connection: 'close' });
    response.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`);
  };
  const storage = await objectStorage();
  if (request.method !== 'PUT' || !(storage instanceof LocalObjectStorage)) return refuse(405, 'MethodNotAllowed');
  const checked = storage.checkUpload(
    request.url ?? '',
    { contentType: request.headers['content-type'], contentLength: request.headers['content-length'] },
    clock.now(),
  );
  if ('refused' in checked) return refuse(403, checked.refused === 'Request has expired' ? 'AccessDenied' : checked.refused);
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    received += chunk.length;
    if (received > checked.size) return refuse(400, 'IncompleteBody');
    chunks.push(chunk);
  }
  if (received !== checked.size) return refuse(400, 'IncompleteBody');
  await storage.write(checked.key, Buffer.concat(chunks));
  response.writeHead(200, { etag: `"${received}"` });
  response.end();
}
