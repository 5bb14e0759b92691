/**
 * What the synthesized CloudFormation template says about the service, read as AWS would read
 * it: each function (runtime, handler, code asset, role, timeout, environment), the HTTP API's
 * routes and stage (and the role each route's function is invoked with), the queue's event source, the async-invoke settings and each role's policies.
 * Values stay as written (intrinsics unresolved); physical-resources.ts resolves them.
 */
export interface CfnResource {
  Type: string;
  Properties?: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  Metadata?: Record<string, unknown>;
}

export interface CfnOutput {
  Value: unknown;
  Export?: { Name: unknown };
}

export interface CfnTemplate {
  Resources: Record<string, CfnResource>;
  Outputs?: Record<string, CfnOutput>;
}

export interface FunctionDefinition {
  logicalId: string;
  /** The folder under functions/, from the construct path (`.../CreatePost/Function/Resource`). */
  operation: string;
  runtime: string;
  handler: string;
  /** The code asset's folder, relative to cdk.out. */
  assetPath: string;
  roleLogicalId: string;
  logGroupLogicalId: string;
  timeoutSeconds: number;
  memoryMb: number;
  /** As written: strings or intrinsics. */
  environment: Record<string, unknown>;
}

export interface RouteDefinition {
  routeKey: string;
  functionLogicalId: string;
  payloadFormatVersion: string;
  /** The role API Gateway invokes the function with (the integration's CredentialsArn); none: the function's own policy decides. */
  credentialsRoleLogicalId?: string;
}

export interface EventSourceDefinition {
  queueLogicalId: string;
  functionLogicalId: string;
  batchSize: number;
  reportBatchItemFailures: boolean;
}

export interface AsyncInvokeDefinition {
  functionLogicalId: string;
  maximumRetryAttempts: number;
  maximumEventAgeSeconds: number;
  onFailureQueueLogicalId?: string;
}

/** `{Ref: X}` or `{"Fn::GetAtt": [X, ...]}`: X; anything else: undefined. */
export function referencedId(value: unknown): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;
  if (typeof record.Ref === 'string') return record.Ref;
  const getAtt = record['Fn::GetAtt'];
  if (Array.isArray(getAtt) && typeof getAtt[0] === 'string') return getAtt[0];
  return undefined;
}

const kebab = (constructId: string): string => constructId.replace(/(?<!^)([A-Z])/g, '-$1').toLowerCase();

export function resourcesOfType(template: CfnTemplate, type: string): Array<[string, CfnResource]> {
  return Object.entries(template.Resources).filter(([, resource]) => resource.Type === type);
}

/** The service's Node.js functions (not CDK's own helper functions). */
export function functionDefinitions(template: CfnTemplate): FunctionDefinition[] {
  return resourcesOfType(template, 'AWS::Lambda::Function')
    .filter(([, resource]) => String(resource.Properties?.Runtime).startsWith('nodejs'))
    .map(([logicalId, { Properties: p = {}, Metadata: m = {} }]) => {
      const path = String(m['aws:cdk:path'] ?? '').split('/');
      if (path[2] !== 'Function') throw new Error(`function ${logicalId} is not an ApiFunction (${path.join('/')})`);
      return {
        logicalId,
        operation: kebab(path[1]),
        runtime: p.Runtime,
        handler: p.Handler,
        assetPath: String(m['aws:asset:path']),
        roleLogicalId: referencedId(p.Role)!,
        logGroupLogicalId: referencedId(p.LoggingConfig?.LogGroup)!,
        timeoutSeconds: p.Timeout ?? 3,
        memoryMb: p.MemorySize ?? 128,
        environment: p.Environment?.Variables ?? {},
      };
    });
}

export function routeDefinitions(template: CfnTemplate): RouteDefinition[] {
  return resourcesOfType(template, 'AWS::ApiGatewayV2::Route').map(([, route]) => {
    const parts = route.Properties?.Target?.['Fn::Join']?.[1] as unknown[];
    const integrationId = referencedId(parts?.[1]);
    const integration = integrationId ? template.Resources[integrationId] : undefined;
    if (!integration || integration.Properties?.IntegrationType !== 'AWS_PROXY')
      throw new Error(`route ${route.Properties?.RouteKey}: no Lambda proxy integration`);
    return {
      routeKey: route.Properties!.RouteKey,
      functionLogicalId: referencedId(integration.Properties.IntegrationUri)!,
      payloadFormatVersion: integration.Properties.PayloadFormatVersion,
      credentialsRoleLogicalId: referencedId(integration.Properties.CredentialsArn),
    };
  });
}

