import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

/**
 * The private bucket for images (docs/api.md, "Media"): raw uploads arrive under `uploads/`
 * through presigned PUTs; `complete` writes the published variants under `media/`. Private,
 * encrypted, TLS only; the raw uploads expire after a day whatever happens (a complete removes
 * them at once), and multipart leftovers are cleaned up. Variants go with their media (DELETE
 * /media, or the media's expiry sweep documented in the runbook).
 */
export class MediaStorage extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      // Browsers upload straight to the bucket (the dashboard's compose page).
      cors: [{ allowedMethods: [s3.HttpMethods.PUT], allowedOrigins: ['*'], allowedHeaders: ['content-type'], maxAge: 3000 }],
      lifecycleRules: [
        { id: 'unattached-uploads', prefix: 'uploads/', expiration: Duration.days(1) },
        // Link cards prepared before a post's time (shared/use-cases/link-card-prep.ts): read once, minutes later.
        { id: 'prepared-link-cards', prefix: 'link-cards/', expiration: Duration.days(2) },
        { id: 'abandoned-multipart', abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
      // Images of published posts are user data: kept if the stack is deleted.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'Access goes through the functions (logged) and presigned URLs they issue; server access logs would need a second bucket and add nothing an operator uses. Enable CloudTrail S3 data events for an audit trail.',
    });
  }
}
