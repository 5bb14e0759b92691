import { ArnFormat, Duration, RemovalPolicy, Stack, Token, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { InlinePolicyRole } from './inline-policy-role';
import { assertConsumerFits, type WorkQueues } from './queues';
import type { ApiFunction } from './api-function';

export interface PublishingPipelineProps {
  /** The publish queue and its dead-letter queue, from the data stack (lib/data-stack.ts). */
  queues: WorkQueues;
  /** The function every post reaches, through the publish queue (functions/publish-post). */
  publisher: ApiFunction;
  /** The target of release schedules: queues a post for its exact time (functions/release-post). */
  release: ApiFunction;
  /** The most publisher invocations at once; a burst beyond it waits in the queue. */
  publisherMaxConcurrency: number;
  /** Publisher instances kept initialised (provisioned concurrency); 0 for none. */
  publisherWarmInstances: number;
}

/**
 * How a post reaches the publisher (docs/decisions/0017-on-time-without-waiting-the-publish-queue-aws.md): an SQS publish
 * queue that the publisher consumes with a bounded concurrency; immediate posts and posts due within
 * 14 minutes go onto it directly, delayed to their second; later ones get a one-time EventBridge
 * Scheduler schedule two minutes before their minute whose target, the release function, queues
 * them. One dead-letter queue for whatever could not be delivered or failed every attempt. The two
 * queues live in the data stack; the event source, the schedules and the grants live here.
 */
export class PublishingPipeline extends Construct {
  readonly scheduleGroup: scheduler.ScheduleGroup;
  readonly publishQueue: sqs.Queue;
  readonly deadLetterQueue: sqs.Queue;
  /** The role schedules run as: it may invoke the release function (and the publisher, see below) and dead-letter. */
  readonly schedulerRole: iam.Role;
  /** The publisher's `live` alias with its warm instances, which the publish queue feeds; none without warm instances. */
  readonly publisherAlias?: lambda.Alias;
  private readonly release: ApiFunction;

  constructor(scope: Construct, id: string, props: PublishingPipelineProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.release = props.release;
    this.scheduleGroup = new scheduler.ScheduleGroup(this, 'Schedules', {
      scheduleGroupName: `${stack.stackName}-posts`,
      // Deleted with the stack: its schedules target this stack's publisher, which goes too, and a
      // retained group would block re-creating the stack under the same name.
      removalPolicy: RemovalPolicy.DESTROY,
    });

    this.deadLetterQueue = props.queues.deadLetterQueue;
    this.publishQueue = props.queues.queue;
    assertConsumerFits(props.queues, props.publisher.function, props.publisher.function.timeout);
    // Warm instances serve the queue (docs/decisions/0035-a-warm-publisher.md): provisioned concurrency
    // lives on a version, so the queue feeds an alias of the current one. Invocations beyond the
    // warm ones start on demand as before, up to the event source's maximum concurrency.
    if (props.publisherWarmInstances > 0) {
      this.publisherAlias = new lambda.Alias(this, 'PublisherLive', {
        aliasName: 'live',
        version: props.publisher.function.currentVersion,
        provisionedConcurrentExecutions: props.publisherWarmInstances,
        description: 'The publisher version the publish queue invokes, kept warm',
      });
    }
    (this.publisherAlias ?? props.publisher.function).addEventSource(
      new SqsEventSource(this.publishQueue, {
        batchSize: 10,
        // Poll and invoke at once: a post due now must not wait for a batch to fill.
        maxBatchingWindow: Duration.seconds(0),
        maxConcurrency: props.publisherMaxConcurrency,
        reportBatchItemFailures: true,
      }),
    );
    // The publisher queues a trigger that reached it early (a pre-upgrade schedule) for its time.
    this.allowQueueing(props.publisher);
    this.allowQueueing(props.release);

    this.schedulerRole = new InlinePolicyRole(this, 'SchedulerRole', {
      description: 'Assumed by EventBridge Scheduler to run the post schedules',
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        // Confused-deputy guard: only schedules of this account's group may use the role.
        conditions: {
          StringEquals: { 'aws:SourceAccount': stack.account },
          ArnEquals: { 'aws:SourceArn': this.scheduleGroup.scheduleGroupArn },
        },
      }),
    });
    this.schedulerRole.addToPolicy(invokeFunction(props.release));
    // Schedules made before the publish queue existed target the publisher itself; it queues
    // them for their time. Remove once no such schedule is left (runbook, "Upgrading").
    this.schedulerRole.addToPolicy(invokeFunction(props.publisher));
    // Scheduler delivers undeliverable events to the target's DeadLetterConfig as this role.
    this.schedulerRole.addToPolicy(new iam.PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.deadLetterQueue.queueArn] }));

    // Two retries: the publisher records each platform's result before moving on and skips
    // platforms already done, so a retry after a crash or timeout finishes the rest without
    // posting twice. After the third failure, or an hour late, the event goes to the DLQ
    // (alarmed) instead of a post appearing hours after its time.
    props.publisher.function.configureAsyncInvoke({
      retryAttempts: 2,
      maxEventAge: Duration.hours(1),
      onFailure: new SqsDestination(this.deadLetterQueue),
    });
    props.publisher.function.addEnvironment('SCHEDULE_GROUP', this.scheduleGroup.scheduleGroupName);
    props.publisher.function.addEnvironment('PUBLISH_DLQ_ARN', this.deadLetterQueue.queueArn);
    // The release step is as short as it is idempotent enough (a second message only meets a claimed post).
    props.release.function.configureAsyncInvoke({
      retryAttempts: 2,
      maxEventAge: Duration.hours(1),
      onFailure: new SqsDestination(this.deadLetterQueue),
    });
  }

  /** create-post, edit-post, retry-post: put posts on the publish queue, or make release schedules in the group (run as the scheduler role). */
  allowScheduling(fn: ApiFunction): void {
    this.addSchedulingEnvironment(fn);
    // CreateSchedule only: the post is saved first and its creation undone if scheduling fails,
    // so create-post never has a schedule to delete (and ClientToken makes a retried create one).
    fn.function.addToRolePolicy(new iam.PolicyStatement({ actions: ['scheduler:CreateSchedule'], resources: [this.schedulesArn()] }));
    fn.function.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['iam:PassRole'],
        resources: [this.schedulerRole.roleArn],
        conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      }),
    );
    this.allowQueueing(fn);
    this.suppressScheduleWildcard(fn);
  }

  /** delete-post, edit-post: cancel a post's schedule, nothing more. */
  allowCancelling(fn: ApiFunction): void {
    this.addSchedulingEnvironment(fn);
    fn.function.addToRolePolicy(new iam.PolicyStatement({ actions: ['scheduler:DeleteSchedule'], resources: [this.schedulesArn()] }));
    this.suppressScheduleWildcard(fn);
  }

  /** PUBLISH_QUEUE_URL and sqs:SendMessage on the publish queue, nothing more. */
  private allowQueueing(fn: ApiFunction): void {
    fn.function.addEnvironment('PUBLISH_QUEUE_URL', this.publishQueue.queueUrl);
    fn.function.addToRolePolicy(new iam.PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.publishQueue.queueArn] }));
  }

  private addSchedulingEnvironment(fn: ApiFunction): void {
    fn.function.addEnvironment('SCHEDULE_GROUP', this.scheduleGroup.scheduleGroupName);
    fn.function.addEnvironment('SCHEDULER_ROLE_ARN', this.schedulerRole.roleArn);
    fn.function.addEnvironment('RELEASE_FUNCTION_ARN', this.release.function.functionArn);
    fn.function.addEnvironment('PUBLISH_DLQ_ARN', this.deadLetterQueue.queueArn);
  }

  /** Every schedule of this group, and only of this group (schedule names are per post). */
  private schedulesArn(): string {
    return Stack.of(this).formatArn({
      service: 'scheduler',
      resource: 'schedule',
      resourceName: `${this.scheduleGroup.scheduleGroupName}/*`,
      arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
    });
  }

  private suppressScheduleWildcard(fn: ApiFunction): void {
    // cdk-nag names the finding after the ARN as written, pseudo parameters as <AWS::...>.
    const stack = Stack.of(this);
    const written = (value: string, pseudo: string): string => (Token.isUnresolved(value) ? `<AWS::${pseudo}>` : value);
    const arn = `arn:<AWS::Partition>:scheduler:${written(stack.region, 'Region')}:${written(stack.account, 'AccountId')}:schedule/${this.scheduleGroup.scheduleGroupName}/*`;
    Validations.of(fn).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${arn}]`,
      reason:
        'Schedules are created per post version (post-<uuid>, post-<uuid>-v<n>), so the grant names the schedule group and ends in /*; no other group is reachable.',
    });
  }
}

/** lambda:InvokeFunction on a function's unqualified ARN only (no versions or aliases: `:*`). */
function invokeFunction(target: ApiFunction): iam.PolicyStatement {
  return new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [target.function.functionArn] });
}
