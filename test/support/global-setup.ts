import { startDynamoDbLocal } from '../../local/dynamodb-local';

/** One in-memory DynamoDB Local for the whole run; workers inherit its endpoint. */
export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  const engine = await startDynamoDbLocal();
  process.env.DYNAMODB_ENDPOINT = engine.endpoint;
  process.env.TEST_ENGINE_START_MS = String(Date.now() - started);
  (globalThis as { __dynamoDbLocal?: typeof engine }).__dynamoDbLocal = engine;
}
