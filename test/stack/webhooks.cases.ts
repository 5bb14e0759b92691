import type { CfnElement } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import type { ServiceStack } from '../../lib/service-stack';
import { EXPIRY_SWEEP_OPERATION, WEBHOOK_DELIVERY_OPERATION, WEBHOOK_DISPATCH_OPERATION } from '#shared/http/routes';
import { sharedDefaultStack } from './build-stack';
import { allowedActions, functionStatements, functionVariables, logicalIdOf, roleStatements, statementsAllowing } from './template-queries';

/**
 * Webhooks in AWS (lib/webhook-delivery.ts): the table's stream feeds the dispatcher new event
 * items only; the deliverer consumes the webhook queue; both dead-letter to one alarmed queue; a
 * recurring schedule runs the expiring-token sweep as a role that may do nothing else.
 */
let stack: ServiceStack;
let template: Template;
let ids: { table: string; queue: string; deadLetters: string; dispatcher: string; deliverer: string; sweep: string; sweepRole: string };

beforeAll(() => {
  ({ stack, template } = sharedDefaultStack());
  const webhooks = stack.node.findChild('Webhooks');
  const idOf = (construct: { node: { defaultChild?: unknown } }) => logicalIdOf(stack, construct.node.defaultChild as CfnElement);
  ids = {
    table: idOf(stack.table),
    queue: idOf(webhooks.node.findChild('Queue')),
    deadLetters: idOf(webhooks.node.findChild('DeadLetters')),
    dispatcher: idOf(stack.functions.get(WEBHOOK_DISPATCH_OPERATION)!.function),
    deliverer: idOf(stack.functions.get(WEBHOOK_DELIVERY_OPERATION)!.function),
    sweep: idOf(stack.functions.get(EXPIRY_SWEEP_OPERATION)!.function),
    sweepRole: idOf(webhooks.node.findChild('SweepScheduleRole')),
  };
});

const resources = () => template.toJSON().Resources as Record<string, { Type: string; Properties: Record<string, any> }>; // eslint-disable-line @typescript-eslint/no-explicit-any
const mappingOf = (functionId: string) =>
  Object.values(resources()).filter(
    (resource) => resource.Type === 'AWS::Lambda::EventSourceMapping' && resource.Properties.FunctionName.Ref === functionId,
  );

describe('webhooks', () => {
  it('streams new images of the table, and wakes the dispatcher for inserted webhook event items only', () => {
    expect(resources()[ids.table].Properties.StreamSpecification).toEqual({ StreamViewType: 'NEW_IMAGE' });
    const [mapping] = mappingOf(ids.dispatcher);
    expect(mapping.Properties).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': [ids.table, 'StreamArn'] },
      StartingPosition: 'LATEST',
      BisectBatchOnFunctionError: true,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [ids.deadLetters, 'Arn'] } } },
    });
    expect(mapping.Properties.FilterCriteria.Filters.map((filter: { Pattern: string }) => JSON.parse(filter.Pattern))).toEqual([
      { eventName: ['INSERT'], dynamodb: { NewImage: { type: { S: ['webhook_event'] } } } },
    ]);
  });

  it('feeds the deliverer from an encrypted queue, reporting failed records, redriven after five receives', () => {
    const [mapping] = mappingOf(ids.deliverer);
    expect(mapping.Properties).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': [ids.queue, 'Arn'] },
      BatchSize: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: 20 },
    });
    const deliverer = resources()[ids.deliverer].Properties;
    expect(resources()[ids.queue].Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      VisibilityTimeout: deliverer.Timeout * 6,
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [ids.deadLetters, 'Arn'] }, maxReceiveCount: 5 },
    });
  });

  it('lets only the dispatcher and the deliverer send to the webhook queue (and the dispatcher to its failure destination), and tells them where it is', () => {
    const sendsTo = (operation: string) =>
      statementsAllowing(functionStatements(stack, template, operation), 'sqs:SendMessage').map((statement) => statement.Resource);
    for (const operation of [WEBHOOK_DISPATCH_OPERATION, WEBHOOK_DELIVERY_OPERATION]) {
      expect(functionVariables(stack, template, operation)).toMatchObject({ WEBHOOK_QUEUE_URL: { Ref: ids.queue } });
    }
    expect(sendsTo(WEBHOOK_DELIVERY_OPERATION)).toEqual([{ 'Fn::GetAtt': [ids.queue, 'Arn'] }]);
    // A stream batch that fails every retry is sent on by the event source, as the function's role.
    expect(sendsTo(WEBHOOK_DISPATCH_OPERATION)).toEqual(
      expect.arrayContaining([{ 'Fn::GetAtt': [ids.queue, 'Arn'] }, { 'Fn::GetAtt': [ids.deadLetters, 'Arn'] }]),
    );
    expect(sendsTo(WEBHOOK_DISPATCH_OPERATION)).toHaveLength(2);
    for (const operation of ['create-webhook', 'test-webhook', 'rotate-webhook-secret', EXPIRY_SWEEP_OPERATION]) {
      expect(functionVariables(stack, template, operation).WEBHOOK_QUEUE_URL).toBeUndefined();
    }
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
        DeadLetterConfig: { Arn: { 'Fn::GetAtt': [ids.deadLetters, 'Arn'] } },
      },
    });
    const role = resources()[ids.sweepRole].Properties;
    expect(role.AssumeRolePolicyDocument.Statement).toEqual([
      expect.objectContaining({
        Principal: { Service: 'scheduler.amazonaws.com' },
        Condition: { StringEquals: { 'aws:SourceAccount': '123456789012' }, ArnEquals: { 'aws:SourceArn': expect.anything() } },
      }),
    ]);
    // Scheduler sends the schedule group's ARN as aws:SourceArn, never the schedule's (docs/decisions.md, "IAM evaluated by an engine").
    expect(schedule.Properties.GroupName).toBeUndefined();
    expect(role.AssumeRolePolicyDocument.Statement[0].Condition.ArnEquals['aws:SourceArn']).toEqual({
      'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':scheduler:eu-west-1:123456789012:schedule-group/default']],
    });
    const statements = roleStatements(template, ids.sweepRole);
    expect(statements.map((statement) => [statement.Action, statement.Resource])).toEqual([
      ['lambda:InvokeFunction', { 'Fn::GetAtt': [ids.sweep, 'Arn'] }],
      ['sqs:SendMessage', { 'Fn::GetAtt': [ids.deadLetters, 'Arn'] }],
    ]);
  });
});
