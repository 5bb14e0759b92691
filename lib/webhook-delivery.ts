import { ArnFormat, Duration, RemovalPolicy, Stack, Token, Validations } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { InlinePolicyRole } from './inline-policy-role';
import { assertConsumerFits, type WorkQueues } from './queues';
import { WEBHOOK_EVENT_ITEM_TYPE } from '#shared/domain/webhook-events';
import type { ApiFunction } from './api-function';

export interface WebhookDeliveryProps {
  table: dynamodb.Table;
  /** The webhook queue and its dead-letter queue, from the data stack (lib/data-stack.ts). */
  queues: WorkQueues;
  /** Consumes the table's stream: makes each new event's deliveries (functions/dispatch-webhook-events). */
  dispatcher: ApiFunction;
  /** Consumes the webhook queue: one attempt per message (functions/deliver-webhook). */
  deliverer: ApiFunction;
  /** The daily schedule's target: announces expiring LinkedIn tokens (functions/sweep-expiring-profiles). */
  sweep: ApiFunction;
  /** The most deliverer invocations at once. */
  delivererMaxConcurrency: number;
}

/**
 * The sweep schedule's group: the account's `default` one, as a schedule without a GroupName is
 * (not written on the schedule: GroupName changes replace it, and a named schedule cannot be replaced).
 */
const SWEEP_SCHEDULE_GROUP = 'default';

/** When the daily sweep runs (UTC; within 15 minutes of it): early morning in Europe, the night before in the Americas. */
export const EXPIRY_SWEEP_EXPRESSION = 'cron(0 6 * * ? *)';

/**
 * Webhooks in AWS (docs/decisions/0023-webhooks.md): the table's stream carries each event item
 * (written in the same transaction as the state change it announces) to the dispatcher, which
 * writes each delivery's first attempt and queues it; the deliverer makes one attempt per
 * message and queues the next on the schedule of docs/api.md, "Webhooks": a retry due within the
 * queue's 15-minute delay straight to the queue, a later one through a one-time EventBridge
 * Scheduler schedule (its own group, run as its own role) whose target is the queue, so the
 * deliverer never feeds its own queue in a chain that Lambda's recursive-loop detection would stop
 * (docs/decisions/0171-webhook-retries-wait-in-scheduler.md). The endpoint is each message's group,
 * so SQS fair queueing keeps a slow endpoint from delaying the others. Whatever fails every
 * retry (a stream batch, a message) lands in one dead-letter queue, alarmed. A recurring
 * schedule runs the expiring-token sweep daily.
 */
export class WebhookDelivery extends Construct {
  readonly queue: sqs.Queue;
  readonly deadLetterQueue: sqs.Queue;
  readonly sweepSchedule: scheduler.CfnSchedule;
  /** The group of the retry schedules (one-time, deleted after they fire), and the role they run as. */
  readonly retryScheduleGroup: scheduler.ScheduleGroup;
  readonly retrySchedulerRole: iam.Role;

