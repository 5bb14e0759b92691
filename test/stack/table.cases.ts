import { Match, type Template } from 'aws-cdk-lib/assertions';
import { tableDefinition, TTL_ATTRIBUTE } from '#shared/store/table';
import { sharedDefaultStack } from './build-stack';

let template: Template;

beforeAll(() => {
  // The table is the data stack's (lib/data-stack.ts).
  ({ dataTemplate: template } = sharedDefaultStack());
});

describe('the single table', () => {
  it('has the keys and the gsi1 index that shared/store/table.ts declares (local and AWS alike)', () => {
    // Prepare: the definition DynamoDB Local and the tests create the table from
    const local = tableDefinition('any');
    // Act
    const [table] = Object.values(template.findResources('AWS::DynamoDB::Table'));
    // Assess
    expect(table.Properties.KeySchema).toEqual(local.KeySchema);
    expect([...table.Properties.AttributeDefinitions].sort(byName)).toEqual([...local.AttributeDefinitions!].sort(byName));
    expect(table.Properties.GlobalSecondaryIndexes).toEqual(local.GlobalSecondaryIndexes);
  });

  it('is pk/sk with gsi1 on gsi1pk/gsi1sk projecting all attributes', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [
        {
          IndexName: 'gsi1',
          KeySchema: [
            { AttributeName: 'gsi1pk', KeyType: 'HASH' },
            { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
    });
  });

  it('is on-demand, with point-in-time recovery and the TTL attribute', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
      ProvisionedThroughput: Match.absent(),
    });
    expect(TTL_ATTRIBUTE).toBe('expires_at_epoch');
  });

  it('outlives the stack and cannot be dropped by a replacement', () => {
    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtectionEnabled: true }),
    });
  });

  it('is the only table', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
  });
});

const byName = (a: { AttributeName?: string }, b: { AttributeName?: string }): number =>
  String(a.AttributeName).localeCompare(String(b.AttributeName));
