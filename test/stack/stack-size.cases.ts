import { App, type CfnElement, CfnResource, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { INLINE_POLICY_SIZE_LIMIT, InlinePolicyRole } from '../../lib/inline-policy-role';
import { ApiInvokeRole, FUNCTIONS_PER_INVOKE_ROLE } from '../../lib/lambda-invoke-integration';
import type { ServiceStack } from '../../lib/service-stack';
import { DEFAULT_OPERATION, routes } from '#shared/http/routes';
import { PhysicalResources } from '../aws-emulation/physical-resources';
import type { CfnTemplate } from '../aws-emulation/template';
import { functionSpecs, grantsKey } from '../../lib/function-specs';
import { deployedTemplate, sharedDefaultStack } from './build-stack';
import { functionLogicalId, logicalIdOf, roleStatements } from './template-queries';

/**
 * CloudFormation takes at most 500 resources per stack. The stateful resources are in the data
 * stack (lib/data-stack.ts, 17 resources), so the budget is the service stack's. Each operation's
 * route costs 3 there: its function, the integration and the route; route functions with the same needs share
 * one role (its grants inline, lib/inline-policy-role.ts; docs/decisions/0331-route-functions-with-the-same-needs-share-a-role.md)
 * and all share one log group (docs/decisions/0330-one-log-group-for-the-route-functions.md); its dashboard route, 1 more (a route on the same
 * integration, docs/decisions/0101-auth-chosen-by-the-matched-route.md); API Gateway invokes every route function with one role
 * instead of one Lambda permission each (docs/decisions/0051-stack-size-inline-role-policies-and-one-invoke-role.md). Past the budget, the next step is written down in
 * docs/decisions/0111-stateful-resources-in-their-own-stack.md (nested stacks or an API split by
 * resource group). These builds leave out what `cdk synth` adds to the service stack: the dashboard
 * upload (helper function, role, log group, layer, custom resource) and CDK's metadata, 6 more.
 */
const BUDGET = 400;
/**
 * Today's routes, each dashboard route running its public operation's function: 297 measured (the
 * 30 twin functions went with their roles, log groups and integrations, 120 resources; 417 before).
 * OAuth for MCP and connections (issue 39) added 11 operations and 2 dashboard routes: 362 measured. With audit,
 * inbox, series, settings, tracked links and Bluesky OAuth (issues 39-42: 115 routes) it would have been 406; one
 * request log group and one role per set of needs for the route functions bring it to 350.
 */
const WITH_TODAYS_ROUTES = 355;
const RESOURCES_PER_ROUTE = 3;

let stack: ServiceStack;
let template: Template;
let dataTemplate: Template;
let resources: CfnTemplate['Resources'];

beforeAll(() => {
  ({ stack, template, dataTemplate } = sharedDefaultStack());
  resources = template.toJSON().Resources;
});

const countOf = (type: string) => Object.values(resources).filter((resource) => resource.Type === type).length;
const serviceTotal = () => Object.keys(resources).length;

it('reports the size of both stacks', () => {
  const dataTotal = Object.keys(dataTemplate.toJSON().Resources).length;
  process.stdout.write(`stack size: service ${serviceTotal()} resources, data ${dataTotal}, ${routes.length} routes\n`);
  // Far from any limit: the data stack grows with kinds of data, not with routes.
  expect(dataTotal).toBeLessThanOrEqual(50);
});

it(`keeps the service stack within its budget of ${BUDGET} resources (CloudFormation's limit is 500)`, () => {
  expect(serviceTotal()).toBeLessThanOrEqual(BUDGET);
});

it(`holds the service stack to ${WITH_TODAYS_ROUTES} resources with today's routes`, () => {
  expect(serviceTotal()).toBeLessThanOrEqual(WITH_TODAYS_ROUTES);
});

it(`costs ${RESOURCES_PER_ROUTE} resources an operation's route (function, integration, route) and one role per set of needs, 1 its dashboard route`, () => {
  // One route per route table entry (and $default); one integration per function (a dashboard route
  // shares its public operation's), nothing else per route on the API.
  expect(countOf('AWS::ApiGatewayV2::Integration')).toBe(new Set(routes.map((route) => route.operation)).size + 1);
  expect(countOf('AWS::ApiGatewayV2::Route')).toBe(routes.length + 1);
  const routeSpecs = functionSpecs().filter((spec) => spec.startedBy === 'route');
  const roleOf = (operation: string) => stack.functions.get(operation)!.role;
  for (const spec of routeSpecs) {
    const own = stack.functions
      .get(spec.operation)!
      .node.findAll()
      .filter((child) => child instanceof CfnResource && !(child.node.scope instanceof iam.Role));
    expect({ [spec.operation]: own.length + 2 }).toEqual({ [spec.operation]: RESOURCES_PER_ROUTE });
    // The same role exactly for the same grants (docs/decisions/0331-route-functions-with-the-same-needs-share-a-role.md).
    for (const other of routeSpecs)
      expect({ [`${spec.operation} ~ ${other.operation}`]: roleOf(spec.operation) === roleOf(other.operation) }).toEqual({
        [`${spec.operation} ~ ${other.operation}`]: grantsKey(spec) === grantsKey(other),
      });
  }
  const roles = new Set(routeSpecs.map((spec) => roleOf(spec.operation)));
  process.stdout.write(`route functions: ${routeSpecs.length}, their roles: ${roles.size}\n`);
});

it('has no separate policy resources and no Lambda permissions', () => {
  expect(countOf('AWS::IAM::Policy')).toBe(0);
  expect(countOf('AWS::IAM::ManagedPolicy')).toBe(0);
  expect(countOf('AWS::Lambda::Permission')).toBe(0);
});

it('makes every function depend on its role, whose inline policy holds its grants: no function exists before its permissions', () => {
  const functions = Object.values(resources).filter((resource) => resource.Type === 'AWS::Lambda::Function');
  expect(functions).toHaveLength(stack.functions.size);
  for (const fn of functions) {
    const roleId = fn.Properties!.Role['Fn::GetAtt'][0];
    expect((fn as { DependsOn?: string[] }).DependsOn).toContain(roleId);
    expect(resources[roleId].Properties!.Policies).toHaveLength(1);
  }
});

it("keeps every role's inline policies under IAM's 10,240 characters, resolved to ARNs as long as a deployment's", () => {
  // Generated names at their longest (64-character function and role names), in a long region name.
  // The service stack's imports resolved to the data stack's resources, as CloudFormation resolves them.
  const deployed = deployedTemplate(sharedDefaultStack());
  const physical = new PhysicalResources(deployed, { tableName: 'x'.repeat(255), localAwsUrl: 'http://x' });
  const sizes = Object.entries(deployed.Resources)
    .filter(([, resource]) => resource.Type === 'AWS::IAM::Role')
    .map(([logicalId, role]) => {
      const documents = (role.Properties?.Policies ?? []).map((policy: { PolicyDocument: unknown }) =>
        physical.resolve(policy.PolicyDocument),
      );
      const characters = JSON.stringify(documents).replaceAll('eu-west-1', 'ap-southeast-2').replace(/\s/g, '').length;
      return { logicalId, characters };
    })
    .sort((a, b) => b.characters - a.characters);
  process.stdout.write(`largest inline role policies: ${JSON.stringify(sizes.slice(0, 3))}\n`);
  expect(sizes.filter((size) => size.characters > INLINE_POLICY_SIZE_LIMIT)).toEqual([]);
});

describe('InlinePolicyRole', () => {
  const roleStack = () => new Stack(new App(), 'roles', { env: { account: '123456789012', region: 'eu-west-1' } });

  it('puts grants into its inline policy, never a policy resource', () => {
    // Prepare
    const scope = roleStack();
    const role = new InlinePolicyRole(scope, 'Role', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
    // Act
    new sqs.Queue(scope, 'Queue').grantSendMessages(role);
    role.addToPolicy(new iam.PolicyStatement({ actions: ['s3:GetObject'], resources: ['arn:aws:s3:::bucket/*'] }));
    // Assess
    const built = Template.fromStack(scope);
    built.resourceCountIs('AWS::IAM::Policy', 0);
    const [roleId] = Object.keys(built.findResources('AWS::IAM::Role'));
    expect(roleStatements(built, roleId).map((statement) => statement.Action)).toEqual([
      ['sqs:SendMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl'],
      's3:GetObject',
    ]);
  });

  it('refuses to synthesize without a grant (an empty inline policy is no policy CloudFormation takes)', () => {
    const scope = roleStack();
    new InlinePolicyRole(scope, 'Role', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
    expect(() => Template.fromStack(scope)).toThrow(/has no grants for its inline policy/);
  });
});

describe('the invoke role API Gateway calls the route functions with', () => {
  const invokeRoleIds = () =>
    stack.node
      .findChild('HttpApi')
      .node.findChild('Invoke')
      .node.children.filter((child) => child instanceof iam.Role)
      .map((role) => logicalIdOf(stack, role.node.defaultChild as CfnElement));
  const integrations = () => Object.values(resources).filter((resource) => resource.Type === 'AWS::ApiGatewayV2::Integration');

  it('is one role today, trusted by API Gateway only', () => {
    expect(invokeRoleIds()).toHaveLength(1);
    expect(resources[invokeRoleIds()[0]].Properties!.AssumeRolePolicyDocument.Statement).toEqual([
      { Action: 'sts:AssumeRole', Effect: 'Allow', Principal: { Service: 'apigateway.amazonaws.com' } },
    ]);
  });

  it('is what every integration invokes its function with, and it may invoke that function', () => {
    for (const integration of integrations()) {
      expect(integration.Properties).toMatchObject({ IntegrationType: 'AWS_PROXY', PayloadFormatVersion: '2.0' });
      const roleId = integration.Properties!.CredentialsArn['Fn::GetAtt'][0];
      expect(invokeRoleIds()).toContain(roleId);
      expect(roleStatements(template, roleId)[0].Resource).toContainEqual(integration.Properties!.IntegrationUri);
    }
  });

  it("may invoke exactly the route functions and $default's, in one statement", () => {
    const expected = [DEFAULT_OPERATION, ...new Set(routes.map((route) => route.operation))].map((operation) => ({
      'Fn::GetAtt': [functionLogicalId(stack, operation), 'Arn'],
    }));
    const statements = roleStatements(template, invokeRoleIds()[0]);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatchObject({ Effect: 'Allow', Action: 'lambda:InvokeFunction' });
    expect(statements[0].Resource).toEqual(expect.arrayContaining(expected));
    expect(statements[0].Resource).toHaveLength(expected.length);
  });

  it(`takes a second role past ${FUNCTIONS_PER_INVOKE_ROLE} functions, so its policy stays under the size limit`, () => {
    // Prepare
    const scope = new Stack(new App(), 'invokers', { env: { account: '123456789012', region: 'eu-west-1' } });
    const invoker = new ApiInvokeRole(scope, 'Invoke');
    const functions = Array.from({ length: FUNCTIONS_PER_INVOKE_ROLE + 1 }, (_, index) =>
      lambda.Function.fromFunctionArn(scope, `Fn${index}`, `arn:aws:lambda:eu-west-1:123456789012:function:fn-${index}`),
    );
    // Act
    functions.forEach((fn, index) => invoker.integration(`route-${index}`, fn));
    invoker.integration('again', functions[0]);
    // Assess
    const roles = Object.values(Template.fromStack(scope).findResources('AWS::IAM::Role'));
    expect(roles.map((role) => role.Properties.Policies[0].PolicyDocument.Statement[0].Resource)).toEqual([
      functions.slice(0, FUNCTIONS_PER_INVOKE_ROLE).map((fn) => fn.functionArn),
      functions[FUNCTIONS_PER_INVOKE_ROLE].functionArn,
    ]);
  });
});
