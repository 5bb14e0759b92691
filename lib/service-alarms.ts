import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as sns from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { MAX_QUEUE_DELAY_SECONDS } from '#shared/domain/publish-timing';
import { deadLetterArrivals, iteratorAge, lateness, PERIOD, schedulerReleasesLost, type WatchedResources } from './service-metrics';

export interface ServiceAlarmsProps extends WatchedResources {
  /** Optional existing SNS topic to notify; without it the alarms only change state. */
  alarmTopicArn?: string;
}

/** Percentage of API responses that are 5xx above which someone should look. */
export const API_5XX_RATE_THRESHOLD_PERCENT = 5;
/** The promise (docs/api.md, "On time"), measured by the publisher: p99 lateness at most 2 s. */
export const LATENESS_P99_THRESHOLD_MS = 2000;
/**
 * Oldest message of the publish queue. Posts due within 14 minutes are sent with DelaySeconds up
 * to 900, and SQS documents the age from the message's enqueue time with no exception for a
 * message timer (SQS Developer Guide, "Available CloudWatch metrics": "the approximate age of the
 * oldest non-deleted message"), so a healthy queue shows up to ~900 s while its newest delayed post
 * waits for its second. 15 + 5 minutes: never reached by a healthy queue (the longest delay, plus a
 * few returns of a failed record, which now come back within seconds and dead-letter within
 * minutes), and reached within five minutes by a queue nobody consumes. Should SQS in fact leave the
 * delay out, the alarm is only looser: a post then waited 20 minutes past its time.
 */
export const PUBLISH_QUEUE_AGE_THRESHOLD_SECONDS = MAX_QUEUE_DELAY_SECONDS + 5 * 60;
/**
 * The dispatcher's lag behind the table stream. A healthy stream delivers in well under a second;
 * a minute means event deliveries wait (docs/runbook.md, "What happened to webhook event E").
 */
export const STREAM_ITERATOR_AGE_THRESHOLD_MS = 60_000;

/**
 * The signals an on-call engineer acts on: posts late or not going out (lateness, queue age,
 * Scheduler, dead letters), webhooks stuck (stream lag, errors, dead letters), the API failing,
 * throttling. Each description says what broke and where to look; docs/runbook.md, "Alarms", says
 * what to do.
 */
