import type { Template } from 'aws-cdk-lib/assertions';
import type { DataStack } from '../../lib/data-stack';
import type { ServiceStack } from '../../lib/service-stack';
import { importedNames } from '../aws-emulation/stack-set';
import type { CfnTemplate } from '../aws-emulation/template';
import { sharedDefaultStack } from './build-stack';
import { allStatements, ownLogicalId } from './template-queries';

let stack: ServiceStack;
let template: Template;
let data: DataStack;
let dataTemplate: Template;

beforeAll(() => {
  ({ stack, template, data, dataTemplate } = sharedDefaultStack());
});

const typesOf = (built: Template): string[] => Object.values(built.toJSON().Resources as CfnTemplate['Resources']).map((r) => r.Type);
const count = (types: string[]) =>
  types.reduce<Record<string, number>>((counts, type) => ({ ...counts, [type]: (counts[type] ?? 0) + 1 }), {});

describe('the data stack', () => {
  it("holds the table, the KMS key, the LinkedIn and Bluesky OAuth secrets, the media bucket, the dashboard's two buckets and the three queues with their dead letters", () => {
    expect(count(typesOf(dataTemplate))).toEqual({
      'AWS::DynamoDB::Table': 1,
      'AWS::KMS::Key': 1,
      // LinkedIn's client secret, the Bluesky OAuth client key.
      'AWS::SecretsManager::Secret': 2,
      // Media, dashboard pages, dashboard access logs.
      'AWS::S3::Bucket': 3,
      // The media bucket's and the access-log bucket's (TLS only; log delivery), and each queue's. The pages
      // bucket's policy is the service stack's: it names the distribution.
      'AWS::S3::BucketPolicy': 2,
      'AWS::SQS::Queue': 6,
      'AWS::SQS::QueuePolicy': 6,
    });
  });

  it('holds no function and no role: a code deploy has nothing to change in it', () => {
    const types = typesOf(dataTemplate);
    expect(types.filter((type) => type.startsWith('AWS::Lambda::') || type === 'AWS::IAM::Role' || type === 'AWS::IAM::Policy')).toEqual(
      [],
    );
  });

  it('keeps the table, the key and the buckets when deleted or replaced; the table refuses deletion outright', () => {
    const resources = dataTemplate.toJSON().Resources as Record<string, { DeletionPolicy?: string; UpdateReplacePolicy?: string }>;
    const { pages, accessLogs } = data.dashboardBuckets;
    for (const resource of [data.table, data.secretBoxKey, data.mediaBucket, pages, accessLogs])
      expect(resources[ownLogicalId(resource)]).toMatchObject({ DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
    expect(dataTemplate.toJSON().Resources[ownLogicalId(data.table)].Properties.DeletionProtectionEnabled).toBe(true);
  });

  it("imports nothing, and no resource policy of it names a principal of the service stack (grants are the roles' own)", () => {
    expect(importedNames(dataTemplate.toJSON() as CfnTemplate)).toEqual([]);
    const principals = allStatements(dataTemplate).flatMap((statement) => (statement.Principal ? [statement.Principal] : []));
    // The key's default policy delegates to the account's IAM; queue and bucket policies deny non-TLS to anyone.
    for (const principal of principals) expect(JSON.stringify(principal)).not.toMatch(/Role|Function/);
    expect(stack.dependencies).toEqual([data]);
    expect(data.dependencies).toEqual([]);
  });
});

describe('the service stack', () => {
  it("holds none of the data: no table, key, secret, queue or bucket (every bucket of the app is the data stack's)", () => {
    const types = count(typesOf(template));
    for (const type of ['AWS::DynamoDB::Table', 'AWS::KMS::Key', 'AWS::SecretsManager::Secret', 'AWS::SQS::Queue', 'AWS::S3::Bucket'])
      expect({ [type]: types[type] }).toEqual({ [type]: undefined });
  });

  it("writes the one policy of the data stack's pages bucket, and no other bucket's", () => {
    const policies = Object.values(template.findResources('AWS::S3::BucketPolicy'));
    expect(policies).toHaveLength(1);
    expect(policies[0].Properties.Bucket).toEqual({
      'Fn::ImportValue': expect.stringMatching(
        new RegExp(`^${data.stackName}:ExportsOutputRef${ownLogicalId(data.dashboardBuckets.pages)}`),
      ),
    });
  });

  it("imports only the data stack's exports", () => {
    const imports = importedNames(template.toJSON() as CfnTemplate);
    expect(imports.length).toBeGreaterThan(0);
    for (const name of imports) expect(name.startsWith(`${data.stackName}:`)).toBe(true);
  });
});
