import { runInNewContext } from 'node:vm';
import { App, Stack } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { CONTENT_SECURITY_POLICY } from '../../dashboard/security-headers';
import { DashboardHosting } from '../../lib/dashboard-hosting';
import type { DataStack } from '../../lib/data-stack';
import type { ServiceStack } from '../../lib/service-stack';
import { routes } from '#shared/http/routes';
import { buildStack, sharedDefaultStack, TEST_SETTINGS } from './build-stack';
import { functionVariables, ownLogicalId } from './template-queries';

const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

let stack: ServiceStack;
let template: Template;
let data: DataStack;
let dataTemplate: Template;

beforeAll(() => {
  ({ stack, template, data, dataTemplate } = sharedDefaultStack());
});

/** The pages bucket as the service stack's template names it: the data stack's export of its name. */
const importedPages = () => ({
  'Fn::ImportValue': Match.stringLikeRegexp(`^${data.stackName}:ExportsOutputRef${ownLogicalId(data.dashboardBuckets.pages)}`),
});

const only = <T>(resources: Record<string, T>): [string, T] => {
  const entries = Object.entries(resources);
  expect(entries).toHaveLength(1);
  return entries[0];
};
const distributionConfig = () => only(template.findResources('AWS::CloudFront::Distribution'))[1].Properties.DistributionConfig;

