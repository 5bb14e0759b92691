import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

/**
 * The single table's shape. The CDK stack declares the same keys (lib/service-stack.ts);
 * the local launcher and the tests create it from this definition.
 */
export const TTL_ATTRIBUTE = 'expires_at_epoch';
export const GSI1 = 'gsi1';

export function tableDefinition(tableName: string): CreateTableCommandInput {
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: [
      { AttributeName: 'pk', AttributeType: 'S' },
      { AttributeName: 'sk', AttributeType: 'S' },
      { AttributeName: 'gsi1pk', AttributeType: 'S' },
      { AttributeName: 'gsi1sk', AttributeType: 'S' },
    ],
    KeySchema: [
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: [
      {
        IndexName: GSI1,
        KeySchema: [
          { AttributeName: 'gsi1pk', KeyType: 'HASH' },
          { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      },
    ],
  };
}

/** Seconds since the epoch, the unit DynamoDB's TTL attribute expects. */
export const toEpochSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);

/**
 * DynamoDB (and DynamoDB Local, which never deletes) may return items whose TTL has passed:
 * every read of an item with a TTL checks it in code.
 */
export function isExpired(item: { [TTL_ATTRIBUTE]?: number } | undefined, now: Date): boolean {
  return item?.[TTL_ATTRIBUTE] !== undefined && item[TTL_ATTRIBUTE] <= toEpochSeconds(now);
}
