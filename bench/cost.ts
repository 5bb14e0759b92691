import type { ItemSizes } from './item-sizes';
import type { StackFacts } from './stack-facts';

/**
 * What posts cost on AWS, recounted from the real stack (docs/performance.md, "Cost"): memory,
 * architecture and tracing of each function read from the synthesized template; every request
 * a post makes, counted from the code (create-post, release, publisher, the webhook outbox write
 * and the dispatcher run it triggers even with no endpoint); Lambda time from the lateness model
 * (INIT included, billed since 1 August 2025); item sizes read back from DynamoDB Local.
 * us-east-1 list prices, on-demand, no free tier. The case counted: a Bluesky post, created
 * without an idempotency key, in the traffic mix of the model (20 % immediate, 20 % due within
 * 14 minutes, 60 % later through a release schedule), published once.
 */
export const PRICES = {
  lambdaGbSecondArm: 0.0000133334,
  lambdaPerMillionRequests: 0.2,
  /** Provisioned concurrency, arm64: x86 list price ($0.0000041667) less arm64's 20 %. */
  provisionedGbSecondArm: 0.0000033334,
  /** Duration on provisioned environments, arm64: x86 list price ($0.0000097222) less 20 %. */
  provisionedDurationGbSecondArm: 0.0000077778,
  httpApiPerMillionRequests: 1.0,
  dynamoPerMillionWru: 0.625,
  dynamoPerMillionRru: 0.125,
  dynamoStorageGbMonth: 0.25,
  schedulerPerMillionInvocations: 1.0,
  sqsPerMillionRequests: 0.4,
  kmsPer10kRequests: 0.03,
  logsIngestPerGb: 0.5,
  xrayPerMillionTraces: 5.0,
  alarmPerMonth: 0.1,
  dashboardPerMonth: 3.0,
};

const HOURS_PER_MONTH = 730;
const SECONDS_PER_MONTH = HOURS_PER_MONTH * 3600;
/** X-Ray's default sampling rule: the first request each second (reservoir 1/s), then 5 % of the rest. */
const XRAY_RESERVOIR_PER_SECOND = 1;
const XRAY_RATE = 0.05;
/** Lambda's own lines per invocation (START, END, REPORT with its X-Ray line), and INIT_START on a cold start (bytes). */
const PLATFORM_LOG_BYTES_PER_INVOCATION = 420;
const PLATFORM_LOG_BYTES_PER_INIT = 120;
/** The dispatcher's one line per event ("webhook event dispatched", no endpoint). */
const DISPATCHER_LOG_BYTES_PER_EVENT = 330;
/** With tracing active the event source's idle long polls: pollers × one 20 s receive each (the event source's 5 pollers). */
const IDLE_RECEIVES_PER_MONTH = 5 * (SECONDS_PER_MONTH / 20);

/** What the lateness model says one post costs the pipeline at one traffic shape (per post). */
export interface PipelineUse {
  /** Publisher ms billed per post on on-demand environments (INIT included) and on provisioned ones. */
  publisherMs: number;
  publisherProvisionedMs: number;
  publisherInvocations: number;
  publisherColdShare: number;
  releaseMs: number;
  releaseInvocations: number;
  releaseColdShare: number;
  sqsRequests: number;
}

export interface CostInputs {
  stack: StackFacts;
  sizes: ItemSizes & { webhookEvent: number };
  /** The real create-post handler, ms per request (in-process against DynamoDB Local). */
  createPostMs: number;
  /** INIT of a cold environment by function (ms at the function's memory). */
  initMs: { createPost: number; dispatcher: number };
  logBytesPerPost: { createPost: number; release: number; publisher: number };
  /** Warm (provisioned) publisher instances priced in. */
  warmInstances: number;
  /** The model's pipeline use per post, at the shape that stands for each volume. */
  use: { volume: number; shape: string; use: PipelineUse }[];
  /** Alarms and dashboards in the template (fixed per month). */
  alarms: number;
  dashboards: number;
}

export interface CostLine {
  item: string;
  perPost: string;
  /** USD per month at each volume. */
  usd: number[];
}

export interface CostTable {
  volumes: number[];
  shapes: string[];
  variable: CostLine[];
  fixed: CostLine[];
  totals: number[];
  perMillion: number[];
  fixedTotals: number[];
  storagePerMillionPerMonth: number;
}

const kb = (bytes: number) => Math.ceil(bytes / 1024);
const rru = (bytes: number) => Math.ceil(bytes / 4096);
const gb = (memoryMb: number) => memoryMb / 1024;

