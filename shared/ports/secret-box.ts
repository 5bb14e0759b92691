/**
 * The secret box port: seals platform credentials (app passwords, sessions, OAuth tokens) and
 * webhook signing secrets before they reach the table, bound to the account and the profile or
 * webhook they belong to, so a ciphertext copied onto another item does not open. Locally
 * AES-256-GCM with a key file under DATA_DIR; in AWS, KMS envelope encryption.
 */
export type SecretContext =
  | { account_id: string; profile_id: string }
  | { account_id: string; webhook_id: string }
  // An API key's value, sealed only in the idempotency record of its creation (docs/decisions.md).
  | { account_id: string; api_key_id: string };

export interface SecretBox {
  seal(plaintext: string, context: SecretContext): Promise<string>;
  open(ciphertext: string, context: SecretContext): Promise<string>;
}
