import { App } from 'aws-cdk-lib';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { STAGE_NAME, STAGE_THROTTLE } from '../../lib/public-http-api';
import type { ServiceStack } from '../../lib/service-stack';
import { settingsEnvironment, settingsFromContext } from '../../lib/settings';
import {
  DEFAULT_OPERATION,
  EXPIRY_SWEEP_OPERATION,
  INBOX_COLLECTOR_OPERATION,
  SERIES_TICK_OPERATION,
  METRICS_COLLECTOR_OPERATION,
  PUBLISHER_OPERATION,
  RELEASE_OPERATION,
  routeKey,
  routes,
  WEBHOOK_DELIVERY_OPERATION,
  WEBHOOK_DISPATCH_OPERATION,
} from '#shared/http/routes';
import { functionSpecs } from '../../lib/function-specs';
import { buildStack, sharedDefaultStack } from './build-stack';
import { functionLogicalId, functionVariables, writtenIn } from './template-queries';

let stack: ServiceStack;
let template: Template;

beforeAll(() => {
  ({ stack, template } = sharedDefaultStack());
});

/** RouteKey -> logical id of the function its integration invokes. */
function routeTargets(): Map<string, string> {
  const integrations = template.findResources('AWS::ApiGatewayV2::Integration');
  const targets = new Map<string, string>();
  for (const route of Object.values(template.findResources('AWS::ApiGatewayV2::Route'))) {
    const integrationId = JSON.stringify(route.Properties.Target).match(/"Ref":"([^"]+)"/)?.[1] ?? '';
    const uri = integrations[integrationId]?.Properties.IntegrationUri;
    targets.set(route.Properties.RouteKey, uri?.['Fn::GetAtt']?.[0]);
  }
  return targets;
}

