import type { ServiceStack } from '../../lib/service-stack';
import { buildStack, deployedTemplate } from '../stack/build-stack';
import { functionLogicalId } from '../stack/template-queries';
import { ACCOUNT, assumedRoleArn } from './aws-names';
import { evaluate, operationAction, type PolicyDocument, type PolicyStatement } from './iam-policy';
import { PhysicalResources } from './physical-resources';
import { AccessDenied, API_GATEWAY_SESSION, RolePolicies } from './role-policies';
import { importedNames, joinStacks } from './stack-set';
import { resourcesOfType, routeDefinitions, type CfnTemplate } from './template';

/**
 * The engine the deployed-artifact tests trust (@cloud-copilot/iam-simulate,
 * docs/decisions/0031-iam-evaluated-by-an-engine.md), as iam-policy.ts hands it each request: identity, resource and
 * trust policies, and input the engine will not evaluate refused loudly.
 */
const SESSION = `arn:aws:sts::${ACCOUNT}:assumed-role/fn-role/fn`;
const table = `arn:aws:dynamodb:eu-west-1:${ACCOUNT}:table/posts`;
const queue = `arn:aws:sqs:eu-west-1:${ACCOUNT}:publish`;
const fnArn = `arn:aws:lambda:eu-west-1:${ACCOUNT}:function:get-profile`;
const allow = (Action: string | string[], Resource: string | string[], Condition?: PolicyStatement['Condition']): PolicyStatement => ({
  Effect: 'Allow',
  Action,
  Resource,
  ...(Condition ? { Condition } : {}),
});
const identity = (...Statement: PolicyStatement[]) => [{ name: 'fn-policy', document: { Statement } }];

