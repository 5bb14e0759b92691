import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startDynamoDbLocal, type DynamoDbLocal } from '../../local/dynamodb-local';
import { ensureTable } from '../../local/local-table';
import { startFakeLinkedIn, type FakeLinkedIn } from '../fakes/fake-linkedin';
import { startPlatformFaultProxy, type PlatformFaultProxy } from '../faults/platform-faults';
import { startTestPds, type TestPds, type TestUser } from '../support/pds';
import { seededRandom } from '../support/seeded-random';
import { openAuthorizationUrl } from '../support/linkedin-browser';

/**
 * The soak of issue 18: the local service in a child process (test/soak/soak-service.ts) under
 * injected faults (a share of its DynamoDB calls, of its PDS calls, and of the calls through the
 * LinkedIn proxy), SIGKILLed and started again at random moments, its DynamoDB Local stopped and
 * started again under load, while accounts create immediate and scheduled posts for both
 * platforms as a careful client does (same idempotency-key on every repeat, the next_available
 * time after a spacing refusal). Afterwards it counts what a user would: posts lost, copies on
 * the platforms, monthly counters, LinkedIn spacing, lateness.
 */
export interface SoakOptions {
  accounts: number;
  postsPerAccount: number;
  kills: number;
  storeRestarts: number;
  storeFaultRate: number;
  platformFaultRate: number;
  /** Scheduled posts fall within this many seconds of the start of the load. */
  windowSeconds: number;
  seed: number;
  log?: (line: string) => void;
}

export interface SoakReport {
  options: Omit<SoakOptions, 'log'>;
  durationSeconds: number;
  requests: { total: number; byStatus: Record<string, number>; networkErrors: number };
  faults: { store: Record<string, number>; bluesky: Record<string, number>; linkedin: Record<string, number> };
  kills: number;
  storeRestarts: number;
  posts: { created: number; byStatus: Record<string, number>; failedByCode: Record<string, number> };
  lost: string[];
  duplicates: string[];
  /** Published parts the platform does not hold. */
  missing: string[];
  /** A failed part the platform holds although its code does not allow for it (only PLATFORM_OUTCOME_UNKNOWN may). */
  unexplainedCopies: string[];
  counterMismatches: string[];
  spacingViolations: string[];
  unexpectedResponses: string[];
  /** One GET /usage made while DynamoDB Local was stopped, per stop: its status, error code and retry-after. */
  outageProbes: { status: number; error?: string; retryAfter: string | null; stackTrace: boolean }[];
  /** The service's error log lines (the first 50). */
  serviceErrors: string[];
  lateness: { p50Ms: number; p99Ms: number; maxMs: number };
}

const root = resolve(__dirname, '../..');
const tsx = join(root, 'node_modules/.bin/tsx');
const FINAL = new Set(['published', 'failed', 'partially_published']);
const CLEAR_CODES = new Set([
  'PLATFORM_UNAVAILABLE',
  'PLATFORM_OUTCOME_UNKNOWN',
  'PLATFORM_REJECTED',
  'PLATFORM_AUTH_EXPIRED',
  'PROFILE_DISCONNECTED',
]);
const PLATFORM_MIX = [['bluesky', 'linkedin'], ['bluesky'], ['linkedin'], ['bluesky'], ['bluesky']];
/** Scheduled posts are at least this far ahead: the one-minute floor of docs/api.md, "Posts", with room for the repeats a kill costs. */
const SCHEDULE_LEAD_SECONDS = 65;
const sleep = (ms: number) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms));

interface Account {
  accountId: string;
  apiKey: string;
  index: number;
  blueskyUser?: TestUser;
  member: string;
}
interface CreatedPost {
  id: string;
  token: string;
  platforms: string[];
  postTime: number;
  account: Account;
}
interface Response {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const log = options.log ?? (() => undefined);
  const random = seededRandom(options.seed);
  const started = Date.now();
  const folder = mkdtempSync(join(tmpdir(), 'sps-soak-'));
  const tableName = 'soak';
  let engine: DynamoDbLocal | undefined;
  let pds: TestPds | undefined;
  let linkedin: FakeLinkedIn | undefined;
  let proxy: PlatformFaultProxy | undefined;
  let service: ServiceChild | undefined;
  const storeFaultTotals: Record<string, number> = {};
  const blueskyFaultTotals: Record<string, number> = {};
  const requests = { total: 0, byStatus: {} as Record<string, number>, networkErrors: 0 };
  const unexpected: string[] = [];
  let kills = 0;
  let storeRestarts = 0;
  const outageProbes: SoakReport['outageProbes'] = [];

