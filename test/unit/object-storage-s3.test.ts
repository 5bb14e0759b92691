import { mockClient } from 'aws-sdk-client-mock';
import { DeleteObjectsCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { ObjectTooLarge } from '#shared/ports/object-storage';
import { S3ObjectStorage } from '#shared/adapters/aws/s3-object-storage';

/** The S3 object-storage port: the exact requests it makes, and what the presigned upload URL signs. */
describe('S3 object storage', () => {
  const client = new S3Client({ region: 'eu-west-1', credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' } });
  const s3 = mockClient(client);
  const storage = new S3ObjectStorage('media-bucket', 'eu-west-1', client);
  beforeEach(() => s3.reset());

  it('presigns a PUT for 15 minutes that signs the content type and length', async () => {
    const expiresAt = new Date(Date.now() + 15 * 60 * 1000);
    const target = await storage.uploadUrl('uploads/acc/media-1', { contentType: 'image/png', sizeBytes: 1234, expiresAt });
    const url = new URL(target.url);
    expect(url.host).toBe('media-bucket.s3.eu-west-1.amazonaws.com');
    expect(url.pathname).toBe('/uploads/acc/media-1');
    expect(url.searchParams.get('X-Amz-SignedHeaders')!.split(';').sort()).toEqual(['content-length', 'content-type', 'host']);
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeGreaterThanOrEqual(899);
    expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(900);
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(target).toEqual({
      url: target.url,
      method: 'PUT',
      headers: { 'content-type': 'image/png', 'content-length': '1234' },
      expires_at: expiresAt.toISOString(),
    });
    expect(s3.calls()).toHaveLength(0); // presigning sends nothing
  });

  it('reads an object, refuses one larger than asked, and treats a missing key as absent', async () => {
    // The two methods of the SDK's streaming body the port uses.
    const body = (bytes: Buffer) =>
      ({ transformToByteArray: async () => new Uint8Array(bytes), transformToWebStream: () => new Blob([bytes]).stream() }) as never;
    s3.on(GetObjectCommand, { Bucket: 'media-bucket', Key: 'media/a/b/bluesky' }).resolves({
      ContentLength: 3,
      Body: body(Buffer.from('abc')),
    });
    expect(await storage.read('media/a/b/bluesky', 10)).toEqual(Buffer.from('abc'));
    s3.on(GetObjectCommand, { Bucket: 'media-bucket', Key: 'big' }).resolves({ ContentLength: 11, Body: body(Buffer.alloc(11)) });
    await expect(storage.read('big', 10)).rejects.toBeInstanceOf(ObjectTooLarge);
    s3.on(GetObjectCommand, { Bucket: 'media-bucket', Key: 'gone' }).rejects(
      new NoSuchKey({ message: 'The specified key does not exist.', $metadata: {} }),
    );
    expect(await storage.read('gone', 10)).toBeUndefined();
  });

  it('writes with the content type and deletes in one request, quietly', async () => {
    s3.on(PutObjectCommand).resolves({});
    s3.on(DeleteObjectsCommand).resolves({});
    await storage.write('media/a/b/linkedin', Buffer.from('xyz'), 'image/jpeg');
    expect(s3.commandCalls(PutObjectCommand)[0].args[0].input).toEqual({
      Bucket: 'media-bucket',
      Key: 'media/a/b/linkedin',
      Body: Buffer.from('xyz'),
      ContentType: 'image/jpeg',
    });
    await storage.remove(['uploads/a/b', 'media/a/b/linkedin']);
    expect(s3.commandCalls(DeleteObjectsCommand)[0].args[0].input).toEqual({
      Bucket: 'media-bucket',
      Delete: { Objects: [{ Key: 'uploads/a/b' }, { Key: 'media/a/b/linkedin' }], Quiet: true },
    });
    await storage.remove([]);
    expect(s3.commandCalls(DeleteObjectsCommand)).toHaveLength(1);
  });
});
