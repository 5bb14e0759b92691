import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { Stack, Validations } from 'aws-cdk-lib';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Asset } from 'aws-cdk-lib/aws-s3-assets';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { InlinePolicyRole } from './inline-policy-role';
import { nagName } from './nag-names';

/**
 * Uploads the built dashboard (dashboard/dist, built first when stale) into the pages bucket
 * under dashboard/ at deploy time, removes files of older builds and invalidates the pages in
 * CloudFront. CDK's BucketDeployment does it with a helper Lambda; that helper gets its own
 * role here with exactly the actions it calls, instead of the construct's wildcard grants.
 */
export const DASHBOARD_DIST = path.resolve(__dirname, '../dashboard/dist');
const KEY_PREFIX = 'dashboard/';

export interface DashboardContentProps {
  bucket: s3.IBucket;
  distribution: cloudfront.IDistribution;
  /** The folder to upload; default dashboard/dist, built by dashboard/build-if-stale.mjs. */
  sourceDirectory?: string;
}

export class DashboardContent extends Construct {
  constructor(scope: Construct, id: string, props: DashboardContentProps) {
    super(scope, id);
    if (!props.sourceDirectory) {
      execFileSync(process.execPath, [path.resolve(__dirname, '../dashboard/build-if-stale.mjs')], { stdio: 'inherit' });
    }
    const files = new Asset(this, 'Files', { path: props.sourceDirectory ?? DASHBOARD_DIST });
    const logGroup = new logs.LogGroup(this, 'Logs', { retention: logs.RetentionDays.ONE_MONTH });
    const role = new InlinePolicyRole(this, 'Role', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
    logGroup.grantWrite(role);
    role.addToPolicy(new iam.PolicyStatement({ actions: ['s3:GetObject'], resources: [files.bucket.arnForObjects(files.s3ObjectKey)] }));
    role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['s3:ListBucket'],
        resources: [props.bucket.bucketArn],
        conditions: { StringLike: { 's3:prefix': [`${KEY_PREFIX}*`] } },
      }),
    );
    role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
        resources: [props.bucket.arnForObjects(`${KEY_PREFIX}*`)],
      }),
    );
    role.addToPolicy(
      new iam.PolicyStatement({
        actions: ['cloudfront:CreateInvalidation', 'cloudfront:GetInvalidation'],
        resources: [props.distribution.distributionArn],
      }),
    );

    new s3deploy.BucketDeployment(this, 'Upload', {
      sources: [s3deploy.Source.bucket(files.bucket, files.s3ObjectKey)],
      destinationBucket: props.bucket,
      destinationKeyPrefix: KEY_PREFIX,
      prune: true,
      distribution: props.distribution,
      distributionPaths: [`/${KEY_PREFIX}*`],
      // The construct's own grants (s3:GetObject*, s3:List*...) go nowhere: the role above is complete.
      role: role.withoutPolicyUpdates(),
      logGroup,
      memoryLimit: 512,
    });
    Validations.of(this).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${nagName(this, props.bucket, props.bucket.bucketArn)}/${KEY_PREFIX}*]`,
      reason: 'The upload helper replaces every file of a build under dashboard/; their names change with each build.',
    });
    // CDK puts the helper function at the stack's root (one per stack, shared by every upload).
    const helper = Stack.of(this).node.children.find(
      (child) => child instanceof lambda.Function && child.node.id.startsWith('Custom::CDKBucketDeployment'),
    );
    if (helper) {
      Validations.of(helper).acknowledge({
        id: 'AwsSolutions-L1',
        reason: "The runtime of CDK's BucketDeployment helper is chosen by aws-cdk-lib and moves with its upgrades.",
      });
    }
  }
}
