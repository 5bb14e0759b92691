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
          // Locally one process is every function at once (API, publisher, webhook deliverer): with the
          // SDK's default pool of 50 sockets, deliveries queued behind a burst of publisher calls
          // (100 posts due together: 7-8 s; with 256 sockets about 4 s on a busy 2-core machine).
          requestHandler: { httpAgent: { maxSockets: 256 } },
        }
      : { region: config.region },
  );
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
}

export const db: DynamoDBDocumentClient = createDocumentClient();
export const tableName: string = config.tableName;
