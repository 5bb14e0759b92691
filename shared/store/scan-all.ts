import { QueryCommand, ScanCommand, type QueryCommandInput, type ScanCommandInput } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './client';

/**
 * Every item of the table a filtered Scan finds, page after page. Only for the local start-up's
 * recovery (posts awaiting publication, undispatched webhook events, open deliveries): a Scan
 * reads the whole table and never belongs on a request path.
 */
export async function scanAll(input: Omit<ScanCommandInput, 'TableName' | 'ExclusiveStartKey'>): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new ScanCommand({ ...input, TableName: tableName, ExclusiveStartKey: cursor }));
    found.push(...(page.Items ?? []));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return found;
}

/** Every item a Query finds, page after page (for partitions whose whole content the caller needs). */
export async function queryAll(input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new QueryCommand({ ...input, TableName: tableName, ExclusiveStartKey: cursor }));
    found.push(...(page.Items ?? []));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return found;
}
