import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { CfnElement } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { MAX_QUEUE_DELAY_SECONDS } from '#shared/domain/publish-timing';
import { PUBLISHER_OPERATION, WEBHOOK_DELIVERY_OPERATION, WEBHOOK_DISPATCH_OPERATION } from '#shared/http/routes';
import {
  API_429_RATE_THRESHOLD_PERCENT,
  API_4XX_RATE_THRESHOLD_PERCENT,
  API_5XX_RATE_THRESHOLD_PERCENT,
  MINIMUM_LATE_POSTS,
  MINIMUM_REQUESTS,
} from '../../lib/service-alarms';
import type { ServiceStack } from '../../lib/service-stack';
import { type BuiltStacks, buildStack, sharedDefaultStack, TEST_SETTINGS } from './build-stack';
import { functionLogicalId, logicalIdOf, writtenIn } from './template-queries';

type Dimensions = Array<{ Name: string; Value: unknown }>;
interface MetricQuery {
  Id: string;
  Expression?: string;
  ReturnData?: boolean;
  MetricStat?: { Metric: { Namespace: string; MetricName: string; Dimensions?: Dimensions }; Period: number; Stat: string };
}
type AlarmProperties = Record<string, unknown> & { Metrics?: MetricQuery[] };

/** One metric as an alarm reads it, whether written as a plain metric or as a single metric query. */
interface AlarmMetric {
  namespace: string;
  metricName: string;
  dimensions: Dimensions;
  statistic: string;
  period: number;
}

const GROUP = 'social-posting-test-posts';
const METRICS_GROUP = 'social-posting-test-metrics';
const ALARM_IDS = [
  'PublishLatenessFastBurn',
  'PublishLatenessSlowBurn',
  'PublishQueueStalled',
  'PublishQueueAge',
  'WebhookStreamIteratorAge',
  'SchedulerTargetErrors',
  'SchedulerDeadLetters',
  'SchedulerReleasesLost',
  'SchedulerThrottles',
  'MetricsSchedulerFailures',
  'PublishDeadLetters',
  'WebhookDeadLetters',
  'MetricsDeadLetters',
  'DynamoDbThrottles',
  'Api5xxRate',
  'Api4xxRate',
  'Api429Rate',
  'PublisherErrors',
  'WebhookErrors',
  'LambdaThrottles',
];

let stack: ServiceStack;
let template: Template;
let ids: {
  publisher: string;
  dispatcher: string;
  deliverer: string;
  api: string;
};

/** The data stack's queue names as the service template writes them (imports, lib/data-stack.ts). */
let queueNames: { publishQueue: unknown; publishDlq: unknown; webhookDlq: unknown; metricsDlq: unknown; table: unknown };

/** A reference in the dashboard body as `${Ref}`, `${LogicalId.Attribute}` or `${import <export name>}`. */
function placeholder(part: unknown): string {
  const token = part as { Ref?: string; 'Fn::GetAtt'?: [string, string]; 'Fn::ImportValue'?: string };
  if (token.Ref) return `\${${token.Ref}}`;
  if (token['Fn::GetAtt']) return `\${${token['Fn::GetAtt'].join('.')}}`;
  return `\${import ${token['Fn::ImportValue']!}}`;
}

beforeAll(() => {
  let data: BuiltStacks['data'];
  ({ stack, template, data } = sharedDefaultStack());
  const idOf = (construct: { node: { defaultChild?: unknown } }) => logicalIdOf(stack, construct.node.defaultChild as CfnElement);
  queueNames = {
    publishQueue: writtenIn(stack, data.publishing.queue.queueName),
    publishDlq: writtenIn(stack, data.publishing.deadLetterQueue.queueName),
    webhookDlq: writtenIn(stack, data.webhooks.deadLetterQueue.queueName),
    metricsDlq: writtenIn(stack, data.metrics.deadLetterQueue.queueName),
    table: writtenIn(stack, data.table.tableName),
  };
  ids = {
    publisher: functionLogicalId(stack, PUBLISHER_OPERATION),
    dispatcher: functionLogicalId(stack, WEBHOOK_DISPATCH_OPERATION),
    deliverer: functionLogicalId(stack, WEBHOOK_DELIVERY_OPERATION),
    api: idOf(stack.node.findChild('HttpApi').node.findChild('Api')),
  };
});

