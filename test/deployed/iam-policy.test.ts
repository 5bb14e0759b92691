import { actionMatches, evaluate, resourceMatches, type PolicyStatement } from './iam-policy';
import { PhysicalResources } from './physical-resources';
import type { CfnTemplate } from './template';

/** The evaluator the deployed-artifact tests trust: IAM's documented matching and precedence. */
describe('IAM policy evaluation', () => {
  const table = 'arn:aws:dynamodb:eu-west-1:123456789012:table/posts';
  const allow = (Action: string | string[], Resource: string | string[], Condition?: PolicyStatement['Condition']): PolicyStatement => ({
    Effect: 'Allow',
    Action,
    Resource,
    Condition,
  });

  it('allows what a statement names, and nothing else (implicit deny)', () => {
    const statements = [allow(['dynamodb:GetItem', 'dynamodb:PutItem'], table)];
    expect(evaluate(statements, { action: 'dynamodb:PutItem', resource: table }).allowed).toBe(true);
    expect(evaluate(statements, { action: 'dynamodb:DeleteItem', resource: table })).toEqual({
      allowed: false,
      reason: 'no identity-based policy allows',
    });
    expect(evaluate(statements, { action: 'dynamodb:GetItem', resource: `${table}-other` }).allowed).toBe(false);
    expect(evaluate([], { action: 'dynamodb:GetItem', resource: table }).allowed).toBe(false);
  });

  it('matches actions case-insensitively with * and ?', () => {
    expect(actionMatches('dynamodb:*Item', 'dynamodb:PutItem')).toBe(true);
    expect(actionMatches('dynamodb:*Item', 'dynamodb:Query')).toBe(false);
    expect(actionMatches('DynamoDB:getitem', 'dynamodb:GetItem')).toBe(true);
    expect(actionMatches('sqs:?endMessage', 'sqs:SendMessage')).toBe(true);
    expect(actionMatches('sqs:SendMessage', 'sqs:SendMessageBatch')).toBe(false);
  });

  it('matches resources case-sensitively; a wildcard stays in its ARN segment unless it ends it', () => {
    expect(resourceMatches(`${table}/index/*`, `${table}/index/gsi1`)).toBe(true);
    expect(resourceMatches(`${table}/index/*`, table)).toBe(false);
    expect(resourceMatches('arn:aws:s3:::media/*', 'arn:aws:s3:::media/uploads/a/b.jpg')).toBe(true);
    expect(resourceMatches('arn:aws:s3:::media/*', 'arn:aws:s3:::Media/x')).toBe(false);
    // The log group's ARN as CloudFormation returns it covers its streams, not another group's.
    const group = 'arn:aws:logs:eu-west-1:123456789012:log-group:fn-logs:*';
    expect(resourceMatches(group, 'arn:aws:logs:eu-west-1:123456789012:log-group:fn-logs:log-stream:2026/11/23/[$LATEST]abc')).toBe(true);
    expect(resourceMatches(group, 'arn:aws:logs:eu-west-1:123456789012:log-group:fn-logs-2:log-stream:x')).toBe(false);
    // Ending a segment, * may run past colons; inside one it may not.
    expect(resourceMatches('arn:aws:sqs:*:q', 'arn:aws:sqs:eu-west-1:123456789012:q')).toBe(true);
    expect(resourceMatches('arn:aws:sqs:eu-*1:q', 'arn:aws:sqs:eu-west-1:123456789012:q')).toBe(false);
    expect(resourceMatches('arn:aws:sqs:eu-*1:123456789012:q', 'arn:aws:sqs:eu-west-1:123456789012:q')).toBe(true);
    expect(resourceMatches('arn:aws:sqs:eu-west-?:123456789012:q', 'arn:aws:sqs:eu-west-1:123456789012:q')).toBe(true);
    expect(resourceMatches('*', 'anything')).toBe(true);
  });

  it('lets an explicit Deny win over any Allow', () => {
    const statements: PolicyStatement[] = [allow('dynamodb:*', '*'), { Effect: 'Deny', Action: 'dynamodb:DeleteItem', Resource: table }];
    expect(evaluate(statements, { action: 'dynamodb:DeleteItem', resource: table })).toMatchObject({
      allowed: false,
      reason: 'explicit deny',
    });
    expect(evaluate(statements, { action: 'dynamodb:PutItem', resource: table }).allowed).toBe(true);
  });

  it('reads NotAction and NotResource as "everything but"', () => {
    const statements: PolicyStatement[] = [{ Effect: 'Allow', NotAction: 'iam:*', NotResource: 'arn:aws:s3:::private/*' }];
    expect(evaluate(statements, { action: 's3:GetObject', resource: 'arn:aws:s3:::public/a' }).allowed).toBe(true);
    expect(evaluate(statements, { action: 'iam:PassRole', resource: 'arn:aws:iam::123456789012:role/r' }).allowed).toBe(false);
    expect(evaluate(statements, { action: 's3:GetObject', resource: 'arn:aws:s3:::private/a' }).allowed).toBe(false);
  });

  it('evaluates the condition operators the stack uses; a missing key fails a positive operator', () => {
    const passRole = [
      allow('iam:PassRole', 'arn:aws:iam::123456789012:role/scheduler', {
        StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' },
      }),
    ];
    const request = { action: 'iam:PassRole', resource: 'arn:aws:iam::123456789012:role/scheduler' };
    expect(evaluate(passRole, { ...request, context: { 'iam:PassedToService': 'scheduler.amazonaws.com' } }).allowed).toBe(true);
    expect(evaluate(passRole, { ...request, context: { 'iam:PassedToService': 'lambda.amazonaws.com' } }).allowed).toBe(false);
    expect(evaluate(passRole, request).allowed).toBe(false);
    expect(evaluate(passRole, { ...request, context: { 'IAM:passedtoservice': 'scheduler.amazonaws.com' } }).allowed).toBe(true);

    const listing = [allow('s3:ListBucket', 'arn:aws:s3:::b', { StringLike: { 's3:prefix': ['dashboard/*'] } })];
    expect(
      evaluate(listing, { action: 's3:ListBucket', resource: 'arn:aws:s3:::b', context: { 's3:prefix': 'dashboard/assets' } }).allowed,
    ).toBe(true);
    expect(evaluate(listing, { action: 's3:ListBucket', resource: 'arn:aws:s3:::b', context: { 's3:prefix': 'media/' } }).allowed).toBe(
      false,
    );

    const transactional = [
      allow('dynamodb:PutItem', table, { 'ForAnyValue:StringEquals': { 'dynamodb:EnclosingOperation': ['TransactWriteItems'] } }),
    ];
    expect(
      evaluate(transactional, {
        action: 'dynamodb:PutItem',
        resource: table,
        context: { 'dynamodb:EnclosingOperation': 'TransactWriteItems' },
      }).allowed,
    ).toBe(true);
    expect(evaluate(transactional, { action: 'dynamodb:PutItem', resource: table }).allowed).toBe(false);

    const notEquals = [allow('sqs:SendMessage', '*', { StringNotEquals: { 'aws:SourceVpc': 'vpc-1' } })];
    expect(evaluate(notEquals, { action: 'sqs:SendMessage', resource: 'q' }).allowed).toBe(true);
    expect(evaluate(notEquals, { action: 'sqs:SendMessage', resource: 'q', context: { 'aws:SourceVpc': 'vpc-1' } }).allowed).toBe(false);

    expect(() =>
      evaluate([allow('s3:GetObject', '*', { NumericLessThan: { 's3:max-keys': '10' } })], {
        action: 's3:GetObject',
        resource: 'x',
        context: { 's3:max-keys': '5' },
      }),
    ).toThrow(/not evaluated/);
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
