import { App, type CfnElement, Stack } from 'aws-cdk-lib';
import { PUBLISHER_OPERATION, RELEASE_OPERATION, WEBHOOK_DISPATCH_OPERATION } from '#shared/http/routes';
import { serviceStacks } from '../lib/service-stacks';

/**
 * What the cost and the lateness model take from the real stack, read from its synthesized
 * CloudFormation template (stub handler code, as the stack tests do): each function's memory and
 * architecture, tracing, the publish queue's event source, provisioned concurrency if any.
 */
export interface FunctionFacts {
  memoryMb: number;
  architecture: string;
  tracing: boolean;
}

export interface StackFacts {
  functions: Record<'createPost' | 'release' | 'publisher' | 'dispatcher', FunctionFacts>;
  publisherEventSource: {
    batchSize: number;
    maxConcurrency: number | undefined;
    visibilityTimeoutSeconds: number;
    maxReceiveCount: number;
  };
  /** Provisioned concurrency on the publisher's alias, when the stack sets it (0 otherwise). */
  publisherWarmInstances: number;
  alarms: number;
  dashboards: number;
  /** Fixed monthly items of both stacks: KMS keys, Secrets Manager secrets, SQS event sources (each idles with long polls). */
  kmsKeys: number;
  secrets: number;
  sqsEventSources: number;
}

type Resources = Record<string, { Type: string; Properties?: Record<string, unknown> }>;

export function readStackFacts(): StackFacts {
  const app = new App();
  const { data, service: stack } = serviceStacks(app, 'bench-cost', {
    env: { account: '123456789012', region: 'us-east-1' },
    settings: { linkedinClientId: 'bench', oauthReturnUrlHosts: 'app.example.com' },
    handlerCode: 'stub',
  });
  const assembly = app.synth();
  const resources = (assembly.getStackByName(stack.stackName).template as { Resources: Resources }).Resources;
  // The publish queue is the data stack's (lib/data-stack.ts).
  const dataResources = (assembly.getStackByName(data.stackName).template as { Resources: Resources }).Resources;
  const logicalId = (element: unknown) => Stack.of(stack).getLogicalId(element as CfnElement);
  const functionId = (operation: string) => {
    const fn = stack.functions.get(operation);
    if (!fn) throw new Error(`the stack has no function ${operation}`);
    return logicalId(fn.function.node.defaultChild);
  };
  const facts = (operation: string): FunctionFacts => {
    const properties = resources[functionId(operation)]?.Properties ?? {};
    return {
      memoryMb: Number(properties.MemorySize ?? 128),
      architecture: ((properties.Architectures as string[] | undefined) ?? ['x86_64'])[0]!,
      tracing: (properties.TracingConfig as { Mode?: string } | undefined)?.Mode === 'Active',
    };
  };
  const publisherId = functionId(PUBLISHER_OPERATION);
  const refersTo = (value: unknown, id: string): boolean => JSON.stringify(value ?? '').includes(`"${id}"`);
  const aliasEntry = Object.entries(resources).find(
    ([, resource]) => resource.Type === 'AWS::Lambda::Alias' && refersTo(resource.Properties?.FunctionName, publisherId),
  );
  const alias = aliasEntry?.[1];
  // The event source feeds the publisher itself, or its warm alias (publisherWarmInstances > 0).
  const mapping = Object.values(resources).find(
    (resource) =>
      resource.Type === 'AWS::Lambda::EventSourceMapping' &&
      (refersTo(resource.Properties?.FunctionName, publisherId) ||
        (aliasEntry !== undefined && refersTo(resource.Properties?.FunctionName, aliasEntry[0]))) &&
      JSON.stringify(resource.Properties?.EventSourceArn).includes('PublishQueue'),
  );
  if (!mapping) throw new Error('the template has no event source mapping from the publish queue to the publisher');
  const queue = dataResources[data.getLogicalId(data.publishing.queue.node.defaultChild as CfnElement)]?.Properties;
  if (!queue) throw new Error('the data stack has no publish queue');
  const provisioned = alias?.Properties?.ProvisionedConcurrencyConfig as { ProvisionedConcurrentExecutions?: number } | undefined;
  return {
    functions: {
      createPost: facts('create-post'),
      release: facts(RELEASE_OPERATION),
      publisher: facts(PUBLISHER_OPERATION),
      dispatcher: facts(WEBHOOK_DISPATCH_OPERATION),
    },
    publisherEventSource: {
      batchSize: Number(mapping?.Properties?.BatchSize ?? 10),
      maxConcurrency: (mapping?.Properties?.ScalingConfig as { MaximumConcurrency?: number } | undefined)?.MaximumConcurrency,
      visibilityTimeoutSeconds: Number(queue?.VisibilityTimeout ?? 30),
      maxReceiveCount: Number((queue?.RedrivePolicy as { maxReceiveCount?: number } | undefined)?.maxReceiveCount ?? 0),
    },
    publisherWarmInstances: Number(provisioned?.ProvisionedConcurrentExecutions ?? 0),
    alarms: Object.values(resources).filter((resource) => resource.Type === 'AWS::CloudWatch::Alarm').length,
    dashboards: Object.values(resources).filter((resource) => resource.Type === 'AWS::CloudWatch::Dashboard').length,
    kmsKeys: [...Object.values(resources), ...Object.values(dataResources)].filter((resource) => resource.Type === 'AWS::KMS::Key').length,
    secrets: [...Object.values(resources), ...Object.values(dataResources)].filter(
      (resource) => resource.Type === 'AWS::SecretsManager::Secret',
    ).length,
    // A stream source (DynamoDB) has a StartingPosition; an SQS one has none.
    sqsEventSources: Object.values(resources).filter(
      (resource) => resource.Type === 'AWS::Lambda::EventSourceMapping' && resource.Properties?.StartingPosition === undefined,
    ).length,
  };
}
