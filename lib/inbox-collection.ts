import { ArnFormat, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { INBOX_COLLECTION_RATE_MINUTES } from '#shared/api/manifest';
import type { ApiFunction } from './api-function';
import { InlinePolicyRole } from './inline-policy-role';

export interface InboxCollectionProps {
  /** The scheduled round (functions/collect-inbox): collects the profiles active in the last 30 days. */
  collector: ApiFunction;
  /** Where an invocation Scheduler could not make lands (alarmed with the metrics dead letters). */
  deadLetterQueue: sqs.IQueue;
}

/**
 * Inbox collection in AWS (docs/decisions/0240-inbox-collection.md): a recurring EventBridge
 * Scheduler rate schedule, at the manifest's rate, invokes the collector, which finds the active
 * profiles in the table and collects them; nothing waits or sleeps between rounds. In the
 * account's default group (as the daily sweep), run as its own role that may invoke only the
 * collector and send to the dead-letter queue.
 */
export class InboxCollection extends Construct {
  readonly schedule: scheduler.CfnSchedule;

  constructor(scope: Construct, id: string, props: InboxCollectionProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const groupArn = stack.formatArn({
      service: 'scheduler',
      resource: 'schedule-group',
      resourceName: 'default',
      arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
    });
    const role = new InlinePolicyRole(this, 'ScheduleRole', {
      description: 'Assumed by EventBridge Scheduler to run the inbox collection round',
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': stack.account }, ArnEquals: { 'aws:SourceArn': groupArn } },
      }),
    });
    role.addToPolicy(new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [props.collector.function.functionArn] }));
    role.addToPolicy(new iam.PolicyStatement({ actions: ['sqs:SendMessage'], resources: [props.deadLetterQueue.queueArn] }));
    this.schedule = new scheduler.CfnSchedule(this, 'Round', {
      name: `${stack.stackName}-inbox-round`.slice(0, 64),
      description: `Every ${INBOX_COLLECTION_RATE_MINUTES} minutes: collect the inbox of the profiles active in the last 30 days`,
      scheduleExpression: `rate(${INBOX_COLLECTION_RATE_MINUTES} minutes)`,
      flexibleTimeWindow: { mode: 'OFF' },
      target: {
        arn: props.collector.function.functionArn,
        roleArn: role.roleArn,
        // A round missed is made up by the next one 5 minutes later: no long retries.
        retryPolicy: { maximumRetryAttempts: 1, maximumEventAgeInSeconds: INBOX_COLLECTION_RATE_MINUTES * 60 },
        deadLetterConfig: { arn: props.deadLetterQueue.queueArn },
      },
    });
  }
}
