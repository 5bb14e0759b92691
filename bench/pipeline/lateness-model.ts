import { MAX_QUEUE_DELAY_SECONDS, DIRECT_QUEUE_HORIZON_MS, releaseScheduleTime } from '#shared/domain/publish-timing';
import { seededRandom } from '../../test/support/seeded-random';

/**
 * The lateness model of the AWS publishing path (docs/performance.md, "AWS publishing path"): a
 * discrete-event simulation, in virtual time, of EventBridge Scheduler → release function → SQS
 * publish queue → Lambda event source → publisher execution environments. Nothing in it is a
 * finding about AWS: the platform's behaviour is stated (ASSUMPTIONS, with sources in
 * docs/decisions.md), and the publisher's own time comes from the real handler run against
 * DynamoDB Local (bench/pipeline/handler-calibration.ts), sampled here.
 *
 * Lateness of a post = the instant its first platform call starts − its due instant. Each record
 * of a batch has its own clock (records run concurrently, Promise.all): a batch-mate's platform
 * call never adds to another record's lateness. Deterministic: every random draw comes from the seed.
 */

/** What the model takes as given about AWS, stated once (the report prints them). */
export const ASSUMPTIONS = {
  /** Event source: "starts processing five batches at a time with five concurrent invocations" (Lambda developer guide, SQS scaling). */
  initialPollers: 5,
  /** "... increases the number of processes that are reading batches by up to 300 more instances per minute" (same page). */
  pollerScaleUpPerMinute: 300,
  /** Pollers go back to the initial count after this long without a waiting message (not documented; stated). */
  pollerScaleDownAfterMs: 60_000,
  /** A message that becomes visible reaches an idle long-polling poller after this long (uniform; not documented, stated). */
  pickupMs: [10, 100] as const,
  /** An idle execution environment is reclaimed after an idle time drawn uniformly from this range (not documented; commonly observed 5-15 min). */
  idleLifetimeMs: [5 * 60_000, 15 * 60_000] as const,
  /**
   * The Lambda runtime's own INIT before the handler module loads (Node.js managed runtime, a
   * "hello world" function: 100-150 ms reported in public cold-start measurements).
   */
  runtimeInitMs: 130,
  /** Lambda gives a function CPU in proportion to its memory: one full vCPU at 1,769 MB (Lambda developer guide, "Memory and computing power"). */
  fullCpuMemoryMb: 1769,
  /** First run of a fresh environment: TLS connections to DynamoDB and KMS, credentials (stated). */
  firstRunSetupMs: 60,
  /** create-post's work between the post's creation instant and its SendMessage (an immediate or near post; stated). */
  createToSendMs: 30,
  /** EventBridge Scheduler fires a one-time schedule anywhere within the minute it names (documented 60 s precision). */
  schedulerWindowMs: 60_000,
  /** How long Bluesky takes to answer a publish (assumed, as the rest of the bench). */
  platformMs: 500,
  /** Share of record attempts whose run fails before the platform call (a transient store or platform failure beyond the in-run retries). */
  failureRate: 0.002,
  /** Share of messages SQS delivers a second time (at-least-once delivery). */
  duplicateRate: 0.001,
  /** A duplicate copy becomes visible within this long after the first copy is received (uniform; stated). */
  duplicateSpreadMs: 30_000,
  /** Retry policy under test: a failed record is visible again after 2, 4, 8, 16 s by receive count 1..4 (ChangeMessageVisibility). */
  retryDelaysMs: [2000, 4000, 8000, 16_000] as const,
  /** maxReceiveCount: the 5th failure goes to the dead-letter queue. */
  maxReceiveCount: 5,
  /** A record held by another run's platform claim comes back at the lease end + 1 s. */
  claimLeaseMs: 5 * 60_000,
  batchSize: 10,
};

export interface Variant {
  name: string;
  /** Provisioned-concurrency instances of the publisher (the `live` alias the event source targets). */
  warm: number;
  memoryMb: number;
  /** The event source's maximum concurrency. */
  maxConcurrency: number;
  /**
   * Seconds the queue hands a post over ahead of its time: 0 = DelaySeconds rounded up (the
   * code before issue 27, delivered up to 1 s late); n > 0 = rounded down, n − 1 further seconds early,
   * and the publisher waits out the rest (at most n s) before its claim.
   */
  earlySeconds: number;
}

