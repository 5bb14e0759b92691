import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '#shared/config';

/**
 * The one document client of the process, created at module load and reused by every
 * invocation. Locally it points at DynamoDB Local; in AWS it uses the default credential chain.
 */
function createDocumentClient(): DynamoDBDocumentClient {
  const client = new DynamoDBClient(
    config.dynamoEndpoint
      ? {
          endpoint: config.dynamoEndpoint,
          region: config.region,
          // DynamoDB Local accepts any credentials; fixed ones keep every client on one database.
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
          maxAttempts: 3,
        }
      : { region: config.region },
  );
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
}

export const db: DynamoDBDocumentClient = createDocumentClient();
export const tableName: string = config.tableName;
