import { Duration, Validations } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { MAX_QUEUE_DELAY_SECONDS } from '#shared/domain/publish-timing';
import {
  deadLettersWaiting,
  iteratorAge,
  lateShare,
  PERIOD,
  publishQueueStalled,
  schedulerReleasesLost,
  type WatchedResources,
} from './service-metrics';

export interface ServiceAlarmsProps extends WatchedResources {
  /** An existing SNS topic to notify instead of the stack's own (an operator's paging topic). */
  alarmTopicArn?: string;
  /** An e-mail address the stack's own topic sends every alarm to (confirm the subscription e-mail once). */
  alarmEmail?: string;
  /** The API stage's access log group: its 429 lines are counted (HTTP APIs publish no 429 metric). */
  apiAccessLogs: logs.ILogGroup;
}

/** The lateness budget (docs/api.md, "On time"): at most 1 % of posts later than 2 s. */
export const LATENESS_BUDGET_PERCENT = 1;
/**
 * Burn rates (docs/decisions/0183-lateness-as-burn-rate-alarms.md): 14.4x over 5 minutes (2 % of a
 * 30-day budget gone in an hour at that pace) pages in minutes; 6x over an hour (5 % in 6 hours)
 * pages for a slow leak the fast window never sees.
 */
export const FAST_BURN = { rate: 14.4, window: Duration.minutes(5) } as const;
export const SLOW_BURN = { rate: 6, window: Duration.hours(1) } as const;
/** Late posts a window must hold before its share counts: one cold start at sparse traffic is not a burn. */
export const MINIMUM_LATE_POSTS = 3;
/** Requests a five-minute period must hold before its 4xx or 429 share counts. */
export const MINIMUM_REQUESTS = 50;
/** 4xx responses above this share: a client (or the dashboard) broken against the API, or keys revoked. */
export const API_4XX_RATE_THRESHOLD_PERCENT = 25;
/** 429 responses above this share: the stage's throttle or the per-key limits are refusing real traffic. */
export const API_429_RATE_THRESHOLD_PERCENT = 5;
/** The custom metric the access-log filter writes, one per 429 response. */
export const API_429_METRIC = { namespace: 'SocialPosting', metricName: 'Api429Responses' } as const;

