import { config } from '#shared/config';

/**
 * The secret box port: seals platform credentials (app passwords, sessions, OAuth tokens) and
 * webhook signing secrets before they reach the table, bound to the account and the profile or
 * webhook they belong to, so a ciphertext copied onto another item does not open. Locally
 * AES-256-GCM with a key file under DATA_DIR; in AWS, KMS envelope encryption.
 */
export type SecretContext = { account_id: string; profile_id: string } | { account_id: string; webhook_id: string };

export interface SecretBox {
  seal(plaintext: string, context: SecretContext): Promise<string>;
  open(ciphertext: string, context: SecretContext): Promise<string>;
}

let instance: SecretBox | undefined;

/** The process's secret box, chosen once from the configuration. */
export async function secretBox(): Promise<SecretBox> {
  if (instance) return instance;
  const kmsKeyId = config.aws.kmsKeyId;
  if (config.local) {
    const { LocalSecretBox } = await import('./secret-box-local');
    instance = new LocalSecretBox(config.dataDir ?? '.data');
  } else {
    // In AWS a missing key is a deployment error: never fall back to a key file.
    if (!kmsKeyId) throw new Error('KMS_KEY_ID is not set');
    const { KmsSecretBox } = await import('./secret-box-kms');
    instance = new KmsSecretBox(kmsKeyId);
  }
  return instance;
}
