import type { Server } from 'node:http';
import { join } from 'node:path';
import { startDynamoDbLocal, type DynamoDbLocal } from './dynamodb-local';
import { ensureTable } from './local-table';
import { engineRecord, findRunningEngine, processAlive, recordRunningEngine, stopEngineByPid } from './engine-file';
import type { PublishQueue } from '#shared/ports/publish-queue';
import type { PostScheduler } from '#shared/ports/scheduler';
import { wirePorts, unwirePorts } from '#shared/ports/registry';

/** How often the series tick runs (clock-port time): a minute locally, 5 minutes in AWS (the Scheduler rate). */
const SERIES_TICK_EVERY_MS = 60_000;

export interface LocalStack {
  baseUrl: string;
  dynamoEndpoint: string;
  tableName: string;
  /** The demo account's key and dashboard login, only on the start that created the store. */
  demo?: { accountId: string; apiKey: string; email: string; password: string };
  stop(): Promise<void>;
}

export interface LocalStackOptions {
  dataDir: string;
  port: number;
  tableName?: string;
  /** An already running engine (tests share one); otherwise one is started under dataDir. */
  dynamoEndpoint?: string;
  createDemoAccount?: boolean;
  /** Replaces the local scheduler (tests that must not publish). */
  scheduler?: PostScheduler;
  log?: (line: string) => void;
}

/** The base URL this module put in PUBLIC_BASE_URL (replaced on a restart in the same process). */
let publicBaseUrlWeSet: string | undefined;

/**
 * The whole service on this machine: DynamoDB Local, the table, the demo account, the
 * local scheduler and the HTTP server. Settings are handed to the handlers through the
 * environment, exactly as Lambda hands them, before any handler module is loaded.
 */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const log = options.log ?? (() => undefined);
  const tableName = options.tableName ?? process.env.TABLE_NAME ?? 'social-posting';
  let engine: DynamoDbLocal | undefined;
  let forgetEngine = (): void => undefined;
  let endpoint = options.dynamoEndpoint;
  if (!endpoint) {
    const running = await findRunningEngine(options.dataDir);
    const previous = engineRecord(options.dataDir);
    if (running && processAlive(previous.pid)) {
      throw new Error(`Another instance is already running on ${options.dataDir}; stop it or set DATA_DIR`);
    }
    if (running) {
      // A previous start was killed (SIGKILL, OOM) and left its engine running: carry on with it.
      log(`DynamoDB Local left running by a stopped instance (pid ${previous.engine_pid ?? '?'}): using it`);
      engine = { endpoint: running, pid: previous.engine_pid, stop: () => stopEngineByPid(previous.engine_pid) };
    } else {
      engine = await startDynamoDbLocal({ dataDir: join(options.dataDir, 'dynamodb') });
    }
    endpoint = engine.endpoint;
    forgetEngine = recordRunningEngine(options.dataDir, endpoint, engine.pid);
    // Never leave a java process behind, whatever way this process ends.
    process.once('exit', () => {
      forgetEngine();
      void engine?.stop();
    });
  }
  // Local mode is said, never inferred: it is what lets webhooks and link cards reach loopback.
  process.env.SERVICE_RUNTIME = 'local';
  process.env.DYNAMODB_ENDPOINT = endpoint;
  process.env.TABLE_NAME = tableName;
  process.env.DATA_DIR = options.dataDir;
  process.env.PORT = String(options.port);

  let server: Server | undefined;
  let stopScheduler = async (): Promise<void> => undefined;
  let stopWebhooks = async (): Promise<void> => undefined;
  let stopMetrics = async (): Promise<void> => undefined;
  try {
    const created = (await ensureTable(endpoint, tableName)) === 'created';
    // Loaded now: the wiring reads the settings just handed over.
    const { wireLocalPorts } = await import('./wiring');
    wireLocalPorts();
    // Listen first: the handlers read PUBLIC_BASE_URL (the OAuth redirect URI) when their
    // modules load, and with port 0 the address is only known now. The server module itself
    // reads no settings.
    const { createLocalServer, listen } = await import('./server');
    server = createLocalServer();
    const baseUrl = await listen(server, options.port);
    if (!process.env.PUBLIC_BASE_URL || process.env.PUBLIC_BASE_URL === publicBaseUrlWeSet) {
      process.env.PUBLIC_BASE_URL = publicBaseUrlWeSet = baseUrl;
    }
    let demo: LocalStack['demo'];
    if (created && options.createDemoAccount !== false) {
      const { createAccount } = await import('#shared/use-cases/accounts');
      const { account, apiKey } = await createAccount({ name: 'Demo account', plan: 'free', keyName: 'demo' });
      // A generated password, printed once like the key: a fixed demo password would sign anyone in.
      const { setOwnerLogin } = await import('#shared/use-cases/dashboard-owner-logins');
      const { randomBytes } = await import('node:crypto');
      const password = randomBytes(12).toString('base64url');
      const { email } = await setOwnerLogin(account.id, 'demo@example.com', password);
      demo = { accountId: account.id, apiKey, email, password };
    }
    let localScheduler: { stop(): Promise<void> } | undefined;
    const given = options.scheduler;
    if (given) {
      wirePorts({ scheduler: () => given });
      if ('send' in given) wirePorts({ publishQueue: () => given as PostScheduler & PublishQueue });
    } else {
      const { LocalScheduler } = await import('./local-scheduler');
      const { invokePublisher } = await import('./publisher-invoker');
      const scheduler = new LocalScheduler(invokePublisher);
      // One in-process stand-in for EventBridge Scheduler and the publish queue.
      wirePorts({ scheduler: () => scheduler, publishQueue: () => scheduler });
      // The daily schedule of the expiring-token sweep.
      const { invokeExpirySweep } = await import('./webhook-invokers');
      scheduler.every(24 * 60 * 60_000, invokeExpirySweep);
      // The inbox's rate schedule: the collection round every 5 minutes of the clock port.
      const { INBOX_COLLECTION_RATE_MINUTES } = await import('#shared/api/manifest');
      const { invokeInboxCollector } = await import('./webhook-invokers');
      scheduler.every(INBOX_COLLECTION_RATE_MINUTES * 60_000, invokeInboxCollector);
      // The series tick's rate (docs/decisions/0263-series-advance-on-due-and-by-a-tick.md), on the clock port.
      const { invokeSeriesTick } = await import('./webhook-invokers');
      scheduler.every(SERIES_TICK_EVERY_MS, invokeSeriesTick);
      const recovered = await scheduler.start();
      if (recovered) log(`Local scheduler: ${recovered} post(s) awaiting publication found in the store`);
      localScheduler = scheduler;
    }
    stopScheduler = async () => {
      await localScheduler?.stop();
      unwirePorts('scheduler');
      unwirePorts('publishQueue');
    };
    stopWebhooks = await startWebhooks(log);
    stopMetrics = await startMetrics();
    // The LinkedIn-Version pin's standing, as a deployed function checks it on its first LinkedIn call
    // (imported here, not above: the configuration must be read after PUBLIC_BASE_URL is set).
    (await import('#shared/platforms/linkedin/version-guard')).checkLinkedInApiVersionOnce();
    log(`Social posting service listening on ${baseUrl} (DynamoDB Local at ${endpoint}, table ${tableName})`);
    if (demo) {
      log('');
      log('Created a demo account. Its API key and dashboard password are shown this once; keep them:');
      log(`  account: ${demo.accountId}`);
      log(`  api key: ${demo.apiKey}`);
      log(`  try:     curl -s ${baseUrl}/profiles -H "x-api-key: ${demo.apiKey}"`);
      log(`  dashboard: ${baseUrl}/dashboard/`);
      log(`  email:     ${demo.email}`);
      log(`  password:  ${demo.password}`);
      log('');
    }
    const runningServer = server;
    return {
      baseUrl,
      dynamoEndpoint: endpoint,
      tableName,
      demo,
      stop: async () => {
        runningServer.closeAllConnections();
        await new Promise<void>((resolve) => runningServer.close(() => resolve()));
        await stopScheduler();
        await stopWebhooks();
        await stopMetrics();
        forgetEngine();
        await engine?.stop();
      },
    };
  } catch (error) {
    server?.close();
    await stopScheduler();
    await stopWebhooks();
    await stopMetrics();
    forgetEngine();
    await engine?.stop();
    throw error;
  }
}

