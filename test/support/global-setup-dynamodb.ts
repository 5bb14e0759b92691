import { startDynamoDbLocal, type DynamoDbLocal } from '../../local/dynamodb-local';
import commonSetup from './global-setup';

/**
 * The lanes that run the service against a store (integration, aws, browser, slow): what every
 * lane needs (./global-setup.ts), then one in-memory DynamoDB Local for the whole run; workers
 * inherit its endpoint and each test file makes its own table. Started once however many of
 * these lanes run together (jest runs a setup module once); ./global-teardown.ts stops it.
 */
export default async function globalSetup(): Promise<void> {
  commonSetup();
  const holder = globalThis as { __dynamoDbLocal?: DynamoDbLocal };
  if (holder.__dynamoDbLocal) return;
  const engine = await startDynamoDbLocal();
  process.env.DYNAMODB_ENDPOINT = engine.endpoint;
  holder.__dynamoDbLocal = engine;
}
