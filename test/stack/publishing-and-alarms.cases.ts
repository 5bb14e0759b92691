import type { CfnElement } from 'aws-cdk-lib';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { INLINE_POLICY_NAME } from '../../lib/inline-policy-role';
import type { DataStack } from '../../lib/data-stack';
import type { ServiceStack } from '../../lib/service-stack';
import { validateSettings } from '../../lib/settings';
import { PUBLISHER_OPERATION, RELEASE_OPERATION } from '#shared/http/routes';
import { buildStack, sharedDefaultStack, TEST_SETTINGS } from './build-stack';
import { actionsOf, allowedActions, functionVariables, logicalIdOf, ownLogicalId, roleStatements, writtenIn } from './template-queries';

let stack: ServiceStack;
let template: Template;
let data: DataStack;
let dataTemplate: Template;
/** How the service template writes the data stack's publish queues (imports of its exports). */
let refs: { deadLettersArn: unknown; publishQueueUrl: unknown; publishQueueArn: unknown };
let ids: {
  schedulerRole: string;
  /** In the data stack, as the publish queue. */
  queue: string;
  publishQueue: string;
  publisher: string;
  publisherRole: string;
  release: string;
  group: string;
};

beforeAll(() => {
  ({ stack, template, data, dataTemplate } = sharedDefaultStack());
  const pipeline = stack.node.findChild('Publishing');
  const idOf = (construct: { node: { defaultChild?: unknown } }) => logicalIdOf(stack, construct.node.defaultChild as CfnElement);
  refs = {
    deadLettersArn: writtenIn(stack, data.publishing.deadLetterQueue.queueArn),
    publishQueueUrl: writtenIn(stack, data.publishing.queue.queueUrl),
    publishQueueArn: writtenIn(stack, data.publishing.queue.queueArn),
  };
  ids = {
    schedulerRole: idOf(pipeline.node.findChild('SchedulerRole')),
    queue: ownLogicalId(data.publishing.deadLetterQueue),
    publishQueue: ownLogicalId(data.publishing.queue),
    publisher: idOf(stack.functions.get(PUBLISHER_OPERATION)!.function),
    publisherRole: idOf(stack.functions.get(PUBLISHER_OPERATION)!.function.role!),
    release: idOf(stack.functions.get(RELEASE_OPERATION)!.function),
    group: idOf(pipeline.node.findChild('Schedules')),
  };
});

