import { randomBytes } from 'node:crypto';
import { DecryptCommand, GenerateDataKeyCommand, InvalidCiphertextException, KMSClient } from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-jest';
import { KmsSecretBox } from '#shared/adapters/aws/kms-secret-box';

/**
 * KMS envelope encryption against a mocked KMS that behaves like the real one: the data key
 * only decrypts under the EncryptionContext it was generated with.
 */
describe('KmsSecretBox (KMS envelope encryption)', () => {
  const kms = mockClient(KMSClient);
  const keyId = 'arn:aws:kms:eu-west-1:123456789012:key/test';
  const context = { account_id: 'account-1', profile_id: 'profile-1' };
  const plaintext = '{"app_password":"abcd-efgh-ijkl-mnop"}';
  let dataKey: Buffer;
  let boundContext: Record<string, string> | undefined;

  beforeEach(() => {
    kms.reset();
    dataKey = randomBytes(32);
    kms.on(GenerateDataKeyCommand).callsFake((input: { EncryptionContext?: Record<string, string> }) => {
      boundContext = input.EncryptionContext;
      return { Plaintext: new Uint8Array(dataKey), CiphertextBlob: Buffer.from('encrypted-data-key'), KeyId: keyId };
    });
    kms.on(DecryptCommand).callsFake((input: { EncryptionContext?: Record<string, string>; CiphertextBlob?: Uint8Array }) => {
      if (
        JSON.stringify(input.EncryptionContext) !== JSON.stringify(boundContext) ||
        Buffer.from(input.CiphertextBlob!).toString() !== 'encrypted-data-key'
      ) {
        throw new InvalidCiphertextException({ message: 'context mismatch', $metadata: {} });
      }
      return { Plaintext: new Uint8Array(dataKey), KeyId: keyId };
    });
  });

  it('seals with a fresh data key bound to account and profile, and opens with the same context', async () => {
    const box = new KmsSecretBox(keyId);
    const sealed = await box.seal(plaintext, context);
    expect(sealed).toMatch(/^kms1\./);
    expect(sealed).not.toContain('abcd-efgh');
    expect(kms).toHaveReceivedCommandWith(GenerateDataKeyCommand, { KeyId: keyId, KeySpec: 'AES_256', EncryptionContext: context });
    expect(await box.open(sealed, context)).toBe(plaintext);
    expect(kms).toHaveReceivedCommandWith(DecryptCommand, { EncryptionContext: context });
  });

  it('fails to open under another profile (KMS refuses the context)', async () => {
    const box = new KmsSecretBox(keyId);
    const sealed = await box.seal(plaintext, context);
    await expect(box.open(sealed, { ...context, profile_id: 'profile-2' })).rejects.toThrow('context mismatch');
  });

  it('fails on a tampered ciphertext even with the right data key', async () => {
    const box = new KmsSecretBox(keyId);
    const parts = (await box.seal(plaintext, context)).split('.');
    const body = Buffer.from(parts[4], 'base64url');
    body[0] ^= 1;
    parts[4] = body.toString('base64url');
    await expect(box.open(parts.join('.'), context)).rejects.toThrow();
  });
});

describe('secretBox() as the AWS composition root wires it', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  const load = async () => {
    let module: typeof import('#shared/ports/registry') | undefined;
    await jest.isolateModulesAsync(async () => {
      module = await import('#shared/ports/registry');
      await import('#shared/wiring/aws');
    });
    return module!;
  };

  it('never falls back to a key file when KMS_KEY_ID is missing', async () => {
    delete process.env.DYNAMODB_ENDPOINT;
    delete process.env.SERVICE_RUNTIME;
    delete process.env.KMS_KEY_ID;
    await expect((await load()).secretBox()).rejects.toThrow('KMS_KEY_ID is not set');
  });

  it('uses KMS with the configured key', async () => {
    delete process.env.DYNAMODB_ENDPOINT;
    delete process.env.SERVICE_RUNTIME;
    process.env.KMS_KEY_ID = 'alias/social-posting';
    expect((await (await load()).secretBox()).constructor.name).toBe('KmsSecretBox');
  });
});