  constructor(scope: Construct, id: string, props: WebhookDeliveryProps) {
    super(scope, id);
    this.deadLetterQueue = props.queues.deadLetterQueue;
    this.queue = props.queues.queue;
    assertConsumerFits(props.queues, props.deliverer.function, props.deliverer.function.timeout);

    props.dispatcher.function.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: lambda.StartingPosition.LATEST,
        batchSize: 100,
        maxBatchingWindow: Duration.seconds(0),
        bisectBatchOnError: true,
        retryAttempts: 10,
        // The stream keeps records 24 h: give up (to the dead-letter queue) well before they vanish.
        maxRecordAge: Duration.hours(6),
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(this.deadLetterQueue),
        // Only new event items wake the dispatcher, not every write to the table.
        filters: [
          lambda.FilterCriteria.filter({
            eventName: lambda.FilterRule.isEqual('INSERT'),
            dynamodb: { NewImage: { type: { S: lambda.FilterRule.isEqual(WEBHOOK_EVENT_ITEM_TYPE) } } },
          }),
        ],
      }),
    );
    props.deliverer.function.addEventSource(
      new SqsEventSource(this.queue, {
        batchSize: 10,
        maxBatchingWindow: Duration.seconds(0),
        maxConcurrency: props.delivererMaxConcurrency,
        reportBatchItemFailures: true,
      }),
    );
    // The dispatcher queues first attempts; the deliverer queues retries (and sends early ones on).
    for (const fn of [props.dispatcher, props.deliverer]) {
      fn.function.addEnvironment('WEBHOOK_QUEUE_URL', this.queue.queueUrl);
      fn.function.addToRolePolicy(new iam.PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.queue.queueArn] }));
    }

    const stack = Stack.of(this);
    this.retryScheduleGroup = new scheduler.ScheduleGroup(this, 'RetrySchedules', {
      scheduleGroupName: `${stack.stackName}-webhooks`,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.retrySchedulerRole = new InlinePolicyRole(this, 'RetrySchedulerRole', {
      description: 'Assumed by EventBridge Scheduler to send webhook retries due hours ahead to the webhook queue',
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: {
          StringEquals: { 'aws:SourceAccount': stack.account },
          ArnEquals: { 'aws:SourceArn': this.retryScheduleGroup.scheduleGroupArn },
        },
      }),
    });
    this.retrySchedulerRole.addToPolicy(
      new iam.PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.queue.queueArn, this.deadLetterQueue.queueArn] }),
    );

    const scheduleName = `${stack.stackName}-expiry-sweep`.slice(0, 64);
    this.sweepSchedule = new scheduler.CfnSchedule(this, 'ExpirySweep', {
      name: scheduleName,
      description: 'Daily: announce LinkedIn tokens that expire within 7 days (profile.expiring, once per token)',
      scheduleExpression: EXPIRY_SWEEP_EXPRESSION,
      scheduleExpressionTimezone: 'UTC',
      flexibleTimeWindow: { mode: 'FLEXIBLE', maximumWindowInMinutes: 15 },
      target: {
        arn: props.sweep.function.functionArn,
        roleArn: this.sweepRole(props.sweep).roleArn,
        retryPolicy: { maximumRetryAttempts: 3, maximumEventAgeInSeconds: 6 * 3600 },
        deadLetterConfig: { arn: this.deadLetterQueue.queueArn },
      },
    });
  }

  /**
   * A function that schedules webhook retries (the deliverer, by its manifest need `webhookRetries`):
   * creates one-time schedules in the retry group, run as the retry scheduler role.
   */
  allowRetryScheduling(fn: ApiFunction): void {
    fn.function.addEnvironment('WEBHOOK_QUEUE_ARN', this.queue.queueArn);
    fn.function.addEnvironment('WEBHOOK_DLQ_ARN', this.deadLetterQueue.queueArn);
    fn.function.addEnvironment('WEBHOOK_SCHEDULE_GROUP', this.retryScheduleGroup.scheduleGroupName);
    fn.function.addEnvironment('WEBHOOK_SCHEDULER_ROLE_ARN', this.retrySchedulerRole.roleArn);
    const stack = Stack.of(this);
    const schedules = stack.formatArn({
      service: 'scheduler',
      resource: 'schedule',
      resourceName: `${this.retryScheduleGroup.scheduleGroupName}/*`,
      arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
    });
    fn.function.addToRolePolicy(new iam.PolicyStatement({ actions: ['scheduler:CreateSchedule'], resources: [schedules] }));
    fn.function.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['iam:PassRole'],
        resources: [this.retrySchedulerRole.roleArn],
        conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      }),
    );
    const written = (value: string, pseudo: string): string => (Token.isUnresolved(value) ? `<AWS::${pseudo}>` : value);
    const arn = `arn:<AWS::Partition>:scheduler:${written(stack.region, 'Region')}:${written(stack.account, 'AccountId')}:schedule/${this.retryScheduleGroup.scheduleGroupName}/*`;
    Validations.of(fn).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${arn}]`,
      reason:
        'Retry schedules are created per attempt (webhook-<hash of endpoint, event, attempt>): the grant names the webhooks group and ends in /*.',
    });
  }

  /**
   * Assumed by EventBridge Scheduler for the schedules of the sweep's group (the account's `default`
   * group, where the sweep's schedule is) only: the confused-deputy guard names the schedule group's
   * ARN, the `aws:SourceArn` Scheduler sends, never a schedule's own (docs/decisions/0031-iam-evaluated-by-an-engine.md). Invoke the sweep, dead-letter.
   */
  private sweepRole(sweep: ApiFunction): iam.Role {
    const stack = Stack.of(this);
    const groupArn = stack.formatArn({
      service: 'scheduler',
      resource: 'schedule-group',
      resourceName: SWEEP_SCHEDULE_GROUP,
      arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
    });
    const role = new InlinePolicyRole(this, 'SweepScheduleRole', {
      description: 'Assumed by EventBridge Scheduler to run the daily expiring-token sweep',
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': stack.account }, ArnEquals: { 'aws:SourceArn': groupArn } },
      }),
    });
    role.addToPolicy(new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [sweep.function.functionArn] }));
    role.addToPolicy(new iam.PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.deadLetterQueue.queueArn] }));
    return role;
  }
}
