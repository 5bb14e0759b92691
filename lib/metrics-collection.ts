import { ArnFormat, Duration, RemovalPolicy, Stack, Token, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { assertConsumerFits, type WorkQueues } from './queues';
import type { ApiFunction } from './api-function';
import { InlinePolicyRole } from './inline-policy-role';

export interface MetricsCollectionProps {
  /** The metrics queue and its dead-letter queue, from the data stack (lib/data-stack.ts). */
  queues: WorkQueues;
  /** Consumes the metrics queue: one collection per message (functions/collect-metrics). */
  collector: ApiFunction;
  /** The most collector invocations at once: platforms' rate limits matter more than speed here. */
  collectorMaxConcurrency: number;
}

/**
 * Metrics collection in AWS (docs/decisions/0048-metrics-collection.md): an SQS metrics queue that
 * the collector consumes; a refresh sends to it directly, and a published post's 1 h, 24 h and 7 d
 * collections are one-time EventBridge Scheduler schedules (in their own group, run as their own
 * role) whose target is the queue itself, so no function runs until a collection is due.
 */
export class MetricsCollection extends Construct {
  readonly queue: sqs.Queue;
  readonly deadLetterQueue: sqs.Queue;
  readonly scheduleGroup: scheduler.ScheduleGroup;
  readonly schedulerRole: iam.Role;

  constructor(scope: Construct, id: string, props: MetricsCollectionProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.scheduleGroup = new scheduler.ScheduleGroup(this, 'Schedules', {
      scheduleGroupName: `${stack.stackName}-metrics`,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.deadLetterQueue = props.queues.deadLetterQueue;
    this.queue = props.queues.queue;
    assertConsumerFits(props.queues, props.collector.function, props.collector.function.timeout);
    props.collector.function.addEventSource(
      new SqsEventSource(this.queue, {
        batchSize: 10,
        maxBatchingWindow: Duration.seconds(0),
        maxConcurrency: props.collectorMaxConcurrency,
        reportBatchItemFailures: true,
      }),
    );
    this.schedulerRole = new InlinePolicyRole(this, 'SchedulerRole', {
      description: 'Assumed by EventBridge Scheduler to send the metrics collections to the metrics queue',
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: {
          StringEquals: { 'aws:SourceAccount': stack.account },
          ArnEquals: { 'aws:SourceArn': this.scheduleGroup.scheduleGroupArn },
        },
      }),
    });
    this.schedulerRole.addToPolicy(
      new iam.PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.queue.queueArn, this.deadLetterQueue.queueArn] }),
    );
  }

  /** The refresh endpoints: METRICS_QUEUE_URL and sqs:SendMessage on the queue, nothing more. */
  allowRefresh(fn: ApiFunction): void {
    fn.function.addEnvironment('METRICS_QUEUE_URL', this.queue.queueUrl);
    fn.function.addToRolePolicy(new iam.PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.queue.queueArn] }));
  }

  /** The publisher: creates a published post's three collection schedules in the group, run as the scheduler role. */
  allowScheduling(fn: ApiFunction): void {
    // Where a collection goes, but no sqs:SendMessage: the publisher's collections (1 h and later) are
    // all schedules; only a refresh (due within minutes) is sent to the queue directly.
    fn.function.addEnvironment('METRICS_QUEUE_URL', this.queue.queueUrl);
    fn.function.addEnvironment('METRICS_QUEUE_ARN', this.queue.queueArn);
    fn.function.addEnvironment('METRICS_SCHEDULE_GROUP', this.scheduleGroup.scheduleGroupName);
    fn.function.addEnvironment('METRICS_SCHEDULER_ROLE_ARN', this.schedulerRole.roleArn);
    // Each collection schedule's DeadLetterConfig: a collection Scheduler cannot deliver is kept
    // (and alarmed, MetricsDeadLetters) instead of dropped after its retries.
    fn.function.addEnvironment('METRICS_DLQ_ARN', this.deadLetterQueue.queueArn);
    const schedules = Stack.of(this).formatArn({
      service: 'scheduler',
      resource: 'schedule',
      resourceName: `${this.scheduleGroup.scheduleGroupName}/*`,
      arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
    });
    fn.function.addToRolePolicy(new iam.PolicyStatement({ actions: ['scheduler:CreateSchedule'], resources: [schedules] }));
    fn.function.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['iam:PassRole'],
        resources: [this.schedulerRole.roleArn],
        conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      }),
    );
    const stack = Stack.of(this);
    const written = (value: string, pseudo: string): string => (Token.isUnresolved(value) ? `<AWS::${pseudo}>` : value);
    const arn = `arn:<AWS::Partition>:scheduler:${written(stack.region, 'Region')}:${written(stack.account, 'AccountId')}:schedule/${this.scheduleGroup.scheduleGroupName}/*`;
    Validations.of(fn).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${arn}]`,
      reason:
        'Collection schedules are created per post and collection (metrics-<uuid>-<1h|24h|7d>): the grant names the metrics group and ends in /*.',
    });
  }
}
