import { Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { Route } from '#shared/http/routes';
import { ApiInvokeRole } from './lambda-invoke-integration';

/** The version in the base URL (docs/api.md, "Conventions": the base URL carries it, e.g. `.../v1`). */
export const STAGE_NAME = 'v1';

/**
 * Stage-wide throttling, a ceiling for the whole API in front of the per-key rate limit the
 * functions enforce (100 requests / 60 s per key): it caps cost and protects the table when
 * many keys, or requests without a key, arrive at once.
 */
export const STAGE_THROTTLE: apigwv2.ThrottleSettings = { rateLimit: 50, burstLimit: 100 };

/** One JSON line per request; ids only, never headers (they carry x-api-key). */
const ACCESS_LOG_FORMAT = JSON.stringify({
  requestId: '$context.requestId',
  requestTime: '$context.requestTime',
  sourceIp: '$context.identity.sourceIp',
  routeKey: '$context.routeKey',
  method: '$context.httpMethod',
  path: '$context.path',
  status: '$context.status',
  responseLength: '$context.responseLength',
  responseLatency: '$context.responseLatency',
  integrationLatency: '$context.integrationLatency',
  integrationStatus: '$context.integrationStatus',
  integrationError: '$context.integrationErrorMessage',
  error: '$context.error.message',
});

/**
 * The HTTP API (Lambda proxy, payload 2.0) with its `v1` stage, access logs and throttling.
 * No CORS: the API is called by servers with an API key, not by browsers. API Gateway invokes
 * every route's function with one role (lib/lambda-invoke-integration.ts), not through a Lambda
 * permission per function.
 */
export class PublicHttpApi extends Construct {
  readonly api: apigwv2.HttpApi;
  readonly stage: apigwv2.HttpStage;
  readonly invoker: ApiInvokeRole;
  /** The stage's access log, one JSON line per request (the 429 alarm counts its lines, lib/service-alarms.ts). */
  readonly accessLogs: logs.LogGroup;
  /** One integration per function: a public operation's route and its dashboard route share it. */
  private readonly integrations = new Map<lambda.IFunction, apigwv2.HttpRouteIntegration>();

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.api = new apigwv2.HttpApi(this, 'Api', {
      description: 'Social posting service: public API',
      createDefaultStage: false,
    });
    this.invoker = new ApiInvokeRole(this, 'Invoke');
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: logs.RetentionDays.ONE_MONTH });
    this.accessLogs = accessLogs;
    this.stage = new apigwv2.HttpStage(this, 'Stage', {
      httpApi: this.api,
      stageName: STAGE_NAME,
      autoDeploy: true,
      throttle: STAGE_THROTTLE,
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(ACCESS_LOG_FORMAT),
      },
    });
  }

  /** The `$default` route: every path or method the route table does not know. */
  addDefaultRoute(handler: lambda.IFunction): void {
    const route = new apigwv2.HttpRoute(this, 'DefaultRoute', {
      httpApi: this.api,
      routeKey: apigwv2.HttpRouteKey.DEFAULT,
      integration: this.invoker.integration('default-integration', handler),
    });
    suppressNoAuthorizerFindings(route);
  }

  /**
   * The route `METHOD /path` served by one function. A function's second route (a public
   * operation's dashboard route) reuses its integration: one fewer resource, the same target.
   */
  addRoute(route: Route, handler: lambda.IFunction): void {
    let integration = this.integrations.get(handler);
    if (!integration) {
      integration = this.invoker.integration(`${route.operation}-integration`, handler);
      this.integrations.set(handler, integration);
    }
    const created = this.api.addRoutes({ path: route.path, methods: [apigwv2.HttpMethod[route.method]], integration });
    created.forEach(suppressNoAuthorizerFindings);
  }

  /** The base URL clients use, with the stage (and so the version) in it. */
  get url(): string {
    return this.stage.url;
  }
}

/** cdk-nag wants an API Gateway authorizer on every route; this API authenticates in the functions. */
function suppressNoAuthorizerFindings(route: Construct): void {
  Validations.of(route).acknowledge(
    {
      id: 'AwsSolutions-APIG4',
      reason:
        "Authentication is the service's own x-api-key check inside every function (hashed keys in DynamoDB, per-key rate limit); the OAuth callback is authenticated by its single-use state, and $default only answers 404.",
    },
    { id: 'AwsSolutions-COG4', reason: 'Clients are servers holding API keys issued by this service, not Cognito users.' },
  );
}
