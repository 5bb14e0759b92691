import { CreateTableCommand, DeleteTableCommand, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { localClient } from '../../local/dynamodb-local';
import type { PhysicalResources } from './physical-resources';
import { resourcesOfType, type CfnTemplate } from './template';

/**
 * The template's table, made in the run's DynamoDB Local under the physical name this deployment
 * gives it: keys, attributes, indexes and TTL exactly as the template declares them (not as the
 * service's own table definition says, so a drift between the two shows here).
 */
export async function createTable(endpoint: string, template: CfnTemplate, physical: PhysicalResources): Promise<void> {
  const tables = resourcesOfType(template, 'AWS::DynamoDB::Table');
  if (tables.length !== 1) throw new Error(`expected one table, found ${tables.length}`);
  const [logicalId, { Properties: p = {} }] = tables[0];
  const client = localClient(endpoint);
  try {
    await client.send(
      new CreateTableCommand({
        TableName: physical.ref(logicalId),
        BillingMode: p.BillingMode,
        AttributeDefinitions: p.AttributeDefinitions,
        KeySchema: p.KeySchema,
        GlobalSecondaryIndexes: p.GlobalSecondaryIndexes,
      }),
    );
    if (p.TimeToLiveSpecification?.Enabled) {
      await client.send(
        new UpdateTimeToLiveCommand({ TableName: physical.ref(logicalId), TimeToLiveSpecification: p.TimeToLiveSpecification }),
      );
    }
  } finally {
    client.destroy();
  }
}

export async function dropTable(endpoint: string, tableName: string): Promise<void> {
  const client = localClient(endpoint);
  await client.send(new DeleteTableCommand({ TableName: tableName })).catch(() => undefined);
  client.destroy();
}
