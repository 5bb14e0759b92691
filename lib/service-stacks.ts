import type { Construct } from 'constructs';
import { DataStack } from './data-stack';
import { ServiceStack, type ServiceStackProps } from './service-stack';

/** The data stack's id (and CloudFormation name) for a service stack named `name`. */
export const dataStackName = (name: string): string => `${name}-data`;

/**
 * The service as CloudFormation deploys it: `<name>-data` with the table, key, secret, the buckets
 * and queues, and `<name>` with everything else, which imports from the first (so `cdk deploy --all`
 * deploys the data stack first). The one place both are made: bin/app.ts, the template tests, the
 * AWS emulation and the bench build them here.
 */
export function serviceStacks(
  scope: Construct,
  name: string,
  props: Omit<ServiceStackProps, 'data'>,
): { data: DataStack; service: ServiceStack } {
  const data = new DataStack(scope, dataStackName(name), {
    env: props.env,
    description:
      'Social posting service, its data: DynamoDB table, KMS key, LinkedIn client secret, media bucket, queues, dashboard buckets',
  });
  const service = new ServiceStack(scope, name, { ...props, data });
  return { data, service };
}
