import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';

describe('LinkedIn client secret from Secrets Manager', () => {
  const secretsManager = mockClient(SecretsManagerClient);
  let linkedinClientSecret: () => Promise<string>;

  beforeAll(async () => {
    // Prepare: config is read at module load, as in a Lambda cold start.
    process.env.LINKEDIN_CLIENT_SECRET_ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:linkedin-abc';
    process.env.LINKEDIN_CLIENT_SECRET = 'must-not-be-used';
    ({ linkedinClientSecret } = await import('#shared/platforms/linkedin/client-secret'));
  });
  afterAll(() => secretsManager.restore());

  it('reads the secret once per cold start, retrying only after a failed read', async () => {
    secretsManager
      .on(GetSecretValueCommand)
      .rejectsOnce(new Error('throttled'))
      .resolves({ SecretString: '{"client_secret":"from-secrets-manager"}' });

    await expect(linkedinClientSecret()).rejects.toThrow('throttled');
    const values = await Promise.all([linkedinClientSecret(), linkedinClientSecret(), linkedinClientSecret()]);

    expect(values).toEqual(['from-secrets-manager', 'from-secrets-manager', 'from-secrets-manager']);
    expect(secretsManager.commandCalls(GetSecretValueCommand)).toHaveLength(2);
    expect(secretsManager.commandCalls(GetSecretValueCommand)[0].args[0].input).toEqual({
      SecretId: process.env.LINKEDIN_CLIENT_SECRET_ARN,
    });
  });
});