/** What the real publisher took, measured against DynamoDB Local (ms samples). */
export interface HandlerTimes {
  /** Invocation start → the record's first platform call, post due at the start (no wait). */
  preCallMs: number[];
  /** The record's post-wait part: the end of its in-function wait → its first platform call. */
  afterWaitMs: number[];
  /** The record's platform answer → the end of its work (result, final status with the outbox write). */
  afterCallMs: number[];
  /** A failed run's time until it reports the failure. */
  failedRunMs: number[];
  /** The release handler's run (ms). */
  releaseMs: number[];
}

export interface Bundle {
  /** CPU time to require() the bundle in a fresh node on this machine (ms). */
  loadCpuMs: number;
}

export type PostKind = 'immediate' | 'direct' | 'release';
export interface ShapePost {
  due: number;
  created: number;
  kind: PostKind;
}
export interface Shape {
  name: string;
  description: string;
  posts: ShapePost[];
  /** Length of the traffic the shape stands for (for per-month scaling of fixed costs). */
  spanMs: number;
}

export interface ShapeFigures {
  shape: string;
  variant: string;
  posts: number;
  published: number;
  lateness: { p50: number; p99: number; max: number };
  invocations: number;
  coldStarts: number;
  /** Share of invocations that paid an INIT. */
  coldShare: number;
  /** Share of posts whose first platform call came from a cold invocation. */
  coldPostShare: number;
  duplicatesDelivered: number;
  /** Duplicate copies that found their post held by a run in flight (returned at lease end + 1 s) or already final. */
  duplicatesHeld: number;
  duplicatesAfterFinal: number;
  retriedRecords: number;
  deadLettered: number;
  peakConcurrency: number;
  /** Billed publisher ms per post on on-demand environments (INIT included, as billed since August 2025). */
  publisherBilledMsPerPost: number;
  /** Billed publisher ms per post on provisioned environments (billed at the provisioned duration price). */
  publisherProvisionedBilledMsPerPost: number;
  publisherInitMsPerPost: number;
  releaseInvocations: number;
  releaseColdStarts: number;
  releaseBilledMsPerPost: number;
  /** SQS requests per post: sends, receives (one per batch), deletes (batched), visibility changes; idle polling is a fixed cost. */
  sqsRequestsPerPost: number;
  /** INIT of one cold publisher environment (ms) at this variant's memory. */
  initMs: number;
  /** Publisher record-runs per post (first tries, retries, duplicates, held copies returning). */
  recordRunsPerPost: number;
}

const MINUTE = 60_000;

/** The three traffic shapes, seeded. Mix: 20 % immediate, 20 % due within 14 min (queued directly), 60 % later (release schedule). */
export function shapes(seed: number): Shape[] {
  const random = seededRandom(seed);
  const exponential = (mean: number) => -Math.log(1 - random()) * mean;
  const start = Date.UTC(2026, 10, 23, 0, 0, 0);
  const mixed = (count: number, meanGapMs: number): ShapePost[] => {
    const posts: ShapePost[] = [];
    let due = start;
    for (let index = 0; index < count; index += 1) {
      due += exponential(meanGapMs);
      const draw = random();
      const kind: PostKind = draw < 0.2 ? 'immediate' : draw < 0.4 ? 'direct' : 'release';
      const ahead = kind === 'immediate' ? 0 : kind === 'direct' ? 61_000 + random() * 779_000 : 20 * MINUTE + random() * 36 * 3_600_000;
      posts.push({ due: Math.round(due), created: Math.round(due - ahead), kind });
    }
    return posts;
  };
  const burstMinute = start + 30 * MINUTE;
  return [
    {
      name: 'sparse',
      description: '1 post per 10 min (Poisson), one week',
      posts: mixed(1008, 10 * MINUTE),
      spanMs: 7 * 24 * 3_600_000,
    },
    { name: 'steady', description: '1 post/s (Poisson), one hour', posts: mixed(3600, 1000), spanMs: 3_600_000 },
    {
      name: 'burst',
      description: '10,000 posts due within one minute at random instants, scheduled days ahead',
      posts: Array.from({ length: 10_000 }, () => ({
        due: burstMinute + Math.round(random() * MINUTE),
        created: start - 86_400_000,
        kind: 'release' as const,
      })),
      spanMs: MINUTE,
    },
  ];
}

/** INIT of a cold publisher environment: the runtime's, plus the bundle's load scaled to the function's CPU share. */
export function initMs(bundle: Bundle, memoryMb: number): number {
  const cpuFactor = Math.max(1, ASSUMPTIONS.fullCpuMemoryMb / memoryMb);
  return ASSUMPTIONS.runtimeInitMs + bundle.loadCpuMs * cpuFactor;
}