/** The alarm made by the construct `Alarms/<alarmId>`. */
function alarm(alarmId: string): AlarmProperties {
  const found = Object.entries(template.findResources('AWS::CloudWatch::Alarm')).filter(([logicalId]) =>
    new RegExp(`^Alarms${alarmId}[0-9A-F]{8}$`).test(logicalId),
  );
  expect(found).toHaveLength(1);
  return found[0][1].Properties as AlarmProperties;
}

function singleMetric(properties: AlarmProperties): AlarmMetric {
  if (properties.Metrics) {
    expect(properties.Metrics).toHaveLength(1);
    const { MetricStat } = properties.Metrics[0];
    if (!MetricStat) throw new Error('expected a metric, found an expression');
    const { Metric, Period, Stat } = MetricStat;
    return {
      namespace: Metric.Namespace,
      metricName: Metric.MetricName,
      dimensions: Metric.Dimensions ?? [],
      statistic: Stat,
      period: Period,
    };
  }
  return {
    namespace: properties.Namespace as string,
    metricName: properties.MetricName as string,
    dimensions: (properties.Dimensions as Dimensions | undefined) ?? [],
    statistic: (properties.Statistic ?? properties.ExtendedStatistic) as string,
    period: properties.Period as number,
  };
}

/** The expression the alarm watches and the metrics it reads, by id. */
function expressionOf(properties: AlarmProperties): { expression: string; metrics: Record<string, AlarmMetric> } {
  const queries = properties.Metrics ?? [];
  const watched = queries.filter((query) => query.ReturnData !== false);
  expect(watched).toHaveLength(1);
  const metrics: Record<string, AlarmMetric> = {};
  for (const { Id, MetricStat } of queries) {
    if (!MetricStat) continue;
    const { Metric, Period, Stat } = MetricStat;
    metrics[Id] = {
      namespace: Metric.Namespace,
      metricName: Metric.MetricName,
      dimensions: Metric.Dimensions ?? [],
      statistic: Stat,
      period: Period,
    };
  }
  return { expression: watched[0].Expression ?? '', metrics };
}

const queueName = (written: unknown) => [{ Name: 'QueueName', Value: written }];
const functionName = (logicalId: string) => [{ Name: 'FunctionName', Value: { Ref: logicalId } }];
const scheduleGroup = [{ Name: 'ScheduleGroup', Value: GROUP }];

