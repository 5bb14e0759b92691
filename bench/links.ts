import { randomUUID } from 'node:crypto';
import { PRICES, xrayTraces } from './cost';
import { summarize, type LatencySummary } from './stats';
import { httpApiEvent, lambdaContext } from './synthetic-event';

/**
 * GET /l/{code} (docs/performance.md, "Tracked links"): the redirect handler called in-process as
 * Lambda calls it, against DynamoDB Local. A browser's request (the link read, then the click
 * counter's UpdateItem ADD) against a crawler's (the link read only): the difference is what
 * counting adds. Interleaved, so both see the same machine.
 */
export interface LinkFigures {
  counted: LatencySummary;
  notCounted: LatencySummary;
  /** The counter write alone (UpdateItem ADD), what counting adds to a redirect. */
  counterWrite: LatencySummary;
  /** Handler CPU per request (ms), both kinds averaged: the part that grows on a small Lambda. */
  cpuMsPerRequest: number;
  clicksCounted: number;
  clicksExpected: number;
}

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const CRAWLER = 'Mozilla/5.0 (compatible; Bluesky Cardyb/1.1; +mailto:support@bsky.app)';

export async function measureLinkRedirect(iterations: number): Promise<LinkFigures> {
  const { putTrackedLink } = await import('#shared/store/tracked-links');
  const { addClick, clicksOfPost } = await import('#shared/store/link-clicks');
  const { newLinkCode } = await import('#shared/domain/tracked-links');
  const { handler } = await import('../functions/follow-link/handler');
  const postId = randomUUID();
  const code = await putTrackedLink({
    code: newLinkCode(),
    account_id: randomUUID(),
    post_id: postId,
    platform: 'bluesky',
    original: 'https://example.com/page',
    target: 'https://example.com/page?utm_source=bluesky&utm_medium=social',
    created_at: new Date().toISOString(),
  });
  const call = async (userAgent: string): Promise<number> => {
    const event = httpApiEvent({ method: 'GET', path: `/l/${code}`, routeKey: 'GET /l/{code}', headers: { 'user-agent': userAgent } });
    event.pathParameters = { code };
    const begin = performance.now();
    const response = await handler(event, lambdaContext('follow-link'));
    const elapsed = performance.now() - begin;
    if (response.statusCode !== 302) throw new Error(`GET /l/{code} answered ${response.statusCode}`);
    return elapsed;
  };
  // Warm up: module loads, the SDK's connection, the JIT.
  for (let i = 0; i < 100; i += 1) await call(i % 2 ? BROWSER : CRAWLER);
  const counted: number[] = [];
  const notCounted: number[] = [];
  const cpuStart = process.cpuUsage();
  for (let i = 0; i < iterations; i += 1) {
    counted.push(await call(BROWSER));
    notCounted.push(await call(CRAWLER));
  }
  const cpu = process.cpuUsage(cpuStart);
  const counterWrite: number[] = [];
  const day = new Date().toISOString().slice(0, 10);
  const otherPost = randomUUID();
  for (let i = 0; i < iterations; i += 1) {
    const begin = performance.now();
    await addClick(otherPost, 'bluesky', day);
    counterWrite.push(performance.now() - begin);
  }
  const clicks = await clicksOfPost(postId);
  return {
    counted: summarize(counted),
    notCounted: summarize(notCounted),
    counterWrite: summarize(counterWrite),
    // The process's CPU includes the engine client's side only (DynamoDB Local is its own JVM).
    cpuMsPerRequest: (cpu.user + cpu.system) / 1000 / (iterations * 2),
    clicksCounted: clicks.bluesky ?? 0,
    clicksExpected: 50 + iterations,
  };
}

/**
 * What a million clicks cost on AWS (us-east-1 list prices, on-demand, as bench/cost.ts): API
 * Gateway's HTTP API request, the Lambda request and its duration at `memoryMb` (CPU scaled from
 * this machine to the function's share of a vCPU, plus the two DynamoDB round trips in the
 * region), one eventually consistent GetItem (0.5 RRU) and one UpdateItem (1 WRU), the log lines
 * and X-Ray's sampled traces at a million clicks a month.
 */
export interface ClickCost {
  lines: { item: string; perMillion: number; basis: string }[];
  total: number;
  billedMs: number;
}

/** Lambda's vCPU share at 1,769 MB is one vCPU; below, proportional. */
const FULL_VCPU_MB = 1769;
/** DynamoDB in-region round trips as AWS documents them ("single-digit milliseconds"): taken at 4 ms each. */
const DYNAMO_ROUND_TRIP_MS = 4;
/** One request line of the function (about 450 bytes of JSON) and Lambda's own START/END/REPORT lines. */
const LOG_BYTES_PER_CLICK = 450 + 420;

export function clickCost(figures: LinkFigures, memoryMb: number): ClickCost {
  const cpuMs = figures.cpuMsPerRequest * (FULL_VCPU_MB / memoryMb);
  const billedMs = Math.ceil(cpuMs + 2 * DYNAMO_ROUND_TRIP_MS);
  const million = 1_000_000;
  const lines = [
    { item: 'API Gateway HTTP API request', perMillion: PRICES.httpApiPerMillionRequests, basis: '1 request' },
    { item: 'Lambda requests', perMillion: PRICES.lambdaPerMillionRequests, basis: '1 invocation' },
    {
      item: 'Lambda duration',
      perMillion: (memoryMb / 1024) * (billedMs / 1000) * million * PRICES.lambdaGbSecondArm,
      basis: `${memoryMb} MB arm64 × ${billedMs} ms (CPU ${cpuMs.toFixed(1)} ms at ${memoryMb} MB + 2 × ${DYNAMO_ROUND_TRIP_MS} ms DynamoDB)`,
    },
    { item: 'DynamoDB read (GetItem, eventually consistent)', perMillion: 0.5 * PRICES.dynamoPerMillionRru, basis: '0.5 RRU' },
    { item: 'DynamoDB write (UpdateItem ADD)', perMillion: PRICES.dynamoPerMillionWru, basis: '1 WRU (item < 1 KB)' },
    {
      item: 'CloudWatch Logs ingestion',
      perMillion: (LOG_BYTES_PER_CLICK * million * PRICES.logsIngestPerGb) / 1024 ** 3,
      basis: `${LOG_BYTES_PER_CLICK} bytes`,
    },
    {
      item: 'X-Ray traces',
      perMillion: (xrayTraces(million) / million) * million * (PRICES.xrayPerMillionTraces / million),
      basis: 'default sampling at 1 M clicks a month',
    },
  ];
  return { lines, total: lines.reduce((sum, line) => sum + line.perMillion, 0), billedMs };
}