interface Message {
  postIndex: number;
  visibleAt: number;
  receiveCount: number;
  /** A second copy SQS delivered (at-least-once). */
  duplicate: boolean;
}

/** Execution environments of one function: warm ones are reused, idle ones reclaimed after their idle lifetime. */
class EnvironmentPool {
  private readonly idle: { since: number; reclaimAt: number; provisioned: boolean }[] = [];
  coldStarts = 0;
  invocations = 0;

  constructor(
    private readonly random: () => number,
    provisioned: number,
  ) {
    for (let index = 0; index < provisioned; index += 1) this.idle.push({ since: -Infinity, reclaimAt: Infinity, provisioned: true });
  }

  /** Takes an environment at `at`: a provisioned one first, else the most recently idle warm one, else a cold one. */
  acquire(at: number): { cold: boolean; provisioned: boolean } {
    this.invocations += 1;
    for (let index = this.idle.length - 1; index >= 0; index -= 1) if (this.idle[index]!.reclaimAt <= at) this.idle.splice(index, 1);
    let chosen = this.idle.findIndex((environment) => environment.provisioned);
    if (chosen < 0 && this.idle.length)
      chosen = this.idle.reduce((best, environment, index) => (environment.since > this.idle[best]!.since ? index : best), 0);
    if (chosen >= 0) {
      const [environment] = this.idle.splice(chosen, 1);
      return { cold: false, provisioned: environment!.provisioned };
    }
    this.coldStarts += 1;
    return { cold: true, provisioned: false };
  }

  /** The environment is free again at `at`. */
  release(at: number, provisioned: boolean): void {
    const [low, high] = ASSUMPTIONS.idleLifetimeMs;
    this.idle.push({ since: at, reclaimAt: provisioned ? Infinity : at + low + this.random() * (high - low), provisioned });
  }
}

/** A binary min-heap of messages by the instant they become visible. */
class MessageHeap {
  private readonly items: Message[] = [];
  get size(): number {
    return this.items.length;
  }
  peek(): Message | undefined {
    return this.items[0];
  }
  push(message: Message): void {
    const items = this.items;
    items.push(message);
    let index = items.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (items[parent]!.visibleAt <= items[index]!.visibleAt) break;
      [items[parent], items[index]] = [items[index]!, items[parent]!];
      index = parent;
    }
  }
  pop(): Message | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length && last) {
      items[0] = last;
      let index = 0;
      for (;;) {
        const left = 2 * index + 1;
        const right = left + 1;
        let smallest = index;
        if (left < items.length && items[left]!.visibleAt < items[smallest]!.visibleAt) smallest = left;
        if (right < items.length && items[right]!.visibleAt < items[smallest]!.visibleAt) smallest = right;
        if (smallest === index) break;
        [items[smallest], items[index]] = [items[index]!, items[smallest]!];
        index = smallest;
      }
    }
    return top;
  }
}

