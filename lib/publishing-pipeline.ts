import { ArnFormat, Duration, RemovalPolicy, Stack, Token, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { ApiFunction } from './api-function';

export interface PublishingPipelineProps {
  /** The function every scheduled or immediate post reaches (functions/publish-post). */
  publisher: ApiFunction;
}

/**
 * How a post reaches the publisher: one-time EventBridge Scheduler schedules in one group
 * (scheduled posts) or an asynchronous invoke (immediate posts), with one dead-letter queue
 * for whatever could not be delivered or failed every attempt.
 */
export class PublishingPipeline extends Construct {
  readonly scheduleGroup: scheduler.ScheduleGroup;
  readonly deadLetterQueue: sqs.Queue;
  /** The role schedules run as: it may invoke the publisher and dead-letter, nothing else. */
  readonly schedulerRole: iam.Role;
  private readonly publisher: ApiFunction;

  constructor(scope: Construct, id: string, props: PublishingPipelineProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.publisher = props.publisher;
    this.scheduleGroup = new scheduler.ScheduleGroup(this, 'Schedules', {
      scheduleGroupName: `${stack.stackName}-posts`,
      // Deleted with the stack: its schedules target this stack's publisher, which goes too, and a
      // retained group would block re-creating the stack under the same name.
      removalPolicy: RemovalPolicy.DESTROY,
    });

    this.deadLetterQueue = new sqs.Queue(this, 'DeadLetters', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(this.deadLetterQueue).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: "This queue is itself the dead-letter queue (of the schedules and of the publisher's async invokes).",
    });

    this.schedulerRole = new iam.Role(this, 'SchedulerRole', {
      description: 'Assumed by EventBridge Scheduler to run the post schedules',
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        // Confused-deputy guard: only schedules of this account's group may use the role.
        conditions: {
          StringEquals: { 'aws:SourceAccount': stack.account },
          ArnEquals: { 'aws:SourceArn': this.scheduleGroup.scheduleGroupArn },
        },
      }),
    });
    this.schedulerRole.addToPolicy(invokePublisher(props.publisher));
    // Scheduler delivers undeliverable events to the target's DeadLetterConfig as this role.
    this.schedulerRole.addToPolicy(
      new iam.PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.deadLetterQueue.queueArn] }),
    );

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
  }

  /** create-post: make schedules in the group (run as the scheduler role) and invoke the publisher now. */
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
    fn.function.addToRolePolicy(invokePublisher(this.publisher));
    this.suppressScheduleWildcard(fn);
  }

  /** delete-post: cancel a post's schedule, nothing more. */
  allowCancelling(fn: ApiFunction): void {
    this.addSchedulingEnvironment(fn);
    fn.function.addToRolePolicy(new iam.PolicyStatement({ actions: ['scheduler:DeleteSchedule'], resources: [this.schedulesArn()] }));
    this.suppressScheduleWildcard(fn);
  }

  private addSchedulingEnvironment(fn: ApiFunction): void {
    fn.function.addEnvironment('SCHEDULE_GROUP', this.scheduleGroup.scheduleGroupName);
    fn.function.addEnvironment('SCHEDULER_ROLE_ARN', this.schedulerRole.roleArn);
    fn.function.addEnvironment('PUBLISHER_FUNCTION_ARN', this.publisher.function.functionArn);
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
      reason: 'Schedules are created per post (post-<uuid>), so the grant names the schedule group and ends in /*; no other group is reachable.',
    });
  }
}

/** lambda:InvokeFunction on the publisher's unqualified ARN only (no versions or aliases: `:*`). */
function invokePublisher(publisher: ApiFunction): iam.PolicyStatement {
  return new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [publisher.function.functionArn] });
}
