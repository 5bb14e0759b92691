import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { AwsError, jsonAnswer, parseJsonBody, type AwsService } from './protocol';

const CONTENT_TYPE = 'application/x-amz-json-1.1';

/** The encryption context, canonical: the ciphertext is bound to it as KMS binds it (AAD). */
const canonical = (context: Record<string, string> | undefined): Buffer =>
  Buffer.from(JSON.stringify(Object.entries(context ?? {}).sort(([a], [b]) => a.localeCompare(b))));

/**
 * KMS for the template's keys: GenerateDataKey, Encrypt and Decrypt with the encryption context
 * bound to the ciphertext (a wrong context is InvalidCiphertextException, as in KMS). IAM is
 * checked on the key's ARN (its key policy with the role's policies); for Decrypt, on the key
 * that encrypted the blob.
 */
export function kmsService(keyArns: string[]): AwsService {
  const keys = new Map(keyArns.map((arn) => [arn, randomBytes(32)]));
  const keyArn = (keyId: string | undefined): string => {
    const found = [...keys.keys()].find((arn) => arn === keyId || arn.endsWith(`:key/${keyId}`));
    if (!found) throw new AwsError(400, 'NotFoundException', `Key '${keyId}' does not exist`);
    return found;
  };
  const seal = (arn: string, plaintext: Buffer, context: Record<string, string> | undefined): Buffer => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', keys.get(arn)!, iv);
    cipher.setAAD(canonical(context));
    const sealed = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return Buffer.from(
      JSON.stringify({ key: arn, iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: sealed.toString('base64') }),
    );
  };

  return async (call) => {
    const body = parseJsonBody<{
      KeyId?: string;
      KeySpec?: string;
      NumberOfBytes?: number;
      EncryptionContext?: Record<string, string>;
      Plaintext?: string;
      CiphertextBlob?: string;
    }>(call);
    switch (call.operation) {
      case 'GenerateDataKey': {
        const arn = keyArn(body.KeyId);
        await call.authorizeOperation(arn);
        const plaintext = randomBytes(body.NumberOfBytes ?? (body.KeySpec === 'AES_128' ? 16 : 32));
        return jsonAnswer(
          {
            KeyId: arn,
            Plaintext: plaintext.toString('base64'),
            CiphertextBlob: seal(arn, plaintext, body.EncryptionContext).toString('base64'),
          },
          CONTENT_TYPE,
        );
      }
      case 'Encrypt': {
        const arn = keyArn(body.KeyId);
        await call.authorizeOperation(arn);
        return jsonAnswer(
          { KeyId: arn, CiphertextBlob: seal(arn, Buffer.from(body.Plaintext ?? '', 'base64'), body.EncryptionContext).toString('base64') },
          CONTENT_TYPE,
        );
      }
      case 'Decrypt': {
        let blob: { key: string; iv: string; tag: string; data: string };
        try {
          blob = JSON.parse(Buffer.from(body.CiphertextBlob ?? '', 'base64').toString('utf8'));
        } catch {
          throw new AwsError(400, 'InvalidCiphertextException', 'The ciphertext is invalid');
        }
        const arn = keyArn(blob.key);
        if (body.KeyId && keyArn(body.KeyId) !== arn)
          throw new AwsError(
            400,
            'IncorrectKeyException',
            'The key ID in the request does not identify the key that encrypted the ciphertext',
          );
        await call.authorizeOperation(arn);
        try {
          const tag = Buffer.from(blob.tag, 'base64');
          if (tag.length !== 16) throw new Error('bad tag length');
          const decipher = createDecipheriv('aes-256-gcm', keys.get(arn)!, Buffer.from(blob.iv, 'base64'), { authTagLength: 16 });
          decipher.setAAD(canonical(body.EncryptionContext));
          decipher.setAuthTag(tag);
          const plaintext = Buffer.concat([decipher.update(Buffer.from(blob.data, 'base64')), decipher.final()]);
          return jsonAnswer(
            { KeyId: arn, Plaintext: plaintext.toString('base64'), EncryptionAlgorithm: 'SYMMETRIC_DEFAULT' },
            CONTENT_TYPE,
          );
        } catch {
          throw new AwsError(400, 'InvalidCiphertextException', 'The ciphertext or its encryption context does not match');
        }
      }
      case undefined:
      default:
        throw new AwsError(400, 'UnknownOperationException', `KMS ${call.operation} is not emulated here`);
    }
  };
}
