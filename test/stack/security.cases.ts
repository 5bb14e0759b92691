import { App, type CfnElement } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { DataStack } from '../../lib/data-stack';
import type { ServiceStack } from '../../lib/service-stack';
import { serviceStacks } from '../../lib/service-stacks';
import { MCP_TOOL_OPERATIONS } from '../../lib/mcp-function';
import { MCP_OPERATION, operations } from '#shared/api/manifest';
import type { OperationNeeds } from '#shared/api/operation';
import {
  DEFAULT_OPERATION,
  EXPIRY_SWEEP_OPERATION,
  PUBLISHER_OPERATION,
  RELEASE_OPERATION,
  routes,
  WEBHOOK_DELIVERY_OPERATION,
  WEBHOOK_DISPATCH_OPERATION,
} from '#shared/http/routes';
import { buildStack, TEST_SETTINGS } from './build-stack';
import {
  actionsOf,
  allStatements,
  allowedActions,
  functionStatements,
  functionVariables,
  logicalIdOf,
  ownLogicalId,
  statementsAllowing,
  writtenIn,
} from './template-queries';

let app: App;
let stack: ServiceStack;
let template: Template;
let data: DataStack;
let dataTemplate: Template;

beforeAll(() => {
  ({ app, stack, template, data, dataTemplate } = buildStack());
});

const routeOperations = [...new Set(routes.map((route) => route.operation))];
const webhookOperations = [WEBHOOK_DISPATCH_OPERATION, WEBHOOK_DELIVERY_OPERATION, EXPIRY_SWEEP_OPERATION];
const allOperations = [
  DEFAULT_OPERATION,
  ...routeOperations,
  PUBLISHER_OPERATION,
  RELEASE_OPERATION,
  ...webhookOperations,
  'collect-metrics',
];
const ref = (element: unknown): string => logicalIdOf(stack, element as CfnElement);

/**
 * The route operations whose manifest entry declares a need (shared/api/manifest.ts), with the MCP
 * function when one of its tools does: the grants the stack must give, and no function more.
 */
function needing(test: (needs: OperationNeeds) => boolean): string[] {
  const holders = Object.entries(operations)
    .filter(([, entry]) => test(entry.needs ?? {}))
    .map(([operation]) => operation);
  return holders.some((operation) => MCP_TOOL_OPERATIONS.has(operation)) ? [...holders, MCP_OPERATION] : holders;
}

describe('no wildcard actions', () => {
  it('no identity or trust policy statement names an action with *', () => {
    const iamTypes = ['AWS::IAM::Policy', 'AWS::IAM::Role', 'AWS::IAM::ManagedPolicy'];
    const wildcards = allStatements(template)
      .filter((statement) => iamTypes.includes(statement.resourceType))
      .filter((statement) => actionsOf(statement).some((action) => action.includes('*')));
    expect(wildcards).toEqual([]);
  });

  it("resource policies allow a wildcard action only in the KMS key's delegation to the account's IAM", () => {
    // The default key policy (`kms:*` for the account root) is what lets IAM policies grant the
    // key at all; it grants nothing to any principal by itself. The key is the data stack's.
    const wildcardAllows = [...allStatements(template), ...allStatements(dataTemplate)]
      .filter((statement) => statement.Effect === 'Allow')
      .filter((statement) => actionsOf(statement).some((action) => action.includes('*')));
    expect(wildcardAllows).toHaveLength(1);
    expect(wildcardAllows[0]).toMatchObject({ resourceType: 'AWS::KMS::Key', Action: 'kms:*', Principal: { AWS: expect.anything() } });
  });
});