export function stageName(template: CfnTemplate): string {
  const stages = resourcesOfType(template, 'AWS::ApiGatewayV2::Stage');
  if (stages.length !== 1) throw new Error(`expected one HTTP API stage, found ${stages.length}`);
  return stages[0][1].Properties!.StageName;
}

/**
 * The SQS event sources. The table's stream source (webhook events to their dispatcher) is not
 * emulated here: the webhook path is covered by its own tests (test/stack/webhooks.cases.ts, the
 * local runner's), and no walkthrough step depends on it.
 */
export function eventSources(template: CfnTemplate): EventSourceDefinition[] {
  const isQueue = (arn: unknown) => {
    const id = referencedId(arn);
    return id !== undefined && template.Resources[id]?.Type === 'AWS::SQS::Queue';
  };
  return resourcesOfType(template, 'AWS::Lambda::EventSourceMapping')
    .filter(([, { Properties: p = {} }]) => isQueue(p.EventSourceArn))
    .map(([, { Properties: p = {} }]) => ({
      queueLogicalId: referencedId(p.EventSourceArn)!,
      functionLogicalId: invokedFunction(template, p.FunctionName),
      batchSize: p.BatchSize ?? 10,
      reportBatchItemFailures: (p.FunctionResponseTypes ?? []).includes('ReportBatchItemFailures'),
    }));
}

/**
 * The function a mapping's FunctionName reaches: the function itself (`{Ref}`), or through an
 * alias, written by CDK as the alias's qualified name (`Fn::Join` of the function name taken from
 * the alias's ARN and `:<alias>`). The alias's version is the function's code (the publisher's
 * warm alias, lib/publishing-pipeline.ts).
 */
function invokedFunction(template: CfnTemplate, functionName: unknown): string {
  const parts = (functionName as { 'Fn::Join'?: [string, unknown[]] })?.['Fn::Join']?.[1];
  const split = (parts?.[0] as { 'Fn::Select'?: [number, { 'Fn::Split'?: [string, unknown] }] })?.['Fn::Select']?.[1]?.['Fn::Split']?.[1];
  const id = referencedId(split ?? functionName);
  const resource = id === undefined ? undefined : template.Resources[id];
  if (resource?.Type === 'AWS::Lambda::Function') return id!;
  if (resource?.Type === 'AWS::Lambda::Alias') return referencedId(resource.Properties?.FunctionName)!;
  throw new Error(`event source mapping FunctionName not understood: ${JSON.stringify(functionName)}`);
}

export function asyncInvokeConfigs(template: CfnTemplate): AsyncInvokeDefinition[] {
  return resourcesOfType(template, 'AWS::Lambda::EventInvokeConfig').map(([, { Properties: p = {} }]) => ({
    functionLogicalId: referencedId(p.FunctionName)!,
    maximumRetryAttempts: p.MaximumRetryAttempts ?? 2,
    maximumEventAgeSeconds: p.MaximumEventAgeInSeconds ?? 21600,
    onFailureQueueLogicalId: referencedId(p.DestinationConfig?.OnFailure?.Destination),
  }));
}

/** Every identity policy document attached to a role: AWS::IAM::Policy resources and the role's inline policies. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function rolePolicyDocuments(template: CfnTemplate, roleLogicalId: string): Array<{ source: string; document: any }> {
  const attached = resourcesOfType(template, 'AWS::IAM::Policy')
    .filter(([, policy]) => (policy.Properties?.Roles ?? []).some((role: unknown) => referencedId(role) === roleLogicalId))
    .map(([logicalId, policy]) => ({ source: logicalId, document: policy.Properties!.PolicyDocument }));
  const role = template.Resources[roleLogicalId];
  if (role?.Type !== 'AWS::IAM::Role') throw new Error(`${roleLogicalId} is not a role`);
  if (role.Properties?.ManagedPolicyArns?.length) throw new Error(`${roleLogicalId}: managed policies are not evaluated here`);
  const inline = (role.Properties?.Policies ?? []).map((policy: { PolicyName: string; PolicyDocument: unknown }) => ({
    source: `${roleLogicalId}/${policy.PolicyName}`,
    document: policy.PolicyDocument,
  }));
  return [...attached, ...inline];
}
