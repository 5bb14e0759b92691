import { ArnFormat, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { ApiFunction } from './api-function';
import { InlinePolicyRole } from './inline-policy-role';

export interface RecurringInvocationProps {
  /** The function the schedule invokes. */
  target: ApiFunction;
  /** Appended to the stack's name to name the schedule. */
  name: string;
  /** What a run does, for the schedule's and its role's descriptions. */
  description: string;
  rateMinutes: number;
  /** Scheduler's retries of one invocation: a missed run is made up by the next one, so few and short. */
  retries: number;
  /** Where an invocation Scheduler could not make lands, when it should be seen (an alarmed queue). */
  deadLetterQueue?: sqs.IQueue;
}

/**
 * A function run every few minutes by an EventBridge Scheduler rate schedule (the inbox collection
 * round, docs/decisions/0240-inbox-collection.md; the series tick,
 * docs/decisions/0263-series-advance-on-due-and-by-a-tick.md): nothing waits or sleeps between runs.
 * In the account's default group, run as its own role, which may invoke only that function (and send
 * to the dead-letter queue, when there is one).
 */
export class RecurringInvocation extends Construct {
  readonly schedule: scheduler.CfnSchedule;

  constructor(scope: Construct, id: string, props: RecurringInvocationProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const groupArn = stack.formatArn({
      service: 'scheduler',
      resource: 'schedule-group',
      resourceName: 'default',
      arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
    });
    const role = new InlinePolicyRole(this, 'ScheduleRole', {
      description: `Assumed by EventBridge Scheduler to ${props.description.toLowerCase()}`,
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': stack.account }, ArnEquals: { 'aws:SourceArn': groupArn } },
      }),
    });
    role.addToPolicy(new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [props.target.function.functionArn] }));
    if (props.deadLetterQueue)
      role.addToPolicy(new iam.PolicyStatement({ actions: ['sqs:SendMessage'], resources: [props.deadLetterQueue.queueArn] }));
    this.schedule = new scheduler.CfnSchedule(this, 'Schedule', {
      name: `${stack.stackName}-${props.name}`.slice(0, 64),
      description: `Every ${props.rateMinutes} minutes: ${props.description}`,
      scheduleExpression: `rate(${props.rateMinutes} minutes)`,
      flexibleTimeWindow: { mode: 'OFF' },
      target: {
        arn: props.target.function.functionArn,
        roleArn: role.roleArn,
        retryPolicy: { maximumRetryAttempts: props.retries, maximumEventAgeInSeconds: props.rateMinutes * 60 },
        ...(props.deadLetterQueue ? { deadLetterConfig: { arn: props.deadLetterQueue.queueArn } } : {}),
      },
    });
  }
}
