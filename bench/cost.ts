import type { ItemSizes } from './item-sizes';
import type { StackFacts } from './stack-facts';

/**
 * What posts cost on AWS, recounted from the real stack (docs/performance.md, "Cost"): memory,
 * architecture and tracing of each function read from the synthesized template; every request
 * a post makes, counted from the code (create-post, release, publisher, its link card preparation,
 * metrics collection, session refreshes, media transfer; the outbox as measured in decision 0173:
 * no event for an account without endpoints) and the fixed monthly items of both stacks; Lambda time from the lateness model
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
  kmsKeyPerMonth: 1.0,
  secretPerMonth: 0.4,
  /** CloudWatch custom metric, per metric (name + dimension set) per month, first 10,000. */
  customMetricPerMonth: 0.3,
  s3PutPerThousand: 0.005,
  s3GetPerThousand: 0.0004,
  /** Data out to the internet (a platform's upload endpoint), per GB, first 10 TB a month (100 GB a month free not counted). */
  transferOutPerGb: 0.09,
};

const HOURS_PER_MONTH = 730;
const SECONDS_PER_MONTH = HOURS_PER_MONTH * 3600;
/** X-Ray's default sampling rule: the first request each second (reservoir 1/s), then 5 % of the rest. */
const XRAY_RESERVOIR_PER_SECOND = 1;
const XRAY_RATE = 0.05;
/** Lambda's own lines per invocation (START, END, REPORT with its X-Ray line), and INIT_START on a cold start (bytes). */
const PLATFORM_LOG_BYTES_PER_INVOCATION = 420;
const PLATFORM_LOG_BYTES_PER_INIT = 120;
/** With tracing active the event source's idle long polls: pollers × one 20 s receive each (the event source's 5 pollers). */
const IDLE_RECEIVES_PER_MONTH = 5 * (SECONDS_PER_MONTH / 20);

/**
 * The outbox as measured this round (docs/decisions/0173-a-lean-webhook-outbox.md, ConsumedCapacity on DynamoDB
 * Local in test/integration/webhooks-outbox-write-units.test.ts): one publish of a 280-character Bluesky post and
 * the webhook path after it. Without an endpoint no event is written, so no dispatcher runs.
 */
export const OUTBOX = { publishWruNoWebhooks: 13, publishWruOneEndpoint: 18, publishRru: 2, eventBytes: 648 };

/** Traffic mix of the model (bench/pipeline/lateness-model.ts): posts that are not immediate get a link-card preparation message. */
const SCHEDULED_SHARE = 0.8;
/** A preparation run: one GetItem of the post, nothing else for a post without a link (ms at the publisher's memory; upper figure). */
const PREPARATION_MS = 20;

/**
 * Metrics collection per published post (docs/performance.md, "Metrics collection"): three one-time schedules
 * (1 h, 24 h, 7 days) whose target is the metrics queue, the collector's run and its writes. A Bluesky post.
 */
export const COLLECTION = {
  schedules: 3,
  sqsRequests: 3.6,
  invocations: 3,
  msAt256Mb: 350,
  wru: 25,
  rru: 6,
  logBytes: 3 * 900,
};

/**
 * Bluesky session refreshes: the access token lives 2 hours, so a profile that publishes less often than that
 * refreshes on (almost) every publish: the renewed session sealed again (KMS GenerateDataKey) and the profile
 * item rewritten (2,103 bytes: 3 WRU). Counted on every publish: an upper figure at every volume, since the
 * share depends on how often each account posts, not on the volume.
 */
export const SESSION_REFRESH = { share: 1, kmsRequests: 1, wru: 3 };

/**
 * Custom metrics (EMF, shared/metrics.ts; each name × dimension set is a metric): PlatformPublished per platform (2),
 * PlatformFailed per platform × error code (2 × 5), PublishLateness (1), LinkedInVersionDaysLeft (1), and the
 * stage's Api429Responses metric filter (1). An upper figure: a failure metric costs only in hours it has data.
 */
export const CUSTOM_METRICS = 15;
/** The EMF lines a published post writes to CloudWatch Logs (PlatformPublished and PublishLateness, about 300 B each). */
const EMF_BYTES_PER_POST = 600;