/** Traces X-Ray records a month for `invocations` spread evenly (Poisson per second) under the default rule. */
export function xrayTraces(invocationsPerMonth: number): number {
  const perSecond = invocationsPerMonth / SECONDS_PER_MONTH;
  const reservoir = XRAY_RESERVOIR_PER_SECOND * (1 - Math.exp(-perSecond));
  return SECONDS_PER_MONTH * (reservoir + XRAY_RATE * Math.max(0, perSecond - reservoir));
}

/** DynamoDB request units per post, counted from the code (see the notes under the cost table). */
export function requestUnits(sizes: CostInputs['sizes']): {
  createWru: number;
  publishWru: number;
  dispatchWru: number;
  createRru: number;
  publishRru: number;
  dispatchRru: number;
} {
  const post = kb(sizes.postCreated);
  const published = kb(Math.max(sizes.postCreated, sizes.postPublished));
  const event = kb(sizes.webhookEvent);
  return {
    // API-key lookup + rate count (UpdateItem on the key item); transaction: post put and counter update (2× each); the post's gsi1 copy.
    createWru: kb(sizes.apiKeyLookup) + 2 * post + 2 * kb(sizes.usageCounter) + post,
    // Claim post, claim platform, record result (each + its gsi1 copy); final status transaction: post update (2×) + gsi1 + the outbox event put (2×).
    publishWru: 3 * 2 * published + 2 * published + published + 2 * event,
    // The dispatcher marks the event dispatched in a one-item transaction (2×), even with no endpoint.
    dispatchWru: 2 * event,
    // BatchGetItem (strongly consistent) of account, usage counter and both profiles.
    createRru: rru(sizes.account) + rru(sizes.usageCounter) + rru(sizes.profileBluesky) + rru(sizes.profileLinkedin),
    // GetItem of the post and of the profile (strongly consistent).
    publishRru: rru(sizes.postPublished) + rru(sizes.profileBluesky),
    // Query of the account's webhooks (strongly consistent; none found still reads one unit).
    dispatchRru: 1,
  };
}

