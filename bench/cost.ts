import type { ItemSizes } from './item-sizes';

/**
 * What one million posts cost on AWS (us-east-1 list prices as of 2025, on-demand, no free
 * tier), for the common case: one Bluesky post scheduled more than 14 minutes ahead (so it has a
 * release schedule), created without an idempotency key, published once. Every quantity is per post and shown, so the math can be redone.
 */
export const PRICES = {
  lambdaGbSecondArm: 0.0000133334,
  lambdaPerMillionRequests: 0.2,
  httpApiPerMillionRequests: 1.0,
  dynamoPerMillionWru: 0.625,
  dynamoPerMillionRru: 0.125,
  dynamoStorageGbMonth: 0.25,
  schedulerPerMillionInvocations: 1.0,
  sqsPerMillionRequests: 0.4,
  kmsPer10kRequests: 0.03,
  logsIngestPerGb: 0.5,
  xrayPerMillionTraces: 5.0,
};

export interface CostInputs {
  /** Billed duration of one create-post invocation (ms), memory in MB. */
  createPostMs: number;
  /** Billed release-function time per post, from the pipeline model (bench/pipeline). */
  releaseMs: number;
  /**
   * Billed publisher time per post, from the pipeline model: the real handler's store work plus the
   * platform's answer time (assumed, platformMs), and no waiting for the post's time.
   */
  publisherMs: number;
  platformMs: number;
  memoryMb: number;
  sizes: ItemSizes;
}

export interface CostLine {
  item: string;
  perPost: string;
  usdPerMillionPosts: number;
}

const kb = (bytes: number) => Math.ceil(bytes / 1024);
const rru = (bytes: number) => Math.ceil(bytes / 4096);

export interface CostEstimate {
  lines: CostLine[];
  totalPerMillion: number;
  storagePerMillionPerMonth: number;
  wru: number;
  rru: number;
  /** Write units each further started KB of post item adds (creation transaction + gsi1, the publisher's four writes + gsi1). */
  wruPerExtraKb: number;
}

export function estimateCost(input: CostInputs): CostEstimate {
  const { sizes } = input;
  const gb = input.memoryMb / 1024;
  const billedMs = (ms: number) => Math.max(1, Math.ceil(ms));
  const createMs = billedMs(input.createPostMs);
  const releaseMs = billedMs(input.releaseMs);
  const publishMs = billedMs(input.publisherMs);
  const post = kb(sizes.postCreated);
  const published = kb(Math.max(sizes.postCreated, sizes.postPublished));

  // Creation: BatchGetItem of 4 (strongly consistent, each item rounded to 4 KB).
  const createReads = rru(sizes.account) + rru(sizes.usageCounter) + rru(sizes.profileBluesky) + rru(sizes.profileLinkedin);
  // Key lookup + rate count in one UpdateItem on the key item (1) + transaction (2 × each item): post,
  // counter; + gsi1 copy of the post (standard write).
  const createWrites = kb(sizes.apiKeyLookup) + 2 * post + 2 * kb(sizes.usageCounter) + post;
  // Publisher: GetItem post (start; the final status is decided from the last result write), GetItem profile.
  const publishReads = rru(sizes.postPublished) + rru(sizes.profileBluesky);
  // claim post, claim platform, record result (+ their gsi1 copies), final status transaction (2×) + gsi1.
  // (A refreshed Bluesky session is saved onto the profile only when its access token has expired: not per post.)
  const publishWrites = 3 * (published + published) + 2 * published + published;
  const wru = createWrites + publishWrites;
  const reads = createReads + publishReads;

  const lambdaGbSeconds = gb * ((createMs + releaseMs + publishMs) / 1000);
  const logsBytesPerPost = 3 * 1024;
  const lines: CostLine[] = [
    { item: 'API Gateway HTTP API request (POST /posts)', perPost: '1 request', usdPerMillionPosts: PRICES.httpApiPerMillionRequests },
    {
      item: 'Lambda requests (create-post, release-post, publish-post)',
      perPost: '3 invocations',
      usdPerMillionPosts: 3 * PRICES.lambdaPerMillionRequests,
    },
    {
      item: `Lambda duration, arm64 ${input.memoryMb} MB (modelled: no function waits for the post time)`,
      perPost: `${createMs} ms + ${releaseMs} ms + ${publishMs} ms = ${lambdaGbSeconds.toFixed(5)} GB-s`,
      usdPerMillionPosts: lambdaGbSeconds * 1e6 * PRICES.lambdaGbSecondArm,
    },
    {
      item: 'DynamoDB write request units',
      perPost: `${createWrites} create + ${publishWrites} publish = ${wru} WRU`,
      usdPerMillionPosts: wru * PRICES.dynamoPerMillionWru,
    },
    {
      item: 'DynamoDB read request units',
      perPost: `${createReads} create + ${publishReads} publish = ${reads} RRU`,
      usdPerMillionPosts: reads * PRICES.dynamoPerMillionRru,
    },
    {
      item: 'EventBridge Scheduler invocation',
      perPost: '1 invocation (CreateSchedule calls are not billed)',
      usdPerMillionPosts: PRICES.schedulerPerMillionInvocations,
    },
    {
      item: 'SQS requests (publish queue)',
      perPost:
        "3 requests: SendMessage, the event source's receive and delete (shared by a batch; its idle polling is a few cents a month)",
      usdPerMillionPosts: 3 * PRICES.sqsPerMillionRequests,
    },
    {
      item: 'KMS Decrypt of the sealed Bluesky session',
      perPost: '1 request',
      usdPerMillionPosts: (1e6 / 10_000) * PRICES.kmsPer10kRequests,
    },
    {
      item: 'CloudWatch Logs ingestion (assumed 3 KB of log lines per post)',
      perPost: '3 KB',
      usdPerMillionPosts: ((logsBytesPerPost * 1e6) / 1024 ** 3) * PRICES.logsIngestPerGb,
    },
    {
      item: 'X-Ray traces (default sampling, assumed 5 % of 2 invocations)',
      perPost: '0.1 trace',
      usdPerMillionPosts: 0.1 * PRICES.xrayPerMillionTraces,
    },
  ];
  const totalPerMillion = lines.reduce((sum, line) => sum + line.usdPerMillionPosts, 0);
  // Kept posts: base item + gsi1 copy (projection ALL).
  const storagePerMillionPerMonth = ((2 * sizes.postPublished * 1e6) / 1024 ** 3) * PRICES.dynamoStorageGbMonth;
  const wruPerExtraKb = 2 + 1 + (3 * 2 + 2 + 1);
  return { lines, totalPerMillion, storagePerMillionPerMonth, wru, rru: reads, wruPerExtraKb };
}