/**
 * Media transfer, assumed: a quarter of the posts carry one image sent to one platform, about 1 MB once fitted
 * (Bluesky's blob limit is 1,000,000 bytes), uploaded by the client once (S3 PUT, ingress free), read once by
 * completion, its two variants written, one read by the publisher, and sent out to the platform over the internet.
 */
export const MEDIA = { imageShare: 0.25, imageBytes: 1_000_000, puts: 3, gets: 2 };

/** The stage throttle (lib/public-http-api.ts, STAGE_THROTTLE): 50 requests a second steady, bursts of 100. */
export const STAGE_THROTTLE = { rateLimit: 50, burstLimit: 100 };

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
  /** KMS keys, secrets and SQS event sources of both stacks (fixed per month). */
  kmsKeys: number;
  secrets: number;
  sqsEventSources: number;
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

/** DynamoDB request units per post: creation counted from the code, publication as measured (OUTBOX). */
export function requestUnits(sizes: CostInputs['sizes']): {
  createWru: number;
  publishWru: number;
  createRru: number;
  publishRru: number;
} {
  const post = kb(sizes.postCreated);
  return {
    // API-key lookup + rate count (UpdateItem on the key item); transaction: post put and counter update (2× each); the post's gsi1 copy.
    createWru: kb(sizes.apiKeyLookup) + 2 * post + 2 * kb(sizes.usageCounter) + post,
    // Claims, result, final status (and no outbox event: the account has no endpoint), as measured.
    publishWru: OUTBOX.publishWruNoWebhooks,
    // BatchGetItem (strongly consistent) of account, usage counter and both profiles.
    createRru: rru(sizes.account) + rru(sizes.usageCounter) + rru(sizes.profileBluesky) + rru(sizes.profileLinkedin),
    publishRru: OUTBOX.publishRru,
  };
}

