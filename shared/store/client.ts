import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '#shared/config';

/**
 * A DynamoDB call that never answers (a socket left open by a store stopping under it) would hold
 * its request or publisher run until the function's own timeout: the SDK has none by default.
 * Single-digit milliseconds is the norm; 10 s is a dead call, failed as a TimeoutError and retried.
 * `throwOnRequestTimeout`: without it, this version of the SDK's HTTP handler only logs a warning
 * when the request timeout passes and keeps waiting.
 */
const REQUEST_TIMEOUTS = { connectionTimeout: 2000, requestTimeout: 10_000, throwOnRequestTimeout: true };

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
          requestHandler: { httpAgent: { maxSockets: 256 }, ...REQUEST_TIMEOUTS },
        }
      : { region: config.region, requestHandler: REQUEST_TIMEOUTS },
  );
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
}

export const db: DynamoDBDocumentClient = createDocumentClient();
export const tableName: string = config.tableName;