describe('publishing pipeline', () => {
  it('has a named schedule group that create-post, edit-post, retry-post, delete-post and the publisher are told about', () => {
    template.hasResourceProperties('AWS::Scheduler::ScheduleGroup', { Name: 'social-posting-test-posts' });
    for (const operation of ['create-post', 'edit-post', 'retry-post', 'delete-post', PUBLISHER_OPERATION]) {
      expect(functionVariables(stack, template, operation)).toMatchObject({
        SCHEDULE_GROUP: 'social-posting-test-posts',
        PUBLISH_DLQ_ARN: refs.deadLettersArn,
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
    for (const operation of ['create-post', 'edit-post', 'retry-post', RELEASE_OPERATION, PUBLISHER_OPERATION]) {
      expect(functionVariables(stack, template, operation)).toMatchObject({ PUBLISH_QUEUE_URL: refs.publishQueueUrl });
    }
  });

  it('has a publish queue, encrypted, redriven to the dead-letter queue after five receives, hidden while a run may still work', () => {
    const queue = dataTemplate.toJSON().Resources[ids.publishQueue].Properties;
    const publisherTimeout = template.toJSON().Resources[ids.publisher].Properties.Timeout as number;
    expect(queue).toMatchObject({
      SqsManagedSseEnabled: true,
      VisibilityTimeout: publisherTimeout * 6,
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [ids.queue, 'Arn'] }, maxReceiveCount: 5 },
    });
  });

  it('feeds the publisher from the queue at once, reporting failed records, never above its maximum concurrency', () => {
    const publisherSources = Object.values(template.findResources('AWS::Lambda::EventSourceMapping')).filter(
      (mapping) => JSON.stringify(mapping.Properties.EventSourceArn) === JSON.stringify(refs.publishQueueArn),
    );
    expect(publisherSources).toHaveLength(1);
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      // No warm instances by default: the function itself (the warm alias is opt-in, below).
      FunctionName: { Ref: ids.publisher },
      EventSourceArn: refs.publishQueueArn,
      BatchSize: 10,
      MaximumBatchingWindowInSeconds: 0,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      // 50 by default: the burst of 10,000 posts in a minute keeps p99 under 1 s (docs/performance.md).
      ScalingConfig: { MaximumConcurrency: 50 },
    });
    const lowered = buildStack({ ...TEST_SETTINGS, publisherMaxConcurrency: '10' }).template;
    lowered.hasResourceProperties('AWS::Lambda::EventSourceMapping', { ScalingConfig: { MaximumConcurrency: 10 } });
  });

  it('keeps no publisher warm by default; publisherWarmInstances=1 makes the live alias of its current version, with provisioned concurrency 1, feed on the queue', () => {
    // Opt-in: provisioned concurrency fails a first deploy on an account whose quota is 10 or 50
    // (docs/decisions/0186-the-warm-publisher-is-opt-in.md).
    expect(template.findResources('AWS::Lambda::Alias')).toEqual({});
    const { stack: warmStack, template: warm, data: warmData } = buildStack({ ...TEST_SETTINGS, publisherWarmInstances: '1' });
    const aliasId = logicalIdOf(
      warmStack,
      warmStack.node.findChild('Publishing').node.findChild('PublisherLive').node.defaultChild as CfnElement,
    );
    const publisherId = logicalIdOf(warmStack, warmStack.functions.get(PUBLISHER_OPERATION)!.function.node.defaultChild as CfnElement);
    const aliases = warm.findResources('AWS::Lambda::Alias');
    expect(Object.keys(aliases)).toEqual([aliasId]);
    const alias = aliases[aliasId].Properties;
    expect(alias).toMatchObject({
      Name: 'live',
      FunctionName: { Ref: publisherId },
      FunctionVersion: { 'Fn::GetAtt': [expect.any(String), 'Version'] },
      ProvisionedConcurrencyConfig: { ProvisionedConcurrentExecutions: 1 },
    });
    const version = warm.toJSON().Resources[alias.FunctionVersion['Fn::GetAtt'][0]];
    expect(version).toMatchObject({ Type: 'AWS::Lambda::Version', Properties: { FunctionName: { Ref: publisherId } } });
    warm.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      // The alias's qualified name (function:live), so the warm instances serve the queue.
      FunctionName: { 'Fn::Join': ['', [{ 'Fn::Select': [6, { 'Fn::Split': [':', { Ref: aliasId }] }] }, ':live']] },
      EventSourceArn: writtenIn(warmStack, warmData.publishing.queue.queueArn),
    });
    // Direct invokes (schedules made before the queue) still reach the function itself, with their retries.
    warm.hasResourceProperties('AWS::Lambda::EventInvokeConfig', { FunctionName: { Ref: publisherId }, Qualifier: '$LATEST' });
  });

  it('takes the number of warm publishers from publisherWarmInstances; 0 keeps none and feeds the function itself', () => {
    const three = buildStack({ ...TEST_SETTINGS, publisherWarmInstances: '3' }).template;
    three.hasResourceProperties('AWS::Lambda::Alias', {
      Name: 'live',
      ProvisionedConcurrencyConfig: { ProvisionedConcurrentExecutions: 3 },
    });

    const { stack: coldStack, template: cold, data: coldData } = buildStack({ ...TEST_SETTINGS, publisherWarmInstances: '0' });
    expect(cold.findResources('AWS::Lambda::Alias')).toEqual({});
    expect(cold.findResources('AWS::Lambda::Version')).toEqual({});
    const coldPublisher = logicalIdOf(coldStack, coldStack.functions.get(PUBLISHER_OPERATION)!.function.node.defaultChild as CfnElement);
    cold.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: coldPublisher },
      EventSourceArn: writtenIn(coldStack, coldData.publishing.queue.queueArn),
    });
  });

  it('refuses a publisherWarmInstances that is not a whole number from 0 to publisherMaxConcurrency', () => {
    for (const value of ['-1', '1.5', 'two', '11'])
      expect(() => validateSettings({ ...TEST_SETTINGS, publisherMaxConcurrency: '10', publisherWarmInstances: value })).toThrow(
        `Context value publisherWarmInstances must be a whole number from 0 to publisherMaxConcurrency (10), got "${value}"`,
      );
    expect(() => validateSettings({ ...TEST_SETTINGS, publisherMaxConcurrency: '20', publisherWarmInstances: '20' })).not.toThrow();
  });

  it("lets the publisher change a received message's visibility on the publish queue (giving a failed record back in seconds)", () => {
    const statements = roleStatements(template, ids.publisherRole);
    const grant = statements.find(
      (statement) =>
        statement.Effect === 'Allow' &&
        JSON.stringify(statement.Resource) === JSON.stringify(refs.publishQueueArn) &&
        actionsOf(statement).includes('sqs:ChangeMessageVisibility'),
    );
    expect(grant).toBeDefined();
    expect(actionsOf(grant!)).toEqual(expect.arrayContaining(['sqs:ReceiveMessage', 'sqs:DeleteMessage', 'sqs:ChangeMessageVisibility']));
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
    // Its grants, inline (lib/inline-policy-role.ts), are the next test's.
    expect(role.Properties.Policies.map((policy: { PolicyName: string }) => policy.PolicyName)).toEqual([INLINE_POLICY_NAME]);
  });

  it('lets the scheduler role only invoke the release step (and, for schedules made before the queue, the publisher) and dead-letter', () => {
    const statements = roleStatements(template, ids.schedulerRole);
    expect(allowedActions(statements)).toEqual(['lambda:InvokeFunction', 'sqs:SendMessage']);
    expect(statements.map(({ Action, Resource }) => ({ Action, Resource }))).toEqual(
      expect.arrayContaining([
        { Action: 'lambda:InvokeFunction', Resource: { 'Fn::GetAtt': [ids.release, 'Arn'] } },
        { Action: 'lambda:InvokeFunction', Resource: { 'Fn::GetAtt': [ids.publisher, 'Arn'] } },
        { Action: 'sqs:SendMessage', Resource: refs.deadLettersArn },
      ]),
    );
  });

  it('has an encrypted dead-letter queue, in the data stack, that refuses requests without TLS', () => {
    expect(dataTemplate.toJSON().Resources[ids.queue].Properties).toMatchObject({ SqsManagedSseEnabled: true });
    dataTemplate.hasResourceProperties('AWS::SQS::QueuePolicy', {
      Queues: [{ Ref: ids.queue }],
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
        DestinationConfig: { OnFailure: { Destination: refs.deadLettersArn } },
      });
    }
  });

  it('gives the publisher more time than an API function', () => {
    const timeout = template.toJSON().Resources[ids.publisher].Properties.Timeout;
    expect(timeout).toBeGreaterThan(60);
  });
});
