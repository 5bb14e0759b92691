import type { CfnElement } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import type { DataStack } from '../../lib/data-stack';
import type { ServiceStack } from '../../lib/service-stack';
import { METRICS_COLLECTOR_OPERATION, PUBLISHER_OPERATION } from '#shared/http/routes';
import { sharedDefaultStack } from './build-stack';
import {
  allowedActions,
  functionStatements,
  functionVariables,
  logicalIdOf,
  ownLogicalId,
  roleStatements,
  statementsAllowing,
  writtenIn,
} from './template-queries';

/**
 * Metrics in AWS (lib/metrics-collection.ts): the collector consumes the metrics queue; the
 * publisher creates collection schedules in the metrics group only, run as a role that may only
 * send to the metrics queue; the refresh endpoints may only send to the queue. The queues are the
 * data stack's (lib/data-stack.ts).
 */
let stack: ServiceStack;
let template: Template;
let data: DataStack;
let dataTemplate: Template;
/** Logical ids: queue and deadLetters in the data stack, the rest in the service stack. */
let ids: { queue: string; deadLetters: string; collector: string; role: string };
let refs: { queueUrl: unknown; queueArn: unknown; deadLettersArn: unknown };

beforeAll(() => {
  ({ stack, template, data, dataTemplate } = sharedDefaultStack());
  const metrics = stack.node.findChild('Metrics');
  const idOf = (construct: { node: { defaultChild?: unknown } }) => logicalIdOf(stack, construct.node.defaultChild as CfnElement);
  refs = {
    queueUrl: writtenIn(stack, data.metrics.queue.queueUrl),
    queueArn: writtenIn(stack, data.metrics.queue.queueArn),
    deadLettersArn: writtenIn(stack, data.metrics.deadLetterQueue.queueArn),
  };
  ids = {
    queue: ownLogicalId(data.metrics.queue),
    deadLetters: ownLogicalId(data.metrics.deadLetterQueue),
    collector: idOf(stack.functions.get(METRICS_COLLECTOR_OPERATION)!.function),
    role: idOf(metrics.node.findChild('SchedulerRole')),
  };
});

const resources = () => template.toJSON().Resources as Record<string, { Type: string; Properties: Record<string, any> }>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('metrics', () => {
  it('feeds the collector from the metrics queue, reporting failed records, redriven after five receives', () => {
    const [mapping] = Object.values(resources()).filter(
      (resource) => resource.Type === 'AWS::Lambda::EventSourceMapping' && resource.Properties.FunctionName.Ref === ids.collector,
    );
    expect(mapping!.Properties).toMatchObject({
      EventSourceArn: refs.queueArn,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: 5 },
    });
    expect(dataTemplate.toJSON().Resources[ids.queue].Properties).toMatchObject({
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [ids.deadLetters, 'Arn'] }, maxReceiveCount: 5 },
    });
  });

  it("lets the schedules' role send to the metrics queue (and its dead letters) and nothing else", () => {
    expect(allowedActions(roleStatements(template, ids.role))).toEqual(['sqs:SendMessage']);
  });

  it('lets the publisher create schedules in the metrics group, passing only the metrics role, and tells it where they go and dead-letter', () => {
    const publisher = functionStatements(stack, template, PUBLISHER_OPERATION);
    const passRole = statementsAllowing(publisher, 'iam:PassRole').map((statement) => statement.Resource);
    expect(passRole).toContainEqual({ 'Fn::GetAtt': [ids.role, 'Arn'] });
    expect(functionVariables(stack, template, PUBLISHER_OPERATION)).toMatchObject({
      METRICS_QUEUE_URL: refs.queueUrl,
      METRICS_QUEUE_ARN: refs.queueArn,
      METRICS_SCHEDULE_GROUP: 'social-posting-test-metrics',
      METRICS_SCHEDULER_ROLE_ARN: { 'Fn::GetAtt': [ids.role, 'Arn'] },
      // Each collection schedule's DeadLetterConfig (shared/adapters/aws/sqs-metrics-queue.ts).
      METRICS_DLQ_ARN: refs.deadLettersArn,
    });
  });

  it.each(['refresh-post-metrics'])('lets %s send to the metrics queue only', (operation) => {
    const sends = statementsAllowing(functionStatements(stack, template, operation), 'sqs:SendMessage').map((s) => s.Resource);
    expect(sends).toEqual([refs.queueArn]);
    expect(allowedActions(functionStatements(stack, template, operation))).not.toContain('scheduler:CreateSchedule');
  });
});
