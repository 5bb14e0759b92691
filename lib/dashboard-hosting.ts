import { CfnOutput, Duration, Stack, Validations } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { contentSecurityPolicy } from '../dashboard/security-headers';

/**
 * The account dashboard in AWS (docs/api.md, "Dashboard"): its built pages in a private S3 bucket
 * read by CloudFront through origin access control, and, behind the same distribution (one
 * origin, so the session cookie stays first-party), the dashboard's API at /dashboard/api/*
 * and the public API at /v1/*, both uncached, to the HTTP API's stage.
 */
export interface DashboardHostingProps {
  api: apigwv2.HttpApi;
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
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  /** `https://<distribution>/dashboard/`. */
  readonly url: string;

  constructor(scope: Construct, id: string, props: DashboardHostingProps) {
    super(scope, id);
    const logs = new s3.Bucket(this, 'AccessLogs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logs are delivered with an ACL grant: the bucket must accept ACLs.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
    });
    Validations.of(logs).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket of the dashboard bucket and distribution; logging it into itself would loop.',
    });

    this.bucket = new s3.Bucket(this, 'Pages', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 's3/',
    });

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
