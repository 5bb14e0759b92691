import { Stack } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { Construct } from 'constructs';
import {
  FAST_BURN,
  LATENESS_BUDGET_PERCENT,
  MINIMUM_LATE_POSTS,
  PUBLISH_QUEUE_AGE_THRESHOLD_SECONDS,
  SLOW_BURN,
  STREAM_ITERATOR_AGE_THRESHOLD_MS,
} from './service-alarms';
import {
  deadLettersWaiting,
  iteratorAge,
  LATE_AFTER_MS,
  lateness,
  lateShare,
  MINUTE,
  PERIOD,
  type WatchedResources,
} from './service-metrics';

export interface ServiceDashboardProps extends WatchedResources {
  /** Shown together at the top: what is in ALARM now. */
  alarms: cloudwatch.IAlarm[];
}

const WIDTH = 24;

/**
 * One page for on call (docs/runbook.md, "Alarms"): alarm states on top, then a post's way in the
 * order it travels (lateness, the publish queue, the publisher, Scheduler, dead letters), the
 * webhook stream, and the API; the thresholds of the alarms on the promise are drawn on their graphs.
 */
export class ServiceDashboard extends Construct {
  readonly dashboard: cloudwatch.Dashboard;

  constructor(scope: Construct, id: string, props: ServiceDashboardProps) {
    super(scope, id);
    const { publisher, publishQueue, scheduleGroup, api, webhooks } = props;
    const line = (value: number, label: string): cloudwatch.HorizontalAnnotation => ({ value, label, color: '#d62728' });
    const graph = (title: string, width: number, left: cloudwatch.IMetric[], more: Partial<cloudwatch.GraphWidgetProps> = {}) =>
      new cloudwatch.GraphWidget({ title, width, height: 6, left, ...more });

    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: `${Stack.of(this).stackName}-overview`,
    });
    this.dashboard.addWidgets(new cloudwatch.AlarmStatusWidget({ title: 'Alarms', alarms: props.alarms, width: WIDTH, height: 4 }));

    this.dashboard.addWidgets(
      graph('Publish lateness (ms)', 12, [lateness('p50', MINUTE, 'p50 (1 min)'), lateness('p99', MINUTE, 'p99 (1 min)')], {
        leftAnnotations: [line(LATE_AFTER_MS, 'late after 2 s')],
        // The share the burn-rate alarms watch, on the right axis with their thresholds.
        right: [
          lateShare(FAST_BURN.window, MINIMUM_LATE_POSTS, 'late % (5 min, as alarmed)'),
          lateShare(SLOW_BURN.window, MINIMUM_LATE_POSTS, 'late % (1 h, as alarmed)'),
        ],
        rightAnnotations: [
          line(FAST_BURN.rate * LATENESS_BUDGET_PERCENT, 'PublishLatenessFastBurn'),
          line(SLOW_BURN.rate * LATENESS_BUDGET_PERCENT, 'PublishLatenessSlowBurn'),
        ],
      }),
      graph(
        'Publish queue',
        12,
        [
          publishQueue.metricApproximateNumberOfMessagesVisible({ period: MINUTE, statistic: 'Maximum', label: 'ready' }),
          publishQueue.metricApproximateNumberOfMessagesDelayed({ period: MINUTE, statistic: 'Maximum', label: 'delayed to their second' }),
          publishQueue.metricApproximateNumberOfMessagesNotVisible({ period: MINUTE, statistic: 'Maximum', label: 'in a run' }),
        ],
        {
          right: [publishQueue.metricApproximateAgeOfOldestMessage({ period: MINUTE, statistic: 'Maximum', label: 'oldest (s)' })],
          rightAnnotations: [line(PUBLISH_QUEUE_AGE_THRESHOLD_SECONDS, 'PublishQueueAge')],
        },
      ),
    );

    this.dashboard.addWidgets(
      graph('Publisher errors and throttles', 8, [
        publisher.metricErrors({ period: MINUTE, statistic: 'Sum' }),
        publisher.metricThrottles({ period: MINUTE, statistic: 'Sum' }),
      ]),
      graph('Publisher duration (ms)', 8, [
        publisher.metricDuration({ period: MINUTE, statistic: 'p50' }),
        publisher.metricDuration({ period: MINUTE, statistic: 'p99' }),
        publisher.metricDuration({ period: MINUTE, statistic: 'Maximum' }),
      ]),
      graph('Publisher concurrent executions', 8, [publisher.metric('ConcurrentExecutions', { period: MINUTE, statistic: 'Maximum' })]),
    );

    this.dashboard.addWidgets(
      graph('Release schedules (posts group)', 8, [
        scheduleGroup.metricAttempts({ period: PERIOD, statistic: 'Sum', label: 'attempts' }),
        scheduleGroup.metricTargetErrors({ period: PERIOD, statistic: 'Sum', label: 'target errors' }),
        scheduleGroup.metricSentToDLQ({ period: PERIOD, statistic: 'Sum', label: 'dead-lettered' }),
        scheduleGroup.metricDropped({ period: PERIOD, statistic: 'Sum', label: 'dropped' }),
        scheduleGroup.metricFailedToBeSentToDLQ(undefined, { period: PERIOD, statistic: 'Sum', label: 'not dead-lettered' }),
      ]),
      graph('Dead letters waiting (as alarmed)', 8, [
        deadLettersWaiting(props.publishDeadLetterQueue, 'publish'),
        deadLettersWaiting(webhooks.deadLetterQueue, 'webhooks'),
        deadLettersWaiting(props.metrics.deadLetterQueue, 'metrics'),
      ]),
      graph('Webhooks: stream iterator age (ms), errors', 8, [iteratorAge(webhooks.dispatcher)], {
        leftAnnotations: [line(STREAM_ITERATOR_AGE_THRESHOLD_MS, 'WebhookStreamIteratorAge')],
        right: [
          webhooks.dispatcher.metricErrors({ period: MINUTE, statistic: 'Sum', label: 'dispatcher errors' }),
          webhooks.deliverer.metricErrors({ period: MINUTE, statistic: 'Sum', label: 'deliverer errors' }),
        ],
      }),
    );

    this.dashboard.addWidgets(
      graph('API requests and errors', 12, [
        api.metricCount({ period: MINUTE, label: 'requests' }),
        api.metricServerError({ period: MINUTE, label: '5xx' }),
        api.metricClientError({ period: MINUTE, label: '4xx' }),
      ]),
      graph('API latency (ms)', 12, [
        api.metricLatency({ period: MINUTE, statistic: 'p50' }),
        api.metricLatency({ period: MINUTE, statistic: 'p99' }),
      ]),
    );
  }
}