describe('IAM decisions by the engine', () => {
  it('allows what an identity policy names, and nothing else (implicit deny, in AWS words)', async () => {
    const policies = identity(allow(['dynamodb:GetItem', 'dynamodb:PutItem'], table));
    expect(
      await evaluate({ principal: SESSION, identityPolicies: policies, request: { action: 'dynamodb:PutItem', resource: table } }),
    ).toEqual({ allowed: true, result: 'Allowed' });
    expect(
      await evaluate({ principal: SESSION, identityPolicies: policies, request: { action: 'dynamodb:DeleteItem', resource: table } }),
    ).toEqual({
      allowed: false,
      result: 'ImplicitlyDenied',
      reason: 'because no identity-based policy allows the dynamodb:DeleteItem action',
    });
    expect(
      (await evaluate({ principal: SESSION, identityPolicies: policies, request: { action: 'dynamodb:GetItem', resource: `${table}-2` } }))
        .allowed,
    ).toBe(false);
    // An index is its own resource: the table's ARN does not cover it.
    expect(
      (
        await evaluate({
          principal: SESSION,
          identityPolicies: policies,
          request: { action: 'dynamodb:GetItem', resource: `${table}/index/gsi1` },
        })
      ).allowed,
    ).toBe(false);
  });

  it('lets an explicit Deny win, and evaluates conditions on the request context', async () => {
    const policies = identity(allow('dynamodb:*', '*'), { Effect: 'Deny', Action: 'dynamodb:DeleteItem', Resource: table });
    expect(
      await evaluate({ principal: SESSION, identityPolicies: policies, request: { action: 'dynamodb:DeleteItem', resource: table } }),
    ).toEqual({ allowed: false, result: 'ExplicitlyDenied', reason: 'with an explicit deny in an identity-based policy' });
    const transactional = identity(
      allow('dynamodb:PutItem', table, { 'ForAnyValue:StringEquals': { 'dynamodb:EnclosingOperation': ['TransactWriteItems'] } }),
    );
    const put = { action: 'dynamodb:PutItem', resource: table };
    expect(
      (
        await evaluate({
          principal: SESSION,
          identityPolicies: transactional,
          request: { ...put, context: { 'dynamodb:EnclosingOperation': 'TransactWriteItems' } },
        })
      ).allowed,
    ).toBe(true);
    expect((await evaluate({ principal: SESSION, identityPolicies: transactional, request: put })).allowed).toBe(false);
  });

  it("evaluates the queue's policy: the same send is refused without TLS (aws:SecureTransport)", async () => {
    const queuePolicy: PolicyDocument = {
      Statement: [
        {
          Effect: 'Deny',
          Principal: { AWS: '*' },
          Action: 'sqs:*',
          Resource: queue,
          Condition: { Bool: { 'aws:SecureTransport': 'false' } },
        },
      ],
    };
    const send = (secure: string) =>
      evaluate({
        principal: SESSION,
        identityPolicies: identity(allow('sqs:SendMessage', queue)),
        resourcePolicy: queuePolicy,
        request: { action: 'sqs:SendMessage', resource: queue, context: { 'aws:SecureTransport': secure } },
      });
    expect(await send('true')).toEqual({ allowed: true, result: 'Allowed' });
    expect(await send('false')).toEqual({
      allowed: false,
      result: 'ExplicitlyDenied',
      reason: 'with an explicit deny in a resource-based policy',
    });
  });

  it("evaluates a function's policy for API Gateway: its route's source ARN only", async () => {
    const permission: PolicyDocument = {
      Statement: [
        {
          Effect: 'Allow',
          Principal: { Service: 'apigateway.amazonaws.com' },
          Action: 'lambda:InvokeFunction',
          Resource: fnArn,
          Condition: { ArnLike: { 'AWS:SourceArn': `arn:aws:execute-api:eu-west-1:${ACCOUNT}:api1/*/*/profiles/{id}` } },
        },
      ],
    };
    const invoke = (sourceArn: string, sourceAccount = ACCOUNT) =>
      evaluate({
        principal: 'apigateway.amazonaws.com',
        identityPolicies: [],
        resourcePolicy: permission,
        request: {
          action: 'lambda:InvokeFunction',
          resource: fnArn,
          context: { 'aws:SourceArn': sourceArn, 'aws:SourceAccount': sourceAccount },
        },
      });
    expect((await invoke(`arn:aws:execute-api:eu-west-1:${ACCOUNT}:api1/v1/GET/profiles/{id}`)).allowed).toBe(true);
    expect(await invoke(`arn:aws:execute-api:eu-west-1:${ACCOUNT}:api1/v1/GET/profiles`)).toEqual({
      allowed: false,
      result: 'ImplicitlyDenied',
      reason: 'because no resource-based policy allows the lambda:InvokeFunction action',
    });
    expect((await invoke(`arn:aws:execute-api:eu-west-1:${ACCOUNT}:other/v1/GET/profiles/{id}`)).allowed).toBe(false);
  });

  it("evaluates a key's policy: a role's own Allow counts only where the key policy trusts the account", async () => {
    const key = `arn:aws:kms:eu-west-1:${ACCOUNT}:key/1234abcd-12ab-34cd-56ef-1234567890ab`;
    const decrypt = (keyPolicy: PolicyDocument) =>
      evaluate({
        principal: SESSION,
        identityPolicies: identity(allow('kms:Decrypt', key)),
        resourcePolicy: keyPolicy,
        request: { action: 'kms:Decrypt', resource: key },
      });
    const trustsAccount: PolicyDocument = {
      Statement: [{ Effect: 'Allow', Principal: { AWS: `arn:aws:iam::${ACCOUNT}:root` }, Action: 'kms:*', Resource: '*' }],
    };
    const trustsNobody: PolicyDocument = {
      Statement: [{ Effect: 'Allow', Principal: { AWS: `arn:aws:iam::${ACCOUNT}:role/admin` }, Action: 'kms:*', Resource: '*' }],
    };
    expect((await decrypt(trustsAccount)).allowed).toBe(true);
    expect((await decrypt(trustsNobody)).allowed).toBe(false);
  });

  it('refuses input it cannot evaluate as AWS would: an unknown action, a resource of another type, a context key the action never carries', async () => {
    const request = (action: string, resource: string, context?: Record<string, string>) =>
      evaluate({ principal: SESSION, identityPolicies: identity(allow('*', '*')), request: { action, resource, context } });
    await expect(request('dynamodb:PutItems', table)).rejects.toThrow(/did not evaluate dynamodb:PutItems .*invalid\.action/);
    await expect(request('dynamodb:PutItem', queue)).rejects.toThrow(/did not evaluate dynamodb:PutItem .*no\.resource\.types/);
    await expect(request('sqs:SendMessage', queue, { 'iam:PassedToService': 'scheduler.amazonaws.com' })).rejects.toThrow(
      /sqs:SendMessage never carries iam:PassedToService/,
    );
  });

  it("names an operation's action as IAM's action data spells it, and refuses an operation without one", async () => {
    expect(await operationAction('dynamodb', 'PutItem')).toBe('dynamodb:PutItem');
    expect(await operationAction('kms', 'GenerateDataKey')).toBe('kms:GenerateDataKey');
    expect(await operationAction('scheduler', 'CreateSchedule')).toBe('scheduler:CreateSchedule');
    await expect(operationAction('dynamodb', 'TransactWriteItems')).rejects.toThrow(/IAM has no action dynamodb:TransactWriteItems/);
    await expect(operationAction('s3', 'HeadObject')).rejects.toThrow(/IAM has no action s3:HeadObject/);
  });
});

