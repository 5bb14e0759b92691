import { ArnFormat, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import { Construct } from 'constructs';
import type { ApiFunction } from './api-function';
import { InlinePolicyRole } from './inline-policy-role';

/** Every 5 minutes: a series occurrence is made within 5 minutes of its predecessor's time at worst (the publisher's hook makes it at once). */
export const SERIES_TICK_EXPRESSION = 'rate(5 minutes)';
/** A schedule without a GroupName is in the account's `default` group. */
const SCHEDULE_GROUP = 'default';

export interface SeriesTickProps {
  tick: ApiFunction;
}

/**
 * The series tick's recurring schedule (docs/decisions/0263-series-advance-on-due-and-by-a-tick.md):
 * EventBridge Scheduler invokes functions/tick-series every 5 minutes. A missed run needs no retry or
 * dead-letter queue: the next run, 5 minutes on, finds everything still due (the series' cursors and
 * the queue are the record).
 */
export class SeriesTick extends Construct {
  readonly schedule: scheduler.CfnSchedule;

  constructor(scope: Construct, id: string, props: SeriesTickProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const groupArn = stack.formatArn({
      service: 'scheduler',
      resource: 'schedule-group',
      resourceName: SCHEDULE_GROUP,
      arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
    });
    const role = new InlinePolicyRole(this, 'ScheduleRole', {
      description: 'Assumed by EventBridge Scheduler to run the series tick',
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': stack.account }, ArnEquals: { 'aws:SourceArn': groupArn } },
      }),
    });
    role.addToPolicy(new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [props.tick.function.functionArn] }));
    this.schedule = new scheduler.CfnSchedule(this, 'Schedule', {
      name: `${stack.stackName}-series-tick`.slice(0, 64),
      description: 'Every 5 minutes: make due series occurrences and recycle evergreen posts',
      scheduleExpression: SERIES_TICK_EXPRESSION,
      flexibleTimeWindow: { mode: 'OFF' },
      target: {
        arn: props.tick.function.functionArn,
        roleArn: role.roleArn,
        retryPolicy: { maximumRetryAttempts: 0, maximumEventAgeInSeconds: 240 },
      },
    });
  }
}
