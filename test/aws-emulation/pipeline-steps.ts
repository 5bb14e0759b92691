import { randomUUID } from 'node:crypto';
import { CreateScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import type { DeployedFunction } from './lambda/lambda-service';
import { StepFailed, type Walkthrough } from './walkthrough';

/**
 * The publishing pipeline's less travelled paths, as the runbook describes them: a schedule made
 * before the publish queue existed (it targets the publisher itself), and runs that fail every
 * attempt, which Lambda parks in the dead-letter queue as the function's role.
 */

/** A schedule as an operator (or an older deploy) made it: `at` is floored to the minute, as Scheduler names it. */
async function legacySchedule(walk: Walkthrough, target: DeployedFunction, at: number, input: unknown): Promise<string> {
  const { service } = walk;
  const creator = service.lambda.byOperation('create-post').environment;
  const client = new SchedulerClient({
    endpoint: service.aws.url,
    region: service.operatorEnvironment.AWS_REGION,
    credentials: {
      accessKeyId: service.operatorEnvironment.AWS_ACCESS_KEY_ID,
      secretAccessKey: service.operatorEnvironment.AWS_SECRET_ACCESS_KEY,
    },
  });
  const name = `legacy-${randomUUID()}`;
  try {
    await client.send(
      new CreateScheduleCommand({
        Name: name,
        GroupName: creator.SCHEDULE_GROUP,
        ScheduleExpression: `at(${new Date(Math.floor(at / 60_000) * 60_000).toISOString().slice(0, 19)})`,
        ScheduleExpressionTimezone: 'UTC',
        FlexibleTimeWindow: { Mode: 'OFF' },
        ActionAfterCompletion: 'DELETE',
        Target: {
          Arn: target.arn,
          RoleArn: creator.SCHEDULER_ROLE_ARN,
          Input: JSON.stringify(input),
          DeadLetterConfig: { Arn: creator.PUBLISH_DLQ_ARN },
        },
      }),
    );
  } finally {
    client.destroy();
  }
  return name;
}

const deadLetters = (walk: Walkthrough): string => walk.service.lambda.byOperation('create-post').environment.PUBLISH_DLQ_ARN;

/** A pre-queue schedule fires in the minute before a post's: the publisher queues it again for its second; the post is published once. */
export async function earlyTriggerQueuedAgain(walk: Walkthrough): Promise<void> {
  const step = 'a trigger reaching the publisher early is queued again';
  const { service } = walk;
  // Bluesky only: a post left behind by a failed run must not hold a LinkedIn slot that later steps meet.
  const post = await walk.schedule(step, 5, ['bluesky']);
  const publisher = service.lambda.byOperation('publish-post');
  const name = await legacySchedule(walk, publisher, post.at - 60_000, { post_id: post.id, due_at: new Date(post.at).toISOString() });
  const schedule = service.scheduler.list().find((one) => one.name === name)!;
  await service.advance(schedule.firesAt - service.clock.now());
  const requeued = service.queues
    .messages(walk.publishQueueArn())
    .some((message) => message.sender === publisher.name && message.body.includes(post.id));
  if (!requeued) throw new StepFailed(step, 'the publisher did not queue the early trigger again');
  await service.advance(post.at - service.clock.now() + 1_000);
  const read = await walk.readPost(step, post.id);
  if (read.status !== 'published') throw new StepFailed(step, `post is ${read.status}`);
  walk.published.push(post.content);
}

/** Runs `operation` fails every attempt (its AWS calls of `failing` answer 500): after Lambda's two retries the event is in the dead-letter queue. */
async function failingAsyncRunsAreDeadLettered(
  walk: Walkthrough,
  operation: string,
  failing: string,
  trigger: () => Promise<number>,
): Promise<void> {
  const step = `${operation} runs failing every attempt are dead-lettered`;
  const { service } = walk;
  const fn = service.lambda.byOperation(operation);
  const before = service.queues.messages(deadLetters(walk)).length;
  const removeFault = service.aws.addFault({ service: failing, session: fn.name });
  try {
    const firesAt = await trigger();
    await service.advance(firesAt - service.clock.now());
    await service.advance(60_000);
    await service.advance(120_000);
  } finally {
    removeFault();
  }
  const parked = service.queues
    .messages(deadLetters(walk))
    .slice(before)
    .map((message) => JSON.parse(message.body));
  const exhausted = parked.filter(
    (record) => record.requestContext?.condition === 'RetriesExhausted' && record.requestContext.functionArn.startsWith(fn.arn),
  );
  if (exhausted.length !== 1 || exhausted[0].requestContext.approximateInvokeCount !== 3) {
    throw new StepFailed(
      step,
      `dead-letter queue got ${JSON.stringify(parked).slice(0, 400)}; lost: ${JSON.stringify(service.lambda.lostEvents)}`,
    );
  }
}

/** A pre-queue schedule fires the publisher while the table fails it. */
export function publisherRunsDeadLettered(walk: Walkthrough): Promise<void> {
  return failingAsyncRunsAreDeadLettered(walk, 'publish-post', 'dynamodb', async () => {
    const at = walk.service.clock.now() + 3 * 60_000;
    const name = await legacySchedule(walk, walk.service.lambda.byOperation('publish-post'), at, { post_id: randomUUID() });
    return walk.service.scheduler.list().find((one) => one.name === name)!.firesAt;
  });
}

/** A release schedule fires while the queue fails the release function. */
export function releaseRunsDeadLettered(walk: Walkthrough): Promise<void> {
  return failingAsyncRunsAreDeadLettered(walk, 'release-post', 'sqs', async () => {
    const post = await walk.schedule('release runs failing every attempt', 20, ['bluesky']);
    return walk.service.scheduler.list().find((one) => one.name === `post-${post.id}`)!.firesAt;
  });
}

/**
 * A post published now gets its three metrics collections (1 h, 24 h, 7 days) as one-time
 * schedules in the metrics group, created by the publisher as the metrics scheduler role.
 */
export async function metricsCollectionsScheduled(walk: Walkthrough): Promise<void> {
  const step = 'a published post gets its metrics collections scheduled';
  const postId = await walk.postNow(['bluesky']);
  const names = walk.service.scheduler
    .list()
    .map((one) => one.name)
    .filter((name) => name.startsWith(`metrics-${postId}-`));
  if (names.length !== 3) throw new StepFailed(step, `metrics schedules of the post: ${JSON.stringify(names)}`);
}
