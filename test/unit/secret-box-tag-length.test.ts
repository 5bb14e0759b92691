import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import { LocalSecretBox } from '#local/adapters/file-key-secret-box';
import { KmsSecretBox } from '#shared/adapters/aws/kms-secret-box';

/**
 * AES-GCM accepts tags as short as 4 bytes unless the length is pinned: a sealed value whose tag
 * was cut short would then be checked against only its first bytes (a forgery needs 2^32 tries
 * instead of 2^128). Both boxes refuse any tag that is not the full 16 bytes.
 */
const context = { account_id: 'account-1', profile_id: 'profile-1' };
const plaintext = '{"app_password":"abcd-efgh-ijkl-mnop"}';

/** The same sealed value with its tag (the part at tagIndex) cut to `bytes` bytes. */
function withTagCut(sealed: string, tagIndex: number, bytes: number): string {
  const parts = sealed.split('.');
  parts[tagIndex] = Buffer.from(parts[tagIndex], 'base64url').subarray(0, bytes).toString('base64url');
  return parts.join('.');
}

describe('LocalSecretBox: GCM tag length pinned to 16 bytes', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'sps-box-tag-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it.each([4, 8, 12, 15])('refuses a sealed value whose tag is cut to %i bytes', async (bytes) => {
    const box = new LocalSecretBox(dataDir);
    const sealed = await box.seal(plaintext, context);
    await expect(box.open(withTagCut(sealed, 2, bytes), context)).rejects.toThrow('secret box: bad tag length');
  });

  it('still opens the full 16-byte tag', async () => {
    const box = new LocalSecretBox(dataDir);
    const sealed = await box.seal(plaintext, context);
    expect(Buffer.from(sealed.split('.')[2], 'base64url')).toHaveLength(16);
    expect(await box.open(sealed, context)).toBe(plaintext);
  });
});

describe('KmsSecretBox: GCM tag length pinned to 16 bytes', () => {
  const kms = mockClient(KMSClient);
  const dataKey = randomBytes(32);
  beforeEach(() => {
    kms.reset();
    kms.on(GenerateDataKeyCommand).resolves({ Plaintext: new Uint8Array(dataKey), CiphertextBlob: Buffer.from('encrypted-data-key') });
    kms.on(DecryptCommand).callsFake(() => ({ Plaintext: new Uint8Array(dataKey) }));
  });

  it.each([4, 8, 12, 15])('refuses a sealed value whose tag is cut to %i bytes', async (bytes) => {
    const box = new KmsSecretBox('alias/test');
    const sealed = await box.seal(plaintext, context);
    await expect(box.open(withTagCut(sealed, 3, bytes), context)).rejects.toThrow('secret box: bad tag length');
  });

  it('still opens the full 16-byte tag', async () => {
    const box = new KmsSecretBox('alias/test');
    const sealed = await box.seal(plaintext, context);
    expect(Buffer.from(sealed.split('.')[3], 'base64url')).toHaveLength(16);
    expect(await box.open(sealed, context)).toBe(plaintext);
  });
});