/** Percentage of API responses that are 5xx above which someone should look. */
export const API_5XX_RATE_THRESHOLD_PERCENT = 5;
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
  /** What every alarm notifies: the operator's topic (alarmTopicArn) or the stack's own. */
  readonly topic: sns.ITopic;

  constructor(scope: Construct, id: string, props: ServiceAlarmsProps) {
    super(scope, id);
    this.topic = props.alarmTopicArn ? sns.Topic.fromTopicArn(this, 'Topic', props.alarmTopicArn) : this.ownTopic(props.alarmEmail);
    const action = new SnsAction(this.topic);
    // Back to OK notifies too: the on-call engineer learns the incident is over without a console.
    const add = (alarm: cloudwatch.Alarm): cloudwatch.Alarm => {
      alarm.addAlarmAction(action);
      alarm.addOkAction(action);
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

    // The promise as an error budget: late posts (over 2 s) against 1 % of posts. A window with no
    // post has no data, which is not lateness (a stall is PublishQueueStalled's).
    for (const [alarmId, burn, pace] of [
      ['PublishLatenessFastBurn', FAST_BURN, 'pages within minutes of a sharp rise'],
      ['PublishLatenessSlowBurn', SLOW_BURN, 'pages within the hour of a slow leak'],
    ] as const) {
      const threshold = burn.rate * LATENESS_BUDGET_PERCENT;
      const minutes = burn.window.toMinutes();
      add(
        lateShare(burn.window, MINIMUM_LATE_POSTS, `Late posts % (${minutes} min)`).createAlarm(this, alarmId, {
          alarmDescription: `Posts go out late: more than ${threshold} % of the posts published in the last ${minutes} minutes were later than 2 s (at least ${MINIMUM_LATE_POSTS} of them), ${burn.rate}x the 1 % lateness budget (${pace}). Look at the publisher's Duration, ConcurrentExecutions and Throttles (cold starts, a slow platform, the concurrency cap) and the publish queue's depth on the dashboard. Runbook: "${alarmId}".`,
          threshold,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
          evaluationPeriods: 1,
          treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        }),
      );
    }

    // Three minutes in a row with posts ready and none deleted: a stall pages in about 4 minutes
    // (the 20-minute queue age below stays as the backstop for a queue that drains too slowly).
    add(
      publishQueueStalled(props.publishQueue).createAlarm(this, 'PublishQueueStalled', {
        alarmDescription:
          'The publish queue held posts ready to publish for 3 minutes in a row while the publisher deleted none: publishing has stopped (event source disabled, the publisher throttled or failing every run, a bad deploy). Check the publisher\'s Errors and Throttles and its event source mapping\'s state. Runbook: "PublishQueueStalled".',
        threshold: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 3,
        datapointsToAlarm: 3,
        // FILL makes a datapoint of every minute; should none come, nothing is waiting.
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
        alarmId: 'PublishDeadLetters',
        what: 'A post could not be published or released (the publisher failed every receive, the release step failed, or a schedule gave up)',
      },
      {
        queue: props.webhooks.deadLetterQueue,
        alarmId: 'WebhookDeadLetters',
        what: 'A webhook stream batch was not dispatched for 6 h, an attempt failed to run five times, or the daily sweep could not run',
      },
      {
        queue: props.metrics.deadLetterQueue,
        alarmId: 'MetricsDeadLetters',
        what: "A post's metrics collection failed five times, or its collection schedule could not reach the metrics queue",
      },
    ] as const;
    for (const { queue, alarmId, what } of deadLetters) {
      // In ALARM while a dead letter waits: the first one after hours of an empty, silent queue is a
      // datapoint of its own (docs/decisions/0182-dead-letter-alarms-on-waiting-messages.md). Any of
      // the last 3 minutes: a datapoint SQS delivers a minute or two late still counts.
      add(
        deadLettersWaiting(queue, `${alarmId} (waiting)`).createAlarm(this, alarmId, {
          alarmDescription: `${what}: the dead-letter queue holds a message. Each message names what failed; fix the cause, then replay or delete it (the alarm stays in ALARM until the queue is empty). Runbook: "${alarmId}".`,
          threshold: 1,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          evaluationPeriods: 3,
          datapointsToAlarm: 1,
          // An empty queue goes silent after 6 hours: no data is an empty queue.
          treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        }),
      );
    }

    // The collection schedules: Scheduler could not reach the metrics queue (target errors) or
    // gave up without dead-lettering. Dead-lettered ones are MetricsDeadLetters'.
    const metricsGroup = props.metrics.scheduleGroup;
    atLeastOnce(
      new cloudwatch.MathExpression({
        label: 'Collection schedules failed or lost',
        expression: 'FILL(targetErrors, 0) + FILL(dropped, 0) + FILL(undeliverable, 0)',
        usingMetrics: {
          targetErrors: metricsGroup.metricTargetErrors({ period: PERIOD, statistic: 'Sum' }),
          dropped: metricsGroup.metricDropped({ period: PERIOD, statistic: 'Sum' }),
          undeliverable: metricsGroup.metricFailedToBeSentToDLQ(undefined, { period: PERIOD, statistic: 'Sum' }),
        },
        period: PERIOD,
      }),
      'MetricsSchedulerFailures',
      'A metrics collection schedule could not send to the metrics queue (TargetErrorCount), or gave up without dead-lettering (InvocationDroppedCount, InvocationsFailedToBeSentToDeadLetterCount of the metrics group): that post\'s metrics are not collected. Check the metrics scheduler role and the queue. Runbook: "MetricsSchedulerFailures".',
    );

    // Scheduler throttles invocations above the account's invocation rate quota; it retries, so
    // posts are released late. Both groups: a burst of collections can hold up releases.
    atLeastOnce(
      new cloudwatch.MathExpression({
        label: 'Scheduler invocations throttled',
        expression: 'FILL(posts, 0) + FILL(collections, 0)',
        usingMetrics: {
          posts: props.scheduleGroup.metricThrottled({ period: PERIOD, statistic: 'Sum' }),
          collections: metricsGroup.metricThrottled({ period: PERIOD, statistic: 'Sum' }),
        },
        period: PERIOD,
      }),
      'SchedulerThrottles',
      'EventBridge Scheduler throttled invocations of the release or collection schedules (InvocationThrottleCount): releases run late, after retries. Request a higher "invocations per second" quota. Runbook: "SchedulerThrottles".',
    );

    // On-demand tables throttle too (a hot partition, a sudden jump past twice the previous peak,
    // the table's maximum throughput): reads and writes of the table and of its index.
    const { table, tableIndexName } = props;
    const throttleEvents = (metricName: 'ReadThrottleEvents' | 'WriteThrottleEvents', index?: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/DynamoDB',
        metricName,
        dimensionsMap: index ? { TableName: table.tableName, GlobalSecondaryIndexName: index } : { TableName: table.tableName },
        statistic: 'Sum',
        period: PERIOD,
      });
    atLeastOnce(
      new cloudwatch.MathExpression({
        label: 'DynamoDB throttle events',
        expression: 'FILL(tableReads, 0) + FILL(tableWrites, 0) + FILL(indexReads, 0) + FILL(indexWrites, 0)',
        usingMetrics: {
          tableReads: throttleEvents('ReadThrottleEvents'),
          tableWrites: throttleEvents('WriteThrottleEvents'),
          indexReads: throttleEvents('ReadThrottleEvents', tableIndexName),
          indexWrites: throttleEvents('WriteThrottleEvents', tableIndexName),
        },
        period: PERIOD,
      }),
      'DynamoDbThrottles',
      'DynamoDB throttled reads or writes of the table or its index (Read/WriteThrottleEvents): requests slow down on SDK retries, then fail with 503. Look for a hot key (CloudWatch Contributor Insights) or a burst. Runbook: "DynamoDbThrottles".',
    );

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

    // 4xx and 429 shares: the stage's throttle (HTTP APIs answer it with 429 and publish no metric
    // of it, hence the access-log filter) and clients broken against the API. A quiet period with a
    // handful of requests (one client's wrong key) does not count.
    const api429 = new logs.MetricFilter(this, 'Api429Filter', {
      logGroup: props.apiAccessLogs,
      filterPattern: logs.FilterPattern.stringValue('$.status', '=', '429'),
      metricNamespace: API_429_METRIC.namespace,
      metricName: API_429_METRIC.metricName,
      metricValue: '1',
    });
    for (const [alarmId, threshold, responses, what] of [
      [
        'Api4xxRate',
        API_4XX_RATE_THRESHOLD_PERCENT,
        props.api.metricClientError({ period: PERIOD }),
        'were 4xx: a client (or the dashboard) is broken against the API, keys were revoked, or requests are throttled. Look at the status and routeKey of the access log lines',
      ],
      [
        'Api429Rate',
        API_429_RATE_THRESHOLD_PERCENT,
        api429.metric({ period: PERIOD, statistic: 'Sum' }),
        "were 429: the stage's throttle (lib/public-http-api.ts) or per-key rate limits refuse real traffic. Look at the access log lines with status 429: no integrationStatus is the stage's throttle",
      ],
    ] as const) {
      add(
        new cloudwatch.MathExpression({
          label: `${alarmId} %`,
          expression: `IF(requests >= ${MINIMUM_REQUESTS}, 100 * FILL(responses, 0) / requests, 0)`,
          usingMetrics: { responses, requests: props.api.metricCount({ period: PERIOD }) },
          period: PERIOD,
        }).createAlarm(this, alarmId, {
          alarmDescription: `More than ${threshold} % of API responses ${what}. In 2 of the last 3 five-minute periods with at least ${MINIMUM_REQUESTS} requests. Runbook: "${alarmId}".`,
          threshold,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
          evaluationPeriods: 3,
          datapointsToAlarm: 2,
          treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        }),
      );
    }

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

  /** The stack's own topic, encrypted with SNS's key, TLS only, with the e-mail subscription if one is given. */
  private ownTopic(email: string | undefined): sns.Topic {
    const topic = new sns.Topic(this, 'AlarmTopic', { displayName: 'social-posting alarms', enforceSSL: true });
    Validations.of(topic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason:
        "Alarm notifications carry alarm names and states, no customer data; CloudWatch cannot publish to a topic encrypted with SNS's AWS-managed key, and a customer key for this alone costs $1 a month.",
    });
    if (email) topic.addSubscription(new subscriptions.EmailSubscription(email));
    return topic;
  }
}
