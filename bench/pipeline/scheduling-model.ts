import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { CreateScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { lambdaContext } from '../../local/lambda-context';
import type { PlatformPublisher, PublishRequest } from '#shared/platforms/publisher';
import { usePlatformPublisher } from '#shared/platforms/registry';
import { useClock } from '#shared/ports/clock';
import { SqsPublishQueue } from '#shared/adapters/aws/sqs-publish-queue';
import { EventBridgePostScheduler } from '#shared/adapters/aws/eventbridge-scheduler';
import { createPost } from '#shared/use-cases/create-post';
import { seededRandom } from '../../test/support/seeded-random';
import { SqsLambdaEmulation, type QueueSettings, type QueuedMessage } from './sqs-lambda-emulation';
import { VirtualClock } from './virtual-clock';
import { wirePorts } from '#shared/ports/registry';

/**
 * The offline model of the AWS publishing path (issue: on time, no function paid to wait).
 * Posts are created through the real use case with the real AWS scheduler adapter, whose
 * EventBridge Scheduler and SQS calls are captured; a simulated Scheduler fires each release
 * schedule at a uniformly random instant of the minute it names (its documented 60 s precision)
 * and runs the real release handler; an SQS + Lambda event source emulation (documented
 * semantics: DelaySeconds, batch, maximum concurrency, visibility timeout, redrive) runs the real
 * publisher handler against DynamoDB Local. Platform calls are modelled (fixed latency), so the
 * figures measure the pipeline, not a platform.
 */
export interface ModelSettings {
  posts: number;
  /** Share of posts due within the queue's direct reach (1-14 min) rather than later (20-80 min). */
  nearShare: number;
  platformLatencyMs: number;
  queue: Omit<QueueSettings, 'pickupMs'> & { pickupMaxMs: number };
  seed: number;
}

export interface OnTimeFigures {
  posts: number;
  published: number;
  publishedTwice: number;
  schedulesFired: number;
  queuedDirectly: number;
  latenessMs: number[];
  /** The most any function could have waited for a post's time (its start before the post time). */
  maxWaitMs: number;
  releaseBilledMs: number[];
  publisherBilledMs: number[];
  peakConcurrency: number;
}

const AWS = {
  kmsKeyId: undefined,
  scheduleGroup: 'model',
  schedulerRoleArn: 'arn:aws:iam::123456789012:role/model-scheduler',
  releaseFunctionArn: 'arn:aws:lambda:us-east-1:123456789012:function:release-post',
  publishQueueUrl: 'https://sqs.us-east-1.amazonaws.com/123456789012/publish',
  deadLetterQueueArn: undefined,
};

type Handler = (event: unknown, context: Context) => Promise<SQSBatchResponse | void>;

/** `at(2026-11-23T10:28:00)` → its instant. */
const atInstant = (expression: string): number => Date.parse(`${expression.slice(3, -1)}Z`);

export async function runOnTimeModel(accountId: string, settings: ModelSettings): Promise<OnTimeFigures> {
  const random = seededRandom(settings.seed);
  const clock = new VirtualClock();
  const start = Date.now();
  clock.set(start);
  useClock(clock);
  const schedulerMock = mockClient(SchedulerClient);
  const sqsMock = mockClient(SQSClient);
  const figures: OnTimeFigures = {
    posts: settings.posts,
    published: 0,
    publishedTwice: 0,
    schedulesFired: 0,
    queuedDirectly: 0,
    latenessMs: [],
    maxWaitMs: 0,
    releaseBilledMs: [],
    publisherBilledMs: [],
    peakConcurrency: 0,
  };
  const due = new Map<string, number>();
  const invocationStart = new Map<string, number>();
  const publishedAt = new Map<string, number>();
  const { handler: publisher } = (await import('../../functions/publish-post/handler')) as { handler: Handler };
  const { handler: release } = (await import('../../functions/release-post/handler')) as { handler: Handler };

  const queue = new SqsLambdaEmulation(
    { ...settings.queue, pickupMs: () => random() * settings.queue.pickupMaxMs },
    async (batch, startMs) => {
      for (const message of batch) invocationStart.set(postIdOf(message), startMs);
      clock.enter(startMs);
      const response = await publisher(sqsEvent(batch), lambdaContext(`model-${startMs}`, 'publish-post', 180_000));
      const durationMs = clock.leave();
      figures.publisherBilledMs.push(Math.ceil(durationMs));
      return {
        durationMs,
        failedIds: (response as SQSBatchResponse | undefined)?.batchItemFailures.map((failure) => failure.itemIdentifier) ?? [],
      };
    },
  );
  const schedules: { fireAtMs: number; input: string }[] = [];
  schedulerMock.on(CreateScheduleCommand).callsFake((input: { ScheduleExpression: string; Target: { Input: string } }) => {
    // Scheduler's precision: anywhere in the minute the expression names.
    schedules.push({ fireAtMs: atInstant(input.ScheduleExpression) + random() * 60_000, input: input.Target.Input });
    return { ScheduleArn: 'arn:model' };
  });
  sqsMock.on(SendMessageCommand).callsFake((input: { MessageBody: string; DelaySeconds: number }) => {
    queue.send(input.MessageBody, input.DelaySeconds, clock.now().getTime());
    return { MessageId: 'model' };
  });
  const modelPlatform: PlatformPublisher = {
    platform: 'bluesky',
    publish: async (request: PublishRequest) => {
      const at = clock.now().getTime();
      if (publishedAt.has(request.postId)) figures.publishedTwice += 1;
      publishedAt.set(request.postId, at);
      clock.pass(settings.platformLatencyMs);
      return { ok: true, url: `https://bsky.model/${request.postId}`, platformPostId: request.postId };
    },
  };
  wirePorts({ scheduler: () => new EventBridgePostScheduler(AWS) });
  wirePorts({ publishQueue: () => new SqsPublishQueue(AWS.publishQueueUrl) });
  usePlatformPublisher('bluesky', modelPlatform);
  try {
    for (let index = 0; index < settings.posts; index += 1) {
      const near = random() < settings.nearShare;
      const ahead = near ? 61_000 + random() * 779_000 : 20 * 60_000 + random() * 3_600_000;
      const dueAt = new Date(Math.round(clock.now().getTime() + ahead));
      const sent = queue.figures.sent;
      const { post } = await createPost(accountId, {
        content: `model ${index}`,
        platforms: ['bluesky'],
        scheduled_for: dueAt.toISOString(),
      });
      if (queue.figures.sent > sent) figures.queuedDirectly += 1;
      due.set(post.id, dueAt.getTime());
    }
    schedules.sort((a, b) => a.fireAtMs - b.fireAtMs);
    for (const schedule of schedules) {
      await queue.runUntil(schedule.fireAtMs);
      clock.enter(schedule.fireAtMs);
      await release(JSON.parse(schedule.input), lambdaContext(`release-${schedule.fireAtMs}`, 'release-post', 10_000));
      figures.releaseBilledMs.push(Math.ceil(clock.leave()));
      figures.schedulesFired += 1;
    }
    await queue.runUntil(Number.POSITIVE_INFINITY);
  } finally {
    schedulerMock.restore();
    sqsMock.restore();
    useClock();
    usePlatformPublisher('bluesky', undefined);
  }
  for (const [postId, dueMs] of due) {
    const at = publishedAt.get(postId);
    if (at === undefined) continue;
    figures.published += 1;
    figures.latenessMs.push(at - dueMs);
    figures.maxWaitMs = Math.max(figures.maxWaitMs, Math.max(0, dueMs - (invocationStart.get(postId) ?? dueMs)));
  }
  figures.peakConcurrency = queue.figures.peakConcurrency;
  return figures;
}

export interface BurstFigures {
  posts: number;
  delivered: number;
  lost: number;
  peakConcurrency: number;
  maxConcurrency: number;
  invocations: number;
  redeliveries: number;
  deadLettered: number;
  /** Seconds from each post's time to its successful run's start: p50, p99 (first-try runs), max (incl. retried ones). */
  deliverySeconds: { p50: number; p99: number; max: number };
  drainSeconds: number;
}

/**
 * 10,000 posts due in one minute: their release schedules fire across the minute before, the real
 * release handler queues each, and the event source drains the queue at its maximum concurrency.
 * The publisher is a stand-in here (its measured duration, and a share of runs that fail and come
 * back after the visibility timeout): the question is the queue's bound and that nothing is lost.
 */
export async function runBurstModel(settings: {
  posts: number;
  publisherMs: number;
  failureShare: number;
  queue: ModelSettings['queue'];
  seed: number;
}): Promise<BurstFigures> {
  const random = seededRandom(settings.seed);
  const clock = new VirtualClock();
  const minute = Math.ceil(Date.now() / 60_000) * 60_000 + 10 * 60_000;
  useClock(clock);
  const sqsMock = mockClient(SQSClient);
  const delivered = new Set<string>();
  const lateness: number[] = [];
  const firstTryLateness: number[] = [];
  const dueOf = new Map<string, number>();
  const queue = new SqsLambdaEmulation(
    { ...settings.queue, pickupMs: () => random() * settings.queue.pickupMaxMs },
    async (batch, startMs) => {
      const failedIds = batch.filter(() => random() < settings.failureShare).map((message) => message.id);
      for (const message of batch) {
        if (failedIds.includes(message.id)) continue;
        delivered.add(postIdOf(message));
        const seconds = (startMs - (dueOf.get(postIdOf(message)) ?? startMs)) / 1000;
        lateness.push(seconds);
        if (message.receiveCount === 1) firstTryLateness.push(seconds);
      }
      return { durationMs: settings.publisherMs * (0.5 + random()), failedIds };
    },
  );
  sqsMock.on(SendMessageCommand).callsFake((input: { MessageBody: string; DelaySeconds: number }) => {
    queue.send(input.MessageBody, input.DelaySeconds, clock.now().getTime());
    return { MessageId: 'model' };
  });
  wirePorts({ publishQueue: () => new SqsPublishQueue(AWS.publishQueueUrl) });
  const { handler: release } = (await import('../../functions/release-post/handler')) as { handler: Handler };
  try {
    const fires = Array.from({ length: settings.posts }, (_, index) => ({
      postId: syntheticId(index),
      dueAt: new Date(minute + random() * 60_000).toISOString(),
      fireAtMs: minute - 120_000 + random() * 60_000,
    })).sort((a, b) => a.fireAtMs - b.fireAtMs);
    for (const fire of fires) dueOf.set(fire.postId, Date.parse(fire.dueAt));
    for (const fire of fires) {
      await queue.runUntil(fire.fireAtMs);
      clock.enter(fire.fireAtMs);
      await release({ post_id: fire.postId, due_at: fire.dueAt }, lambdaContext('burst', 'release-post', 10_000));
      clock.leave();
    }
    await queue.runUntil(Number.POSITIVE_INFINITY);
  } finally {
    sqsMock.restore();
    useClock();
  }
  return {
    posts: settings.posts,
    delivered: delivered.size,
    lost: settings.posts - delivered.size - queue.figures.deadLettered,
    peakConcurrency: queue.figures.peakConcurrency,
    maxConcurrency: settings.queue.maxConcurrency,
    invocations: queue.figures.invocations,
    redeliveries: queue.figures.redeliveries,
    deadLettered: queue.figures.deadLettered,
    deliverySeconds: { p50: percentileOf(firstTryLateness, 50), p99: percentileOf(firstTryLateness, 99), max: Math.max(...lateness) },
    drainSeconds: (queue.figures.drainedAtMs - minute) / 1000,
  };
}

function percentileOf(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

const postIdOf = (message: QueuedMessage): string => (JSON.parse(message.body) as { post_id: string }).post_id;

const syntheticId = (index: number): string => `00000000-0000-4000-8000-${index.toString(16).padStart(12, '0')}`;

function sqsEvent(batch: QueuedMessage[]): SQSEvent {
  return { Records: batch.map((message) => ({ messageId: message.id, body: message.body })) } as unknown as SQSEvent;
}