describe('functions', () => {
  it('route functions, the publisher and the webhook functions may read and write the table, explicit actions only', () => {
    for (const operation of [...routeOperations, PUBLISHER_OPERATION, ...webhookOperations]) {
      const actions = allowedActions(functionStatements(stack, template, operation));
      expect(actions).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem']));
    }
  });

  it('not-found answers before authentication, so it may only write its own logs and traces', () => {
    expect(allowedActions(functionStatements(stack, template, DEFAULT_OPERATION))).toEqual([
      'logs:CreateLogStream',
      'logs:PutLogEvents',
      'xray:PutTelemetryRecords',
      'xray:PutTraceSegments',
    ]);
  });

  it.each([
    // The deliverer and the collector open what the secret box sealed; the publisher seals refreshed sessions.
    ['kms:Decrypt', [...needing((needs) => needs.secretBox !== undefined), 'publish-post', 'deliver-webhook', 'collect-metrics']],
    // The deliverer opens webhook secrets to sign; it never seals one.
    ['kms:GenerateDataKey', [...needing((needs) => needs.secretBox === 'seal'), 'publish-post']],
    // publish-post (a worker): a confidential Bluesky OAuth client signs its refreshes with the key.
    [
      'secretsmanager:GetSecretValue',
      [...needing((needs) => needs.linkedinClientSecret === true || needs.blueskyOAuthKey === true), 'publish-post'],
    ],
    // The publisher schedules each published post's metrics collections; the deliverer (a worker: its
    // need webhookRetries) the retries due beyond the webhook queue's 15 minutes.
    [
      'scheduler:CreateSchedule',
      [...needing((needs) => needs.scheduler?.includes('schedule') === true), 'publish-post', 'deliver-webhook'],
    ],
    ['scheduler:DeleteSchedule', needing((needs) => needs.scheduler?.includes('cancel') === true)],
    ['iam:PassRole', [...needing((needs) => needs.scheduler?.includes('schedule') === true), 'publish-post', 'deliver-webhook']],
    ['lambda:InvokeFunction', []],
    [
      'sqs:SendMessage',
      [
        ...needing((needs) => needs.scheduler?.includes('schedule') === true || needs.metricsRefresh === true),
        'publish-post',
        'release-post',
        'dispatch-webhook-events',
        'deliver-webhook',
      ],
    ],
    // publish-post: the link cards it prepares before the due time (docs/decisions/0191-link-cards-prepared-before-the-due-time.md).
    ['s3:PutObject', [...needing((needs) => needs.media?.includes('put') === true), 'publish-post']],
    ['s3:GetObject', [...needing((needs) => needs.media?.includes('read') === true), 'publish-post']],
    ['s3:DeleteObject', needing((needs) => needs.media?.includes('delete') === true)],
  ])('only the functions that need %s have it', (action, expected) => {
    const holders = allOperations.filter(
      (operation) => statementsAllowing(functionStatements(stack, template, operation), action).length > 0,
    );
    expect(holders.sort()).toEqual([...expected].sort());
  });

  it('KMS_KEY_ID and LINKEDIN_CLIENT_SECRET_ARN reach exactly the functions granted the key and the secret', () => {
    const withVariable = (name: string) =>
      allOperations.filter((operation) => name in functionVariables(stack, template, operation)).sort();
    expect(withVariable('KMS_KEY_ID')).toEqual(
      [...needing((needs) => needs.secretBox !== undefined), 'collect-metrics', 'deliver-webhook', 'publish-post'].sort(),
    );
    expect(withVariable('LINKEDIN_CLIENT_SECRET_ARN')).toEqual(['linkedin-callback']);
    expect(withVariable('BLUESKY_OAUTH_PRIVATE_JWK_SECRET_ARN')).toEqual(
      [...needing((needs) => needs.blueskyOAuthKey === true), 'publish-post'].sort(),
    );
  });

  it('the media bucket is private, encrypted, TLS only, expires raw uploads, and only its functions get MEDIA_BUCKET', () => {
    // The bucket and its policy are the data stack's (lib/data-stack.ts); the grants are the functions' roles'.
    const bucketId = ownLogicalId(data.mediaBucket);
    const { Properties } = dataTemplate.toJSON().Resources[bucketId];
    expect(Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(Properties.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm).toBe('AES256');
    expect(Properties.LifecycleConfiguration.Rules).toContainEqual(
      expect.objectContaining({ Prefix: 'uploads/', ExpirationInDays: 1, Status: 'Enabled' }),
    );
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const policy = Object.values(dataTemplate.toJSON().Resources as Record<string, any>).find(
      (resource) => resource.Type === 'AWS::S3::BucketPolicy' && resource.Properties.Bucket.Ref === bucketId,
    );
    expect(policy.Properties.PolicyDocument.Statement).toContainEqual(
      expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
    );
    const withVariable = allOperations.filter((operation) => 'MEDIA_BUCKET' in functionVariables(stack, template, operation)).sort();
    expect(withVariable).toEqual([...needing((needs) => needs.media !== undefined), 'publish-post'].sort());
    for (const operation of withVariable) {
      for (const statement of functionStatements(stack, template, operation).filter((one) =>
        actionsOf(one).some((action) => action.startsWith('s3:')),
      )) {
        expect(statement.Resource).toEqual({ 'Fn::Join': ['', [writtenIn(stack, data.mediaBucket.bucketArn), '/*']] });
      }
    }
  });

  it('create-post may pass exactly the scheduler role, to Scheduler only, and send to exactly the publish queue', () => {
    const statements = functionStatements(stack, template, 'create-post');
    const schedulerRoleId = ref(stack.node.findChild('Publishing').node.findChild('SchedulerRole').node.defaultChild);
    expect(statementsAllowing(statements, 'iam:PassRole')).toEqual([
      expect.objectContaining({
        Resource: { 'Fn::GetAtt': [schedulerRoleId, 'Arn'] },
        Condition: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      }),
    ]);
    expect(statementsAllowing(statements, 'sqs:SendMessage').map((statement) => statement.Resource)).toEqual([
      writtenIn(stack, data.publishing.queue.queueArn),
    ]);
  });

  it('the release function may only send to the publish queue, and to the dead-letter queue its failed invokes go to', () => {
    const statements = functionStatements(stack, template, RELEASE_OPERATION);
    expect(allowedActions(statements)).toEqual([
      'logs:CreateLogStream',
      'logs:PutLogEvents',
      'sqs:GetQueueAttributes',
      'sqs:GetQueueUrl',
      'sqs:SendMessage',
      'xray:PutTelemetryRecords',
      'xray:PutTraceSegments',
    ]);
    expect(statementsAllowing(statements, 'sqs:SendMessage').map((statement) => statement.Resource)).toEqual(
      expect.arrayContaining([
        writtenIn(stack, data.publishing.queue.queueArn),
        writtenIn(stack, data.publishing.deadLetterQueue.queueArn),
      ]),
    );
    expect(statementsAllowing(statements, 'sqs:SendMessage')).toHaveLength(2);
  });

  it('schedule permissions cover the schedules of the service group only', () => {
    for (const operation of ['create-post', 'delete-post', 'edit-post', 'retry-post']) {
      const statements = functionStatements(stack, template, operation).filter((statement) =>
        actionsOf(statement).some((action) => action.startsWith('scheduler:')),
      );
      expect(statements).not.toHaveLength(0);
      for (const statement of statements) {
        expect(JSON.stringify(statement.Resource)).toMatch(/:schedule\/social-posting-test-posts\/\*"/);
      }
    }
  });
});

/**
 * cdk-nag 3 is a CDK policy-validation plugin (no longer an Aspect writing Annotations):
 * `validateScope` returns the findings that no `Validations.of(...).acknowledge(...)` in lib/
 * explains. Every finding is fixed, or acknowledged next to its cause with the reason.
 */
describe('AWS Solutions checks (cdk-nag)', () => {
  const unexplainedFindings = (scope: App, target: ServiceStack | DataStack) =>
    new AwsSolutionsChecks(scope).validateScope(target).violations.map((violation) => ({
      rule: violation.ruleName,
      severity: violation.severity,
      resources: violation.violatingResources.map((resource) => resource.constructPath),
    }));

  it('find nothing unexplained, errors or warnings, in either stack deployed to an account', () => {
    expect(unexplainedFindings(app, stack)).toEqual([]);
    expect(unexplainedFindings(app, data)).toEqual([]);
  });

  it('find nothing unexplained in the environment-agnostic stacks `cdk synth` makes without credentials', () => {
    // Prepare: no account or region, so ARNs carry pseudo parameters instead of literals
    const agnosticApp = new App();
    const agnostic = serviceStacks(agnosticApp, 'social-posting', { settings: TEST_SETTINGS, handlerCode: 'stub' });
    // The findings on cross-stack references name the exports, which exist once the app is prepared.
    agnosticApp.synth();
    // Act, Assess
    expect(unexplainedFindings(agnosticApp, agnostic.service)).toEqual([]);
    expect(unexplainedFindings(agnosticApp, agnostic.data)).toEqual([]);
  });
});
