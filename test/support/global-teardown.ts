import type { DynamoDbLocal } from '../../local/dynamodb-local';

export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __dynamoDbLocal?: DynamoDbLocal }).__dynamoDbLocal?.stop();
}
