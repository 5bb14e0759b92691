import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { CreateScheduleCommand, DeleteScheduleCommand, ResourceNotFoundException, SchedulerClient } from '@aws-sdk/client-scheduler';
import type { Config } from '#shared/config';
import type { PostScheduler } from './scheduler';

const schedulerClient = new SchedulerClient({});
const lambdaClient = new LambdaClient({});

/** Schedule names are 1-64 of [0-9a-zA-Z-_.]: `post-` + the post's UUID. */
export const scheduleName = (postId: string): string => `post-${postId}`;

/** `at(yyyy-mm-ddThh:mm:ss)` in UTC; the publisher waits out the sub-second rest. */
export const atExpression = (at: Date): string => `at(${at.toISOString().slice(0, 19)})`;

/** The input both the schedule and the immediate invoke hand to the publisher. */
export const publisherInput = (postId: string): string => JSON.stringify({ post_id: postId });

/** EventBridge Scheduler one-time schedules for scheduled posts; async Lambda invokes for immediate ones. */
export class EventBridgePostScheduler implements PostScheduler {
  constructor(private readonly settings: Config['aws']) {}

  private required(name: 'schedulerRoleArn' | 'publisherFunctionArn'): string {
    const value = this.settings[name];
    if (!value) throw new Error(`Scheduler setting ${name} is missing`);
    return value;
  }

  async schedule(postId: string, at: Date): Promise<void> {
    await schedulerClient.send(
      new CreateScheduleCommand({
        Name: scheduleName(postId),
        GroupName: this.settings.scheduleGroup,
        ScheduleExpression: atExpression(at),
        ScheduleExpressionTimezone: 'UTC',
        FlexibleTimeWindow: { Mode: 'OFF' },
        ActionAfterCompletion: 'DELETE',
        // A retried create with the same token makes one schedule, not two.
        ClientToken: postId,
        Target: {
          Arn: this.required('publisherFunctionArn'),
          RoleArn: this.required('schedulerRoleArn'),
          Input: publisherInput(postId),
          RetryPolicy: { MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 3600 },
          DeadLetterConfig: this.settings.deadLetterQueueArn ? { Arn: this.settings.deadLetterQueueArn } : undefined,
        },
      }),
    );
  }

  async cancel(postId: string): Promise<void> {
    try {
      await schedulerClient.send(new DeleteScheduleCommand({ Name: scheduleName(postId), GroupName: this.settings.scheduleGroup }));
    } catch (error) {
      // Already fired (ActionAfterCompletion DELETE) or never created: nothing left to cancel.
      if (!(error instanceof ResourceNotFoundException)) throw error;
    }
  }

  async publishNow(postId: string): Promise<void> {
    await lambdaClient.send(
      new InvokeCommand({
        FunctionName: this.required('publisherFunctionArn'),
        InvocationType: 'Event',
        Payload: Buffer.from(publisherInput(postId)),
      }),
    );
  }
}