/**
 * The Scheduler roles' trust policies, from the stack's own template, for the request context
 * Scheduler sends when it assumes a schedule's role: `aws:SourceArn` = the schedule GROUP's ARN
 * (https://docs.aws.amazon.com/scheduler/latest/UserGuide/cross-service-confused-deputy-prevention.html),
 * `aws:SourceAccount` = the schedule's account.
 */
describe("the Scheduler roles' trust, as Scheduler assumes them", () => {
  let template: CfnTemplate;
  let sweepRoleId: string;
  let sweepGroup: string;
  const groupArn = (group: string, account = ACCOUNT) => `arn:aws:scheduler:eu-west-1:${account}:schedule-group/${group}`;
  const policiesOf = (source: CfnTemplate) => {
    const physical = new PhysicalResources(source, { tableName: 'posts', localAwsUrl: 'http://127.0.0.1:1' });
    return { policies: new RolePolicies(source, physical), roleArn: (id: string) => physical.getAtt(id, 'Arn') };
  };

  beforeAll(() => {
    template = deployedTemplate(buildStack());
    const [[, sweep]] = resourcesOfType(template, 'AWS::Scheduler::Schedule');
    sweepRoleId = sweep.Properties!.Target.RoleArn['Fn::GetAtt'][0];
    sweepGroup = sweep.Properties!.GroupName ?? 'default';
  }, 30_000);

  it("refuses the sweep role's old condition (the schedule's own ARN) and allows the fixed one (its group's ARN)", async () => {
    // The trust lib/webhook-delivery.ts wrote before: aws:SourceArn = the schedule's ARN, which Scheduler never sends.
    const old = structuredClone(template);
    const scheduleName = resourcesOfType(template, 'AWS::Scheduler::Schedule')[0][1].Properties!.Name;
    old.Resources[sweepRoleId].Properties!.AssumeRolePolicyDocument.Statement[0].Condition.ArnEquals['aws:SourceArn'] =
      `arn:aws:scheduler:eu-west-1:${ACCOUNT}:schedule/default/${scheduleName}`;
    const before = policiesOf(old);
    const error = await before.policies
      .assumeRoleForSchedule(before.roleArn(sweepRoleId), groupArn(sweepGroup))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AccessDenied);
    expect((error as AccessDenied).message).toBe(
      `User: scheduler.amazonaws.com is not authorized to perform: sts:AssumeRole on resource: ${before.roleArn(sweepRoleId)} because no resource-based policy allows the sts:AssumeRole action`,
    );

    const fixed = policiesOf(template);
    await expect(fixed.policies.assumeRoleForSchedule(fixed.roleArn(sweepRoleId), groupArn(sweepGroup))).resolves.toBeUndefined();
    expect(fixed.policies.decisions).toEqual([
      {
        role: 'scheduler.amazonaws.com',
        session: 'scheduler.amazonaws.com',
        action: 'sts:AssumeRole',
        resource: fixed.roleArn(sweepRoleId),
        allowed: true,
      },
    ]);
  });

  it("allows each schedule's role for its own group only, and never for another account's schedules (confused deputy)", async () => {
    const { policies, roleArn } = policiesOf(template);
    const [[postGroupId, postGroup]] = resourcesOfType(template, 'AWS::Scheduler::ScheduleGroup');
    const postRoleId = resourcesOfType(template, 'AWS::IAM::Role').find(([, role]) =>
      JSON.stringify(role.Properties!.AssumeRolePolicyDocument).includes(postGroupId),
    )![0];
    const assume = (roleId: string, sourceArn: string) =>
      policies
        .authorizeService({ service: 'scheduler.amazonaws.com', action: 'sts:AssumeRole', resource: roleArn(roleId), sourceArn })
        .then(
          () => 'allowed',
          (error: unknown) => (error instanceof AccessDenied ? 'refused' : error),
        );
    expect({
      postRoleForItsGroup: await assume(postRoleId, groupArn(postGroup.Properties!.Name)),
      postRoleForTheSweepGroup: await assume(postRoleId, groupArn(sweepGroup)),
      sweepRoleForThePostGroup: await assume(sweepRoleId, groupArn(postGroup.Properties!.Name)),
      sweepRoleForAnotherAccount: await assume(sweepRoleId, groupArn(sweepGroup, '210987654321')),
    }).toEqual({
      postRoleForItsGroup: 'allowed',
      postRoleForTheSweepGroup: 'refused',
      sweepRoleForThePostGroup: 'refused',
      sweepRoleForAnotherAccount: 'refused',
    });
  });
});