describe('dashboard hosting', () => {
  it("keeps the pages in the data stack's private, encrypted bucket with access logs, TLS only by the policy written here", () => {
    const pagesId = ownLogicalId(data.dashboardBuckets.pages);
    expect(dataTemplate.toJSON().Resources[pagesId].Properties).toMatchObject({
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      LoggingConfiguration: { DestinationBucketName: { Ref: ownLogicalId(data.dashboardBuckets.accessLogs) }, LogFilePrefix: 's3/' },
    });
    // The data stack writes no policy on the pages bucket (a bucket has one; it names the distribution).
    const dataPolicies = Object.values(dataTemplate.findResources('AWS::S3::BucketPolicy'));
    expect(dataPolicies.filter((policy) => JSON.stringify(policy.Properties.Bucket).includes(pagesId))).toEqual([]);
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: importedPages(),
      PolicyDocument: {
        Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
      },
    });
  });

  it('lets only this distribution read the pages, through origin access control (no public read, no OAI)', () => {
    template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: { OriginAccessControlOriginType: 's3', SigningBehavior: 'always', SigningProtocol: 'sigv4' },
    });
    template.resourceCountIs('AWS::CloudFront::CloudFrontOriginAccessIdentity', 0);
    const [distributionId] = only(template.findResources('AWS::CloudFront::Distribution'));
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: importedPages(),
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Allow',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Action: 's3:GetObject',
            Condition: {
              StringEquals: {
                'AWS:SourceArn': Match.objectLike({ 'Fn::Join': Match.arrayWith([Match.arrayWith([{ Ref: distributionId }])]) }),
              },
            },
          }),
        ]),
      },
    });
    const s3Origin = distributionConfig().Origins.find((origin: { S3OriginConfig?: unknown }) => origin.S3OriginConfig);
    expect(s3Origin.OriginAccessControlId).toEqual({ 'Fn::GetAtt': [expect.stringMatching(/OriginAccessControl/), 'Id'] });
  });

  it('serves pages from S3 over HTTPS with the CSP of the local server (plus uploads to the media bucket) and the single-page router', () => {
    const config = distributionConfig();
    expect(config.DefaultCacheBehavior).toMatchObject({
      ViewerProtocolPolicy: 'redirect-to-https',
      FunctionAssociations: [{ EventType: 'viewer-request', FunctionARN: expect.anything() }],
    });
    template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: {
        SecurityHeadersConfig: Match.objectLike({
          ContentSecurityPolicy: {
            // The local policy, with the media bucket's regional origin added to connect-src.
            ContentSecurityPolicy: {
              'Fn::Join': [
                '',
                [
                  CONTENT_SECURITY_POLICY.replace("connect-src 'self'", "connect-src 'self' https://").split('https://')[0] + 'https://',
                  // The data stack's media bucket, imported (lib/data-stack.ts).
                  { 'Fn::ImportValue': Match.stringLikeRegexp('-data:ExportsOutputFnGetAttMediaBucket.*RegionalDomainName') },
                  CONTENT_SECURITY_POLICY.split("connect-src 'self'")[1],
                ],
              ],
            },
            Override: true,
          },
          FrameOptions: { FrameOption: 'DENY', Override: true },
          StrictTransportSecurity: Match.objectLike({ AccessControlMaxAgeSec: 31536000 }),
        }),
      },
    });
    expect(config.Logging).toMatchObject({ Prefix: 'cloudfront/' });
  });

  it("logs the distribution into the data stack's access-log bucket, which accepts CloudFront's ACL grant and expires logs", () => {
    const logsId = ownLogicalId(data.dashboardBuckets.accessLogs);
    expect(distributionConfig().Logging).toEqual({
      Bucket: {
        'Fn::ImportValue': expect.stringMatching(new RegExp(`^${data.stackName}:ExportsOutputFnGetAtt${logsId}RegionalDomainName`)),
      },
      Prefix: 'cloudfront/',
    });
    expect(dataTemplate.toJSON().Resources[logsId].Properties).toMatchObject({
      OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerPreferred' }] },
      LifecycleConfiguration: { Rules: [expect.objectContaining({ ExpirationInDays: 90, Status: 'Enabled' })] },
    });
  });

  it('refuses a pages bucket that has a policy of its own (S3 keeps one policy per bucket: the two would overwrite each other)', () => {
    const app = new App();
    const dataStack = new Stack(app, 'data');
    const pages = new s3.Bucket(dataStack, 'Pages', { enforceSSL: true });
    const accessLogs = new s3.Bucket(dataStack, 'AccessLogs');
    const service = new Stack(app, 'service');
    const api = new apigwv2.HttpApi(service, 'Api');
    expect(() => new DashboardHosting(service, 'Dashboard', { api, stageName: 'v1', buckets: { pages, accessLogs } })).toThrow(
      /must have no policy of its own/,
    );
  });

  it('routes the page paths: app routes to index.html, files as they are, / and /dashboard to /dashboard/', () => {
    const code = only(template.findResources('AWS::CloudFront::Function'))[1].Properties.FunctionCode as string;
    const route = (uri: string) => runInNewContext(`${code}\nhandler({ request: { uri: ${JSON.stringify(uri)} } })`);
    expect(route('/dashboard/keys').uri).toBe('/dashboard/index.html');
    expect(route('/dashboard/').uri).toBe('/dashboard/index.html');
    expect(route('/dashboard/assets/index-abc.js').uri).toBe('/dashboard/assets/index-abc.js');
    for (const uri of ['/', '/dashboard'])
      expect(route(uri)).toMatchObject({ statusCode: 308, headers: { location: { value: '/dashboard/' } } });
  });

  it.each([
    ['/dashboard/api/*', '/v1'],
    ['/v1/*', undefined],
  ])('sends %s to the HTTP API uncached, with cookies and headers but not Host', (pathPattern, originPath) => {
    const config = distributionConfig();
    const behavior = config.CacheBehaviors.find((item: { PathPattern: string }) => item.PathPattern === pathPattern);
    expect(behavior).toMatchObject({
      ViewerProtocolPolicy: 'https-only',
      CachePolicyId: CACHING_DISABLED,
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
      AllowedMethods: expect.arrayContaining(['GET', 'POST', 'DELETE']),
    });
    const origin = config.Origins.find((item: { Id: string }) => item.Id === behavior.TargetOriginId);
    expect(origin.OriginPath).toBe(originPath);
    expect(JSON.stringify(origin.DomainName)).toMatch(/HttpApi.*execute-api/);
    expect(origin.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only' });
  });

  it('outputs the dashboard URL', () => {
    template.hasOutput('DashboardUrl', {
      Value: { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [Match.stringLikeRegexp('Distribution'), 'DomainName'] }, '/dashboard/']] },
    });
  });

  it("serves each dashboard route with a function (its own, or its public operation's), and lets LinkedIn return to the dashboard by default", () => {
    const dashboardRoutes = routes.filter((route) => route.path.startsWith('/dashboard/api/'));
    expect(dashboardRoutes.every((route) => route.auth === 'session' || route.operation === 'dashboard-sign-in')).toBe(true);
    for (const route of dashboardRoutes) expect(stack.functions.has(route.operation)).toBe(true);
    const byDefault = buildStack({ ...TEST_SETTINGS, oauthReturnUrlHosts: undefined });
    const hosts = JSON.stringify(functionVariables(byDefault.stack, byDefault.template, 'authorize-linkedin').OAUTH_RETURN_URL_HOSTS);
    expect(hosts).toMatch(/Distribution.*DomainName/);
    expect(hosts).toContain('execute-api');
    expect(functionVariables(stack, template, 'authorize-linkedin').OAUTH_RETURN_URL_HOSTS).toBe(TEST_SETTINGS.oauthReturnUrlHosts);
  });
});
