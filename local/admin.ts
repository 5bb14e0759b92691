/**
 * The operators' command: `npm run -s admin -- <resource> <action> [--flags]`, JSON out.
 * It talks to the same store as `npm start` (DATA_DIR), or to DynamoDB in AWS when
 * TABLE_NAME is set without DATA_DIR.
 */
import { resolve, join } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureTable, startDynamoDbLocal, type DynamoDbLocal } from './dynamodb-local';
import { findRunningEngine } from './engine-file';

const USAGE = `usage:
  admin accounts create --name N [--plan free|pro] [--monthly-limit N]
  admin keys create --account ID --name N
  admin keys list --account ID
  admin keys delete --account ID --key ID`;

class UsageError extends Error {}

function required(values: Record<string, string | undefined>, name: string): string {
  const value = values[name];
  if (!value) throw new UsageError(`missing --${name}`);
  return value;
}

async function run(resource: string | undefined, action: string | undefined, values: Record<string, string | undefined>): Promise<unknown> {
  const { isPlan } = await import('#shared/domain/plans');
  const { parseId } = await import('#shared/domain/ids');
  const { createAccount } = await import('#shared/use-cases/accounts');
  const { createApiKey, listAccountApiKeys, deleteAccountApiKey } = await import('#shared/use-cases/keys');
  const { getAccount } = await import('#shared/store/accounts');
  const accountOf = async () => {
    const id = parseId(required(values, 'account'));
    if (!(await getAccount(id))) throw new UsageError(`no account ${id}`);
    return id;
  };
  switch (`${resource} ${action}`) {
    case 'accounts create': {
      const plan = values.plan ?? 'free';
      if (!isPlan(plan)) throw new UsageError('--plan must be free or pro');
      const limit = values['monthly-limit'] === undefined ? null : Number(values['monthly-limit']);
      if (limit !== null && (!Number.isInteger(limit) || limit < 0)) throw new UsageError('--monthly-limit must be a whole number');
      const { account, apiKey } = await createAccount({ name: required(values, 'name'), plan, monthlyLimit: limit });
      return { account, api_key: apiKey };
    }
    case 'keys create': {
      const { key, apiKey } = await createApiKey(await accountOf(), required(values, 'name'));
      return { key, api_key: apiKey };
    }
    case 'keys list':
      return { keys: await listAccountApiKeys(await accountOf()) };
    case 'keys delete': {
      await deleteAccountApiKey(await accountOf(), parseId(required(values, 'key')));
      return { deleted: true };
    }
    default:
      throw new UsageError(`unknown command: ${[resource, action].filter(Boolean).join(' ') || '(none)'}`);
  }
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      plan: { type: 'string' },
      'monthly-limit': { type: 'string' },
      account: { type: 'string' },
      key: { type: 'string' },
    },
  });
  let engine: DynamoDbLocal | undefined;
  const useAws = process.env.TABLE_NAME && !process.env.DATA_DIR;
  try {
    if (!useAws) {
      const dataDir = resolve(process.env.DATA_DIR || '.data');
      process.env.DATA_DIR = dataDir;
      process.env.TABLE_NAME ||= 'social-posting';
      let endpoint = await findRunningEngine(dataDir);
      if (!endpoint) {
        engine = await startDynamoDbLocal({ dataDir: join(dataDir, 'dynamodb') });
        endpoint = engine.endpoint;
      }
      process.env.DYNAMODB_ENDPOINT = endpoint;
      await ensureTable(endpoint, process.env.TABLE_NAME);
    }
    const output = await run(positionals[0], positionals[1], values);
    process.stdout.write(`${JSON.stringify(output, null, 2)}\n`);
    return 0;
  } catch (error) {
    const message = error instanceof UsageError ? `${error.message}\n${USAGE}` : (error as Error).message;
    process.stderr.write(`${JSON.stringify({ error: message })}\n`);
    return error instanceof UsageError ? 2 : 1;
  } finally {
    await engine?.stop();
  }
}

main().then((code) => process.exit(code));