describe("resolving the template's references to this deployment's ARNs", () => {
  const template: CfnTemplate = {
    Resources: {
      Table: { Type: 'AWS::DynamoDB::Table' },
      Queue: { Type: 'AWS::SQS::Queue' },
      Logs: { Type: 'AWS::Logs::LogGroup' },
    },
  };
  const physical = new PhysicalResources(template, { tableName: 'deployed-table', localAwsUrl: 'http://127.0.0.1:1' });

  it('resolves Ref, Fn::GetAtt, Fn::Join and pseudo parameters as CloudFormation does', () => {
    expect(physical.resolve({ 'Fn::Join': ['', [{ 'Fn::GetAtt': ['Table', 'Arn'] }, '/index/*']] })).toBe(
      'arn:aws:dynamodb:eu-west-1:123456789012:table/deployed-table/index/*',
    );
    expect(
      physical.resolve({
        'Fn::Join': [':', ['arn', { Ref: 'AWS::Partition' }, 'scheduler', { Ref: 'AWS::Region' }, { Ref: 'AWS::AccountId' }]],
      }),
    ).toBe('arn:aws:scheduler:eu-west-1:123456789012');
    const queueUrl = physical.ref('Queue');
    expect(queueUrl).toMatch(/^http:\/\/127\.0\.0\.1:1\/123456789012\/social-posting-deployed-Queue-/);
    expect(physical.getAtt('Queue', 'Arn')).toBe(`arn:aws:sqs:eu-west-1:123456789012:${queueUrl.split('/').pop()}`);
    expect(physical.getAtt('Logs', 'Arn')).toMatch(/^arn:aws:logs:eu-west-1:123456789012:log-group:[^:]+:\*$/);
    expect(physical.logicalIdOf(physical.getAtt('Table', 'Arn'))).toBe('Table');
  });

  it('refuses what it does not emulate rather than guess', () => {
    expect(() => physical.resolve({ 'Fn::Sub': 'x' })).toThrow(/not emulated/);
    expect(() => physical.getAtt('Table', 'LatestStreamLabel')).toThrow(/not emulated/);
  });
});

describe('the two stacks as one deployment (the data stack first, then the service stack importing from it)', () => {
  const data: CfnTemplate = {
    Resources: { Queue: { Type: 'AWS::SQS::Queue' } },
    Outputs: { QueueArnOut: { Value: { 'Fn::GetAtt': ['Queue', 'Arn'] }, Export: { Name: 'app-data:QueueArn' } } },
  };
  const service: CfnTemplate = {
    Resources: {
      Fn: { Type: 'AWS::Lambda::Function', Properties: { Environment: { Variables: { Q: { 'Fn::ImportValue': 'app-data:QueueArn' } } } } },
    },
  };

  it("resolves an import to the value of the export it names, the data stack's resource", () => {
    // Act
    const joined = joinStacks([
      { name: 'app-data', template: data },
      { name: 'app', template: service },
    ]);
    // Assess
    expect(Object.keys(joined.Resources)).toEqual(['Queue', 'Fn']);
    expect(joined.Resources.Fn.Properties!.Environment.Variables.Q).toEqual({ 'Fn::GetAtt': ['Queue', 'Arn'] });
    expect(importedNames(service)).toEqual(['app-data:QueueArn']);
  });

  it('refuses an import no stack deployed before it exports (a cycle, or the wrong order), and a logical id two stacks share', () => {
    expect(() =>
      joinStacks([
        { name: 'app', template: service },
        { name: 'app-data', template: data },
      ]),
    ).toThrow('app: imports app-data:QueueArn, which no stack deployed before it exports');
    expect(() =>
      joinStacks([
        { name: 'app-data', template: data },
        { name: 'app', template: { Resources: { ...service.Resources, Queue: { Type: 'AWS::SQS::Queue' } } } },
      ]),
    ).toThrow('app: logical id Queue is also another stack');
  });
});