/**
 * The webhook pipeline in-process (local/webhook-runner.ts), in place of the table's stream and
 * the SQS webhook queue: events recorded while it runs are dispatched at once; those a stop (or
 * a crash) left undispatched, and attempts not yet made, are found in the store on start.
 */
async function startWebhooks(log: (line: string) => void): Promise<() => Promise<void>> {
  const { LocalWebhookRunner } = await import('./webhook-runner');
  const { invokeDispatcher, invokeDeliverer, loadWebhookFunctions } = await import('./webhook-invokers');
  // Loaded now, as Lambda keeps its functions warm, rather than by the first event.
  await loadWebhookFunctions();
  const { useWebhookEventFeed } = await import('#shared/ports/webhook-event-feed');
  const runner = new LocalWebhookRunner({ dispatch: invokeDispatcher, deliver: invokeDeliverer });
  wirePorts({ webhookQueue: () => runner });
  useWebhookEventFeed(runner.announce);
  const found = await runner.start();
  if (found.events || found.attempts)
    log(`Webhooks: ${found.events} event(s) to dispatch and ${found.attempts} attempt(s) to make found in the store`);
  return async () => {
    useWebhookEventFeed(undefined);
    await runner.stop();
    unwirePorts('webhookQueue');
  };
}

/** The metrics queue in-process (local/metrics-runner.ts), in place of SQS and the collections' schedules. */
async function startMetrics(): Promise<() => Promise<void>> {
  const { LocalMetricsRunner } = await import('./metrics-runner');
  const runner = new LocalMetricsRunner();
  wirePorts({ metricsQueue: () => runner });
  runner.start();
  return async () => {
    await runner.stop();
    unwirePorts('metricsQueue');
  };
}
