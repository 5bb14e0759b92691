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
  // Streamed to a partial file (a video is up to 100 MB), kept only when exactly the signed size arrived.
  if (!(await storage.writeChunks(checked.key, request as AsyncIterable<Buffer>, checked.size))) return refuse(400, 'IncompleteBody');
  response.writeHead(200, { etag: `"${checked.size}"` });
  response.end();
}
