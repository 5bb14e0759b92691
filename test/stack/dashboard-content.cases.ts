import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { DashboardContent } from '../../lib/dashboard-content';
import { actionsOf, roleStatements } from './template-queries';

/**
 * The upload of the built dashboard (lib/dashboard-content.ts), in a stack of its own: the
 * service's template tests leave it out (its AWS CLI layer is 22 MB to copy per synth).
 */
describe('dashboard upload', () => {
  const outdir = mkdtempSync(join(tmpdir(), 'sps-cdk-dashboard-'));
  const files = mkdtempSync(join(tmpdir(), 'sps-dashboard-files-'));
  let app: App;
  let content: Stack;
  let uploadTemplate: Template;

  beforeAll(() => {
    writeFileSync(join(files, 'index.html'), '<!doctype html><title>test</title>');
    app = new App({ outdir });
    content = new Stack(app, 'content', { env: { account: '123456789012', region: 'eu-west-1' } });
    const bucket = new s3.Bucket(content, 'Pages');
    const distribution = cloudfront.Distribution.fromDistributionAttributes(content, 'Cdn', {
      distributionId: 'E123',
      domainName: 'd123.cloudfront.net',
    });
    new DashboardContent(content, 'Upload', { bucket, distribution, sourceDirectory: files });
    uploadTemplate = Template.fromStack(content);
  });
  afterAll(() => {
    rmSync(outdir, { recursive: true, force: true });
    rmSync(files, { recursive: true, force: true });
  });

  it('replaces the files under dashboard/ and invalidates the pages', () => {
    uploadTemplate.hasResourceProperties('Custom::CDKBucketDeployment', {
      DestinationBucketKeyPrefix: 'dashboard/',
      Prune: true,
      DistributionId: 'E123',
      DistributionPaths: ['/dashboard/*'],
    });
  });

  it('gives the upload helper exactly the actions it calls: no wildcard action', () => {
    const roleId = Object.keys(uploadTemplate.findResources('AWS::IAM::Role')).find((id) => id.startsWith('UploadRole'))!;
    const actions = roleStatements(uploadTemplate, roleId).flatMap(actionsOf).sort();
    expect(actions).toEqual([
      'cloudfront:CreateInvalidation',
      'cloudfront:GetInvalidation',
      'logs:CreateLogStream',
      'logs:PutLogEvents',
      's3:DeleteObject',
      's3:GetObject',
      's3:GetObject',
      's3:ListBucket',
      's3:PutObject',
    ]);
    const helper = Object.values(uploadTemplate.findResources('AWS::Lambda::Function'));
    expect(helper).toHaveLength(1);
    expect(JSON.stringify(helper[0].Properties.Role)).toContain(roleId);
  });

  it('leaves cdk-nag nothing unexplained in the upload', () => {
    const findings = new AwsSolutionsChecks(app)
      .validateScope(content)
      .violations.map((violation) => ({
        rule: violation.ruleName,
        resources: violation.violatingResources.map((resource) => resource.constructPath),
      }))
      .filter((finding) => finding.resources.some((path) => !(path ?? '').startsWith('content/Pages')));
    expect(findings).toEqual([]);
  });
});
