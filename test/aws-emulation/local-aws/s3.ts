import { createHash } from 'node:crypto';
import { AccessDenied } from '../role-policies';
import type { WorldClock } from '../world-clock';
import { AwsError, escapeXml, type AwsCall, type AwsService } from './protocol';

interface StoredObject {
  body: Buffer;
  contentType: string;
  etag: string;
}

const objectArn = (bucket: string, key: string): string => `arn:aws:s3:::${bucket}/${key}`;

/** Whether the caller may do `action` on `resource`, without failing the request (DeleteObjects reports per key). */
async function permitted(call: AwsCall, action: string, resource: string): Promise<boolean> {
  try {
    await call.authorize(action, resource);
    return true;
  } catch (error) {
    if (error instanceof AccessDenied) return false;
    throw error;
  }
}

/**
 * S3 for the template's buckets, path-style: PutObject (header-signed or through a presigned URL,
 * which acts as its signer and expires with X-Amz-Expires in the world's time), GetObject,
 * HeadObject and DeleteObjects (per-key IAM, refusals reported inside the 200 answer, as S3 does).
 * Its REST calls have no action of their name: each is mapped here to the action IAM authorizes it
 * as, on the object's ARN, under the bucket's policy.
 * A missing key is 404 NoSuchKey only for a caller allowed s3:ListBucket; others get 403 AccessDenied.
 * Signatures are not verified, so a presigned URL's signed headers are not enforced here.
 */
export class LocalS3 {
  private readonly buckets: Map<string, Map<string, StoredObject>>;

  constructor(
    private readonly clock: WorldClock,
    bucketNames: string[],
  ) {
    this.buckets = new Map(bucketNames.map((name) => [name, new Map()]));
  }

  keys(bucket: string): string[] {
    return [...(this.buckets.get(bucket)?.keys() ?? [])];
  }

  service(): AwsService {
    return async (call) => {
      const [, bucketName, ...keyParts] = call.url.pathname.split('/');
      const bucket = this.buckets.get(decodeURIComponent(bucketName ?? ''));
      if (!bucket) throw new AwsError(404, 'NoSuchBucket', 'The specified bucket does not exist');
      const key = keyParts.map(decodeURIComponent).join('/');
      const arn = objectArn(bucketName, key);
      if (call.method === 'POST' && call.url.searchParams.has('delete')) return this.deleteObjects(call, bucketName, bucket);
      if (call.method === 'PUT') {
        this.checkPresignedExpiry(call);
        await call.authorize('s3:PutObject', arn);
        const etag = `"${createHash('md5').update(call.body).digest('hex')}"`;
        bucket.set(key, { body: call.body, contentType: String(call.headers['content-type'] ?? 'binary/octet-stream'), etag });
        return { status: 200, headers: { etag } };
      }
      if (call.method === 'GET' || call.method === 'HEAD') {
        await call.authorize('s3:GetObject', arn);
        const object = bucket.get(key);
        if (!object) {
          if (await permitted(call, 's3:ListBucket', `arn:aws:s3:::${bucketName}`))
            throw new AwsError(404, 'NoSuchKey', 'The specified key does not exist.');
          throw new AwsError(403, 'AccessDenied', 'Access Denied');
        }
        const headers = { 'content-type': object.contentType, 'content-length': String(object.body.length), etag: object.etag };
        return { status: 200, headers, body: call.method === 'HEAD' ? undefined : object.body };
      }
      throw new AwsError(405, 'MethodNotAllowed', `${call.method} is not emulated here`);
    };
  }

  private checkPresignedExpiry(call: AwsCall): void {
    const signedAt = call.url.searchParams.get('X-Amz-Date');
    const expires = Number(call.url.searchParams.get('X-Amz-Expires'));
    if (!signedAt) return;
    const signed = Date.parse(signedAt.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
    if (this.clock.now() > signed + expires * 1000) throw new AwsError(403, 'AccessDenied', 'Request has expired');
  }

  private async deleteObjects(call: AwsCall, bucketName: string, bucket: Map<string, StoredObject>) {
    const xml = call.body.toString('utf8');
    const quiet = /<Quiet>true<\/Quiet>/.test(xml);
    const keys = [...xml.matchAll(/<Key>([\s\S]*?)<\/Key>/g)].map((match) =>
      match[1]
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'")
        .replace(/&amp;/g, '&'),
    );
    const results: string[] = [];
    for (const key of keys) {
      if (!(await permitted(call, 's3:DeleteObject', objectArn(bucketName, key)))) {
        results.push(`<Error><Key>${escapeXml(key)}</Key><Code>AccessDenied</Code><Message>Access Denied</Message></Error>`);
        continue;
      }
      bucket.delete(key);
      results.push(quiet ? '' : `<Deleted><Key>${escapeXml(key)}</Key></Deleted>`);
    }
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<DeleteResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${results.join('')}</DeleteResult>`;
    return { status: 200, headers: { 'content-type': 'application/xml' }, body };
  }
}
