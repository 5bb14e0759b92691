import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import type { SecretBox, SecretContext } from '#shared/ports/secret-box';

const kms = new KMSClient({});
const TAG_BYTES = 16;

/**
 * KMS envelope encryption: a fresh data key per sealed value (GenerateDataKey), the value
 * sealed with it by AES-256-GCM, and only the KMS-encrypted data key stored beside it.
 * The EncryptionContext binds the data key to the account and profile.
 * Format: kms1.encryptedKey.iv.tag.ciphertext (base64url).
 */
export class KmsSecretBox implements SecretBox {
  constructor(private readonly keyId: string) {}

  async seal(plaintext: string, context: SecretContext): Promise<string> {
    const dataKey = await kms.send(
      new GenerateDataKeyCommand({ KeyId: this.keyId, KeySpec: 'AES_256', EncryptionContext: { ...context } }),
    );
    const key = Buffer.from(dataKey.Plaintext as Uint8Array);
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    key.fill(0);
    return ['kms1', Buffer.from(dataKey.CiphertextBlob as Uint8Array), iv, cipher.getAuthTag(), ciphertext]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  async open(sealed: string, context: SecretContext): Promise<string> {
    const [version, encryptedKey, iv, tag, ciphertext] = sealed.split('.');
    if (version !== 'kms1' || !encryptedKey || !iv || !tag || ciphertext === undefined) throw new Error('secret box: unknown format');
    const tagBytes = Buffer.from(tag, 'base64url');
    // GCM would check a shorter tag against its first bytes only: the full 16 or nothing (docs/decisions.md).
    if (tagBytes.length !== TAG_BYTES) throw new Error('secret box: bad tag length');
    const dataKey = await kms.send(
      new DecryptCommand({ CiphertextBlob: Buffer.from(encryptedKey, 'base64url'), EncryptionContext: { ...context } }),
    );
    const key = Buffer.from(dataKey.Plaintext as Uint8Array);
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
    decipher.setAuthTag(tagBytes);
    const plaintext = Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    key.fill(0);
    return plaintext;
  }
}
