import { CreateScheduleCommand, DeleteScheduleCommand, ResourceNotFoundException, SchedulerClient } from '@aws-sdk/client-scheduler';
import type { Config } from '#shared/config';
import { preparationOf, queueDelaySeconds, queuesDirectly, releaseScheduleTime, scheduledTrigger } from '#shared/domain/publish-timing';
import { clock } from '#shared/ports/clock';
import { publishQueue } from '#shared/ports/registry';
import type { PostScheduler } from '#shared/ports/scheduler';

const schedulerClient = new SchedulerClient({});

/**
 * Schedule names are 1-64 of [0-9a-zA-Z-_.]: `post-` + the post's UUID, and `-v` + its version
 * once it has been edited or retried (one schedule per version: a late cancel of an old version
 * can never hit the schedule of a newer one).
 */
export const scheduleName = (postId: string, version = 0): string => (version ? `post-${postId}-v${version}` : `post-${postId}`);

/** `at(yyyy-mm-ddThh:mm:ss)` in UTC (Scheduler fires anywhere in that minute). */
export const atExpression = (at: Date): string => `at(${at.toISOString().slice(0, 19)})`;

/**
 * Scheduled and immediate posts in AWS (docs/decisions/0017-on-time-without-waiting-the-publish-queue-aws.md): a post due
 * within the publish queue's reach goes straight onto it, delayed to its time; a later one gets an
 * EventBridge Scheduler one-time schedule two minutes before its minute, whose target, the short
 * release function, queues it with the seconds still to go. Immediate posts are queued at once.
 */
export class EventBridgePostScheduler implements PostScheduler {
  constructor(private readonly settings: Config['aws']) {}

  private required(name: 'schedulerRoleArn' | 'releaseFunctionArn'): string {
    const value = this.settings[name];
    if (!value) throw new Error(`Scheduler setting ${name} is missing`);
    return value;
  }

  async schedule(postId: string, at: Date, version = 0): Promise<void> {
    const trigger = scheduledTrigger(postId, at, version);
    const now = clock.now();
    if (queuesDirectly(at, now)) {
      const queue = await publishQueue();
      // The trigger first: the post's publication must not wait on its card's preparation message.
      await queue.send(trigger, queueDelaySeconds(at, now));
      // Its link card, made now rather than at the due time (shared/use-cases/link-card-prep.ts); best effort.
      return queue.send(preparationOf(trigger), 0).catch(() => undefined);
    }
    await schedulerClient.send(
      new CreateScheduleCommand({
        Name: scheduleName(postId, version),
        GroupName: this.settings.scheduleGroup,
        ScheduleExpression: atExpression(releaseScheduleTime(at)),
        ScheduleExpressionTimezone: 'UTC',
        FlexibleTimeWindow: { Mode: 'OFF' },
        ActionAfterCompletion: 'DELETE',
        // A retried create makes one schedule, not two; a post rescheduled later is another request.
        ClientToken: `${scheduleName(postId, version).slice('post-'.length)}-${at.getTime()}`,
        Target: {
          Arn: this.required('releaseFunctionArn'),
          RoleArn: this.required('schedulerRoleArn'),
          Input: JSON.stringify(trigger),
          RetryPolicy: { MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 3600 },
          DeadLetterConfig: this.settings.deadLetterQueueArn ? { Arn: this.settings.deadLetterQueueArn } : undefined,
        },
      }),
    );
  }

  async cancel(postId: string, version = 0): Promise<void> {
    try {
      await schedulerClient.send(
        new DeleteScheduleCommand({ Name: scheduleName(postId, version), GroupName: this.settings.scheduleGroup }),
      );
    } catch (error) {
      // Already fired (ActionAfterCompletion DELETE), never created (queued directly): nothing to cancel.
      // A message already on the queue finds the post deleted or moved and does nothing.
      if (!(error instanceof ResourceNotFoundException)) throw error;
    }
  }

  async publishNow(postId: string): Promise<void> {
    await (await publishQueue()).send({ post_id: postId }, 0);
  }
}
