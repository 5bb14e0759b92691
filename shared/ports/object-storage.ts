/**
 * The object-storage port: where uploaded images and their published variants live. A private
 * S3 bucket in AWS (shared/adapters/aws/s3-object-storage.ts), a folder under DATA_DIR locally
 * (local/adapters/folder-object-storage.ts). Clients never read objects back through us; they upload once,
 * through a URL that admits exactly the declared type and size until it expires.
 */
export interface UploadTarget {
  url: string;
  method: 'PUT';
  /** Headers the upload must carry exactly (the signature covers them). */
  headers: Record<string, string>;
  expires_at: string;
}

export interface ObjectStorage {
  /** A URL through which a client PUTs `key` once: this type, this many bytes, before `expiresAt`. */
  uploadUrl(key: string, upload: { contentType: string; sizeBytes: number; expiresAt: Date }): Promise<UploadTarget>;
  /** The object's bytes, or undefined when it does not exist; more than `maxBytes` is an error. */
  read(key: string, maxBytes: number): Promise<Buffer | undefined>;
  write(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Deletes the objects; missing ones are not an error. */
  remove(keys: string[]): Promise<void>;
  /** The object's size in bytes, or undefined when it does not exist (videos: read in ranges, never whole). */
  size(key: string): Promise<number | undefined>;
  /** Bytes `start` to `end` (exclusive) of an existing object. */
  readRange(key: string, start: number, end: number): Promise<Buffer>;
  /** Copies an object inside the storage (a video moves out of the expiring uploads). */
  copy(from: string, to: string): Promise<void>;
}

export class ObjectTooLarge extends Error {
  constructor(
    readonly key: string,
    readonly maxBytes: number,
  ) {
    super(`object ${key} is larger than ${maxBytes} bytes`);
    this.name = 'ObjectTooLarge';
  }
}
