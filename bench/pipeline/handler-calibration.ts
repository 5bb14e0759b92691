import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { CreateScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { marshall } from '@aws-sdk/util-dynamodb';
import { lambdaContext } from '../../local/lambda-context';
import type { PlatformPublisher, PublishRequest } from '#shared/platforms/publisher';
import { usePlatformPublisher } from '#shared/platforms/registry';
import { offlineResolver, useNameResolver } from '#shared/ports/name-resolver';
import { offsetClock, useClock } from '#shared/ports/clock';
import { SqsPublishQueue } from '#shared/adapters/aws/sqs-publish-queue';
import { EventBridgePostScheduler } from '#shared/adapters/aws/eventbridge-scheduler';
import { logger } from '#shared/logger';
import { wirePorts } from '#shared/ports/registry';
import { getPostItem } from '#shared/store/posts';
import { webhookEventItem } from '#shared/store/webhook-events';
import { postFinishedEvent } from '#shared/use-cases/webhooks/events';
import { claimLeaseMs } from '#shared/use-cases/publish-post';
import { seededRandom } from '../../test/support/seeded-random';
import { itemSize } from '../item-size';
import type { BenchAccount } from '../fixtures';
import { httpApiEvent, lambdaContext as apiContext } from '../synthetic-event';
import type { HandlerTimes } from './lateness-model';
import { preparePostKind, type PostKindName } from './post-kinds';

/**
 * The real publisher and release handlers, run against DynamoDB Local with the AWS adapters
 * (EventBridge Scheduler and SQS calls captured, not sent): what the lateness model samples
 * (bench/pipeline/lateness-model.ts), and the claim logic under duplicate deliveries.
 *
 * Posts are created through the real create-post use case; each captured release schedule runs
 * the real release handler; then the captured messages go to the real publisher handler in
 * batches of 1 and of 10, each delivered when its posts are due. The platform answers at once
 * here: the model adds each record's own platform time after its own call, so a batch-mate's call
 * never counts against another record (one clock per record). The clock moves at real speed.
 *
 * Duplicates: for some posts SQS's at-least-once delivery is played out three ways — both copies
 * in one batch, in two invocations at once, and the second copy after the first run finished —
 * with the platform holding each call for real, so the copies overlap. A copy the handler reports
 * as failed (its post held by the other run) is delivered again after the claim lease, as the
 * queue would. "Published twice" is the count of posts whose platform was called more than once.
 */
export interface Calibration {
  /** Handler times for batches of one record (sparse and steady traffic) and of ten (a burst). */
  single: HandlerTimes;
  full: HandlerTimes;
  posts: number;
  published: number;
  queuedDirectly: number;
  schedulesFired: number;
  duplicates: { sameBatch: number; concurrent: number; afterFinish: number; heldReported: number; publishedTwice: number };
  /** Billable bytes of the webhook event item the final status writes (the outbox). */
  webhookEventBytes: number;
  /** A post created and never published (its item size as created), and one published. */
  createdPostId: string;
  publishedPostId: string;
  /** The real create-post handler (POST /posts, in-process), ms per request. */
  createPostMs: number[];
  /** Bytes the service logs per post, by function, at LOG_LEVEL INFO (see logBytes). */
  logBytesPerPost: { createPost: number; release: number; publisher: number };
  /** The kind of post calibrated (bench/pipeline/post-kinds.ts); the model's default is a text post whose link gives no card at once. */
  kind: PostKindName | 'default';
  /** Link card preparation runs (the message the release step and a directly queued post send; ms each, before the due time). */
  preparationMs: number[];
}

type Handler = (event: unknown, context: Context) => Promise<SQSBatchResponse | void>;

const AWS = {
  kmsKeyId: undefined,
  scheduleGroup: 'model',
  schedulerRoleArn: 'arn:aws:iam::123456789012:role/model-scheduler',
  releaseFunctionArn: 'arn:aws:lambda:us-east-1:123456789012:function:release-post',
  publishQueueUrl: 'https://sqs.us-east-1.amazonaws.com/123456789012/publish',
  deadLetterQueueArn: undefined,
};

interface Captured {
  body: string;
  postId: string;
  due: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Bytes of log lines as Powertools writes them in Lambda at INFO: the bench runs with logs off,
 * so each call of the service's logger is counted as the JSON line it would write (its message
 * and keys, the invocation's scope keys, Powertools' own fields and the X-Ray trace id).
 */
function countLogBytes(): { bytes: () => number; restore: () => void } {
  let bytes = 0;
  const original = { info: logger.info, warn: logger.warn, error: logger.error };
  const scope = {
    request_id: crypto.randomUUID(),
    operation: 'publish-post',
    post_id: crypto.randomUUID(),
    account_id: crypto.randomUUID(),
  };
  const line =
    (level: string) =>
    (message: string, ...extra: Record<string, unknown>[]) => {
      const fields = Object.assign({}, ...extra.map((value) => (value && typeof value === 'object' ? value : {}))) as Record<
        string,
        unknown
      >;
      const written = {
        level,
        message,
        timestamp: new Date().toISOString(),
        service: 'social-posting',
        sampling_rate: 0,
        xray_trace_id: '1-67a1b2c3-0123456789abcdef01234567',
        ...scope,
        ...fields,
      };
      bytes +=
        Buffer.byteLength(
          JSON.stringify(written, (_key, value: unknown) =>
            value instanceof Error ? { name: value.name, message: value.message } : value,
          ),
        ) + 1;
    };
  Object.assign(logger, { info: line('INFO'), warn: line('WARN'), error: line('ERROR') });
  return { bytes: () => bytes, restore: () => Object.assign(logger, original) };
}

export async function calibrateHandlers(
  account: BenchAccount,
  settings: { posts: number; duplicatesPerKind: number; seed: number; kind?: PostKindName },
): Promise<Calibration> {
  const random = seededRandom(settings.seed);
  const clock = offsetClock(0);
  const setNow = (ms: number) => clock.advance(ms - clock.now().getTime());
  useClock(clock);
  const schedulerMock = mockClient(SchedulerClient);
  const sqsMock = mockClient(SQSClient);
  const calls = new Map<string, number[]>(); // post id → real instants of its platform calls
  let holdMs = 0;
  const messages: Captured[] = [];
  /** Link card preparations (docs/decisions/0191-link-cards-prepared-before-the-due-time.md): run as they arrive, before any due time. */
  const preparations: string[] = [];
  const schedules: { at: number; input: string }[] = [];
  schedulerMock.on(CreateScheduleCommand).callsFake((input: { ScheduleExpression: string; Target: { Input: string } }) => {
    schedules.push({ at: Date.parse(`${input.ScheduleExpression.slice(3, -1)}Z`) + random() * 60_000, input: input.Target.Input });
    return { ScheduleArn: 'arn:model' };
  });
  sqsMock.on(SendMessageCommand).callsFake((input: { MessageBody: string }) => {
    const body = JSON.parse(input.MessageBody) as { post_id: string; due_at?: string; prepare?: boolean };
    if (body.prepare) {
      preparations.push(input.MessageBody);
      return { MessageId: 'model-preparation' };
    }
    messages.push({ body: input.MessageBody, postId: body.post_id, due: body.due_at ? Date.parse(body.due_at) : clock.now().getTime() });
    return { MessageId: 'model' };
  });
  const platform: PlatformPublisher = {
    platform: 'bluesky',
    publish: async (request: PublishRequest) => {
      calls.set(request.postId, [...(calls.get(request.postId) ?? []), performance.now()]);
      if (holdMs) await sleep(holdMs);
      return { ok: true, url: `https://bsky.model/${request.postId}`, platformPostId: request.postId };
    },
  };
  wirePorts({ scheduler: () => new EventBridgePostScheduler(AWS) });
  wirePorts({ publishQueue: () => new SqsPublishQueue(AWS.publishQueueUrl) });
  usePlatformPublisher('bluesky', platform);
  // The post's link (example.com) is never looked up: this machine may have no DNS, and a lookup
  // that times out once (5 s) would stand for a platform's lateness. The card is skipped at once.
  useNameResolver(offlineResolver());
  // The kind's content and media (a link to a page served on this machine, an image, a video), made ready as the service would.
  const kind = settings.kind ? await preparePostKind(settings.kind, account) : undefined;
  const { handler: publisher } = (await import('../../functions/publish-post/handler')) as { handler: Handler };
  const { handler: release } = (await import('../../functions/release-post/handler')) as { handler: Handler };
  const { handler: createPostHandler } = (await import('../../functions/create-post/handler')) as unknown as { handler: Handler };
  const logs = countLogBytes();
  const emptyTimes = (): HandlerTimes => ({ preCallMs: [], afterWaitMs: [], afterCallMs: [], failedRunMs: [], releaseMs: [] });
  const single = emptyTimes();
  const full = emptyTimes();
  let counter = 0;
  const invoke = async (batch: Captured[]) => {
    const event = { Records: batch.map((message) => ({ messageId: `m${(counter += 1)}`, body: message.body })) } as unknown as SQSEvent;
    const response = (await publisher(event, lambdaContext(`calibration-${counter}`, 'publish-post', 180_000))) as
      SQSBatchResponse | undefined;
    return response?.batchItemFailures.length ?? 0;
  };
  /** One invocation at its posts' time: per record, start → platform call; the last call → the end. */
  const timed = async (batch: Captured[], times: HandlerTimes, earlyMs = 0) => {
    setNow(Math.max(...batch.map((message) => message.due)) - earlyMs);
    const start = performance.now();
    await invoke(batch);
    const end = performance.now();
    const firstCalls = batch.map((message) => calls.get(message.postId)?.[0]).filter((at): at is number => at !== undefined);
    if (earlyMs) for (const at of firstCalls) times.afterWaitMs.push(at - start - earlyMs);
    else for (const at of firstCalls) times.preCallMs.push(at - start);
    if (firstCalls.length) times.afterCallMs.push(end - Math.max(...firstCalls));
  };

  try {
    const start = Date.now();
    setNow(start);
    const createPostMs: number[] = [];
    const content =
      kind?.content ?? 'Calibration post: shipping the scheduler today, see https://example.com/changelog #release '.padEnd(280, 'x');
    const media = kind?.mediaIds.length ? { media: kind.mediaIds } : {};
    for (let index = 0; index < settings.posts; index += 1) {
      // Half near (queued directly), half later (a release schedule); due at random instants.
      const ahead = index % 2 === 0 ? 61_000 + random() * 779_000 : 20 * 60_000 + random() * 3_600_000;
      const body = JSON.stringify({
        content,
        platforms: ['bluesky'],
        scheduled_for: new Date(Math.round(clock.now().getTime() + ahead)).toISOString(),
        ...media,
      });
      const event = httpApiEvent({
        method: 'POST',
        path: '/posts',
        routeKey: 'POST /posts',
        headers: { 'x-api-key': account.apiKey, 'content-type': 'application/json' },
        body,
      });
      const begin = performance.now();
      const response = (await createPostHandler(event, apiContext('create-post'))) as unknown as { statusCode: number; body: string };
      createPostMs.push(performance.now() - begin);
      if (response.statusCode !== 201) throw new Error(`POST /posts answered ${response.statusCode}: ${response.body}`);
    }
    // One more, a day ahead, never delivered: the item as created.
    const kept = (await createPostHandler(
      httpApiEvent({
        method: 'POST',
        path: '/posts',
        routeKey: 'POST /posts',
        headers: { 'x-api-key': account.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({
          content,
          platforms: ['bluesky'],
          scheduled_for: new Date(clock.now().getTime() + 86_400_000).toISOString(),
        }),
      }),
      apiContext('create-post'),
    )) as unknown as { statusCode: number; body: string };
    const createdPostId = (JSON.parse(kept.body) as { post: { id: string } }).post.id;
    schedules.pop();
    const createLogBytes = logs.bytes();
    const queuedDirectly = messages.length;
    schedules.sort((a, b) => a.at - b.at);
    for (const schedule of schedules) {
      setNow(schedule.at);
      const begin = performance.now();
      await release(JSON.parse(schedule.input), lambdaContext('calibration-release', 'release-post', 10_000));
      const ms = performance.now() - begin;
      single.releaseMs.push(ms);
      full.releaseMs.push(ms);
    }
    const releaseLogBytes = logs.bytes() - createLogBytes;
    // Every preparation runs before its post is due (the release step fires 1-3 minutes ahead; a direct post's at creation).
    const preparationMs: number[] = [];
    for (const body of preparations.splice(0)) {
      const begin = performance.now();
      await publisher(
        { Records: [{ messageId: `p${(counter += 1)}`, body }] } as unknown as SQSEvent,
        lambdaContext(`calibration-preparation-${counter}`, 'publish-post', 180_000),
      );
      preparationMs.push(performance.now() - begin);
    }
    const pending = [...messages].sort((a, b) => a.due - b.due);
    const take = (count: number) => pending.splice(0, count);
    // Duplicate deliveries first (their posts untouched yet), the platform holding each call for real.
    holdMs = 200;
    let heldReported = 0;
    const duplicated = take(3 * settings.duplicatesPerKind);
    const [sameBatch, concurrent, afterFinish] = [0, 1, 2].map((kind) =>
      duplicated.slice(kind * settings.duplicatesPerKind, (kind + 1) * settings.duplicatesPerKind),
    );
    const held: Captured[] = [];
    for (const message of sameBatch!) {
      setNow(message.due);
      if (await invoke([message, message])) held.push(message);
    }
    for (const message of concurrent!) {
      setNow(message.due);
      const failed = await Promise.all([invoke([message]), invoke([message])]);
      if (failed.some(Boolean)) held.push(message);
    }
    for (const message of afterFinish!) {
      setNow(message.due);
      await invoke([message]);
      if (await invoke([message])) held.push(message);
    }
    heldReported = held.length;
    // The held copies come back after the lease (+1 s), as the queue returns them.
    setNow(clock.now().getTime() + claimLeaseMs() + 1000);
    for (const message of held) await invoke([message]);
    holdMs = 0;

    // Timing: a fifth early by 300 ms (the wait, then the claim), the rest on time; batches of 1 and of 10.
    const early = take(Math.floor(pending.length / 5));
    for (const message of early) await timed([message], single, 300);
    const half = Math.floor(pending.length / 2);
    const beforeSingles = logs.bytes();
    for (const message of take(half)) await timed([message], single);
    const publisherLogBytes = (logs.bytes() - beforeSingles) / half;
    while (pending.length) await timed(take(10), full);
    // The burst's records wait out nothing either; their post-wait part is the single-record one.
    full.afterWaitMs.push(...single.afterWaitMs);
    // A failed run reports its failure where the claim would have been: its read part.
    for (const times of [single, full])
      times.failedRunMs.push(
        ...times.preCallMs.map((pre, index) => Math.max(0, pre - (times.afterWaitMs[index % times.afterWaitMs.length] ?? 0))),
      );

    const publishedTwice = [...calls.values()].filter((instants) => instants.length > 1).length;
    return {
      single,
      full,
      posts: settings.posts,
      published: calls.size,
      queuedDirectly,
      schedulesFired: schedules.length,
      duplicates: {
        sameBatch: sameBatch!.length,
        concurrent: concurrent!.length,
        afterFinish: afterFinish!.length,
        heldReported,
        publishedTwice,
      },
      webhookEventBytes: await webhookEventSize([...calls.keys()][0]!),
      createdPostId,
      publishedPostId: [...calls.keys()][0]!,
      createPostMs,
      kind: settings.kind ?? 'default',
      preparationMs,
      logBytesPerPost: {
        createPost: createLogBytes / settings.posts,
        release: releaseLogBytes / Math.max(1, schedules.length),
        publisher: publisherLogBytes,
      },
    };
  } finally {
    await kind?.stop();
    logs.restore();
    schedulerMock.restore();
    sqsMock.restore();
    useClock();
    usePlatformPublisher('bluesky', undefined);
    useNameResolver();
  }
}

/**
 * The billable size of the webhook event item the final status of this post writes (the outbox),
 * as the store would write it: built from the published post, since the calibration account has no
 * endpoint and so no event is written for it (docs/decisions/0173-a-lean-webhook-outbox.md).
 */
async function webhookEventSize(publishedPostId: string): Promise<number> {
  const post = await getPostItem(publishedPostId);
  if (!post || post.status === 'draft' || post.status === 'scheduled' || post.status === 'publishing') return Number.NaN;
  const event = postFinishedEvent(post, post.status, post.published_at ?? null);
  return itemSize(marshall(webhookEventItem(event), { removeUndefinedValues: true }));
}