  try {
    engine = await startDynamoDbLocal({ dataDir: join(folder, 'dynamodb') });
    const storePort = Number(new URL(engine.endpoint).port);
    await ensureTable(engine.endpoint, tableName);
    pds = await startTestPds();
    linkedin = await startFakeLinkedIn();
    proxy = await startPlatformFaultProxy(linkedin.apiBaseUrl, { rate: 0, random: seededRandom(options.seed + 7) });
    const baseEnv = {
      DATA_DIR: join(folder, 'service'),
      SOAK_DYNAMODB_ENDPOINT: engine.endpoint,
      TABLE_NAME: tableName,
      SOAK_SEED: String(options.seed),
      ...linkedin.settings(),
      LINKEDIN_API_BASE_URL: proxy.url,
      BLUESKY_SERVICE_URL: pds.url,
      BLUESKY_TIMEOUT_MS: '2000',
      LINKEDIN_TIMEOUT_MS: '2000',
      PUBLISH_RETRY_BASE_MS: '200',
      PUBLISH_RETRY_MAX_MS: '2000',
      PUBLISH_CLAIM_LEASE_MS: '30000',
      RATE_LIMIT_REQUESTS: '100000',
      LOG_LEVEL: 'ERROR',
    };
    const faultEnv = {
      STORE_FAULTS: JSON.stringify({ rate: options.storeFaultRate }),
      BLUESKY_FAULTS: JSON.stringify({ origin: pds.url, rate: options.platformFaultRate }),
    };
    const collectFaults = (child: ServiceChild) => {
      const counts = child.lastFaults();
      for (const [kind, n] of Object.entries(counts?.store ?? {})) storeFaultTotals[kind] = (storeFaultTotals[kind] ?? 0) + Number(n);
      for (const [kind, n] of Object.entries(counts?.bluesky?.injected ?? {}))
        blueskyFaultTotals[kind] = (blueskyFaultTotals[kind] ?? 0) + Number(n);
    };

    // Setup, without faults: the accounts, a PDS user per ten accounts, both profiles connected through the API.
    log(`setup: ${options.accounts} accounts`);
    service = await startService({ ...baseEnv, SOAK_CREATE_ACCOUNTS: String(options.accounts) });
    const keys = JSON.parse(readFileSync(join(folder, 'service', 'soak-accounts.json'), 'utf8')) as { accountId: string; apiKey: string }[];
    const accounts: Account[] = keys.map((key, index) => ({ ...key, index, member: `soak-member-${index}` }));
    const users: TestUser[] = [];
    for (let index = 0; index < Math.ceil(options.accounts / 10); index += 1) users.push(await pds.createUser(`soak${index}`));
    for (const account of accounts) {
      account.blueskyUser = users[account.index % users.length];
      await connectProfiles(service.baseUrl, account, linkedin);
    }
    await service.stop();

    // The load, under faults, kills and a store outage.
    let current = await startService({ ...baseEnv, ...faultEnv });
    service = current;
    proxy.setRate(options.platformFaultRate);
    const loadStart = Date.now();
    const loadSeconds = Math.max(10, options.windowSeconds / 2);
    let restarting: Promise<void> | undefined;
    const restart = async (kill: boolean) => {
      if (kill) {
        current.kill();
        kills += 1;
        log(`SIGKILL ${kills} at ${((Date.now() - loadStart) / 1000).toFixed(1)} s`);
      }
      await current.exited;
      collectFaults(current);
      for (;;) {
        try {
          current = await startService({ ...baseEnv, ...faultEnv });
          service = current;
          return;
        } catch (error) {
          // A start that met the faults (its recovery scan failed past every retry): start again.
          log(`service start failed, starting again: ${(error as Error).message.split('\n')[0]}`);
        }
      }
    };

    /** One API call as a careful client makes it: repeated (same headers) across 503s, 409 in-progress and a restarting service. */
    const call = async (
      account: Account,
      method: string,
      path: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ): Promise<Response> => {
      for (let attempt = 1; ; attempt += 1) {
        if (restarting) await restarting;
        requests.total += 1;
        try {
          const response = await fetch(`${current.baseUrl}${path}`, {
            method,
            headers: { 'x-api-key': account.apiKey, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
            body: body ? JSON.stringify(body) : undefined,
            signal: AbortSignal.timeout(15_000),
          });
          const text = await response.text();
          requests.byStatus[response.status] = (requests.byStatus[response.status] ?? 0) + 1;
          const json = text ? JSON.parse(text) : undefined;
          const retryable = response.status === 503 || (response.status === 409 && json?.error === 'IDEMPOTENCY_KEY_IN_PROGRESS');
          if (!retryable) {
            if (response.status >= 500) unexpected.push(`${method} ${path}: ${response.status} ${text.slice(0, 200)}`);
            return { status: response.status, json };
          }
        } catch {
          requests.networkErrors += 1; // the service was killed under the request: repeat it
        }
        if (attempt > 200) throw new Error(`${method} ${path} never succeeded`);
        await sleep(Math.min(200 * attempt, 2000));
      }
    };

    // Chaos: kills and store outages at random moments of the load and of the publishing after it.
    // Up to the middle of the scheduled posts' window: kills land under the load and under publishing.
    const chaosSpanMs = (loadSeconds + SCHEDULE_LEAD_SECONDS + options.windowSeconds / 2) * 1000;
    const chaos = (async () => {
      const moments = [
        ...Array.from({ length: options.kills }, () => ({ at: random() * chaosSpanMs, what: 'kill' as const })),
        ...Array.from({ length: options.storeRestarts }, () => ({ at: random() * chaosSpanMs, what: 'store' as const })),
      ].sort((a, b) => a.at - b.at);
      for (const moment of moments) {
        await sleep(Math.max(0, loadStart + moment.at - Date.now()));
        if (restarting) await restarting;
        if (moment.what === 'kill') {
          restarting = restart(true).finally(() => (restarting = undefined));
          await restarting;
        } else {
          log(`store stopped at ${((Date.now() - loadStart) / 1000).toFixed(1)} s`);
          await engine!.stop();
          // What a client meets while the store is down: one call, not repeated.
          outageProbes.push(await probe(current.baseUrl, accounts[0]));
          await sleep(2000 + random() * 2000);
          engine = await startDynamoDbLocal({ dataDir: join(folder, 'dynamodb'), port: storePort });
          storeRestarts += 1;
          log('store started again');
        }
      }
    })();

    const created: CreatedPost[] = [];
    const createPosts = async (account: Account) => {
      for (let index = 0; index < options.postsPerAccount; index += 1) {
        await sleep((random() * (loadSeconds * 1000)) / options.postsPerAccount);
        const token = `soak${options.seed}x${account.index}x${index}`;
        // Two of five posts go to LinkedIn: enough for the spacing rule to push some, few enough to stay minutes.
        const platforms = PLATFORM_MIX[index % PLATFORM_MIX.length];
        const scheduled = random() < 0.5;
        // At least a minute ahead (the floor of docs/api.md, "Posts"), with room for the repeats a kill costs.
        let scheduledFor = scheduled
          ? new Date(Date.now() + (SCHEDULE_LEAD_SECONDS + random() * options.windowSeconds) * 1000).toISOString()
          : undefined;
        for (let round = 1; ; round += 1) {
          const body = {
            content: `Soak post ${token} round ${round}`,
            platforms,
            ...(scheduledFor ? { scheduled_for: scheduledFor } : {}),
          };
          const response = await call(account, 'POST', '/posts', body, { 'idempotency-key': `${token}-${round}` });
          if (response.status === 201) {
            const post = response.json.post;
            created.push({
              id: post.id,
              token: `${token} round ${round}`,
              platforms,
              postTime: Date.parse(post.scheduled_for ?? post.created_at),
              account,
            });
            break;
          }
          if (response.status === 429 && response.json?.next_available && round < 20) {
            // The LinkedIn spacing rule: take the next time it offers (a client's obvious move).
            scheduledFor = new Date(
              Math.max(Date.parse(response.json.next_available), Date.now() + SCHEDULE_LEAD_SECONDS * 1000),
            ).toISOString();
            continue;
          }
          if (response.status === 400 && response.json?.error === 'INVALID_SCHEDULED_TIME' && scheduledFor && round < 20) {
            // Repeated for so long (a kill, a store outage) that its time came too near: a new time, a new request.
            scheduledFor = new Date(Date.now() + SCHEDULE_LEAD_SECONDS * 1000).toISOString();
            continue;
          }
          unexpected.push(`POST /posts ${token}: ${response.status} ${JSON.stringify(response.json).slice(0, 200)}`);
          break;
        }
      }
    };
    await Promise.all(accounts.map(createPosts));
    log(`load done: ${created.length} posts in ${((Date.now() - loadStart) / 1000).toFixed(1)} s`);
    await chaos;

    // Publishing finishes: every post final (a killed run's claims end after their 30 s lease).
    const lastPostTime = Math.max(...created.map((post) => post.postTime));
    const deadline = Math.max(Date.now(), lastPostTime) + 180_000;
    const finalPosts = new Map<string, any>(); // eslint-disable-line @typescript-eslint/no-explicit-any
    const lastSeen = new Map<string, any>(); // eslint-disable-line @typescript-eslint/no-explicit-any
    for (;;) {
      for (const account of accounts) {
        for (const post of await listAll(account, call)) {
          lastSeen.set(post.id, post);
          if (FINAL.has(post.status)) finalPosts.set(post.id, post);
        }
      }
      if (created.every((post) => finalPosts.has(post.id)) || Date.now() > deadline) break;
      await sleep(3000);
    }
    log(`published: ${finalPosts.size} of ${created.length} final`);

    // The counts a user would make.
    const lost = created
      .filter((post) => !finalPosts.has(post.id))
      .map((post) => {
        const seen = lastSeen.get(post.id);
        return `${post.id} (${post.token}, due ${new Date(post.postTime).toISOString()}): ${seen ? `${seen.status} ${JSON.stringify(seen.results)}` : 'not listed'}`;
      });
    const byStatus: Record<string, number> = {};
    const failedByCode: Record<string, number> = {};
    const latenessMs: number[] = [];
    for (const post of finalPosts.values()) {
      byStatus[post.status] = (byStatus[post.status] ?? 0) + 1;
      for (const result of Object.values(post.results) as {
        status: string;
        error: { code: string } | null;
        published_at: string | null;
      }[]) {
        if (result.status === 'failed') {
          failedByCode[result.error!.code] = (failedByCode[result.error!.code] ?? 0) + 1;
          if (!CLEAR_CODES.has(result.error!.code)) unexpected.push(`post ${post.id}: failed with ${result.error!.code}`);
        }
      }
      if (post.published_at) latenessMs.push(Date.parse(post.published_at) - Date.parse(post.scheduled_for ?? post.created_at));
    }

    const linkedinCopies = new Map<string, number>();
    for (const received of linkedin.createdPosts()) {
      const token = /Soak post (\S+ round \d+)/.exec(String(received.text ?? received.body?.commentary ?? ''))?.[1];
      if (token) linkedinCopies.set(token, (linkedinCopies.get(token) ?? 0) + 1);
    }
    const blueskyCopies = new Map<string, number>();
    for (const user of users) {
      for (const record of await pds.listPosts(user.did)) {
        const token = /Soak post (\S+ round \d+)/.exec(String(record.value.text ?? ''))?.[1];
        if (token) blueskyCopies.set(token, (blueskyCopies.get(token) ?? 0) + 1);
      }
    }
    const duplicates: string[] = [];
    const missing: string[] = [];
    const unexplainedCopies: string[] = [];
    for (const post of created) {
      const final = finalPosts.get(post.id);
      for (const platform of post.platforms) {
        const copies = (platform === 'linkedin' ? linkedinCopies : blueskyCopies).get(post.token) ?? 0;
        if (copies > 1) duplicates.push(`${platform} ${post.token}: ${copies} copies`);
        const result = final?.results[platform];
        if (result?.status === 'published' && copies !== 1) missing.push(`${platform} ${post.token}`);
        if (result?.status === 'failed' && copies > 0 && result.error.code !== 'PLATFORM_OUTCOME_UNKNOWN')
          unexplainedCopies.push(`${platform} ${post.token}: ${result.error.code}`);
      }
    }
    // Copies of posts the soak never heard of (created, answer lost, never repeated): none may exist.
    const known = new Set(created.map((post) => post.token));
    for (const token of [...linkedinCopies.keys(), ...blueskyCopies.keys()])
      if (!known.has(token)) duplicates.push(`${token}: on a platform, unknown to its account`);

    const counterMismatches: string[] = [];
    const spacingViolations: string[] = [];
    for (const account of accounts) {
      const usage = await call(account, 'GET', '/usage');
      const listed = await listAll(account, call);
      const mine = created.filter((post) => post.account === account);
      if (usage.json.usage.used !== mine.length || listed.length !== mine.length) {
        counterMismatches.push(`account ${account.index}: used ${usage.json.usage.used}, listed ${listed.length}, created ${mine.length}`);
      }
      // The rule of docs/api.md, "Limits": LinkedIn posts that are not `failed` (a failed post gave its slot back).
      const spaced = listed
        .filter((post) => post.platforms.includes('linkedin') && post.status !== 'failed')
        .map((post) => ({ post, at: Date.parse(post.scheduled_for ?? post.created_at) }))
        .sort((a, b) => a.at - b.at);
      for (let index = 1; index < spaced.length; index += 1) {
        const [earlier, later] = [spaced[index - 1], spaced[index]];
        if (later.at - earlier.at < 60_000) {
          const describe = ({ post }: typeof earlier) =>
            `${post.id} ${post.status} linkedin:${post.results.linkedin.status}${post.results.linkedin.error ? `/${post.results.linkedin.error.code}` : ''}`;
          spacingViolations.push(`account ${account.index}: ${later.at - earlier.at} ms apart (${describe(earlier)}; ${describe(later)})`);
        }
      }
    }

    await current.stop();
    collectFaults(current);
    latenessMs.sort((a, b) => a - b);
    const quantile = (q: number) => latenessMs[Math.min(latenessMs.length - 1, Math.floor(q * latenessMs.length))] ?? 0;
    const linkedinCounts = proxy.counts().injected;
    return {
      options: { ...options, log: undefined } as SoakReport['options'],
      durationSeconds: Math.round((Date.now() - started) / 1000),
      requests,
      faults: { store: storeFaultTotals, bluesky: blueskyFaultTotals, linkedin: { ...linkedinCounts } },
      kills,
      storeRestarts,
      posts: { created: created.length, byStatus, failedByCode },
      lost,
      duplicates,
      missing,
      unexplainedCopies,
      counterMismatches,
      spacingViolations,
      unexpectedResponses: unexpected,
      outageProbes,
      serviceErrors: serviceErrors.splice(0),
      lateness: { p50Ms: quantile(0.5), p99Ms: quantile(0.99), maxMs: latenessMs.at(-1) ?? 0 },
    };
  } finally {
    service?.kill();
    await service?.exited;
    await proxy?.stop();
    await linkedin?.stop();
    await pds?.stop();
    await engine?.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

async function probe(baseUrl: string, account: Account): Promise<SoakReport['outageProbes'][number]> {
  try {
    const response = await fetch(`${baseUrl}/usage`, { headers: { 'x-api-key': account.apiKey }, signal: AbortSignal.timeout(30_000) });
    const text = await response.text();
    const json = JSON.parse(text || '{}') as { error?: string };
    return {
      status: response.status,
      error: json.error,
      retryAfter: response.headers.get('retry-after'),
      stackTrace: /at .*\.[jt]s:\d+/.test(text),
    };
  } catch (error) {
    return { status: 0, error: (error as Error).message, retryAfter: null, stackTrace: false };
  }
}

async function listAll(account: Account, call: (account: Account, method: string, path: string) => Promise<Response>) {
  const posts: any[] = []; // eslint-disable-line @typescript-eslint/no-explicit-any
  let cursor: string | null = null;
  do {
    const page: Response = await call(account, 'GET', `/posts?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    posts.push(...page.json.posts);
    cursor = page.json.next_cursor;
  } while (cursor);
  return posts;
}

async function connectProfiles(baseUrl: string, account: Account, linkedin: FakeLinkedIn): Promise<void> {
  const headers = { 'x-api-key': account.apiKey, 'content-type': 'application/json' };
  const user = account.blueskyUser!;
  const bluesky = await fetch(`${baseUrl}/profiles/bluesky`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ handle: user.handle, app_password: user.appPassword }),
  });
  if (bluesky.status !== 201) throw new Error(`connecting Bluesky gave ${bluesky.status}: ${await bluesky.text()}`);
  const authorized = (await (await fetch(`${baseUrl}/profiles/linkedin/authorize`, { method: 'POST', headers })).json()) as {
    authorization_url: string;
  };
  const browser = await openAuthorizationUrl(baseUrl, authorized.authorization_url);
  const { callbackUrl } = linkedin.approve(browser.linkedInUrl, { sub: account.member, name: account.member });
  const callback = await fetch(`${baseUrl}/profiles/linkedin/callback${new URL(callbackUrl).search}`, {
    redirect: 'manual',
    headers: { cookie: browser.cookie },
  });
  if (callback.status !== 201) throw new Error(`connecting LinkedIn gave ${callback.status}: ${await callback.text()}`);
}

interface ServiceChild {
  baseUrl: string;
  exited: Promise<void>;
  kill(): void;
  stop(): Promise<void>;
  lastFaults(): { store?: Record<string, number>; bluesky?: { injected: Record<string, number> } | null } | undefined;
}

/** The service's own error log lines (the first 50), for the report: a 500 must say why. */
const serviceErrors: string[] = [];

/** Starts the soak service in its own process group (one SIGKILL takes tsx and node together). */
async function startService(env: Record<string, string>): Promise<ServiceChild> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, PORT: '0', ...env };
  delete childEnv.DYNAMODB_ENDPOINT;
  delete childEnv.PUBLIC_BASE_URL;
  const child: ChildProcess = spawn(tsx, ['test/soak/soak-service.ts'], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let tail = '';
  let faults: ReturnType<ServiceChild['lastFaults']>;
  let ready: ((baseUrl: string) => void) | undefined;
  const readyUrl = new Promise<string>((resolveReady) => (ready = resolveReady));
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      if (line.startsWith('FAULTS ')) faults = JSON.parse(line.slice(7));
      else if (line.startsWith('READY ')) ready?.(line.split(' ')[2]);
      else {
        tail = `${tail}${line.replace(/sk_\S+/g, 'sk_…')}\n`.slice(-4000);
        if (line.includes('"level":"ERROR"') && serviceErrors.length < 50)
          serviceErrors.push(line.replace(/sk_\S+/g, 'sk_…').slice(0, 2000));
      }
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => (tail = `${tail}${chunk.toString()}`.slice(-4000)));
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  const kill = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolveTimeout) => (timer = setTimeout(() => resolveTimeout('timeout'), 120_000)));
  const outcome = await Promise.race([readyUrl, exited.then(() => 'exited' as const), timeout]);
  clearTimeout(timer);
  if (outcome === 'exited' || outcome === 'timeout') {
    kill();
    throw new Error(`the soak service did not start (${outcome}):\n${tail}`);
  }
  return {
    baseUrl: outcome,
    exited,
    kill,
    stop: async () => {
      child.kill('SIGTERM');
      const forced = setTimeout(kill, 15_000);
      await exited;
      clearTimeout(forced);
    },
    lastFaults: () => faults,
  };
}

/** The soak's verdict: nothing lost, doubled, missing or unexplained, counters exact, spacing kept, no 5xx but 503. */
export function soakHeld(report: SoakReport): boolean {
  return [
    report.lost,
    report.duplicates,
    report.missing,
    report.unexplainedCopies,
    report.counterMismatches,
    report.spacingViolations,
    report.unexpectedResponses,
  ].every((list) => list.length === 0);
}
