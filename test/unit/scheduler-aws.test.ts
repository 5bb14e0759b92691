import { mockClient } from 'aws-sdk-client-mock';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { CreateScheduleCommand, DeleteScheduleCommand, ResourceNotFoundException, SchedulerClient } from '@aws-sdk/client-scheduler';
import { EventBridgePostScheduler } from '../../shared/ports/scheduler-aws';

/** The AWS scheduler port: the exact EventBridge Scheduler and Lambda requests it makes. */
const settings = {
  kmsKeyId: undefined,
  scheduleGroup: 'social-posting',
  schedulerRoleArn: 'arn:aws:iam::123456789012:role/scheduler-invoke-publisher',
  publisherFunctionArn: 'arn:aws:lambda:eu-west-1:123456789012:function:publish-post',
  deadLetterQueueArn: 'arn:aws:sqs:eu-west-1:123456789012:publish-dlq',
};
const postId = '3f0e4a1c-5b6d-4e7f-8a9b-0c1d2e3f4a5b';

describe('EventBridge scheduler port', () => {
  const scheduler = mockClient(SchedulerClient);
  const lambda = mockClient(LambdaClient);
  beforeEach(() => {
    scheduler.reset();
    lambda.reset();
  });

  it('creates one one-time schedule per post, in UTC, deleted after completion, idempotent by client token', async () => {
    scheduler.on(CreateScheduleCommand).resolves({ ScheduleArn: 'arn' });
    await new EventBridgePostScheduler(settings).schedule(postId, new Date('2026-11-23T10:00:30.250Z'));
    const calls = scheduler.commandCalls(CreateScheduleCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0].args[0].input).toEqual({
      Name: `post-${postId}`,
      GroupName: 'social-posting',
      ScheduleExpression: 'at(2026-11-23T10:00:30)',
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      ClientToken: postId,
      Target: {
        Arn: settings.publisherFunctionArn,
        RoleArn: settings.schedulerRoleArn,
        Input: JSON.stringify({ post_id: postId }),
        RetryPolicy: { MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 3600 },
        DeadLetterConfig: { Arn: settings.deadLetterQueueArn },
      },
    });
  });

  it('deletes the schedule of a deleted post, and treats an already gone schedule as done', async () => {
    scheduler.on(DeleteScheduleCommand).resolvesOnce({}).rejectsOnce(new ResourceNotFoundException({ Message: 'gone', message: 'gone', $metadata: {} }));
    const port = new EventBridgePostScheduler(settings);
    await port.cancel(postId);
    await expect(port.cancel(postId)).resolves.toBeUndefined();
    expect(scheduler.commandCalls(DeleteScheduleCommand)[0].args[0].input).toEqual({ Name: `post-${postId}`, GroupName: 'social-posting' });
  });

  it('hands an immediate post to the publisher with an asynchronous invoke', async () => {
    lambda.on(InvokeCommand).resolves({ StatusCode: 202 });
    await new EventBridgePostScheduler(settings).publishNow(postId);
    const input = lambda.commandCalls(InvokeCommand)[0].args[0].input;
    expect(input.FunctionName).toBe(settings.publisherFunctionArn);
    expect(input.InvocationType).toBe('Event');
    expect(JSON.parse(Buffer.from(input.Payload as Uint8Array).toString())).toEqual({ post_id: postId });
  });

  it('refuses to schedule without its settings rather than creating a broken schedule', async () => {
    await expect(new EventBridgePostScheduler({ ...settings, schedulerRoleArn: undefined }).schedule(postId, new Date())).rejects.toThrow('schedulerRoleArn');
    expect(scheduler.commandCalls(CreateScheduleCommand)).toHaveLength(0);
  });
});
