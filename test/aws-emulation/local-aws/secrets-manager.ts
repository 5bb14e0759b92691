import { randomBytes, randomUUID } from 'node:crypto';
import { AwsError, jsonAnswer, parseJsonBody, type AwsService } from './protocol';

const CONTENT_TYPE = 'application/x-amz-json-1.1';

export interface SecretsStore {
  service: AwsService;
  /** What an operator does after the first deploy (README): puts the real value into the secret. */
  putValue(secretArn: string, value: string): void;
}

/**
 * Secrets Manager for the template's secrets: GetSecretValue by ARN or name, IAM checked on the
 * secret's ARN. Each secret starts with a generated value, as GenerateSecretString makes one.
 */
export function secretsManager(secretArns: string[]): SecretsStore {
  const values = new Map(secretArns.map((arn) => [arn, randomBytes(24).toString('base64url')]));
  const find = (secretId: string | undefined): string => {
    const name = (arn: string) => arn.split(':secret:')[1];
    const found = [...values.keys()].find(
      (arn) => arn === secretId || name(arn) === secretId || name(arn).replace(/-[A-Za-z0-9]{6}$/, '') === secretId,
    );
    if (!found) throw new AwsError(400, 'ResourceNotFoundException', "Secrets Manager can't find the specified secret.");
    return found;
  };
  return {
    putValue: (arn, value) => void values.set(find(arn), value),
    service: async (call) => {
      const body = parseJsonBody<{ SecretId?: string }>(call);
      if (call.operation !== 'GetSecretValue')
        throw new AwsError(400, 'UnknownOperationException', `Secrets Manager ${call.operation} is not emulated here`);
      const arn = find(body.SecretId);
      await call.authorizeOperation(arn);
      return jsonAnswer(
        {
          ARN: arn,
          Name: arn.split(':secret:')[1],
          SecretString: values.get(arn),
          VersionId: randomUUID(),
          VersionStages: ['AWSCURRENT'],
          CreatedDate: Date.now() / 1000,
        },
        CONTENT_TYPE,
      );
    },
  };
}