describe('HTTP API', () => {
  it('has exactly one route per entry of the route table, plus $default', () => {
    // Prepare
    const expected = [...routes.map(routeKey), '$default'].sort();
    // Act
    const actual = [...routeTargets().keys()].sort();
    // Assess
    expect(actual).toEqual(expected);
  });

  it("sends every route to its own operation's function, and $default to not-found", () => {
    const targets = routeTargets();
    for (const route of routes) expect(targets.get(routeKey(route))).toBe(functionLogicalId(stack, route.operation));
    expect(targets.get('$default')).toBe(functionLogicalId(stack, DEFAULT_OPERATION));
  });

  it('uses Lambda proxy integrations with payload format 2.0', () => {
    const integrations = Object.values(template.findResources('AWS::ApiGatewayV2::Integration'));
    // One per function: a public operation's dashboard route shares its integration.
    expect(integrations).toHaveLength(new Set(routes.map((route) => route.operation)).size + 1);
    for (const integration of integrations) {
      expect(integration.Properties).toMatchObject({ IntegrationType: 'AWS_PROXY', PayloadFormatVersion: '2.0' });
    }
  });

  it('has no CORS configuration', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'HTTP', CorsConfiguration: Match.absent() });
  });

  it('deploys one auto-deployed, throttled stage with JSON access logs to a log group', () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Stage', 1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: STAGE_NAME,
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: STAGE_THROTTLE.rateLimit, ThrottlingBurstLimit: STAGE_THROTTLE.burstLimit },
      AccessLogSettings: {
        DestinationArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('AccessLogs'), 'Arn'] },
        Format: Match.serializedJson(Match.objectLike({ requestId: '$context.requestId', status: '$context.status' })),
      },
    });
  });

  it('outputs the API URL, stage included', () => {
    template.hasOutput('ApiUrl', { Value: { 'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp(`/${STAGE_NAME}$`)])] } });
  });
});

describe('functions', () => {
  const operations = [
    DEFAULT_OPERATION,
    ...new Set(routes.map((route) => route.operation)),
    PUBLISHER_OPERATION,
    RELEASE_OPERATION,
    WEBHOOK_DISPATCH_OPERATION,
    WEBHOOK_DELIVERY_OPERATION,
    EXPIRY_SWEEP_OPERATION,
    METRICS_COLLECTOR_OPERATION,
    INBOX_COLLECTOR_OPERATION,
    SERIES_TICK_OPERATION,
  ];

  it('has one function per operation (a dashboard route runs its public operation), plus not-found, the publisher, the release step and the three webhook functions', () => {
    template.resourceCountIs('AWS::Lambda::Function', operations.length);
    expect([...stack.functions.keys()].sort()).toEqual([...operations].sort());
  });

  it.each(operations)('%s runs Node.js 24 on arm64 with the baked-in defaults', (operation) => {
    const { Properties } = template.toJSON().Resources[functionLogicalId(stack, operation)];
    expect(Properties).toMatchObject({
      Runtime: 'nodejs24.x',
      Architectures: ['arm64'],
      // More memory (and CPU) only where images are decoded, posts published and passwords hashed; less for the link redirect.
      MemorySize:
        (
          {
            'complete-media': 1536,
            [PUBLISHER_OPERATION]: 512,
            'dashboard-sign-in': 1024,
            // It runs complete-media in its process (lib/mcp-function.ts).
            mcp: 1536,
            // Less where a request is two store calls in a reader's way (docs/decisions/0281-the-redirect-function.md).
            'follow-link': 128,
          } as Record<string, number>
        )[operation] ?? 256,
      TracingConfig: { Mode: 'Active' },
      LoggingConfig: { LogGroup: { Ref: expect.stringMatching(/Logs/) } },
      Environment: {
        Variables: expect.objectContaining({
          POWERTOOLS_SERVICE_NAME: 'social-posting',
          LOG_LEVEL: 'INFO',
          NODE_OPTIONS: '--enable-source-maps',
          PUBLIC_BASE_URL: expect.anything(),
        }),
      },
    });
    expect(Properties.Timeout).toBeLessThanOrEqual(operation === PUBLISHER_OPERATION ? 900 : 29);
  });

  it('logs every route function to the one request log group, each worker to its own, and keeps a month of logs', () => {
    const logGroups = template.findResources('AWS::Logs::LogGroup');
    const requestLogs = Object.keys(logGroups).filter((id) => id.startsWith('RequestLogs'));
    expect(requestLogs).toHaveLength(1);
    const specs = functionSpecs();
    for (const spec of specs) {
      const logGroup = template.toJSON().Resources[functionLogicalId(stack, spec.operation)].Properties.LoggingConfig.LogGroup
        .Ref as string;
      if (spec.startedBy === 'route') expect(logGroup).toBe(requestLogs[0]);
      else expect(logGroup).not.toBe(requestLogs[0]);
    }
    const workers = specs.filter((spec) => spec.startedBy === 'event').length;
    expect(Object.keys(logGroups)).toHaveLength(1 + workers + 1); // + the API access logs
    for (const logGroup of Object.values(logGroups)) expect(logGroup.Properties.RetentionInDays).toBe(30);
  });

  it('points every function that uses the table at it by TABLE_NAME; not-found and the release step need none', () => {
    // The data stack's table, imported (lib/data-stack.ts).
    const tableRef = writtenIn(stack, stack.table.tableName);
    expect(tableRef).toEqual({ 'Fn::ImportValue': expect.stringMatching(/-data:ExportsOutputRefTable/) });
    for (const operation of operations) {
      const variables = functionVariables(stack, template, operation);
      if (operation === DEFAULT_OPERATION || operation === RELEASE_OPERATION) expect(variables.TABLE_NAME).toBeUndefined();
      else expect(variables.TABLE_NAME).toEqual(tableRef);
    }
  });
});

describe('deployment settings', () => {
  it('default PUBLIC_BASE_URL to the API stage URL, so the LinkedIn redirect_uri needs no setup', () => {
    const url = JSON.stringify(functionVariables(stack, template, 'authorize-linkedin').PUBLIC_BASE_URL);
    expect(url).toContain('execute-api');
    expect(url).toContain(`/${STAGE_NAME}`);
  });

  it('reach the functions under the names shared/config.ts reads', () => {
    const built = buildStack({
      linkedinClientId: 'client-1',
      publicBaseUrl: 'https://api.example.com/v1',
      linkedinApiVersion: '202601',
      blueskyServiceUrl: 'https://pds.example.com',
      oauthReturnUrlHosts: 'app.example.com,example.com',
      logLevel: 'DEBUG',
    });
    expect(functionVariables(built.stack, built.template, 'linkedin-callback')).toMatchObject({
      LINKEDIN_CLIENT_ID: 'client-1',
      PUBLIC_BASE_URL: 'https://api.example.com/v1',
      LINKEDIN_API_VERSION: '202601',
      BLUESKY_SERVICE_URL: 'https://pds.example.com',
      OAUTH_RETURN_URL_HOSTS: 'app.example.com,example.com',
      LOG_LEVEL: 'DEBUG',
    });
  });

  it('left unset stay out of the environment, so the defaults of shared/config.ts apply', () => {
    expect(settingsEnvironment({})).toEqual({ LOG_LEVEL: 'INFO' });
  });

  it('are read from CDK context', () => {
    const app = new App({ context: { linkedinClientId: 'ctx-id', linkedinApiVersion: '202512', unrelated: 'x' } });
    expect(settingsFromContext(app.node)).toEqual({ linkedinClientId: 'ctx-id', linkedinApiVersion: '202512' });
  });

  it('that are malformed fail the synth rather than the first cold start', () => {
    expect(() => buildStack({ linkedinApiVersion: '2025-11' })).toThrow(/YYYYMM/);
    expect(() => buildStack({ publicBaseUrl: 'api.example.com' })).toThrow(/http\(s\) URL/);
    expect(() => buildStack({ alarmTopicArn: 'on-call' })).toThrow(/SNS topic ARN/);
    expect(() => buildStack({ publisherMaxConcurrency: '1' })).toThrow(/2 to 1000/);
    expect(() => buildStack({ publisherMaxConcurrency: 'ten' })).toThrow(/2 to 1000/);
  });
});
