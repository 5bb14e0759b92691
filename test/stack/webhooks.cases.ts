import type { CfnElement } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import type { DataStack } from '../../lib/data-stack';
import type { ServiceStack } from '../../lib/service-stack';
import { EXPIRY_SWEEP_OPERATION, WEBHOOK_DELIVERY_OPERATION, WEBHOOK_DISPATCH_OPERATION } from '#shared/http/routes';
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
 * Webhooks in AWS (lib/webhook-delivery.ts): the table's stream feeds the dispatcher new event
 * items only; the deliverer consumes the webhook queue; both dead-letter to one alarmed queue; a
 * recurring schedule runs the expiring-token sweep as a role that may do nothing else. The table and
 * the queues are the data stack's (lib/data-stack.ts): the service template imports them.
 */
let stack: ServiceStack;
let template: Template;
let data: DataStack;
let dataTemplate: Template;
/** Logical ids: table, queue and deadLetters in the data stack, the rest in the service stack. */
let ids: { table: string; queue: string; deadLetters: string; dispatcher: string; deliverer: string; sweep: string; sweepRole: string };
/** How the service template writes the data stack's resources. */
let refs: { streamArn: unknown; queueUrl: unknown; queueArn: unknown; deadLettersArn: unknown };

beforeAll(() => {
  ({ stack, template, data, dataTemplate } = sharedDefaultStack());
  const webhooks = stack.node.findChild('Webhooks');
  const idOf = (construct: { node: { defaultChild?: unknown } }) => logicalIdOf(stack, construct.node.defaultChild as CfnElement);
  refs = {
    streamArn: writtenIn(stack, data.table.tableStreamArn!),
    queueUrl: writtenIn(stack, data.webhooks.queue.queueUrl),
    queueArn: writtenIn(stack, data.webhooks.queue.queueArn),
    deadLettersArn: writtenIn(stack, data.webhooks.deadLetterQueue.queueArn),
  };
  ids = {
    table: ownLogicalId(data.table),
    queue: ownLogicalId(data.webhooks.queue),
    deadLetters: ownLogicalId(data.webhooks.deadLetterQueue),
    dispatcher: idOf(stack.functions.get(WEBHOOK_DISPATCH_OPERATION)!.function),
    deliverer: idOf(stack.functions.get(WEBHOOK_DELIVERY_OPERATION)!.function),
    sweep: idOf(stack.functions.get(EXPIRY_SWEEP_OPERATION)!.function),
    sweepRole: idOf(webhooks.node.findChild('SweepScheduleRole')),
  };
});

type Resources = Record<string, { Type: string; Properties: Record<string, any> }>; // eslint-disable-line @typescript-eslint/no-explicit-any
const resources = () => template.toJSON().Resources as Resources;
const dataResources = () => dataTemplate.toJSON().Resources as Resources;
const mappingOf = (functionId: string) =>
  Object.values(resources()).filter(
    (resource) => resource.Type === 'AWS::Lambda::EventSourceMapping' && resource.Properties.FunctionName.Ref === functionId,
  );

