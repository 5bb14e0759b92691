import { Duration } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
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
  metrics: {
    /** Dead letters of the metrics queue and of the collection schedules (their DeadLetterConfig). */
    deadLetterQueue: sqs.IQueue;
    /** The group of the collection schedules the publisher creates. */
    scheduleGroup: scheduler.IScheduleGroup;
  };
  /** The single table (its throttle events, and its index's). */
  table: dynamodb.ITable;
  /** The index the table's throttle events are also read for (shared/store/table.ts, GSI1). */
  tableIndexName: string;
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
 * Messages waiting in a dead-letter queue (the per-minute maximum of the visible count), what the
 * dead-letter alarms watch (docs/decisions/0182-dead-letter-alarms-on-waiting-messages.md). Every way
 * into a dead-letter queue (a redrive move, Lambda's on-failure destination, Scheduler's
 * DeadLetterConfig) raises it, where `NumberOfMessagesSent` misses redrive moves; and unlike the
 * rise of the count (DIFF), it needs no earlier datapoint: the first message after hours of an
 * empty, silent queue is a datapoint of 1 on its own, whenever it arrives.
 */
export const deadLettersWaiting = (queue: sqs.IQueue, label: string): cloudwatch.Metric =>
  queue.metricApproximateNumberOfMessagesVisible({ period: MINUTE, statistic: 'Maximum', label });

/** The promise (docs/api.md, "On time"): a post is late when its first platform call is more than 2 s after its time. */
export const LATE_AFTER_MS = 2000;

/**
 * The share of published posts (in %) later than 2 s, per `period`: 100 minus the percentile rank
 * statistic `PR(:2000)` of PublishLateness (the share of values at most 2000: CloudWatch's
 * percentile rank includes its upper bound; the form its documentation gives and PutMetricAlarm
 * lists), so no count of late posts needs emitting beside the distribution. A period in which
 * fewer than `minimumLate` posts were late reads 0: at sparse traffic a single cold start is a share
 * of 100 % and no incident. No posts, no data.
 */
export function lateShare(period: Duration, minimumLate: number, label: string): cloudwatch.MathExpression {
  // Ids named after the window, so both windows can share one graph.
  const minutes = period.toMinutes();
  return new cloudwatch.MathExpression({
    label,
    expression: `IF(posts${minutes} * (100 - onTime${minutes}) / 100 >= ${minimumLate}, 100 - onTime${minutes}, 0)`,
    usingMetrics: {
      [`onTime${minutes}`]: new cloudwatch.Metric({
        ...LATENESS_METRIC,
        dimensionsMap: { ...LATENESS_METRIC.dimensionsMap },
        statistic: `PR(:${LATE_AFTER_MS})`,
        period,
      }),
      [`posts${minutes}`]: new cloudwatch.Metric({
        ...LATENESS_METRIC,
        dimensionsMap: { ...LATENESS_METRIC.dimensionsMap },
        statistic: 'SampleCount',
        period,
      }),
    },
    period,
  });
}

/**
 * 1 for a minute in which the publish queue held visible messages (ready now: delayed posts are
 * ApproximateNumberOfMessagesDelayed, not visible) while the publisher deleted none of its messages,
 * else 0: a stall, whatever its cause (event source disabled, every run failing or throttled). A
 * burst keeps messages visible too, but the publisher deletes hundreds a minute meanwhile. An idle
 * queue stops publishing metrics: FILL reads that as nothing waiting and nothing deleted.
 */
export function publishQueueStalled(queue: sqs.IQueue): cloudwatch.MathExpression {
  return new cloudwatch.MathExpression({
    label: 'Publish queue stalled (visible, none deleted)',
    expression: 'IF(FILL(visible, 0) > 0 AND FILL(deleted, 0) == 0, 1, 0)',
    usingMetrics: {
      visible: queue.metricApproximateNumberOfMessagesVisible({ period: MINUTE, statistic: 'Maximum' }),
      deleted: queue.metricNumberOfMessagesDeleted({ period: MINUTE, statistic: 'Sum' }),
    },
    period: MINUTE,
  });
}

/**
 * Schedules that did not deliver and left nothing anywhere: Scheduler dropped the invocation after
 * its retry policy, or could not write it to the dead-letter queue either. Scheduler publishes
 * these only when they happen, hence FILL.
 */
export function schedulerReleasesLost(
  group: scheduler.IScheduleGroup,
  label = 'Releases lost (dropped, or not dead-lettered)',
): cloudwatch.MathExpression {
  return new cloudwatch.MathExpression({
    label,
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
