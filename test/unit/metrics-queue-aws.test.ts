import { mockClient } from 'aws-sdk-client-mock';
import { CreateScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { fixedClock, useClock } from '#shared/ports/clock';
import { SqsMetricsQueue } from '#shared/adapters/aws/sqs-metrics-queue';
import type { Config } from '#shared/config';

/**
 * The metrics-queue port's AWS adapter: a collection an hour or more away is a one-time schedule
 * whose target is the metrics queue, with the metrics dead-letter queue as its DeadLetterConfig
 * (docs/decisions/0185-throttle-alarms-and-the-metrics-dead-letters.md).
 */
const settings: Config['aws'] = {
  kmsKeyId: undefined,
  scheduleGroup: 'social-posting-posts',
  schedulerRoleArn: undefined,
  releaseFunctionArn: undefined,
  publishQueueUrl: undefined,
  deadLetterQueueArn: undefined,
  webhookQueueUrl: undefined,
  metricsQueueUrl: 'https://sqs.eu-west-1.amazonaws.com/123456789012/metrics',
  metricsQueueArn: 'arn:aws:sqs:eu-west-1:123456789012:metrics',
  metricsScheduleGroup: 'social-posting-metrics',
  metricsSchedulerRoleArn: 'arn:aws:iam::123456789012:role/metrics-scheduler',
  metricsDeadLetterQueueArn: 'arn:aws:sqs:eu-west-1:123456789012:metrics-dlq',
};
const task = { post_id: '3f0e4a1c-5b6d-4e7f-8a9b-0c1d2e3f4a5b', reason: '1h' } as const;
const now = new Date('2026-11-28T10:00:00.000Z');

describe('metrics queue port (AWS)', () => {
  const scheduler = mockClient(SchedulerClient);
  const sqs = mockClient(SQSClient);
  beforeEach(() => {
    scheduler.reset();
    sqs.reset();
    useClock(fixedClock(now));
  });
  afterAll(() => useClock());

  it('schedules a later collection to the metrics queue, dead-lettering to the metrics dead-letter queue after its retries', async () => {
    scheduler.on(CreateScheduleCommand).resolves({ ScheduleArn: 'arn' });
    await new SqsMetricsQueue(settings).send(task, new Date(now.getTime() + 3_600_000));
    const calls = scheduler.commandCalls(CreateScheduleCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0].args[0].input).toMatchObject({
      GroupName: 'social-posting-metrics',
      Target: {
        Arn: settings.metricsQueueArn,
        RoleArn: settings.metricsSchedulerRoleArn,
        Input: JSON.stringify(task),
        RetryPolicy: { MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 3600 },
        DeadLetterConfig: { Arn: settings.metricsDeadLetterQueueArn },
      },
    });
    expect(sqs.commandCalls(SendMessageCommand)).toHaveLength(0);
  });

  it('leaves the dead-letter config out when no dead-letter queue is configured', async () => {
    scheduler.on(CreateScheduleCommand).resolves({ ScheduleArn: 'arn' });
    await new SqsMetricsQueue({ ...settings, metricsDeadLetterQueueArn: undefined }).send(task, new Date(now.getTime() + 3_600_000));
    expect(scheduler.commandCalls(CreateScheduleCommand)[0].args[0].input.Target?.DeadLetterConfig).toBeUndefined();
  });
});
