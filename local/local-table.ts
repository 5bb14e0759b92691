import { CreateTableCommand, DescribeTableCommand, ResourceNotFoundException, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { tableDefinition, TTL_ATTRIBUTE } from '#shared/store/table';
import { localClient } from './dynamodb-local';

/** Creates the single table (with its TTL attribute) unless it exists already. */
export async function ensureTable(endpoint: string, tableName: string): Promise<'created' | 'existing'> {
  const client = localClient(endpoint);
  try {
    try {
      await client.send(new DescribeTableCommand({ TableName: tableName }));
      return 'existing';
    } catch (error) {
      if (!(error instanceof ResourceNotFoundException)) throw error;
    }
    await client.send(new CreateTableCommand(tableDefinition(tableName)));
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
      }),
    );
    return 'created';
  } finally {
    client.destroy();
  }
}
