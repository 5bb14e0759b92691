import { Duration } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as scheduler from 'aws-cdk-lib/aws-scheduler';
import type * as sqs from 'aws-cdk-lib/aws-sqs';

/** What the alarms and the dashboard watch: the stack's resources on the way of a post and of a request. */
export interface WatchedResources {
  api: apigwv2.HttpApi;
  publisher: lambda.IFunction;
  publishQueue: sqs.IQueue;
  /** Dead letters of the publish queue, of the release schedules and of the publisher's and release step's async invokes. */
  publishDeadLetterQueue: sqs.IQueue;
  /** The group of the posts' release schedules (Scheduler's metrics are per group). */
  scheduleGroup: scheduler.IScheduleGroup;
  webhooks: {
    /** Consumes the table's stream (its iterator age is how far behind the outbox is). */
    dispatcher: lambda.IFunction;
    deliverer: lambda.IFunction;
    deadLetterQueue: sqs.IQueue;
  };
}

export const PERIOD = Duration.minutes(5);
/** SQS and Lambda publish these each minute; a DLQ arrival or a stall should not wait five. */
export const MINUTE = Duration.minutes(1);

/**
 * The publisher's lateness (platform call − post time), one value per post and platform, written in
 * EMF by the publisher in milliseconds. The dimension set is exactly `service` (Powertools' default
 * dimension): CloudWatch matches a metric by its whole dimension set, so an alarm naming fewer or
 * more dimensions would read an empty series.
 */
export const LATENESS_METRIC = {
  namespace: 'SocialPosting',
  metricName: 'PublishLateness',
  dimensionsMap: { service: 'social-posting' },
} as const;

export function lateness(statistic: 'p50' | 'p99' | 'Maximum', period = PERIOD, label?: string): cloudwatch.Metric {
  return new cloudwatch.Metric({ ...LATENESS_METRIC, dimensionsMap: { ...LATENESS_METRIC.dimensionsMap }, statistic, period, label });
}

/**
 * New arrivals in a dead-letter queue, per minute. Not `NumberOfMessagesSent`: SQS counts only
 * messages sent with SendMessage there, not those its redrive policy moves after the last failed
 * receive (SQS Developer Guide, "Troubleshooting dead-letter queues": the two counts differ), and
 * those are our most common dead letters. Not "visible > 0" either: that stays in ALARM while one
 * old message waits and never fires again. The rise of the visible count is what every way in
 * shares (a redrive move, Lambda's on-failure destination, Scheduler's DLQ): DIFF of the
 * per-minute maximum, FILL first so the first message after a quiet spell (an empty queue goes
 * silent after six hours) compares with 0 instead of with nothing. A deletion in the same minute
 * as an arrival can hide it; someone is at the queue then anyway.
 */
export function deadLetterArrivals(queue: sqs.IQueue, id: 'publishDlq' | 'webhookDlq', label: string): cloudwatch.MathExpression {
  return new cloudwatch.MathExpression({
    label,
    // The id names the queue, so both expressions can share one graph.
    expression: `DIFF(FILL(${id}, 0))`,
    usingMetrics: { [id]: queue.metricApproximateNumberOfMessagesVisible({ period: MINUTE, statistic: 'Maximum' }) },
    period: MINUTE,
  });
}

/**
 * Release schedules that did not release their post and left nothing anywhere: Scheduler dropped
 * the invocation after its retry policy, or could not write it to the dead-letter queue either.
 * Scheduler publishes these only when they happen, hence FILL.
 */
export function schedulerReleasesLost(group: scheduler.IScheduleGroup): cloudwatch.MathExpression {
  return new cloudwatch.MathExpression({
    label: 'Releases lost (dropped, or not dead-lettered)',
    expression: 'FILL(dropped, 0) + FILL(undeliverable, 0)',
    usingMetrics: {
      dropped: group.metricDropped({ period: PERIOD, statistic: 'Sum' }),
      undeliverable: group.metricFailedToBeSentToDLQ(undefined, { period: PERIOD, statistic: 'Sum' }),
    },
    period: PERIOD,
  });
}

/** The stream's lag at the dispatcher: how old the newest record of its last batch was. */
export const iteratorAge = (fn: lambda.IFunction): cloudwatch.Metric =>
  fn.metric('IteratorAge', { period: MINUTE, statistic: 'Maximum', label: 'Stream iterator age (max)' });
