import { Duration } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

export interface ServiceAlarmsProps {
  api: apigwv2.HttpApi;
  publisher: lambda.IFunction;
  deadLetterQueue: sqs.IQueue;
  /** Webhooks: their dead-letter queue, and the functions (dispatcher, deliverer) whose errors mean events wait. */
  webhooks: { deadLetterQueue: sqs.IQueue; functions: lambda.IFunction[] };
  /** Optional existing SNS topic to notify; without it the alarms only change state. */
  alarmTopicArn?: string;
}

const PERIOD = Duration.minutes(5);

/** Percentage of API responses that are 5xx above which someone should look. */
export const API_5XX_RATE_THRESHOLD_PERCENT = 5;

/** The few signals an on-call engineer needs: the API failing, posts not going out, throttling. */
export class ServiceAlarms extends Construct {
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: ServiceAlarmsProps) {
    super(scope, id);
    const action = props.alarmTopicArn ? new SnsAction(sns.Topic.fromTopicArn(this, 'Topic', props.alarmTopicArn)) : undefined;
    const add = (alarm: cloudwatch.Alarm): void => {
      if (action) alarm.addAlarmAction(action);
      this.alarms.push(alarm);
    };

    // A rate, not a count: a busy hour should not page for the same share of errors a quiet one tolerates.
    const serverErrorRate = new cloudwatch.MathExpression({
      label: 'API 5xx %',
      expression: 'IF(requests > 0, 100 * errors / requests, 0)',
      usingMetrics: {
        errors: props.api.metricServerError({ period: PERIOD }),
        requests: props.api.metricCount({ period: PERIOD }),
      },
      period: PERIOD,
    });
    add(
      serverErrorRate.createAlarm(this, 'Api5xxRate', {
        alarmDescription: `More than ${API_5XX_RATE_THRESHOLD_PERCENT}% of API responses were 5xx in 2 of the last 3 five-minute periods. Look up the requestId of failing calls in the API access logs, then in the function's logs.`,
        threshold: API_5XX_RATE_THRESHOLD_PERCENT,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 3,
        datapointsToAlarm: 2,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
    );

    add(
      props.publisher.metricErrors({ period: PERIOD, statistic: 'Sum' }).createAlarm(this, 'PublisherErrors', {
        alarmDescription:
          'The publisher threw (it retries twice, then dead-letters). Platform refusals are recorded on the post and are not errors; this is a bug or an outage.',
        threshold: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
    );

    add(
      props.deadLetterQueue
        .metricApproximateNumberOfMessagesVisible({ period: PERIOD, statistic: 'Maximum' })
        .createAlarm(this, 'PublishDeadLetters', {
          alarmDescription:
            'A post could not be published (schedule undeliverable or publisher failed every attempt). Each message names the post_id; republish or mark it failed, then delete the message.',
          threshold: 0,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
          evaluationPeriods: 1,
          treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        }),
    );

    add(
      props.webhooks.deadLetterQueue
        .metricApproximateNumberOfMessagesVisible({ period: PERIOD, statistic: 'Maximum' })
        .createAlarm(this, 'WebhookDeadLetters', {
          alarmDescription:
            'A webhook event was not dispatched, or an attempt failed to run five times (the store unreachable, a bug): deliveries wait. Runbook: "Replaying webhook deliveries".',
          threshold: 0,
          comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
          evaluationPeriods: 1,
          treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        }),
    );

    const webhookErrors = new cloudwatch.MathExpression({
      label: 'Webhook function errors',
      expression: props.webhooks.functions.map((_, index) => `e${index}`).join(' + '),
      usingMetrics: Object.fromEntries(
        props.webhooks.functions.map((fn, index) => [`e${index}`, fn.metricErrors({ period: PERIOD, statistic: 'Sum' })]),
      ),
      period: PERIOD,
    });
    add(
      webhookErrors.createAlarm(this, 'WebhookErrors', {
        alarmDescription:
          'The webhook dispatcher or deliverer threw (they retry, then dead-letter). An endpoint that fails is recorded on the delivery and is not an error; this is a bug or an outage.',
        threshold: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
    );

    // Account-wide on purpose: these functions reserve no concurrency, so they are throttled only
    // when the account's concurrency pool runs out, which is what the undimensioned metric shows
    // (a per-function math alarm would also exceed the 10 metrics an alarm may combine).
    const throttles = new cloudwatch.Metric({ namespace: 'AWS/Lambda', metricName: 'Throttles', statistic: 'Sum', period: PERIOD });
    add(
      throttles.createAlarm(this, 'LambdaThrottles', {
        alarmDescription:
          'Lambda throttled invocations in this account and region: requests get 500/429 and posts wait for retries. Raise the concurrency quota or find the function hogging it.',
        threshold: 0,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }),
    );
  }
}