describe('alarms', () => {
  it('has the alarms on the promise and the ones kept from before, and no others', () => {
    const logicalIds = Object.keys(template.findResources('AWS::CloudWatch::Alarm'));
    expect(logicalIds.map((logicalId) => logicalId.replace(/^Alarms|[0-9A-F]{8}$/g, '')).sort()).toEqual([...ALARM_IDS].sort());
  });

  it('alarms on lateness as burn rates of a 1 % budget: over 14.4 % of posts later than 2 s in 5 minutes, over 6 % in an hour, from at least 3 late posts', () => {
    for (const [alarmId, period, threshold] of [
      ['PublishLatenessFastBurn', 300, 14.4],
      ['PublishLatenessSlowBurn', 3600, 6],
    ] as const) {
      const properties = alarm(alarmId);
      const { expression, metrics } = expressionOf(properties);
      const minutes = period / 60;
      expect(expression).toBe(`IF(posts${minutes} * (100 - onTime${minutes}) / 100 >= ${MINIMUM_LATE_POSTS}, 100 - onTime${minutes}, 0)`);
      const lateness = {
        namespace: 'SocialPosting',
        metricName: 'PublishLateness',
        dimensions: [{ Name: 'service', Value: 'social-posting' }],
        period,
      };
      // The percentile rank up to 2000 ms (upper bound included): the share of posts on time; 100 minus it is late.
      expect(metrics).toEqual({
        [`onTime${minutes}`]: { ...lateness, statistic: 'PR(:2000)' },
        [`posts${minutes}`]: { ...lateness, statistic: 'SampleCount' },
      });
      expect(properties).toMatchObject({
        Threshold: threshold,
        ComparisonOperator: 'GreaterThanThreshold',
        EvaluationPeriods: 1,
        TreatMissingData: 'notBreaching',
      });
    }
  });

  it('alarms on a stalled publish queue: posts visible and none deleted, 3 minutes in a row', () => {
    const properties = alarm('PublishQueueStalled');
    const { expression, metrics } = expressionOf(properties);
    expect(expression).toBe('IF(FILL(visible, 0) > 0 AND FILL(deleted, 0) == 0, 1, 0)');
    expect(metrics).toEqual({
      visible: {
        namespace: 'AWS/SQS',
        metricName: 'ApproximateNumberOfMessagesVisible',
        dimensions: queueName(queueNames.publishQueue),
        statistic: 'Maximum',
        period: 60,
      },
      deleted: {
        namespace: 'AWS/SQS',
        metricName: 'NumberOfMessagesDeleted',
        dimensions: queueName(queueNames.publishQueue),
        statistic: 'Sum',
        period: 60,
      },
    });
    expect(properties).toMatchObject({
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      EvaluationPeriods: 3,
      DatapointsToAlarm: 3,
    });
  });

  it('alarms on the age of the publish queue oldest message, above the longest delay a healthy post is queued with', () => {
    const properties = alarm('PublishQueueAge');
    expect(singleMetric(properties)).toEqual({
      namespace: 'AWS/SQS',
      metricName: 'ApproximateAgeOfOldestMessage',
      dimensions: queueName(queueNames.publishQueue),
      statistic: 'Maximum',
      period: 300,
    });
    expect(properties).toMatchObject({ Threshold: 1200, ComparisonOperator: 'GreaterThanThreshold', TreatMissingData: 'notBreaching' });
    expect(properties.Threshold).toBeGreaterThan(MAX_QUEUE_DELAY_SECONDS);
  });

  it("alarms when the webhook dispatcher's stream iterator age stays above 60 s for 3 minutes", () => {
    const properties = alarm('WebhookStreamIteratorAge');
    expect(singleMetric(properties)).toEqual({
      namespace: 'AWS/Lambda',
      metricName: 'IteratorAge',
      dimensions: functionName(ids.dispatcher),
      statistic: 'Maximum',
      period: 60,
    });
    expect(properties).toMatchObject({ Threshold: 60_000, ComparisonOperator: 'GreaterThanThreshold', EvaluationPeriods: 3 });
  });

  it("alarms on any Scheduler target error and any release sent to the dead-letter queue, in the posts' schedule group", () => {
    template.hasResourceProperties('AWS::Scheduler::ScheduleGroup', { Name: GROUP });
    for (const [alarmId, metricName] of [
      ['SchedulerTargetErrors', 'TargetErrorCount'],
      ['SchedulerDeadLetters', 'InvocationsSentToDeadLetterCount'],
    ]) {
      const properties = alarm(alarmId);
      expect(singleMetric(properties)).toEqual({
        namespace: 'AWS/Scheduler',
        metricName,
        dimensions: scheduleGroup,
        statistic: 'Sum',
        period: 300,
      });
      expect(properties).toMatchObject({
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        TreatMissingData: 'notBreaching',
      });
    }
  });

  it('alarms on any release Scheduler dropped or could not dead-letter', () => {
    const properties = alarm('SchedulerReleasesLost');
    const { expression, metrics } = expressionOf(properties);
    expect(expression).toBe('FILL(dropped, 0) + FILL(undeliverable, 0)');
    expect(metrics).toEqual({
      dropped: {
        namespace: 'AWS/Scheduler',
        metricName: 'InvocationDroppedCount',
        dimensions: scheduleGroup,
        statistic: 'Sum',
        period: 300,
      },
      undeliverable: {
        namespace: 'AWS/Scheduler',
        metricName: 'InvocationsFailedToBeSentToDeadLetterCount',
        dimensions: scheduleGroup,
        statistic: 'Sum',
        period: 300,
      },
    });
    expect(properties).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
  });

  it('alarms while a message waits in any of the three dead-letter queues (visible >= 1 in any of 3 minutes), not on NumberOfMessagesSent', () => {
    for (const [alarmId, queueId] of [
      ['PublishDeadLetters', queueNames.publishDlq],
      ['WebhookDeadLetters', queueNames.webhookDlq],
      ['MetricsDeadLetters', queueNames.metricsDlq],
    ] as const) {
      const properties = alarm(alarmId);
      expect(singleMetric(properties)).toEqual({
        namespace: 'AWS/SQS',
        metricName: 'ApproximateNumberOfMessagesVisible',
        dimensions: queueName(queueId),
        statistic: 'Maximum',
        period: 60,
      });
      expect(properties).toMatchObject({
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        EvaluationPeriods: 3,
        DatapointsToAlarm: 1,
        TreatMissingData: 'notBreaching',
      });
    }
    for (const properties of Object.values(template.findResources('AWS::CloudWatch::Alarm')).map((resource) => resource.Properties))
      expect(JSON.stringify(properties)).not.toContain('NumberOfMessagesSent');
  });

  it("alarms on the metrics schedules' target errors and lost collections, and on Scheduler throttles in both groups", () => {
    const failures = expressionOf(alarm('MetricsSchedulerFailures'));
    expect(failures.expression).toBe('FILL(targetErrors, 0) + FILL(dropped, 0) + FILL(undeliverable, 0)');
    expect(Object.values(failures.metrics).map((metric) => [metric.metricName, metric.dimensions])).toEqual([
      ['TargetErrorCount', [{ Name: 'ScheduleGroup', Value: METRICS_GROUP }]],
      ['InvocationDroppedCount', [{ Name: 'ScheduleGroup', Value: METRICS_GROUP }]],
      ['InvocationsFailedToBeSentToDeadLetterCount', [{ Name: 'ScheduleGroup', Value: METRICS_GROUP }]],
    ]);
    const throttles = expressionOf(alarm('SchedulerThrottles'));
    expect(throttles.expression).toBe('FILL(posts, 0) + FILL(collections, 0)');
    expect(throttles.metrics).toEqual({
      posts: {
        namespace: 'AWS/Scheduler',
        metricName: 'InvocationThrottleCount',
        dimensions: scheduleGroup,
        statistic: 'Sum',
        period: 300,
      },
      collections: {
        namespace: 'AWS/Scheduler',
        metricName: 'InvocationThrottleCount',
        dimensions: [{ Name: 'ScheduleGroup', Value: METRICS_GROUP }],
        statistic: 'Sum',
        period: 300,
      },
    });
    for (const alarmId of ['MetricsSchedulerFailures', 'SchedulerThrottles'])
      expect(alarm(alarmId)).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
  });

  it('alarms on DynamoDB read and write throttle events of the table and of its index', () => {
    const { expression, metrics } = expressionOf(alarm('DynamoDbThrottles'));
    expect(expression).toBe('FILL(tableReads, 0) + FILL(tableWrites, 0) + FILL(indexReads, 0) + FILL(indexWrites, 0)');
    const table = { Name: 'TableName', Value: queueNames.table };
    const index = { Name: 'GlobalSecondaryIndexName', Value: 'gsi1' };
    expect(metrics).toEqual({
      tableReads: { namespace: 'AWS/DynamoDB', metricName: 'ReadThrottleEvents', dimensions: [table], statistic: 'Sum', period: 300 },
      tableWrites: { namespace: 'AWS/DynamoDB', metricName: 'WriteThrottleEvents', dimensions: [table], statistic: 'Sum', period: 300 },
      indexReads: {
        namespace: 'AWS/DynamoDB',
        metricName: 'ReadThrottleEvents',
        dimensions: [index, table],
        statistic: 'Sum',
        period: 300,
      },
      indexWrites: {
        namespace: 'AWS/DynamoDB',
        metricName: 'WriteThrottleEvents',
        dimensions: [index, table],
        statistic: 'Sum',
        period: 300,
      },
    });
    expect(alarm('DynamoDbThrottles')).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
  });

  it("alarms on the stage's 4xx share and its 429 share (counted from the access log), with a minimum of requests", () => {
    const four = expressionOf(alarm('Api4xxRate'));
    expect(four.expression).toBe(`IF(requests >= ${MINIMUM_REQUESTS}, 100 * FILL(responses, 0) / requests, 0)`);
    expect(four.metrics.responses).toMatchObject({
      namespace: 'AWS/ApiGateway',
      metricName: '4xx',
      dimensions: [{ Name: 'ApiId', Value: { Ref: ids.api } }],
    });
    expect(four.metrics.requests).toMatchObject({ namespace: 'AWS/ApiGateway', metricName: 'Count' });
    expect(alarm('Api4xxRate')).toMatchObject({ Threshold: API_4XX_RATE_THRESHOLD_PERCENT, EvaluationPeriods: 3, DatapointsToAlarm: 2 });

    const throttled = expressionOf(alarm('Api429Rate'));
    expect(throttled.expression).toBe(four.expression);
    expect(throttled.metrics.responses).toEqual({
      namespace: 'SocialPosting',
      metricName: 'Api429Responses',
      dimensions: [],
      statistic: 'Sum',
      period: 300,
    });
    expect(alarm('Api429Rate')).toMatchObject({ Threshold: API_429_RATE_THRESHOLD_PERCENT, EvaluationPeriods: 3, DatapointsToAlarm: 2 });
    const accessLogs = logicalIdOf(stack, stack.node.findChild('HttpApi').node.findChild('AccessLogs').node.defaultChild as CfnElement);
    template.hasResourceProperties('AWS::Logs::MetricFilter', {
      LogGroupName: { Ref: accessLogs },
      FilterPattern: '{ $.status = "429" }',
      MetricTransformations: [{ MetricNamespace: 'SocialPosting', MetricName: 'Api429Responses', MetricValue: '1' }],
    });
  });

  it('alarms on the share of API responses that are 5xx', () => {
    const { expression, metrics } = expressionOf(alarm('Api5xxRate'));
    expect(expression).toBe('IF(requests > 0, 100 * errors / requests, 0)');
    expect(metrics.errors).toMatchObject({
      namespace: 'AWS/ApiGateway',
      metricName: '5xx',
      dimensions: [{ Name: 'ApiId', Value: { Ref: ids.api } }],
    });
    expect(metrics.requests).toMatchObject({ namespace: 'AWS/ApiGateway', metricName: 'Count' });
    expect(alarm('Api5xxRate')).toMatchObject({ Threshold: API_5XX_RATE_THRESHOLD_PERCENT, EvaluationPeriods: 3, DatapointsToAlarm: 2 });
  });

  it('alarms on any publisher error and any webhook function error', () => {
    expect(singleMetric(alarm('PublisherErrors'))).toEqual({
      namespace: 'AWS/Lambda',
      metricName: 'Errors',
      dimensions: functionName(ids.publisher),
      statistic: 'Sum',
      period: 300,
    });
    expect(alarm('PublisherErrors')).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
    const { expression, metrics } = expressionOf(alarm('WebhookErrors'));
    expect(expression).toBe('dispatcher + deliverer');
    expect(metrics.dispatcher).toMatchObject({ metricName: 'Errors', dimensions: functionName(ids.dispatcher) });
    expect(metrics.deliverer).toMatchObject({ metricName: 'Errors', dimensions: functionName(ids.deliverer) });
  });

  it('alarms on Lambda throttles anywhere in the account', () => {
    expect(singleMetric(alarm('LambdaThrottles'))).toEqual({
      namespace: 'AWS/Lambda',
      metricName: 'Throttles',
      dimensions: [],
      statistic: 'Sum',
      period: 300,
    });
    expect(alarm('LambdaThrottles')).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold' });
  });

  it('chooses how every alarm treats missing data, and points each to its own runbook section', () => {
    const runbook = readFileSync(path.join(__dirname, '../../docs/runbook.md'), 'utf8');
    const headings = [...runbook.matchAll(/^### (.+)$/gm)].map((match) => match[1]);
    for (const alarmId of ALARM_IDS) {
      const properties = alarm(alarmId);
      expect(properties.TreatMissingData).toBe('notBreaching');
      expect(properties.AlarmDescription).toContain(`Runbook: "${alarmId}"`);
      expect(headings).toContain(alarmId);
    }
  });

  it("notifies the stack's own topic from every alarm, in ALARM and back to OK; alarmEmail subscribes an address to it", () => {
    const topics = template.findResources('AWS::SNS::Topic');
    expect(Object.keys(topics)).toHaveLength(1);
    const topic = { Ref: Object.keys(topics)[0] };
    const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm'));
    expect(alarms).toHaveLength(ALARM_IDS.length);
    for (const resource of alarms) {
      expect(resource.Properties.AlarmActions).toEqual([topic]);
      expect(resource.Properties.OKActions).toEqual([topic]);
    }
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: { Statement: [{ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }] },
    });
    expect(template.findResources('AWS::SNS::Subscription')).toEqual({});

    const withEmail = buildStack({ ...TEST_SETTINGS, alarmEmail: 'oncall@example.com' }).template;
    withEmail.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'oncall@example.com' });
  });

  it("notifies an operator's topic instead when alarmTopicArn is given, and makes none of its own", () => {
    const topicArn = 'arn:aws:sns:eu-west-1:123456789012:on-call';
    const withTopic = buildStack({ ...TEST_SETTINGS, alarmTopicArn: topicArn }).template;
    expect(withTopic.findResources('AWS::SNS::Topic')).toEqual({});
    const alarms = Object.values(withTopic.findResources('AWS::CloudWatch::Alarm'));
    expect(alarms).toHaveLength(ALARM_IDS.length);
    for (const resource of alarms) expect(resource.Properties.AlarmActions).toEqual([topicArn]);
  });

  it('refuses an alarmEmail that is not one address', () => {
    for (const value of ['oncall', 'a@b.com,c@d.com', 'on call@example.com'])
      expect(() => buildStack({ ...TEST_SETTINGS, alarmEmail: value })).toThrow(
        `Context value alarmEmail must be one e-mail address, got "${value}"`,
      );
  });
});

