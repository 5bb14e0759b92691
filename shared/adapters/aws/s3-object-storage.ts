import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ObjectTooLarge, type ObjectStorage, type UploadTarget } from '#shared/ports/object-storage';

/**
 * Object storage on the stack's private S3 bucket. Upload URLs are presigned PUTs that sign the
 * content type and length, so S3 itself refuses (403) a body of another type or size, or one
 * sent after the URL's 15 minutes.
 */
export class S3ObjectStorage implements ObjectStorage {
  private readonly s3: S3Client;

  constructor(
    private readonly bucket: string,
    region: string,
    client?: S3Client,
  ) {
    this.s3 = client ?? new S3Client({ region });
  }

  async uploadUrl(key: string, upload: { contentType: string; sizeBytes: number; expiresAt: Date }): Promise<UploadTarget> {
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ContentType: upload.contentType,
      ContentLength: upload.sizeBytes,
    });
    const expiresIn = Math.max(1, Math.floor((upload.expiresAt.getTime() - Date.now()) / 1000));
    const url = await getSignedUrl(this.s3, command, { expiresIn, signableHeaders: new Set(['content-type', 'content-length']) });
    return {
      url,
      method: 'PUT',
      headers: { 'content-type': upload.contentType, 'content-length': String(upload.sizeBytes) },
      expires_at: upload.expiresAt.toISOString(),
    };
  }

  async read(key: string, maxBytes: number): Promise<Buffer | undefined> {
    try {
      const object = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if ((object.ContentLength ?? 0) > maxBytes) {
        object.Body?.transformToWebStream()
          .cancel()
          .catch(() => undefined);
        throw new ObjectTooLarge(key, maxBytes);
      }
      return Buffer.from(await object.Body!.transformToByteArray());
    } catch (error) {
      if ((error as Error).name === 'NoSuchKey') return undefined;
      throw error;
    }
  }

  async write(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.s3.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType }));
  }

  async remove(keys: string[]): Promise<void> {
    if (!keys.length) return;
    await this.s3.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }));
  }

  async size(key: string): Promise<number | undefined> {
    try {
      return (await this.s3.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }))).ContentLength;
    } catch (error) {
      if (['NotFound', 'NoSuchKey'].includes((error as Error).name)) return undefined;
      throw error;
    }
  }

  async readRange(key: string, start: number, end: number): Promise<Buffer> {
    const object = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=${start}-${end - 1}` }));
    return Buffer.from(await object.Body!.transformToByteArray());
  }

  async copy(from: string, to: string): Promise<void> {
    // One request up to 5 GB, far above the largest video (docs/api.md, "Video").
    await this.s3.send(new CopyObjectCommand({ Bucket: this.bucket, CopySource: `${this.bucket}/${encodeURI(from)}`, Key: to }));
  }
}
