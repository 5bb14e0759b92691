import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { config } from '#shared/config';

/**
 * The atproto OAuth client's private signing key (private_key_jwt: the service signs its client
 * assertions with it; the public half is served at /oauth/bluesky/jwks.json). A JWK with a `kid`,
 * from Secrets Manager when BLUESKY_OAUTH_PRIVATE_JWK_SECRET_ARN is set (in AWS, so the key is in no
 * environment variable or template), else from BLUESKY_OAUTH_PRIVATE_JWK; undefined when neither is
 * set (then the deployment cannot be a confidential client: docs/decisions/0291-bluesky-oauth-client-key-setting.md).
 * Read once per cold start; a failed read is not cached.
 */
let cached: Promise<string | undefined> | undefined;

async function readFromSecretsManager(secretId: string): Promise<string> {
  const client = new SecretsManagerClient({ region: config.region });
  try {
    const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
    if (!SecretString?.trim()) throw new Error('the Bluesky OAuth key secret is empty');
    return SecretString.trim();
  } finally {
    client.destroy();
  }
}

export function blueskyOAuthPrivateJwk(): Promise<string | undefined> {
  const arn = config.bluesky.oauthPrivateJwkSecretArn;
  if (!arn) return Promise.resolve(config.bluesky.oauthPrivateJwk);
  cached ??= readFromSecretsManager(arn).catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}