export function estimateCost(input: CostInputs): CostTable {
  const { stack, sizes } = input;
  const f = stack.functions;
  const units = requestUnits(sizes);
  const wru = units.createWru + units.publishWru;
  const reads = units.createRru + units.publishRru;
  const volumes = input.use.map((entry) => entry.volume);
  const each = (perPost: (use: PipelineUse) => number) => input.use.map(({ volume, use }) => perPost(use) * volume);
  const createMs = Math.max(1, Math.ceil(input.createPostMs));
  const lambdaSeconds = (use: PipelineUse) =>
    gb(f.createPost.memoryMb) * (createMs + use.publisherColdShare * input.initMs.createPost) +
    gb(f.release.memoryMb) * use.releaseMs +
    gb(f.publisher.memoryMb) * use.publisherMs;
  const invocations = (use: PipelineUse) => 1 + use.releaseInvocations + use.publisherInvocations;
  const logBytes = (use: PipelineUse) =>
    input.logBytesPerPost.createPost +
    use.releaseInvocations * input.logBytesPerPost.release +
    input.logBytesPerPost.publisher +
    EMF_BYTES_PER_POST +
    invocations(use) * PLATFORM_LOG_BYTES_PER_INVOCATION +
    (use.publisherColdShare + use.releaseInvocations * use.releaseColdShare + use.publisherInvocations * use.publisherColdShare) *
      PLATFORM_LOG_BYTES_PER_INIT;
  const middle = input.use[Math.min(1, input.use.length - 1)]!.use;
  const tracing = [f.createPost, f.release, f.publisher].some((fn) => fn.tracing);
  const perMillion = (price: number) => price / 1e6;
  const variable: CostLine[] = [
    {
      item: 'API Gateway HTTP API request (POST /posts)',
      perPost: '1 request',
      usd: each(() => perMillion(PRICES.httpApiPerMillionRequests)),
    },
    {
      item: 'Lambda requests: create-post, release-post (release-path share), publish-post (every run, retries and duplicates included)',
      perPost: `${invocations(middle).toFixed(2)} invocations`,
      usd: each((use) => invocations(use) * perMillion(PRICES.lambdaPerMillionRequests)),
    },
    {
      item: `Lambda duration on demand, ${f.publisher.architecture}: create-post ${f.createPost.memoryMb} MB, release ${f.release.memoryMb} MB, publisher ${f.publisher.memoryMb} MB; INIT of cold environments included`,
      perPost: `${createMs} + ${middle.releaseMs.toFixed(0)} + ${middle.publisherMs.toFixed(0)} ms (model, steady shape)`,
      usd: each((use) => (lambdaSeconds(use) / 1000) * PRICES.lambdaGbSecondArm),
    },
    {
      item: 'Lambda duration on warm (provisioned) publisher instances (only when opted in)',
      perPost: input.warmInstances ? `${middle.publisherProvisionedMs.toFixed(0)} ms (steady shape)` : '– (default: none)',
      usd: each((use) => ((gb(f.publisher.memoryMb) * use.publisherProvisionedMs) / 1000) * PRICES.provisionedDurationGbSecondArm),
    },
    {
      item: 'DynamoDB write request units (an account without webhooks: no outbox event, decision 0173)',
      perPost: `${units.createWru} create + ${units.publishWru} publish = ${wru} WRU`,
      usd: each(() => wru * perMillion(PRICES.dynamoPerMillionWru)),
    },
    {
      item: 'DynamoDB read request units',
      perPost: `${units.createRru} create + ${units.publishRru} publish = ${reads} RRU`,
      usd: each(() => reads * perMillion(PRICES.dynamoPerMillionRru)),
    },
    {
      item: 'EventBridge Scheduler invocations (posts due later than 14 min)',
      perPost: `${middle.releaseInvocations.toFixed(2)} invocations`,
      usd: each((use) => use.releaseInvocations * perMillion(PRICES.schedulerPerMillionInvocations)),
    },
    {
      item: 'SQS requests: send, receive (per batch), delete (per batch), change visibility (retries)',
      perPost: `${middle.sqsRequests.toFixed(2)} requests (model)`,
      usd: each((use) => use.sqsRequests * perMillion(PRICES.sqsPerMillionRequests)),
    },
    {
      item: 'Link card preparation message (scheduled posts: send, receive, delete; a publisher run reading the post; upper figure, unbatched)',
      perPost: `${SCHEDULED_SHARE} × (3 SQS requests + 1 invocation of ${PREPARATION_MS} ms + 1 RRU)`,
      usd: each(
        () =>
          SCHEDULED_SHARE *
          (3 * perMillion(PRICES.sqsPerMillionRequests) +
            perMillion(PRICES.lambdaPerMillionRequests) +
            ((gb(f.publisher.memoryMb) * PREPARATION_MS) / 1000) * PRICES.lambdaGbSecondArm +
            perMillion(PRICES.dynamoPerMillionRru)),
      ),
    },
    { item: 'KMS Decrypt of the sealed Bluesky session', perPost: '1 request', usd: each(() => PRICES.kmsPer10kRequests / 10_000) },
    {
      item: 'Bluesky session refresh: the renewed session sealed again (KMS GenerateDataKey) and the profile rewritten (upper figure: every publish)',
      perPost: `${SESSION_REFRESH.share} × (${SESSION_REFRESH.kmsRequests} KMS request + ${SESSION_REFRESH.wru} WRU)`,
      usd: each(
        () =>
          SESSION_REFRESH.share *
          ((SESSION_REFRESH.kmsRequests * PRICES.kmsPer10kRequests) / 10_000 +
            SESSION_REFRESH.wru * perMillion(PRICES.dynamoPerMillionWru)),
      ),
    },
    {
      item: 'Metrics collection (1 h, 24 h, 7 days): Scheduler, SQS, the collector (256 MB × 0.35 s each), its writes and reads, logs',
      perPost: `${COLLECTION.schedules} schedules + ${COLLECTION.sqsRequests} SQS + ${COLLECTION.invocations} runs + ${COLLECTION.wru} WRU + ${COLLECTION.rru} RRU`,
      usd: each(
        () =>
          COLLECTION.schedules * perMillion(PRICES.schedulerPerMillionInvocations) +
          COLLECTION.sqsRequests * perMillion(PRICES.sqsPerMillionRequests) +
          COLLECTION.invocations * perMillion(PRICES.lambdaPerMillionRequests) +
          COLLECTION.invocations * gb(256) * (COLLECTION.msAt256Mb / 1000) * PRICES.lambdaGbSecondArm +
          COLLECTION.wru * perMillion(PRICES.dynamoPerMillionWru) +
          COLLECTION.rru * perMillion(PRICES.dynamoPerMillionRru) +
          (COLLECTION.logBytes / 1024 ** 3) * PRICES.logsIngestPerGb,
      ),
    },
    {
      item: `Media transfer (assumed: ${MEDIA.imageShare * 100} % of posts carry one ~1 MB image to one platform): S3 requests and data out to the platform`,
      perPost: `${MEDIA.imageShare} × (${MEDIA.puts} PUT + ${MEDIA.gets} GET + ${(MEDIA.imageBytes / 1e6).toFixed(1)} MB out)`,
      usd: each(
        () =>
          MEDIA.imageShare *
          ((MEDIA.puts * PRICES.s3PutPerThousand) / 1000 +
            (MEDIA.gets * PRICES.s3GetPerThousand) / 1000 +
            (MEDIA.imageBytes / 1024 ** 3) * PRICES.transferOutPerGb),
      ),
    },
    {
      item: 'CloudWatch Logs ingestion (the service’s lines at INFO, as logged in the calibration run, the EMF metric lines, Lambda’s START/END/REPORT)',
      perPost: `${(logBytes(middle) / 1024).toFixed(1)} KB`,
      usd: each((use) => (logBytes(use) / 1024 ** 3) * PRICES.logsIngestPerGb),
    },
  ];
  variable.push({
    item: tracing ? 'X-Ray traces (tracing active; default rule: 1 request/s reservoir + 5 % of the rest)' : 'X-Ray (tracing off)',
    perPost: tracing ? `${invocations(middle).toFixed(2)} traced invocations, sampled` : '–',
    usd: input.use.map(({ volume, use }) =>
      tracing ? xrayTraces(volume * invocations(use)) * perMillion(PRICES.xrayPerMillionTraces) : 0,
    ),
  });
  const warmMonthly = input.warmInstances * gb(f.publisher.memoryMb) * SECONDS_PER_MONTH * PRICES.provisionedGbSecondArm;
  const fixed: CostLine[] = [
    {
      item: `Warm publisher instances (provisioned concurrency, opt-in, decision 0186): ${input.warmInstances} × ${f.publisher.memoryMb} MB × ${HOURS_PER_MONTH} h (one instance: $${(gb(f.publisher.memoryMb) * SECONDS_PER_MONTH * PRICES.provisionedGbSecondArm).toFixed(2)})`,
      perPost: '',
      usd: volumes.map(() => warmMonthly),
    },
    {
      item: `Idle polling: ${input.sqsEventSources} SQS event sources (publish, webhook, metrics queues) × 5 pollers × one receive per 20 s`,
      perPost: '',
      usd: volumes.map(() => input.sqsEventSources * IDLE_RECEIVES_PER_MONTH * perMillion(PRICES.sqsPerMillionRequests)),
    },
    {
      item: `CloudWatch alarms (${input.alarms}, counted as one metric each) and dashboards (${input.dashboards}) in the template`,
      perPost: '',
      usd: volumes.map(() => input.alarms * PRICES.alarmPerMonth + input.dashboards * PRICES.dashboardPerMonth),
    },
    {
      item: `CloudWatch custom metrics (${CUSTOM_METRICS}, upper figure: every failure code seen each hour)`,
      perPost: '',
      usd: volumes.map(() => CUSTOM_METRICS * PRICES.customMetricPerMonth),
    },
    {
      item: `KMS keys (${input.kmsKeys}) and Secrets Manager secrets (${input.secrets})`,
      perPost: '',
      usd: volumes.map(() => input.kmsKeys * PRICES.kmsKeyPerMonth + input.secrets * PRICES.secretPerMonth),
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

/** What the stage throttle allows a month at most (POST /posts alone, no other request): the ceiling on every volume above. */
export function throttleCeiling(): { postsPerMonth: number; burst: number } {
  return { postsPerMonth: STAGE_THROTTLE.rateLimit * SECONDS_PER_MONTH, burst: STAGE_THROTTLE.burstLimit };
}