/** Runs one shape under one variant. */
export function simulate(
  shape: Shape,
  variant: Variant,
  times: HandlerTimes,
  bundles: { publisher: Bundle; release: Bundle },
  seed: number,
): ShapeFigures {
  const random = seededRandom(seed);
  const uniform = (low: number, high: number) => low + random() * (high - low);
  const sample = (values: number[]) => values[Math.floor(random() * values.length)] ?? 0;
  const publisherInit = initMs(bundles.publisher, variant.memoryMb);
  const releaseInit = initMs(bundles.release, 256);
  const publishers = new EnvironmentPool(random, variant.warm);
  const releases = new EnvironmentPool(random, 0);
  const heap = new MessageHeap();
  let sqsRequests = 0;
  let releaseBilledMs = 0;

  // Each post's way onto the queue: its SendMessage instant and DelaySeconds.
  const delaySeconds = (due: number, sendAt: number): number => {
    const exact = (due - sendAt) / 1000;
    const seconds = variant.earlySeconds > 0 ? Math.floor(exact) - (variant.earlySeconds - 1) : Math.ceil(exact);
    return Math.min(MAX_QUEUE_DELAY_SECONDS, Math.max(0, seconds));
  };
  const sends: { postIndex: number; sendAt: number }[] = [];
  const releaseFires: { postIndex: number; fireAt: number }[] = [];
  shape.posts.forEach((post, postIndex) => {
    if (post.kind === 'release' && post.due - post.created > DIRECT_QUEUE_HORIZON_MS) {
      releaseFires.push({
        postIndex,
        fireAt: releaseScheduleTime(new Date(post.due)).getTime() + random() * ASSUMPTIONS.schedulerWindowMs,
      });
    } else sends.push({ postIndex, sendAt: (post.kind === 'immediate' ? post.due : post.created) + ASSUMPTIONS.createToSendMs });
  });
  // The release function, its own environments reused as the publisher's are.
  releaseFires.sort((a, b) => a.fireAt - b.fireAt);
  const releaseBusy: { end: number }[] = [];
  for (const fire of releaseFires) {
    for (let index = releaseBusy.length - 1; index >= 0; index -= 1) {
      if (releaseBusy[index]!.end <= fire.fireAt) {
        releases.release(releaseBusy[index]!.end, false);
        releaseBusy.splice(index, 1);
      }
    }
    const { cold } = releases.acquire(fire.fireAt);
    const work = (cold ? releaseInit + ASSUMPTIONS.firstRunSetupMs : 0) + sample(times.releaseMs);
    const sendAt = fire.fireAt + work;
    releaseBusy.push({ end: sendAt });
    releaseBilledMs += Math.ceil(work);
    sends.push({ postIndex: fire.postIndex, sendAt });
  }
  for (const send of sends) {
    sqsRequests += 1;
    const due = shape.posts[send.postIndex]!.due;
    heap.push({
      postIndex: send.postIndex,
      visibleAt: send.sendAt + delaySeconds(due, send.sendAt) * 1000,
      receiveCount: 0,
      duplicate: false,
    });
  }

  // Per post: when its first platform call started, whether it was cold, when its platform claim was taken and released.
  const firstCall = new Float64Array(shape.posts.length).fill(Number.NaN);
  const coldCall = new Uint8Array(shape.posts.length);
  const finishedAt = new Float64Array(shape.posts.length).fill(Number.NaN);
  let invocations = 0;
  let recordRuns = 0;
  let retried = 0;
  let deadLettered = 0;
  let duplicatesDelivered = 0;
  let duplicatesHeld = 0;
  let duplicatesAfterFinal = 0;
  let billedMs = 0;
  let provisionedBilledMs = 0;
  let initBilledMs = 0;
  let peak = 0;
  const running: { end: number; provisioned: boolean }[] = [];
  let pollers = ASSUMPTIONS.initialPollers;
  let backlogSince: number | undefined;
  let lastBacklogAt = -Infinity;
  let lastScaleAt = 0;

  const retire = (at: number) => {
    for (let index = running.length - 1; index >= 0; index -= 1) {
      if (running[index]!.end <= at) {
        publishers.release(running[index]!.end, running[index]!.provisioned);
        running.splice(index, 1);
      }
    }
  };

  while (heap.size) {
    const next = heap.peek()!;
    let at = next.visibleAt;
    retire(at);
    // Pollers: five while quiet; +300 a minute while messages wait; back to five after a quiet minute.
    if (at - lastBacklogAt > ASSUMPTIONS.pollerScaleDownAfterMs) pollers = ASSUMPTIONS.initialPollers;
    const capacity = () => Math.min(variant.maxConcurrency, pollers);
    let waited = false;
    while (running.length >= capacity()) {
      waited = true;
      backlogSince ??= at;
      lastBacklogAt = at;
      const firstEnd = Math.min(...running.map((invocation) => invocation.end));
      // The pollers grow meanwhile: one more every 60/300 s while messages wait.
      const stepMs = MINUTE / ASSUMPTIONS.pollerScaleUpPerMinute;
      const nextScale = Math.max(lastScaleAt, backlogSince) + stepMs;
      if (pollers < variant.maxConcurrency && nextScale < firstEnd) {
        at = Math.max(at, nextScale);
        pollers += 1;
        lastScaleAt = at;
      } else {
        at = Math.max(at, firstEnd);
        retire(at);
      }
    }
    if (!waited) backlogSince = undefined;
    // A poller that was waiting for a slot receives at once; an idle long poll answers within its pickup time.
    const start = waited ? at + uniform(0, 10) : at + uniform(...ASSUMPTIONS.pickupMs);
    const batch: Message[] = [];
    while (batch.length < ASSUMPTIONS.batchSize && heap.size && heap.peek()!.visibleAt <= start) batch.push(heap.pop()!);
    if (!batch.length) continue;
    sqsRequests += 1; // the receive
    invocations += 1;
    const environment = publishers.acquire(start);
    const init = environment.cold ? publisherInit + ASSUMPTIONS.firstRunSetupMs : 0;
    const codeStart = start + init;
    let end = codeStart;
    let deleted = 0;
    const measured = times;
    for (const message of batch) {
      recordRuns += 1;
      message.receiveCount += 1;
      const post = shape.posts[message.postIndex]!;
      if (message.duplicate) duplicatesDelivered += 1;
      const pre = sample(measured.preCallMs);
      const afterWait = Math.min(pre, sample(measured.afterWaitMs));
      const read = pre - afterWait;
      // A copy whose post another run holds or finished: nothing to publish (the claim logic, run for real in the calibration).
      const claimedAt = firstCall[message.postIndex]!;
      const readAt = codeStart + read;
      if (!Number.isNaN(claimedAt) && claimedAt <= readAt + afterWait) {
        const done = finishedAt[message.postIndex]!;
        if (!Number.isNaN(done) && done <= readAt) {
          if (message.duplicate) duplicatesAfterFinal += 1;
          deleted += 1;
          end = Math.max(end, readAt);
        } else {
          if (message.duplicate) duplicatesHeld += 1;
          // Held: back at the lease end + 1 s, when it finds the post final.
          sqsRequests += 1;
          heap.push({
            ...message,
            visibleAt: claimedAt + ASSUMPTIONS.claimLeaseMs + 1000,
            duplicate: false,
            receiveCount: message.receiveCount,
          });
          end = Math.max(end, readAt + afterWait);
        }
        continue;
      }
      if (random() < ASSUMPTIONS.failureRate) {
        const failedAt = codeStart + sample(measured.failedRunMs);
        end = Math.max(end, failedAt);
        if (message.receiveCount >= ASSUMPTIONS.maxReceiveCount) {
          deadLettered += 1;
          continue;
        }
        sqsRequests += 1; // ChangeMessageVisibility
        if (message.receiveCount === 1) retried += 1;
        heap.push({ ...message, visibleAt: failedAt + ASSUMPTIONS.retryDelaysMs[message.receiveCount - 1]! });
        continue;
      }
      const call = Math.max(readAt, post.due) + afterWait;
      firstCall[message.postIndex] = call;
      coldCall[message.postIndex] = environment.cold ? 1 : 0;
      const recordEnd = call + ASSUMPTIONS.platformMs + sample(measured.afterCallMs);
      finishedAt[message.postIndex] = recordEnd;
      end = Math.max(end, recordEnd);
      deleted += 1;
      if (!message.duplicate && random() < ASSUMPTIONS.duplicateRate) {
        heap.push({
          postIndex: message.postIndex,
          visibleAt: start + random() * ASSUMPTIONS.duplicateSpreadMs,
          receiveCount: 0,
          duplicate: true,
        });
      }
    }
    if (deleted) sqsRequests += 1; // one DeleteMessageBatch per invocation
    running.push({ end, provisioned: environment.provisioned });
    peak = Math.max(peak, running.length);
    if (environment.provisioned) provisionedBilledMs += Math.ceil(end - start);
    else billedMs += Math.ceil(end - start);
    initBilledMs += init;
  }

  const lateness: number[] = [];
  let coldPosts = 0;
  shape.posts.forEach((post, index) => {
    const call = firstCall[index]!;
    if (Number.isNaN(call)) return;
    lateness.push(call - post.due);
    coldPosts += coldCall[index]!;
  });
  lateness.sort((a, b) => a - b);
  const rank = (p: number) =>
    lateness[Math.min(lateness.length - 1, Math.max(0, Math.ceil((p / 100) * lateness.length) - 1))] ?? Number.NaN;
  const posts = shape.posts.length;
  return {
    shape: shape.name,
    variant: variant.name,
    posts,
    published: lateness.length,
    lateness: { p50: rank(50), p99: rank(99), max: lateness[lateness.length - 1] ?? Number.NaN },
    invocations,
    coldStarts: publishers.coldStarts,
    coldShare: publishers.coldStarts / Math.max(1, invocations),
    coldPostShare: coldPosts / Math.max(1, lateness.length),
    duplicatesDelivered,
    duplicatesHeld,
    duplicatesAfterFinal,
    retriedRecords: retried,
    deadLettered,
    peakConcurrency: peak,
    publisherBilledMsPerPost: billedMs / posts,
    publisherProvisionedBilledMsPerPost: provisionedBilledMs / posts,
    publisherInitMsPerPost: initBilledMs / posts,
    releaseInvocations: releases.invocations,
    releaseColdStarts: releases.coldStarts,
    releaseBilledMsPerPost: releaseBilledMs / posts,
    sqsRequestsPerPost: sqsRequests / posts,
    initMs: publisherInit + ASSUMPTIONS.firstRunSetupMs,
    recordRunsPerPost: recordRuns / posts,
  };
}
