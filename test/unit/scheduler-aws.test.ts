import { mockClient } from 'aws-sdk-client-mock';
import { CreateScheduleCommand, DeleteScheduleCommand, ResourceNotFoundException, SchedulerClient } from '@aws-sdk/client-scheduler';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { fixedClock, useClock } from '#shared/ports/clock';
import { SqsPublishQueue } from '#shared/adapters/aws/sqs-publish-queue';
import { EventBridgePostScheduler } from '#shared/adapters/aws/eventbridge-scheduler';
import { wirePorts, unwirePorts } from '#shared/ports/registry';

/** The AWS scheduler port: the exact EventBridge Scheduler and SQS requests it makes. */
const settings = {
  kmsKeyId: undefined,
  scheduleGroup: 'social-posting',
  schedulerRoleArn: 'arn:aws:iam::123456789012:role/scheduler-invoke-release',
  releaseFunctionArn: 'arn:aws:lambda:eu-west-1:123456789012:function:release-post',
  publishQueueUrl: 'https://sqs.eu-west-1.amazonaws.com/123456789012/publish',
  deadLetterQueueArn: 'arn:aws:sqs:eu-west-1:123456789012:publish-dlq',
};
const postId = '3f0e4a1c-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const now = new Date('2026-11-23T10:00:00.000Z');

describe('EventBridge scheduler port', () => {
  const scheduler = mockClient(SchedulerClient);
  const sqs = mockClient(SQSClient);
  beforeEach(() => {
    scheduler.reset();
    sqs.reset();
    useClock(fixedClock(now));
    wirePorts({ publishQueue: () => new SqsPublishQueue(settings.publishQueueUrl) });
  });
  afterAll(() => {
    useClock();
    unwirePorts('publishQueue');
  });

  it('gives a post due beyond the queue horizon a release schedule two minutes before its minute, in UTC, deleted after completion', async () => {
    scheduler.on(CreateScheduleCommand).resolves({ ScheduleArn: 'arn' });
    const due = new Date('2026-11-23T11:30:42.250Z');
    await new EventBridgePostScheduler(settings).schedule(postId, due);
    const calls = scheduler.commandCalls(CreateScheduleCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0].args[0].input).toEqual({
      Name: `post-${postId}`,
      GroupName: 'social-posting',
      // Fires anywhere in 11:28:00-11:28:59, so 103 to 162 s before the post: within SQS's 900 s.
      ScheduleExpression: 'at(2026-11-23T11:28:00)',
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      ClientToken: `${postId}-${due.getTime()}`,
      Target: {
        Arn: settings.releaseFunctionArn,
        RoleArn: settings.schedulerRoleArn,
        Input: JSON.stringify({ post_id: postId, due_at: due.toISOString() }),
        RetryPolicy: { MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 3600 },
        DeadLetterConfig: { Arn: settings.deadLetterQueueArn },
      },
    });
    expect(sqs.commandCalls(SendMessageCommand)).toHaveLength(0);
  });

  it('queues a post due within 14 minutes straight away, delayed to within the second before it (rounded down, never late)', async () => {
    sqs.on(SendMessageCommand).resolves({ MessageId: 'm' });
    const due = new Date(now.getTime() + 840_000 - 250);
    await new EventBridgePostScheduler(settings).schedule(postId, due);
    expect(scheduler.commandCalls(CreateScheduleCommand)).toHaveLength(0);
    expect(sqs.commandCalls(SendMessageCommand)[0].args[0].input).toEqual({
      QueueUrl: settings.publishQueueUrl,
      MessageBody: JSON.stringify({ post_id: postId, due_at: due.toISOString() }),
      DelaySeconds: 839,
    });
  });

  it('deletes the schedule of a deleted post, and treats an already gone schedule as done', async () => {
    scheduler
      .on(DeleteScheduleCommand)
      .resolvesOnce({})
      .rejectsOnce(new ResourceNotFoundException({ Message: 'gone', message: 'gone', $metadata: {} }));
    const port = new EventBridgePostScheduler(settings);
    await port.cancel(postId);
    await expect(port.cancel(postId)).resolves.toBeUndefined();
    expect(scheduler.commandCalls(DeleteScheduleCommand)[0].args[0].input).toEqual({ Name: `post-${postId}`, GroupName: 'social-posting' });
  });

  it('gives each version of an edited post its own schedule and trigger, and cancels exactly the version named', async () => {
    scheduler.on(CreateScheduleCommand).resolves({ ScheduleArn: 'arn' });
    scheduler.on(DeleteScheduleCommand).resolves({});
    sqs.on(SendMessageCommand).resolves({ MessageId: 'm' });
    const port = new EventBridgePostScheduler(settings);
    const later = new Date('2026-11-23T11:30:42.250Z');
    await port.schedule(postId, later, 3);
    const [created] = scheduler.commandCalls(CreateScheduleCommand).map((call) => call.args[0].input);
    expect(created).toMatchObject({
      Name: `post-${postId}-v3`,
      ClientToken: `${postId}-v3-${later.getTime()}`,
      Target: { Input: JSON.stringify({ post_id: postId, due_at: later.toISOString(), version: 3 }) },
    });
    expect(created.Name!.length).toBeLessThanOrEqual(64);
    expect(created.ClientToken!.length).toBeLessThanOrEqual(64);
    const soon = new Date(now.getTime() + 120_000);
    await port.schedule(postId, soon, 4);
    expect(JSON.parse(sqs.commandCalls(SendMessageCommand)[0].args[0].input.MessageBody!)).toEqual({
      post_id: postId,
      due_at: soon.toISOString(),
      version: 4,
    });
    await port.cancel(postId, 3);
    await port.cancel(postId);
    expect(scheduler.commandCalls(DeleteScheduleCommand).map((call) => call.args[0].input.Name)).toEqual([
      `post-${postId}-v3`,
      `post-${postId}`,
    ]);
  });

  it('puts an immediate post on the publish queue with no delay', async () => {
    sqs.on(SendMessageCommand).resolves({ MessageId: 'm' });
    await new EventBridgePostScheduler(settings).publishNow(postId);
    expect(sqs.commandCalls(SendMessageCommand).map((call) => call.args[0].input)).toEqual([
      { QueueUrl: settings.publishQueueUrl, MessageBody: JSON.stringify({ post_id: postId }), DelaySeconds: 0 },
    ]);
  });

  it('refuses to schedule without its settings rather than creating a broken schedule', async () => {
    const later = new Date('2026-11-23T12:00:00Z');
    await expect(new EventBridgePostScheduler({ ...settings, schedulerRoleArn: undefined }).schedule(postId, later)).rejects.toThrow(
      'schedulerRoleArn',
    );
    await expect(new EventBridgePostScheduler({ ...settings, releaseFunctionArn: undefined }).schedule(postId, later)).rejects.toThrow(
      'releaseFunctionArn',
    );
    await expect(new SqsPublishQueue(undefined).send({ post_id: postId }, 0)).rejects.toThrow('PUBLISH_QUEUE_URL');
    await expect(new SqsPublishQueue(settings.publishQueueUrl).send({ post_id: postId }, 901)).rejects.toThrow('DelaySeconds');
    expect(scheduler.commandCalls(CreateScheduleCommand)).toHaveLength(0);
    expect(sqs.commandCalls(SendMessageCommand)).toHaveLength(0);
  });
});
