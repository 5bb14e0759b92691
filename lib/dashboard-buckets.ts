import { Duration, Validations } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

/**
 * The dashboard's two buckets, in the data stack (docs/decisions/0112-dashboard-buckets-in-the-data-stack.md):
 * `Pages`, the built dashboard that CloudFront reads through origin access control, and
 * `AccessLogs`, the access logs of that bucket and of the distribution. Neither names the
 * distribution: the pages bucket's policy (TLS only, and CloudFront's read with the
 * distribution's ARN as condition) is written by the service stack (lib/dashboard-hosting.ts),
 * the one stack that knows the distribution, so this stack depends on nothing of it.
 * No autoDeleteObjects: its custom resource would put a function and a role in the data stack.
 */
export class DashboardBuckets extends Construct {
  readonly pages: s3.Bucket;
  readonly accessLogs: s3.Bucket;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.accessLogs = new s3.Bucket(this, 'AccessLogs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logs are delivered with an ACL grant: the bucket must accept ACLs.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
    });
    Validations.of(this.accessLogs).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket of the dashboard bucket and distribution; logging it into itself would loop.',
    });

    this.pages = new s3.Bucket(this, 'Pages', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      // Not enforceSSL here: that would create this bucket's policy in this stack, and a bucket has
      // one policy. Its TLS-only statement is in the policy the service stack writes, next to
      // CloudFront's read (DashboardHosting).
      enforceSSL: false,
      serverAccessLogsBucket: this.accessLogs,
      serverAccessLogsPrefix: 's3/',
    });
    Validations.of(this.pages).acknowledge({
      id: 'AwsSolutions-S10',
      reason:
        "TLS only is enforced by this bucket's policy, which the service stack writes (it also names the CloudFront distribution, so it cannot be written here without a cycle).",
    });
  }
}