describe('dashboard', () => {
  interface Widget {
    type: string;
    properties: { title?: string; alarms?: string[]; metrics?: unknown[][] };
  }
  let widgets: Widget[];

  /** The dashboard body with each reference written as ${Ref} or ${LogicalId.Attribute}, parsed. */
  beforeAll(() => {
    const dashboards = Object.values(template.findResources('AWS::CloudWatch::Dashboard'));
    expect(dashboards).toHaveLength(1);
    expect(dashboards[0].Properties.DashboardName).toBe('social-posting-test-overview');
    const parts = dashboards[0].Properties.DashboardBody['Fn::Join'][1] as unknown[];
    const body = parts
      .map((part) => {
        if (typeof part === 'string') return part;
        return placeholder(part);
      })
      .join('');
    widgets = (JSON.parse(body) as { widgets: Widget[] }).widgets;
  });

  /** Every metric line of the graphs: namespace, name and the dimension pairs, options dropped. */
  const metricLines = (): string[] =>
    widgets.flatMap((widget) => widget.properties.metrics ?? []).map((line) => line.filter((item) => typeof item === 'string').join(' '));

  it("shows every alarm's state in one alarm widget", () => {
    const alarmWidgets = widgets.filter((widget) => widget.type === 'alarm');
    expect(alarmWidgets).toHaveLength(1);
    const logicalIds = Object.keys(template.findResources('AWS::CloudWatch::Alarm'));
    expect(alarmWidgets[0].properties.alarms?.sort()).toEqual(logicalIds.map((logicalId) => `\${${logicalId}.Arn}`).sort());
  });

  it('graphs lateness p50 and p99, the publish queue, the publisher, the stream, Scheduler, dead letters and the API', () => {
    const lines = metricLines();
    const expected = [
      'SocialPosting PublishLateness service social-posting',
      `AWS/SQS ApproximateNumberOfMessagesVisible QueueName ${placeholder(queueNames.publishQueue)}`,
      `AWS/SQS ApproximateNumberOfMessagesDelayed QueueName ${placeholder(queueNames.publishQueue)}`,
      `AWS/SQS ApproximateAgeOfOldestMessage QueueName ${placeholder(queueNames.publishQueue)}`,
      `AWS/Lambda Errors FunctionName \${${ids.publisher}}`,
      `AWS/Lambda Duration FunctionName \${${ids.publisher}}`,
      `AWS/Lambda ConcurrentExecutions FunctionName \${${ids.publisher}}`,
      `AWS/Lambda Throttles FunctionName \${${ids.publisher}}`,
      `AWS/Lambda IteratorAge FunctionName \${${ids.dispatcher}}`,
      `AWS/Scheduler TargetErrorCount ScheduleGroup ${GROUP}`,
      `AWS/Scheduler InvocationsSentToDeadLetterCount ScheduleGroup ${GROUP}`,
      `AWS/Scheduler InvocationDroppedCount ScheduleGroup ${GROUP}`,
      `AWS/Scheduler InvocationsFailedToBeSentToDeadLetterCount ScheduleGroup ${GROUP}`,
      `AWS/SQS ApproximateNumberOfMessagesVisible QueueName ${placeholder(queueNames.publishDlq)}`,
      `AWS/SQS ApproximateNumberOfMessagesVisible QueueName ${placeholder(queueNames.webhookDlq)}`,
      `AWS/SQS ApproximateNumberOfMessagesVisible QueueName ${placeholder(queueNames.metricsDlq)}`,
      `AWS/ApiGateway Count ApiId \${${ids.api}}`,
      `AWS/ApiGateway 5xx ApiId \${${ids.api}}`,
      `AWS/ApiGateway Latency ApiId \${${ids.api}}`,
    ];
    for (const line of expected) expect(lines).toContain(line);
  });

  it('graphs lateness as p50 and p99 and the late share the burn-rate alarms watch, with the expressions the alarms use', () => {
    const all = widgets.flatMap((widget) => widget.properties.metrics ?? []);
    const latenessStats = all
      .filter((line) => line[1] === 'PublishLateness')
      .map((line) => (line[line.length - 1] as { stat?: string }).stat)
      .sort();
    expect(latenessStats).toEqual(['PR(:2000)', 'PR(:2000)', 'SampleCount', 'SampleCount', 'p50', 'p99']);
    const expressions = all.flatMap((line) =>
      line.filter((item): item is { expression: string } => typeof item === 'object' && item !== null && 'expression' in item),
    );
    expect(expressions.map((item) => item.expression).sort()).toEqual([
      `IF(posts5 * (100 - onTime5) / 100 >= ${MINIMUM_LATE_POSTS}, 100 - onTime5, 0)`,
      `IF(posts60 * (100 - onTime60) / 100 >= ${MINIMUM_LATE_POSTS}, 100 - onTime60, 0)`,
    ]);
  });
});
