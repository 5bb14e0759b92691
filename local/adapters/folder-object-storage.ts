import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { copyFile, mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { config } from '#shared/config';
import { LOCAL_UPLOAD_PATH } from './local-upload-path';
import { ObjectTooLarge, type ObjectStorage, type UploadTarget } from '#shared/ports/object-storage';

/**
 * Object storage in a folder (`DATA_DIR/media`), for `npm start` and the tests. Upload URLs
 * point at the local server (`/local-media-uploads/<key>`) and carry what S3's presigned URLs
 * carry: the expiry and an HMAC over key, expiry, type and size, with a key kept beside the
 * objects. `acceptUpload` makes the same checks S3 makes, and answers 403 as S3 does.
 */
export { LOCAL_UPLOAD_PATH };

export class LocalObjectStorage implements ObjectStorage {
  readonly root: string;

  constructor(root = join(config.dataDir ?? join(tmpdir(), 'social-posting'), 'media')) {
    this.root = root;
  }

  async uploadUrl(key: string, upload: { contentType: string; sizeBytes: number; expiresAt: Date }): Promise<UploadTarget> {
    const expires = String(upload.expiresAt.getTime());
    const query = new URLSearchParams({ expires, signature: this.sign(key, expires, upload.contentType, upload.sizeBytes) });
    return {
      url: `${config.publicBaseUrl}${LOCAL_UPLOAD_PATH}${key.split('/').map(encodeURIComponent).join('/')}?${query}`,
      method: 'PUT',
      headers: { 'content-type': upload.contentType, 'content-length': String(upload.sizeBytes) },
      expires_at: upload.expiresAt.toISOString(),
    };
  }

  /**
   * Checks an upload against its URL: unexpired, signed for this key, type and size, and a body
   * of exactly that size. Returns the key to write, or why it is refused.
   */
  checkUpload(
    pathAndQuery: string,
    headers: { contentType?: string; contentLength?: string },
    now: Date,
  ): { key: string; size: number } | { refused: string } {
    const url = new URL(pathAndQuery, 'http://local');
    const key = url.pathname.slice(LOCAL_UPLOAD_PATH.length).split('/').map(decodeURIComponent).join('/');
    const expires = url.searchParams.get('expires') ?? '';
    const size = Number(headers.contentLength);
    if (!Number.isSafeInteger(size) || size < 0) return { refused: 'MissingContentLength' };
    const expected = this.sign(key, expires, headers.contentType ?? '', size);
    const given = Buffer.from(url.searchParams.get('signature') ?? '');
    if (given.length !== Buffer.byteLength(expected) || !timingSafeEqual(given, Buffer.from(expected)))
      return { refused: 'SignatureDoesNotMatch' };
    if (!(Number(expires) > now.getTime())) return { refused: 'Request has expired' };
    return { key, size };
  }

  async read(key: string, maxBytes: number): Promise<Buffer | undefined> {
    const path = this.pathOf(key);
    try {
      if ((await stat(path)).size > maxBytes) throw new ObjectTooLarge(key, maxBytes);
      return await readFile(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async write(key: string, bytes: Buffer): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    // Whole or nothing: a reader never sees half an object.
    const partial = `${path}.${randomBytes(4).toString('hex')}.partial`;
    await writeFile(partial, bytes);
    await rename(partial, path);
  }

  async remove(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => rm(this.pathOf(key), { force: true })));
  }

  /**
   * Writes an object from a stream of chunks, whole or nothing, never holding it in memory (a
   * 100 MB video upload): kept only when exactly `size` bytes arrived; false otherwise (the stream
   * is left at the first byte too many).
   */
  async writeChunks(key: string, chunks: AsyncIterable<Buffer>, size: number): Promise<boolean> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const partial = `${path}.${randomBytes(4).toString('hex')}.partial`;
    const file = await open(partial, 'w');
    let received = 0;
    try {
      for await (const chunk of chunks) {
        received += chunk.length;
        if (received > size) break;
        await file.write(chunk);
      }
    } finally {
      await file.close();
    }
    if (received !== size) {
      await rm(partial, { force: true });
      return false;
    }
    await rename(partial, path);
    return true;
  }

  async size(key: string): Promise<number | undefined> {
    try {
      return (await stat(this.pathOf(key))).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async readRange(key: string, start: number, end: number): Promise<Buffer> {
    const file = await open(this.pathOf(key), 'r');
    try {
      const buffer = Buffer.alloc(end - start);
      const { bytesRead } = await file.read(buffer, 0, end - start, start);
      return buffer.subarray(0, bytesRead);
    } finally {
      await file.close();
    }
  }

  async copy(from: string, to: string): Promise<void> {
    const path = this.pathOf(to);
    await mkdir(dirname(path), { recursive: true });
    const partial = `${path}.${randomBytes(4).toString('hex')}.partial`;
    await copyFile(this.pathOf(from), partial);
    await rename(partial, path);
  }

  /** A key's file, never outside the root (keys come from our own ids, but a URL path is input). */
  private pathOf(key: string): string {
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error('object key outside the storage folder');
    return path;
  }

  private sign(key: string, expires: string, contentType: string, size: number): string {
    return createHmac('sha256', this.signingKey())
      .update(JSON.stringify([key, expires, contentType, size]))
      .digest('base64url');
  }

  private cachedKey?: Buffer;

  /** The signing key, made once per data folder and kept beside the objects (owner-only). */
  private signingKey(): Buffer {
    if (this.cachedKey) return this.cachedKey;
    const path = join(this.root, '.upload-signing-key');
    try {
      this.cachedKey = readFileSync(path);
    } catch {
      mkdirSync(this.root, { recursive: true });
      try {
        writeFileSync(path, randomBytes(32), { mode: 0o600, flag: 'wx' });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      this.cachedKey = readFileSync(path);
    }
    return this.cachedKey;
  }
}
