/**
 * The operators' command: `npm run -s admin -- <resource> <action> [--flags]`, JSON out.
 * It talks to the same store as `npm start` (DATA_DIR), or to DynamoDB in AWS when
 * TABLE_NAME is set without DATA_DIR.
 */
import { resolve, join } from 'node:path';
import { parseArgs } from 'node:util';
import { startDynamoDbLocal, type DynamoDbLocal } from './dynamodb-local';
import { ensureTable } from './local-table';
import { findRunningEngine } from './engine-file';

const USAGE = `usage:
  admin accounts create --name N [--plan free|pro] [--monthly-limit N] [--email E --password-stdin]
  admin accounts set-password --account ID [--email E] --password-stdin   (--email gives a login to an account without one)
  admin keys create --account ID --name N
  admin keys list --account ID
  admin keys delete --account ID --key ID
  admin webhooks replay --account ID --webhook ID [--event ID] [--since ISO-TIME]   (deliveries that gave up: one more attempt each)
  admin webhooks redispatch [--before ISO-TIME]   (events never dispatched, recorded before the time: default a minute ago)`;

class UsageError extends Error {}

function required(values: Record<string, string | undefined>, name: string): string {
  const value = values[name];
  if (!value) throw new UsageError(`missing --${name}`);
  return value;
}

/** The owner's password, from standard input (never a flag: flags end up in shell history and `ps`). */
async function passwordFromStdin(values: Record<string, string | boolean | undefined>): Promise<string> {
  if (values['password-stdin'] !== true) throw new UsageError('missing --password-stdin (pipe the password in)');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

async function run(
  resource: string | undefined,
  action: string | undefined,
  flags: Record<string, string | boolean | undefined>,
): Promise<unknown> {
  const values = Object.fromEntries(Object.entries(flags).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
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
      const name = values.name ?? values.email;
      if (!name) throw new UsageError('missing --name');
      const { checkLoginAvailable, setOwnerLogin } = await import('#shared/use-cases/dashboard-owner-logins');
      const password = values.email === undefined ? undefined : await passwordFromStdin(flags);
      // Refuse a bad or taken login before the account exists, not after.
      if (password !== undefined) await checkLoginAvailable(values.email as string, password);
      const { account, apiKey } = await createAccount({ name, plan, monthlyLimit: limit });
      if (password === undefined) return { account, api_key: apiKey };
      const login = await setOwnerLogin(account.id, values.email as string, password);
      return { account: { ...account, owner_email: login.email }, api_key: apiKey };
    }
    case 'accounts set-password': {
      const { setOwnerLogin, changeOwnerPassword } = await import('#shared/use-cases/dashboard-owner-logins');
      const accountId = await accountOf();
      const password = await passwordFromStdin(flags);
      const account = await getAccount(accountId);
      if (!account?.owner_email) {
        if (!values.email) throw new UsageError('this account has no login yet: give --email to create one');
        return { login: await setOwnerLogin(accountId, values.email, password) };
      }
      return { login: await changeOwnerPassword(accountId, password) };
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
    case 'webhooks replay': {
      const { replayFailedDeliveries } = await import('#shared/use-cases/webhooks/replay');
      const since = values.since === undefined ? undefined : new Date(values.since);
      if (since && Number.isNaN(since.getTime())) throw new UsageError('--since must be an ISO 8601 time');
      const eventId = values.event === undefined ? undefined : parseId(values.event);
      return { replayed: await replayFailedDeliveries(await accountOf(), parseId(required(values, 'webhook')), { eventId, since }) };
    }
    case 'webhooks redispatch': {
      const { redispatchEvents } = await import('#shared/use-cases/webhooks/replay');
      const before = new Date(values.before ?? Date.now() - 60_000);
      if (Number.isNaN(before.getTime())) throw new UsageError('--before must be an ISO 8601 time');
      return { dispatched: await redispatchEvents(before) };
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
      email: { type: 'string' },
      'password-stdin': { type: 'boolean' },
      webhook: { type: 'string' },
      event: { type: 'string' },
      since: { type: 'string' },
      before: { type: 'string' },
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
      process.env.SERVICE_RUNTIME = 'local';
      process.env.DYNAMODB_ENDPOINT = endpoint;
      await ensureTable(endpoint, process.env.TABLE_NAME);
      // Replayed attempts are written pending; the running `npm start` finds them within a minute
      // (or at its next start). In AWS they go onto the webhook queue (WEBHOOK_QUEUE_URL).
      const { wireLocalPorts } = await import('./wiring');
      wireLocalPorts({ webhookQueue: () => ({ send: async () => undefined }) });
    } else {
      // Against a deployed stack: the same AWS implementations its functions use.
      await import('#shared/wiring/aws');
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

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // main() answers every failure itself; this is one in its finally (stopping DynamoDB Local)
    process.stderr.write(`${JSON.stringify({ error: (error as Error).message ?? String(error) })}\n`);
    process.exit(1);
  },
);