export function estimateCost(input: CostInputs): CostTable {
  const { stack, sizes } = input;
  const f = stack.functions;
  const units = requestUnits(sizes);
  const wru = units.createWru + units.publishWru + units.dispatchWru;
  const reads = units.createRru + units.publishRru + units.dispatchRru;
  const volumes = input.use.map((entry) => entry.volume);
  const each = (perPost: (use: PipelineUse) => number) => input.use.map(({ volume, use }) => perPost(use) * volume);
  const createMs = Math.max(1, Math.ceil(input.createPostMs));
  const dispatcherMs = 20;
  const lambdaSeconds = (use: PipelineUse) =>
    gb(f.createPost.memoryMb) * (createMs + use.publisherColdShare * input.initMs.createPost) +
    gb(f.release.memoryMb) * use.releaseMs +
    gb(f.publisher.memoryMb) * use.publisherMs +
    gb(f.dispatcher.memoryMb) * (dispatcherMs + use.publisherColdShare * input.initMs.dispatcher);
  const invocations = (use: PipelineUse) => 1 + use.releaseInvocations + use.publisherInvocations + 1;
  const logBytes = (use: PipelineUse) =>
    input.logBytesPerPost.createPost +
    use.releaseInvocations * input.logBytesPerPost.release +
    input.logBytesPerPost.publisher +
    DISPATCHER_LOG_BYTES_PER_EVENT +
    invocations(use) * PLATFORM_LOG_BYTES_PER_INVOCATION +
    (2 * use.publisherColdShare + use.releaseInvocations * use.releaseColdShare + use.publisherInvocations * use.publisherColdShare) *
      PLATFORM_LOG_BYTES_PER_INIT;
  const middle = input.use[Math.min(1, input.use.length - 1)]!.use;
  const tracing = [f.createPost, f.release, f.publisher, f.dispatcher].some((fn) => fn.tracing);
  const variable: CostLine[] = [
    { item: 'API Gateway HTTP API request (POST /posts)', perPost: '1 request', usd: each(() => PRICES.httpApiPerMillionRequests / 1e6) },
    {
      item: 'Lambda requests: create-post, release-post (release-path share), publish-post (every run, retries and duplicates included), dispatch-webhook-events',
      perPost: `${invocations(middle).toFixed(2)} invocations`,
      usd: each((use) => (invocations(use) * PRICES.lambdaPerMillionRequests) / 1e6),
    },
    {
      item: `Lambda duration on demand, ${f.publisher.architecture}: create-post ${f.createPost.memoryMb} MB, release ${f.release.memoryMb} MB, publisher ${f.publisher.memoryMb} MB, dispatcher ${f.dispatcher.memoryMb} MB; INIT of cold environments included`,
      perPost: `${createMs} + ${middle.releaseMs.toFixed(0)} + ${middle.publisherMs.toFixed(0)} + ${dispatcherMs} ms (model, steady shape)`,
      usd: each((use) => (lambdaSeconds(use) / 1000) * PRICES.lambdaGbSecondArm),
    },
    {
      item: 'Lambda duration on the warm (provisioned) publisher instances',
      perPost: `${middle.publisherProvisionedMs.toFixed(0)} ms (steady shape)`,
      usd: each((use) => ((gb(f.publisher.memoryMb) * use.publisherProvisionedMs) / 1000) * PRICES.provisionedDurationGbSecondArm),
    },
    {
      item: 'DynamoDB write request units (with the outbox event and its dispatch mark)',
      perPost: `${units.createWru} create + ${units.publishWru} publish + ${units.dispatchWru} dispatch = ${wru} WRU`,
      usd: each(() => (wru * PRICES.dynamoPerMillionWru) / 1e6),
    },
    {
      item: 'DynamoDB read request units',
      perPost: `${units.createRru} create + ${units.publishRru} publish + ${units.dispatchRru} dispatch = ${reads} RRU`,
      usd: each(() => (reads * PRICES.dynamoPerMillionRru) / 1e6),
    },
    {
      item: 'EventBridge Scheduler invocations (posts due later than 14 min)',
      perPost: `${middle.releaseInvocations.toFixed(2)} invocations`,
      usd: each((use) => (use.releaseInvocations * PRICES.schedulerPerMillionInvocations) / 1e6),
    },
    {
      item: 'SQS requests: send, receive (per batch), delete (per batch), change visibility (retries)',
      perPost: `${middle.sqsRequests.toFixed(2)} requests (model)`,
      usd: each((use) => (use.sqsRequests * PRICES.sqsPerMillionRequests) / 1e6),
    },
    { item: 'KMS Decrypt of the sealed Bluesky session', perPost: '1 request', usd: each(() => PRICES.kmsPer10kRequests / 10_000) },
    {
      item: 'CloudWatch Logs ingestion (the service’s lines at INFO, as logged in the calibration run, plus Lambda’s START/END/REPORT)',
      perPost: `${(logBytes(middle) / 1024).toFixed(1)} KB`,
      usd: each((use) => (logBytes(use) / 1024 ** 3) * PRICES.logsIngestPerGb),
    },
  ];
  variable.push({
    item: tracing ? 'X-Ray traces (tracing active; default rule: 1 request/s reservoir + 5 % of the rest)' : 'X-Ray (tracing off)',
    perPost: tracing ? `${invocations(middle).toFixed(2)} traced invocations, sampled` : '–',
    usd: input.use.map(({ volume, use }) => (tracing ? (xrayTraces(volume * invocations(use)) * PRICES.xrayPerMillionTraces) / 1e6 : 0)),
  });
  const warmMonthly = input.warmInstances * gb(f.publisher.memoryMb) * SECONDS_PER_MONTH * PRICES.provisionedGbSecondArm;
  const fixed: CostLine[] = [
    {
      item: `Warm publisher instances (provisioned concurrency): ${input.warmInstances} × ${f.publisher.memoryMb} MB × ${HOURS_PER_MONTH} h`,
      perPost: '',
      usd: volumes.map(() => warmMonthly),
    },
    {
      item: 'Publish queue: the event source’s idle long polls (5 pollers, one receive per 20 s each)',
      perPost: '',
      usd: volumes.map(() => (IDLE_RECEIVES_PER_MONTH * PRICES.sqsPerMillionRequests) / 1e6),
    },
    {
      item: `CloudWatch alarms (${input.alarms}) and dashboards (${input.dashboards}) in the template`,
      perPost: '',
      usd: volumes.map(() => input.alarms * PRICES.alarmPerMonth + input.dashboards * PRICES.dashboardPerMonth),
    },
  ];
  const sum = (lines: CostLine[], index: number) => lines.reduce((total, line) => total + line.usd[index]!, 0);
  const totals = volumes.map((_, index) => sum(variable, index) + sum(fixed, index));
  return {
    volumes,
    shapes: input.use.map((entry) => entry.shape),
    variable,
    fixed,
    totals,
    perMillion: volumes.map((volume, index) => (totals[index]! / volume) * 1e6),
    fixedTotals: volumes.map((_, index) => sum(fixed, index)),
    // Kept posts: base item + gsi1 copy (projection ALL); events expire after 30 days.
    storagePerMillionPerMonth: ((2 * sizes.postPublished * 1e6) / 1024 ** 3) * PRICES.dynamoStorageGbMonth,
  };
}
