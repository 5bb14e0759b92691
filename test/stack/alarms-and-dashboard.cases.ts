import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { CfnElement } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { MAX_QUEUE_DELAY_SECONDS } from '#shared/domain/publish-timing';
import { PUBLISHER_OPERATION, WEBHOOK_DELIVERY_OPERATION, WEBHOOK_DISPATCH_OPERATION } from '#shared/http/routes';
import { API_5XX_RATE_THRESHOLD_PERCENT } from '../../lib/service-alarms';
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
const ALARM_IDS = [
  'PublishLatenessP99',
  'PublishQueueAge',
  'WebhookStreamIteratorAge',
  'SchedulerTargetErrors',
  'SchedulerDeadLetters',
  'SchedulerReleasesLost',
  'PublishDeadLetterArrivals',
  'WebhookDeadLetterArrivals',
  'Api5xxRate',
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
let queueNames: { publishQueue: unknown; publishDlq: unknown; webhookDlq: unknown };

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

  it('alarms when p99 publish lateness (SocialPosting PublishLateness, service=social-posting) exceeds 2000 ms in 2 of 3 five-minute periods', () => {
    const properties = alarm('PublishLatenessP99');
    expect(singleMetric(properties)).toEqual({
      namespace: 'SocialPosting',
      metricName: 'PublishLateness',
      dimensions: [{ Name: 'service', Value: 'social-posting' }],
      statistic: 'p99',
      period: 300,
    });
    expect(properties).toMatchObject({
      Threshold: 2000,
      ComparisonOperator: 'GreaterThanThreshold',
      EvaluationPeriods: 3,
      DatapointsToAlarm: 2,
      EvaluateLowSampleCountPercentile: 'evaluate',
      TreatMissingData: 'notBreaching',
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

  it('alarms on every new arrival in both dead-letter queues (the rise of the visible count), not on "visible > 0" or NumberOfMessagesSent', () => {
    for (const [alarmId, key, queueId] of [
      ['PublishDeadLetterArrivals', 'publishDlq', queueNames.publishDlq],
      ['WebhookDeadLetterArrivals', 'webhookDlq', queueNames.webhookDlq],
    ] as const) {
      const properties = alarm(alarmId);
      const { expression, metrics } = expressionOf(properties);
      expect(expression).toBe(`DIFF(FILL(${key}, 0))`);
      expect(metrics).toEqual({
        [key]: {
          namespace: 'AWS/SQS',
          metricName: 'ApproximateNumberOfMessagesVisible',
          dimensions: queueName(queueId),
          statistic: 'Maximum',
          period: 60,
        },
      });
      expect(properties).toMatchObject({
        Threshold: 0,
        ComparisonOperator: 'GreaterThanThreshold',
        EvaluationPeriods: 2,
        DatapointsToAlarm: 1,
        TreatMissingData: 'notBreaching',
      });
    }
    for (const properties of Object.values(template.findResources('AWS::CloudWatch::Alarm')).map((resource) => resource.Properties)) {
      expect(properties.MetricName).not.toBe('ApproximateNumberOfMessagesVisible');
      expect(JSON.stringify(properties)).not.toContain('NumberOfMessagesSent');
    }
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

  it('notifies nobody unless a topic is given, then notifies it from every alarm', () => {
    for (const resource of Object.values(template.findResources('AWS::CloudWatch::Alarm')))
      expect(resource.Properties.AlarmActions).toBeUndefined();
    const topicArn = 'arn:aws:sns:eu-west-1:123456789012:on-call';
    const withTopic = buildStack({ ...TEST_SETTINGS, alarmTopicArn: topicArn }).template;
    const alarms = Object.values(withTopic.findResources('AWS::CloudWatch::Alarm'));
    expect(alarms).toHaveLength(ALARM_IDS.length);
    for (const resource of alarms) expect(resource.Properties.AlarmActions).toEqual([topicArn]);
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
      `AWS/ApiGateway Count ApiId \${${ids.api}}`,
      `AWS/ApiGateway 5xx ApiId \${${ids.api}}`,
      `AWS/ApiGateway Latency ApiId \${${ids.api}}`,
    ];
    for (const line of expected) expect(lines).toContain(line);
  });

  it('graphs lateness as p50 and p99, and the dead-letter arrivals with the expressions the alarms use', () => {
    const all = widgets.flatMap((widget) => widget.properties.metrics ?? []);
    const latenessStats = all
      .filter((line) => line[1] === 'PublishLateness')
      .map((line) => (line[line.length - 1] as { stat?: string }).stat)
      .sort();
    expect(latenessStats).toEqual(['p50', 'p99', 'p99']);
    const expressions = all.flatMap((line) =>
      line.filter((item): item is { expression: string } => typeof item === 'object' && item !== null && 'expression' in item),
    );
    expect(expressions.map((item) => item.expression).sort()).toEqual(['DIFF(FILL(publishDlq, 0))', 'DIFF(FILL(webhookDlq, 0))']);
  });
});
