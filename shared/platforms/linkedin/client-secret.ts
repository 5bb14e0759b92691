import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { config } from '#shared/config';

/**
 * The LinkedIn app's client secret: from Secrets Manager when LINKEDIN_CLIENT_SECRET_ARN is
 * set (in AWS, so the secret is in no environment variable or template), else from
 * LINKEDIN_CLIENT_SECRET (locally). Read once per cold start; a failed read is not cached,
 * so the next callback tries again.
 */
let cached: Promise<string> | undefined;

async function readFromSecretsManager(secretId: string): Promise<string> {
  const client = new SecretsManagerClient({ region: config.region });
  try {
    const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: secretId }));
    if (!SecretString) throw new Error('the LinkedIn client secret is empty');
    // The secret may be stored as the bare value or as JSON {"client_secret": "..."}.
    if (SecretString.trim().startsWith('{')) {
      const parsed = JSON.parse(SecretString) as { client_secret?: string; clientSecret?: string };
      const value = parsed.client_secret ?? parsed.clientSecret;
      if (!value) throw new Error('the LinkedIn client secret JSON has no client_secret field');
      return value;
    }
    return SecretString.trim();
  } finally {
    client.destroy();
  }
}

export function linkedinClientSecret(): Promise<string> {
  const arn = config.linkedin.clientSecretArn;
  if (!arn) return Promise.resolve(config.linkedin.clientSecret);
  cached ??= readFromSecretsManager(arn).catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}