/**
 * API Gateway invokes the route functions with the integrations' credentials role, from the stack's
 * own template (lib/lambda-invoke-integration.ts): it assumes the role (trust: API Gateway only),
 * then calls lambda:InvokeFunction as it (its identity policy: the route functions, nothing else).
 */
describe("API Gateway invoking the route functions through the template's invoke role", () => {
  let template: CfnTemplate;
  let physical: PhysicalResources;
  let stack: ServiceStack;
  const sourceArn = `arn:aws:execute-api:eu-west-1:${ACCOUNT}:api1/v1/POST/posts`;

  beforeAll(() => {
    const built = buildStack();
    stack = built.stack;
    template = deployedTemplate(built);
    physical = new PhysicalResources(template, { tableName: 'posts', localAwsUrl: 'http://127.0.0.1:1' });
  }, 30_000);

  const functionArn = (operation: string) => physical.getAtt(functionLogicalId(stack, operation), 'Arn');
  const invokeRoleOf = (routeKey: string) =>
    routeDefinitions(template).find((route) => route.routeKey === routeKey)!.credentialsRoleLogicalId!;
  const outcome = (attempt: Promise<void>) =>
    attempt.then(
      () => 'allowed',
      (error: unknown) => (error instanceof AccessDenied ? error.message : error),
    );

  it('lets API Gateway invoke every route function and $default through it, and no function that serves no route', async () => {
    const policies = new RolePolicies(template, physical);
    const routes = routeDefinitions(template);
    expect(routes.every((route) => route.credentialsRoleLogicalId !== undefined)).toBe(true);
    for (const route of routes)
      await policies.invokeWithCredentials(route.credentialsRoleLogicalId!, physical.getAtt(route.functionLogicalId, 'Arn'), sourceArn);
    expect(policies.decisions.filter((decision) => !decision.allowed)).toEqual([]);
    const roleId = invokeRoleOf('POST /posts');
    expect(await outcome(policies.invokeWithCredentials(roleId, functionArn('publish-post'), sourceArn))).toBe(
      `User: ${assumedRoleArn(physical.ref(roleId), API_GATEWAY_SESSION)} is not authorized to perform: lambda:InvokeFunction on resource: ${functionArn('publish-post')} because no identity-based policy allows the lambda:InvokeFunction action`,
    );
  });

  it('trusts API Gateway only: Lambda may not assume it', async () => {
    const policies = new RolePolicies(template, physical);
    const roleArn = physical.getAtt(invokeRoleOf('POST /posts'), 'Arn');
    expect(
      await outcome(
        policies.authorizeService({
          service: 'lambda.amazonaws.com',
          action: 'sts:AssumeRole',
          resource: roleArn,
          sourceArn: functionArn('create-post'),
        }),
      ),
    ).toBe(
      `User: lambda.amazonaws.com is not authorized to perform: sts:AssumeRole on resource: ${roleArn} because no resource-based policy allows the sts:AssumeRole action`,
    );
  });

  it("refuses a route whose function was taken out of the role's statement, and only that one, until it is put back", async () => {
    const policies = new RolePolicies(template, physical);
    const roleId = invokeRoleOf('POST /posts');
    const restore = policies.withoutResource(roleId, 'lambda:InvokeFunction', functionArn('create-post'));
    expect({
      createPost: await outcome(policies.invokeWithCredentials(roleId, functionArn('create-post'), sourceArn)),
      listProfiles: await outcome(policies.invokeWithCredentials(roleId, functionArn('list-profiles'), sourceArn)),
    }).toEqual({
      createPost: expect.stringMatching(/because no identity-based policy allows the lambda:InvokeFunction action$/),
      listProfiles: 'allowed',
    });
    restore();
    expect(await outcome(policies.invokeWithCredentials(roleId, functionArn('create-post'), sourceArn))).toBe('allowed');
  });
});