export class ServiceAlarms extends Construct {
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: ServiceAlarmsProps) {
    super(scope, id);
    const action = props.alarmTopicArn ? new SnsAction(sns.Topic.fromTopicArn(this, 'Topic', props.alarmTopicArn)) : undefined;
    const add = (alarm: cloudwatch.Alarm): cloudwatch.Alarm => {
      if (action) alarm.addAlarmAction(action);
      this.alarms.push(alarm);
      return alarm;
    };
    const atLeastOnce = (
      metric: cloudwatch.Metric | cloudwatch.MathExpression,
      alarmId: string,
      alarmDescription: string,
    ): cloudwatch.Alarm =>
      add(
        metric.createAlarm(this, alarmId, {
          alarmDescription,
          threshold: 1,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          evaluationPeriods: 1,
          // Counts that are published only when something happens: no data is nothing happened.
          treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        }),
      );

    // The promise itself. 2 of 3 five-minute periods: one cold start at sparse traffic (a period
    // holding a single post, whose p99 is that post) does not page, 10 minutes of late posts do.
    // No data means no post was published, which is not lateness (a stalled queue is PublishQueueAge's).
    // Low sample counts are evaluated on purpose: at 1 post per 10 minutes every period is "low".
    add(
      lateness('p99').createAlarm(this, 'PublishLatenessP99', {
        alarmDescription: `Posts go out late: p99 of PublishLateness (platform call minus post time, by the publisher) was above ${LATENESS_P99_THRESHOLD_MS} ms in 2 of the last 3 five-minute periods. Look at the publisher's Duration and ConcurrentExecutions (cold starts, a slow platform, the concurrency cap) and the publish queue's depth on the dashboard. Runbook: "PublishLatenessP99".`,
        threshold: LATENESS_P99_THRESHOLD_MS,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 3,
        datapointsToAlarm: 2,
        evaluateLowSampleCountPercentile: 'evaluate',
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
    );

    // An idle queue publishes no age: nothing waits, so missing data is fine.
    add(
      props.publishQueue
        .metricApproximateAgeOfOldestMessage({ period: PERIOD, statistic: 'Maximum' })
        .createAlarm(this, 'PublishQueueAge', {
          alarmDescription: `A message has waited in the publish queue for more than ${PUBLISH_QUEUE_AGE_THRESHOLD_SECONDS / 60} minutes (the longest delay a post is queued with is 15): the publisher is not consuming it (disabled event source, throttled, failing every run). Check the publisher's Errors and Throttles and its event source mapping's state. Runbook: "PublishQueueAge".`,
          threshold: PUBLISH_QUEUE_AGE_THRESHOLD_SECONDS,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
          evaluationPeriods: 1,
          treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        }),
    );

    // Three minutes in a row: a single slow batch (a cold start, one retried batch) is not a stall.
    // Lambda publishes the age only when it invokes the dispatcher, and the event filter skips
    // every write that is not a webhook event: no data is a quiet outbox.
    add(
      iteratorAge(props.webhooks.dispatcher).createAlarm(this, 'WebhookStreamIteratorAge', {
        alarmDescription: `The webhook dispatcher is more than ${STREAM_ITERATOR_AGE_THRESHOLD_MS / 1000} s behind the table's stream for 3 minutes: webhook events wait to be dispatched (the dispatcher fails and retries a batch, or is throttled). Look at level = 'ERROR' in the DispatchWebhookEvents logs. Runbook: "WebhookStreamIteratorAge".`,
        threshold: STREAM_ITERATOR_AGE_THRESHOLD_MS,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 3,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
    );

    // Scheduler invokes the release step asynchronously: a target error is Lambda refusing the
    // invoke (throttled, permission, function gone), not the release step failing. Scheduler retries
    // it (3 times within the hour), so the post is released late or not at all.
    atLeastOnce(
      props.scheduleGroup.metricTargetErrors({ period: PERIOD, statistic: 'Sum' }),
      'SchedulerTargetErrors',
      'A release schedule could not invoke the release function (TargetErrorCount of the posts\' schedule group): the post is released late, after Scheduler\'s retries, or dead-lettered. Look at the ReleasePost function (throttles, permissions) and the scheduler role. Runbook: "SchedulerTargetErrors".',
    );
    atLeastOnce(
      props.scheduleGroup.metricSentToDLQ({ period: PERIOD, statistic: 'Sum' }),
      'SchedulerDeadLetters',
      'A release schedule gave up and wrote its post to the publish dead-letter queue (InvocationsSentToDeadLetterCount): that post was not released. Replay it from the queue. Runbook: "SchedulerDeadLetters" and "Replaying a dead-lettered publish".',
    );
    atLeastOnce(
      schedulerReleasesLost(props.scheduleGroup),
      'SchedulerReleasesLost',
      'A release schedule gave up and its post is in no queue (InvocationDroppedCount or InvocationsFailedToBeSentToDeadLetterCount of the posts\' schedule group): that post will not be published unless someone does it. Find it among scheduled posts whose time passed. Runbook: "SchedulerReleasesLost".',
    );

    const deadLetters = [
      {
        queue: props.publishDeadLetterQueue,
        key: 'publishDlq',
        alarmId: 'PublishDeadLetterArrivals',
        what: 'A post could not be published or released (the publisher failed every receive, the release step failed, or a schedule gave up)',
      },
      {
        queue: props.webhooks.deadLetterQueue,
        key: 'webhookDlq',
        alarmId: 'WebhookDeadLetterArrivals',
        what: 'A webhook stream batch was not dispatched for 6 h, an attempt failed to run five times, or the daily sweep could not run',
      },
    ] as const;
    for (const { queue, key, alarmId, what } of deadLetters) {
      // In ALARM while a minute with arrivals is within the two-minute window, then OK again, so
      // the next arrival notifies again. Two periods because DIFF needs the minute before.
      add(
        deadLetterArrivals(queue, key, `${alarmId} (new messages)`).createAlarm(this, alarmId, {
          alarmDescription: `${what}: a new message arrived in the dead-letter queue. Each message names what failed; fix the cause, then replay. Runbook: "${alarmId}".`,
          threshold: 0,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
          evaluationPeriods: 2,
          datapointsToAlarm: 1,
          treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        }),
      );
    }

    // A rate, not a count: a busy hour should not page for the same share of errors a quiet one tolerates.
    const serverErrorRate = new cloudwatch.MathExpression({
      label: 'API 5xx %',
      expression: 'IF(requests > 0, 100 * errors / requests, 0)',
      usingMetrics: {
        errors: props.api.metricServerError({ period: PERIOD }),
        requests: props.api.metricCount({ period: PERIOD }),
      },
      period: PERIOD,
    });
    add(
      serverErrorRate.createAlarm(this, 'Api5xxRate', {
        alarmDescription: `More than ${API_5XX_RATE_THRESHOLD_PERCENT}% of API responses were 5xx in 2 of the last 3 five-minute periods. Look up the requestId of failing calls in the API access logs, then in the function's logs. Runbook: "Api5xxRate".`,
        threshold: API_5XX_RATE_THRESHOLD_PERCENT,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 3,
        datapointsToAlarm: 2,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
    );

    atLeastOnce(
      props.publisher.metricErrors({ period: PERIOD, statistic: 'Sum' }),
      'PublisherErrors',
      'The publisher threw (the record comes back, then dead-letters). Platform refusals are recorded on the post and are not errors; this is a bug or an outage (store, KMS). Look at level = \'ERROR\' in the PublishPost logs. Runbook: "PublisherErrors".',
    );

    const { dispatcher, deliverer } = props.webhooks;
    atLeastOnce(
      new cloudwatch.MathExpression({
        label: 'Webhook function errors',
        expression: 'dispatcher + deliverer',
        usingMetrics: {
          dispatcher: dispatcher.metricErrors({ period: PERIOD, statistic: 'Sum' }),
          deliverer: deliverer.metricErrors({ period: PERIOD, statistic: 'Sum' }),
        },
        period: PERIOD,
      }),
      'WebhookErrors',
      'The webhook dispatcher or deliverer threw (they retry, then dead-letter). An endpoint that fails is recorded on the delivery and is not an error; this is a bug or an outage. Runbook: "WebhookErrors".',
    );

    // Account-wide on purpose: these functions reserve no concurrency, so they are throttled only
    // when the account's concurrency pool runs out, which is what the undimensioned metric shows
    // (a per-function math alarm would also exceed the 10 metrics an alarm may combine).
    const throttles = new cloudwatch.Metric({ namespace: 'AWS/Lambda', metricName: 'Throttles', statistic: 'Sum', period: PERIOD });
    add(
      throttles.createAlarm(this, 'LambdaThrottles', {
        alarmDescription:
          'Lambda throttled invocations in this account and region: requests get 500/429 and posts wait for retries. Raise the concurrency quota or find the function hogging it. Runbook: "LambdaThrottles".',
        threshold: 0,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
    );
  }
}
