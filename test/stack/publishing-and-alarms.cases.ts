import type { CfnElement } from 'aws-cdk-lib';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import type { ServiceStack } from '../../lib/service-stack';
import { PUBLISHER_OPERATION, RELEASE_OPERATION } from '#shared/http/routes';
import { buildStack, TEST_SETTINGS } from './build-stack';
import { allowedActions, functionVariables, logicalIdOf, roleStatements } from './template-queries';

let stack: ServiceStack;
let template: Template;
let ids: { schedulerRole: string; queue: string; publishQueue: string; publisher: string; release: string; group: string };

beforeAll(() => {
  ({ stack, template } = buildStack());
  const pipeline = stack.node.findChild('Publishing');
  const idOf = (construct: { node: { defaultChild?: unknown } }) => logicalIdOf(stack, construct.node.defaultChild as CfnElement);
  ids = {
    schedulerRole: idOf(pipeline.node.findChild('SchedulerRole')),
    queue: idOf(pipeline.node.findChild('DeadLetters')),
    publishQueue: idOf(pipeline.node.findChild('PublishQueue')),
    publisher: idOf(stack.functions.get(PUBLISHER_OPERATION)!.function),
    release: idOf(stack.functions.get(RELEASE_OPERATION)!.function),
    group: idOf(pipeline.node.findChild('Schedules')),
  };
});

describe('publishing pipeline', () => {
  it('has a named schedule group that create-post, edit-post, retry-post, delete-post and the publisher are told about', () => {
    template.hasResourceProperties('AWS::Scheduler::ScheduleGroup', { Name: 'social-posting-test-posts' });
    for (const operation of [
      'create-post',
      'edit-post',
      'retry-post',
      'delete-post',
      'dashboard-edit-post',
      'dashboard-retry-post',
      PUBLISHER_OPERATION,
    ]) {
      expect(functionVariables(stack, template, operation)).toMatchObject({
        SCHEDULE_GROUP: 'social-posting-test-posts',
        PUBLISH_DLQ_ARN: { 'Fn::GetAtt': [ids.queue, 'Arn'] },
      });
    }
  });

  it('gives create-post, edit-post, retry-post and delete-post the scheduler role and the release function to target', () => {
    for (const operation of ['create-post', 'edit-post', 'retry-post', 'delete-post']) {
      expect(functionVariables(stack, template, operation)).toMatchObject({
        SCHEDULER_ROLE_ARN: { 'Fn::GetAtt': [ids.schedulerRole, 'Arn'] },
        RELEASE_FUNCTION_ARN: { 'Fn::GetAtt': [ids.release, 'Arn'] },
      });
    }
  });

  it('tells create-post, edit-post, retry-post, the release step and the publisher where the publish queue is', () => {
    for (const operation of [
      'create-post',
      'dashboard-create-post',
      'edit-post',
      'dashboard-edit-post',
      'retry-post',
      'dashboard-retry-post',
      RELEASE_OPERATION,
      PUBLISHER_OPERATION,
    ]) {
      expect(functionVariables(stack, template, operation)).toMatchObject({ PUBLISH_QUEUE_URL: { Ref: ids.publishQueue } });
    }
  });

  it('has a publish queue, encrypted, redriven to the dead-letter queue after five receives, hidden while a run may still work', () => {
    const queue = template.toJSON().Resources[ids.publishQueue].Properties;
    const publisherTimeout = template.toJSON().Resources[ids.publisher].Properties.Timeout as number;
    expect(queue).toMatchObject({
      SqsManagedSseEnabled: true,
      VisibilityTimeout: publisherTimeout * 6,
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [ids.queue, 'Arn'] }, maxReceiveCount: 5 },
    });
  });

  it('feeds the publisher from the queue at once, reporting failed records, never above its maximum concurrency', () => {
    const publisherSources = Object.values(template.findResources('AWS::Lambda::EventSourceMapping')).filter(
      (mapping) => mapping.Properties.FunctionName.Ref === ids.publisher,
    );
    expect(publisherSources).toHaveLength(1);
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: ids.publisher },
      EventSourceArn: { 'Fn::GetAtt': [ids.publishQueue, 'Arn'] },
      BatchSize: 10,
      MaximumBatchingWindowInSeconds: 0,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: 10 },
    });
    const raised = buildStack({ ...TEST_SETTINGS, publisherMaxConcurrency: '50' }).template;
    raised.hasResourceProperties('AWS::Lambda::EventSourceMapping', { ScalingConfig: { MaximumConcurrency: 50 } });
  });

  it('lets only EventBridge Scheduler, for this account and group, assume the scheduler role', () => {
    const role = template.toJSON().Resources[ids.schedulerRole];
    expect(role.Properties.AssumeRolePolicyDocument.Statement).toEqual([
      {
        Action: 'sts:AssumeRole',
        Effect: 'Allow',
        Principal: { Service: 'scheduler.amazonaws.com' },
        Condition: {
          StringEquals: { 'aws:SourceAccount': '123456789012' },
          ArnEquals: { 'aws:SourceArn': { 'Fn::GetAtt': [ids.group, 'Arn'] } },
        },
      },
    ]);
    expect(role.Properties.ManagedPolicyArns).toBeUndefined();
    expect(role.Properties.Policies).toBeUndefined();
  });

  it('lets the scheduler role only invoke the release step (and, for schedules made before the queue, the publisher) and dead-letter', () => {
    const statements = roleStatements(template, ids.schedulerRole);
    expect(allowedActions(statements)).toEqual(['lambda:InvokeFunction', 'sqs:SendMessage']);
    expect(statements.map(({ Action, Resource }) => ({ Action, Resource }))).toEqual(
      expect.arrayContaining([
        { Action: 'lambda:InvokeFunction', Resource: { 'Fn::GetAtt': [ids.release, 'Arn'] } },
        { Action: 'lambda:InvokeFunction', Resource: { 'Fn::GetAtt': [ids.publisher, 'Arn'] } },
        { Action: 'sqs:SendMessage', Resource: { 'Fn::GetAtt': [ids.queue, 'Arn'] } },
      ]),
    );
  });

  it('has an encrypted dead-letter queue that refuses requests without TLS', () => {
    template.hasResourceProperties('AWS::SQS::Queue', { SqsManagedSseEnabled: true });
    template.hasResourceProperties('AWS::SQS::QueuePolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
      },
    });
  });

  it('retries a failed release or direct publisher invoke twice, then dead-letters it', () => {
    for (const functionId of [ids.release, ids.publisher]) {
      template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
        FunctionName: { Ref: functionId },
        MaximumRetryAttempts: 2,
        DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [ids.queue, 'Arn'] } } },
      });
    }
  });

  it('gives the publisher more time than an API function', () => {
    const timeout = template.toJSON().Resources[ids.publisher].Properties.Timeout;
    expect(timeout).toBeGreaterThan(60);
  });
});