describe('webhooks', () => {
  it('streams new images of the table, and wakes the dispatcher for inserted webhook event items only', () => {
    expect(dataResources()[ids.table].Properties.StreamSpecification).toEqual({ StreamViewType: 'NEW_IMAGE' });
    const [mapping] = mappingOf(ids.dispatcher);
    expect(mapping.Properties).toMatchObject({
      EventSourceArn: refs.streamArn,
      StartingPosition: 'LATEST',
      BisectBatchOnFunctionError: true,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: { OnFailure: { Destination: refs.deadLettersArn } },
    });
    expect(mapping.Properties.FilterCriteria.Filters.map((filter: { Pattern: string }) => JSON.parse(filter.Pattern))).toEqual([
      { eventName: ['INSERT'], dynamodb: { NewImage: { type: { S: ['webhook_event'] } } } },
    ]);
  });

  it('feeds the deliverer from an encrypted queue, reporting failed records, redriven after five receives', () => {
    const [mapping] = mappingOf(ids.deliverer);
    expect(mapping.Properties).toMatchObject({
      EventSourceArn: refs.queueArn,
      BatchSize: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: 20 },
    });
    const deliverer = resources()[ids.deliverer].Properties;
    expect(dataResources()[ids.queue].Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      VisibilityTimeout: deliverer.Timeout * 6,
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [ids.deadLetters, 'Arn'] }, maxReceiveCount: 5 },
    });
  });

  it('lets only the dispatcher and the deliverer send to the webhook queue (and the dispatcher to its failure destination), and tells them where it is', () => {
    const sendsTo = (operation: string) =>
      statementsAllowing(functionStatements(stack, template, operation), 'sqs:SendMessage').map((statement) => statement.Resource);
    for (const operation of [WEBHOOK_DISPATCH_OPERATION, WEBHOOK_DELIVERY_OPERATION]) {
      expect(functionVariables(stack, template, operation)).toMatchObject({ WEBHOOK_QUEUE_URL: refs.queueUrl });
    }
    expect(sendsTo(WEBHOOK_DELIVERY_OPERATION)).toEqual([refs.queueArn]);
    // A stream batch that fails every retry is sent on by the event source, as the function's role.
    expect(sendsTo(WEBHOOK_DISPATCH_OPERATION)).toEqual(expect.arrayContaining([refs.queueArn, refs.deadLettersArn]));
    expect(sendsTo(WEBHOOK_DISPATCH_OPERATION)).toHaveLength(2);
    for (const operation of ['create-webhook', 'test-webhook', 'rotate-webhook-secret', EXPIRY_SWEEP_OPERATION]) {
      expect(functionVariables(stack, template, operation).WEBHOOK_QUEUE_URL).toBeUndefined();
    }
  });

  it('lets the deliverer schedule retries past 15 minutes in its own group, run as a role that may only send them to the webhook queue or dead-letter them', () => {
    const webhooks = stack.node.findChild('Webhooks');
    const groupId = logicalIdOf(stack, webhooks.node.findChild('RetrySchedules').node.defaultChild as CfnElement);
    const roleId = logicalIdOf(stack, webhooks.node.findChild('RetrySchedulerRole').node.defaultChild as CfnElement);
    expect(resources()[groupId].Properties.Name).toMatch(/-webhooks$/);
    const statements = functionStatements(stack, template, WEBHOOK_DELIVERY_OPERATION);
    const [create] = statementsAllowing(statements, 'scheduler:CreateSchedule');
    expect(JSON.stringify(create.Resource)).toMatch(/:schedule\/[^"]*-webhooks\/\*"/);
    expect(statementsAllowing(statements, 'scheduler:DeleteSchedule')).toEqual([]);
    expect(statementsAllowing(statements, 'iam:PassRole')).toEqual([
      expect.objectContaining({
        Resource: { 'Fn::GetAtt': [roleId, 'Arn'] },
        Condition: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      }),
    ]);
    expect(functionVariables(stack, template, WEBHOOK_DELIVERY_OPERATION)).toMatchObject({
      WEBHOOK_QUEUE_ARN: refs.queueArn,
      WEBHOOK_DLQ_ARN: refs.deadLettersArn,
      WEBHOOK_SCHEDULE_GROUP: expect.anything(),
      WEBHOOK_SCHEDULER_ROLE_ARN: { 'Fn::GetAtt': [roleId, 'Arn'] },
    });
    // Only the deliverer: first attempts (the dispatcher) and replays are due at once.
    expect(functionVariables(stack, template, WEBHOOK_DISPATCH_OPERATION).WEBHOOK_SCHEDULE_GROUP).toBeUndefined();
    const role = resources()[roleId].Properties;
    expect(role.AssumeRolePolicyDocument.Statement).toEqual([
      expect.objectContaining({
        Principal: { Service: 'scheduler.amazonaws.com' },
        Condition: {
          StringEquals: { 'aws:SourceAccount': '123456789012' },
          ArnEquals: { 'aws:SourceArn': { 'Fn::GetAtt': [groupId, 'Arn'] } },
        },
      }),
    ]);
    expect(roleStatements(template, roleId).map((statement) => [statement.Action, statement.Resource])).toEqual([
      ['sqs:SendMessage', [refs.queueArn, refs.deadLettersArn]],
    ]);
  });

  it('gives the deliverer kms:Decrypt to open webhook secrets, never GenerateDataKey', () => {
    const actions = allowedActions(functionStatements(stack, template, WEBHOOK_DELIVERY_OPERATION));
    expect(actions).toContain('kms:Decrypt');
    expect(actions).not.toContain('kms:GenerateDataKey');
  });

  it("runs the sweep daily through a schedule whose role may only invoke it and dead-letter, for its schedule group's schedules only", () => {
    const [schedule] = Object.values(resources()).filter((resource) => resource.Type === 'AWS::Scheduler::Schedule');
    expect(schedule.Properties).toMatchObject({
      ScheduleExpression: 'cron(0 6 * * ? *)',
      ScheduleExpressionTimezone: 'UTC',
      Target: {
        Arn: { 'Fn::GetAtt': [ids.sweep, 'Arn'] },
        RoleArn: { 'Fn::GetAtt': [ids.sweepRole, 'Arn'] },
        DeadLetterConfig: { Arn: refs.deadLettersArn },
      },
    });
    const role = resources()[ids.sweepRole].Properties;
    expect(role.AssumeRolePolicyDocument.Statement).toEqual([
      expect.objectContaining({
        Principal: { Service: 'scheduler.amazonaws.com' },
        Condition: { StringEquals: { 'aws:SourceAccount': '123456789012' }, ArnEquals: { 'aws:SourceArn': expect.anything() } },
      }),
    ]);
    // Scheduler sends the schedule group's ARN as aws:SourceArn, never the schedule's (docs/decisions/0031-iam-evaluated-by-an-engine.md).
    expect(schedule.Properties.GroupName).toBeUndefined();
    expect(role.AssumeRolePolicyDocument.Statement[0].Condition.ArnEquals['aws:SourceArn']).toEqual({
      'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':scheduler:eu-west-1:123456789012:schedule-group/default']],
    });
    const statements = roleStatements(template, ids.sweepRole);
    expect(statements.map((statement) => [statement.Action, statement.Resource])).toEqual([
      ['lambda:InvokeFunction', { 'Fn::GetAtt': [ids.sweep, 'Arn'] }],
      ['sqs:SendMessage', refs.deadLettersArn],
    ]);
  });
});
