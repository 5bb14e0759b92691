import { CfnOutput, Duration, Stack, Validations } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { contentSecurityPolicy } from '../dashboard/security-headers';

/**
 * The account dashboard in AWS (docs/api.md, "Dashboard"): its built pages in a private S3 bucket
 * (the data stack's) read by CloudFront through origin access control, and, behind the same distribution (one
 * origin, so the session cookie stays first-party), the dashboard's API at /dashboard/api/*
 * and the public API at /v1/*, both uncached, to the HTTP API's stage.
 */
export interface DashboardHostingProps {
  api: apigwv2.HttpApi;
  /**
   * The pages bucket and the access-log bucket, made in the data stack (lib/dashboard-buckets.ts).
   * The pages bucket must have no policy of its own: this construct writes it.
   */
  buckets: { pages: s3.IBucket; accessLogs: s3.IBucket };
  stageName: string;
  /** The media bucket's origin, which the compose page uploads images to (CSP connect-src). */
  uploadOrigin?: string;
}

/** Viewer-request function of the page behaviour: the single-page app's routes are index.html. */
const PAGE_ROUTER = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri === '/' || uri === '/dashboard') {
    return { statusCode: 308, statusDescription: 'Permanent Redirect', headers: { location: { value: '/dashboard/' } } };
  }
  var name = uri.substring(uri.lastIndexOf('/') + 1);
  if (uri.indexOf('/dashboard/') === 0 && name.indexOf('.') === -1) request.uri = '/dashboard/index.html';
  return request;
}`;

export class DashboardHosting extends Construct {
  /** The pages bucket as this stack refers to it (imported), with the policy written here. */
  readonly bucket: s3.IBucket;
  readonly distribution: cloudfront.Distribution;
  /** `https://<distribution>/dashboard/`. */
  readonly url: string;

  constructor(scope: Construct, id: string, props: DashboardHostingProps) {
    super(scope, id);
    const logs = props.buckets.accessLogs;
    if (props.buckets.pages.policy)
      throw new Error(
        `${props.buckets.pages.node.path}: the pages bucket must have no policy of its own (a bucket has one; it is written here)`,
      );
    this.bucket = importedHere(this, 'PagesBucket', props.buckets.pages);
    // The pages bucket's one policy, written in this stack (the data stack holds the bucket but
    // does not know the distribution): TLS only, and, added by the origin below, CloudFront's
    // read on condition AWS:SourceArn = this distribution. Set as the imported bucket's policy
    // so that S3BucketOrigin adds its statement here instead of warning that it cannot.
    this.bucket.policy = new s3.BucketPolicy(this, 'PagesPolicy', { bucket: this.bucket });
    this.bucket.addToResourcePolicy(
      new iam.PolicyStatement({
        effect: iam.Effect.DENY,
        principals: [new iam.AnyPrincipal()],
        actions: ['s3:*'],
        resources: [this.bucket.bucketArn, this.bucket.arnForObjects('*')],
        conditions: { Bool: { 'aws:SecureTransport': 'false' } },
      }),
    );

    const apiOrigin = (originPath?: string) =>
      new origins.HttpOrigin(`${props.api.apiId}.execute-api.${Stack.of(this).region}.${Stack.of(this).urlSuffix}`, {
        originPath,
        protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      });
    const apiBehavior = (originPath?: string): cloudfront.BehaviorOptions => ({
      origin: apiOrigin(originPath),
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      // Every answer depends on its credentials: nothing is cached, and cookies, headers
      // (x-api-key, x-csrf-token, idempotency-key) and query strings all reach the API. Not the
      // Host header: API Gateway answers only to its own name.
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
    });

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Social posting: dashboard pages, dashboard API and public API',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: pageHeaders(this, props.uploadOrigin),
        functionAssociations: [
          {
            eventType: cloudfront.FunctionEventType.VIEWER_REQUEST,
            function: new cloudfront.Function(this, 'PageRouter', {
              code: cloudfront.FunctionCode.fromInline(PAGE_ROUTER),
              runtime: cloudfront.FunctionRuntime.JS_2_0,
              comment: 'Dashboard routes are the single-page app',
            }),
          },
        ],
      },
      additionalBehaviors: {
        '/dashboard/api/*': apiBehavior(`/${props.stageName}`),
        [`/${props.stageName}/*`]: apiBehavior(),
      },
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
    });
    Validations.of(this.distribution).acknowledge(
      { id: 'AwsSolutions-CFR1', reason: 'Account owners sign in from anywhere; there is no country to exclude.' },
      {
        id: 'AwsSolutions-CFR2',
        reason:
          'Abuse is bounded in the service itself (per-key rate limit, sign-in lock per email, stage throttling); a WAF web ACL is an operator choice with its own monthly cost.',
      },
      {
        id: 'AwsSolutions-CFR4',
        reason:
          'The default *.cloudfront.net certificate has a fixed security policy; set minimumProtocolVersion TLSv1.2_2021 together with a custom domain and certificate.',
      },
    );

    this.url = `https://${this.distribution.distributionDomainName}/dashboard/`;
    new CfnOutput(Stack.of(this), 'DashboardUrl', {
      value: this.url,
      description: 'The account dashboard (its API is under /dashboard/api/, the public API also under /v1/ here)',
    });
  }

  /** Host names an OAuth return_url may name by default: the dashboard's, and the API's. */
  returnUrlHosts(apiHost: string): string {
    return `${this.distribution.distributionDomainName},${apiHost}`;
  }
}

/** The same security headers the local server sends (dashboard/security-headers.ts), plus HSTS. */
function pageHeaders(scope: Construct, uploadOrigin: string | undefined): cloudfront.ResponseHeadersPolicy {
  return new cloudfront.ResponseHeadersPolicy(scope, 'PageHeaders', {
    comment: 'Dashboard pages: CSP, no framing, no sniffing, HSTS',
    securityHeadersBehavior: {
      contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(uploadOrigin), override: true },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
      referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.SAME_ORIGIN, override: true },
      strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
    },
  });
}

/**
 * `bucket` as seen from `scope`'s stack: a reference by name and ARN, through the other stack's
 * exports when the bucket is in another stack. Policies added to it are not written into the
 * bucket's own stack (which would then depend on this one, a cycle when this stack imports from it).
 */
function importedHere(scope: Construct, id: string, bucket: s3.IBucket): s3.IBucket {
  const owner = Stack.of(bucket);
  const here = (value: string) => (owner === Stack.of(scope) ? value : owner.exportValue(value));
  return s3.Bucket.fromBucketAttributes(scope, id, {
    bucketArn: here(bucket.bucketArn),
    bucketName: here(bucket.bucketName),
    bucketRegionalDomainName: here(bucket.bucketRegionalDomainName),
  });
}
