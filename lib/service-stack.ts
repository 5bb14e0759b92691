import { Annotations, CfnOutput, CrossStackReferences, Duration, ReferenceStrength, Stack, type StackProps } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import {
  DEFAULT_OPERATION,
  EXPIRY_SWEEP_OPERATION,
  METRICS_COLLECTOR_OPERATION,
  PUBLISHER_OPERATION,
  RELEASE_OPERATION,
  routes,
  WEBHOOK_DELIVERY_OPERATION,
  WEBHOOK_DISPATCH_OPERATION,
} from '#shared/http/routes';
import { ApiFunction, type HandlerCode } from './api-function';
import { DashboardContent } from './dashboard-content';
import { DashboardHosting } from './dashboard-hosting';
import type { StatefulResources } from './data-stack';
import { withMcp, withMcpMedia, withMcpMemory } from './mcp-function';
import { MetricsCollection } from './metrics-collection';
import { PublicHttpApi, STAGE_NAME } from './public-http-api';
import { PublishingPipeline } from './publishing-pipeline';
import { ServiceAlarms } from './service-alarms';
import { ServiceDashboard } from './service-dashboard';
import type { WatchedResources } from './service-metrics';
import { WebhookDelivery } from './webhook-delivery';
import {
  DEFAULT_PUBLISHER_MAX_CONCURRENCY,
  DEFAULT_PUBLISHER_WARM_INSTANCES,
  settingsEnvironment,
  type ServiceSettings,
  validateSettings,
} from './settings';

export interface ServiceStackProps extends StackProps {
  settings: ServiceSettings;
  /** The table, key, secret, media bucket and queues, from the data stack (lib/data-stack.ts). */
  data: StatefulResources;
  /** 'bundle' (default) for synth and deploy; 'stub' for template tests only. */
  handlerCode?: HandlerCode;
}

/**
 * Operations that seal or open platform credentials or webhook secrets with the secret box (KMS);
 * key creation seals the new value into its idempotency record and opens it for a replay.
 */
const SECRET_BOX_OPERATIONS = [
  'connect-bluesky',
  'dashboard-connect-bluesky',
  'linkedin-callback',
  PUBLISHER_OPERATION,
  'create-webhook',
  'dashboard-create-webhook',
  'rotate-webhook-secret',
  'dashboard-rotate-webhook-secret',
  'create-key',
  'dashboard-create-key',
];
/** Operations that only open what the secret box sealed (the deliverer signs with webhook secrets; the collector reads with LinkedIn tokens). */
const SECRET_OPENING_OPERATIONS = [WEBHOOK_DELIVERY_OPERATION, METRICS_COLLECTOR_OPERATION];
/** Operations that ask for a collection now (docs/api.md, "Metrics and analytics"). */
const METRICS_REFRESH_OPERATIONS = ['refresh-post-metrics', 'dashboard-refresh-post-metrics'];
/** The most collector invocations at once (each collects up to 10 posts together). */
const METRICS_COLLECTOR_MAX_CONCURRENCY = 5;
/** The most deliverer invocations at once (each makes up to 10 attempts together). */
const WEBHOOK_DELIVERER_MAX_CONCURRENCY = 20;
/**
 * Operations that read the LinkedIn app's client secret: the code exchange only. The publisher
 * posts with the member's token and never refreshes it (no refresh tokens outside LinkedIn's
 * partner programme), so it holds no grant on the secret (test/deployed removes each statement).
 */
const LINKEDIN_SECRET_OPERATIONS = ['linkedin-callback'];
/**
 * Post creation, editing, retrying and deletion, from the public API and from the dashboard. An
 * edit schedules the post's new version, then cancels the old version's schedule; a retry only
 * schedules (a failed or partially published post has no schedule left).
 */
const SCHEDULING_OPERATIONS = [
  'create-post',
  'dashboard-create-post',
  'edit-post',
  'dashboard-edit-post',
  'retry-post',
  'dashboard-retry-post',
  // Scheduling a draft (docs/api.md, "Drafts") hands it over as a creation does.
  'schedule-post',
  'dashboard-schedule-post',
  'create-posts-batch',
  'dashboard-create-posts-batch',
];
const CANCELLING_OPERATIONS = ['delete-post', 'dashboard-delete-post', 'edit-post', 'dashboard-edit-post'];
/** Who touches the media bucket, and how: presign uploads, read and write variants, delete, read to publish. */
const MEDIA_ACCESS: Record<string, Array<'put' | 'read' | 'delete'>> = {
  'create-media': ['put'],
  'dashboard-create-media': ['put'],
  'complete-media': ['read', 'put', 'delete'],
  'dashboard-complete-media': ['read', 'put', 'delete'],
  'delete-media': ['delete'],
  [PUBLISHER_OPERATION]: ['read'],
};
/**
 * Decoding a 40-megapixel image takes about 300 MB, and Lambda's CPU share grows with memory. Sign-in
 * hashes with scrypt at N=2^17 (128 MiB, about 0.2 s of a full core): at the default 256 MB (a sixth of
 * a vCPU) one sign-in would take over a second of CPU and crowd the request deadline; 1024 MB gives it
 * more than half a vCPU.
 * A 100 MB video's complete reads a few KB of it in ranges and adds nothing measurable to the process
 * (bench/media/complete-video.ts, docs/performance.md "Video"): complete-media's figure stays the
 * images'. The publisher streams a video in 4 MB pieces to both platforms, so 512 MB still holds.
 */
const MEMORY_MB: Record<string, number> = {
  'complete-media': 1536,
  'dashboard-complete-media': 1536,
  [PUBLISHER_OPERATION]: 512,
  'dashboard-sign-in': 1024,
};

/**
 * The stateless half of the service: the HTTP API with one function per route, the publisher and
 * the other consumers, schedules, alarms, the dashboard's hosting. Its data (table, key, secret,
 * media bucket, queues) is the data stack's, received as props (lib/data-stack.ts), and reached
 * through grants in this stack's roles only.
 */
export class ServiceStack extends Stack {
  /** The data stack's table. */
  readonly table: dynamodb.Table;
  /** Every function by operation (route functions, `not-found`, `publish-post`, `release-post`, the webhook functions). */
  readonly functions = new Map<string, ApiFunction>();

  constructor(scope: Construct, id: string, props: ServiceStackProps) {
    super(scope, id, props);
    // Strong references (Fn::ImportValue of the data stack's exports), said here rather than left to
    // CDK's default: CloudFormation refuses to delete the data stack, or an export of it, while this
    // stack imports it, so the data cannot be pulled from under the running functions.
    CrossStackReferences.of(this).consume(ReferenceStrength.STRONG);
    assertOperationsExist();
    const { settings, data } = props;
    validateSettings(settings);
    this.table = data.table;
    const { secretBoxKey, linkedinClientSecret, mediaBucket } = data;
    if (!settings.linkedinClientId) {
      Annotations.of(this).addWarningV2(
        'social-posting:linkedin-client-id',
        'No linkedinClientId context value: connecting LinkedIn profiles will fail until it is set.',
      );
    }

    const httpApi = new PublicHttpApi(this, 'HttpApi');
    // The dashboard's pages, its API and the public API behind one CloudFront distribution; its
    // compose page uploads images straight to the media bucket.
    const dashboard = new DashboardHosting(this, 'Dashboard', {
      api: httpApi.api,
      stageName: STAGE_NAME,
      uploadOrigin: `https://${mediaBucket.bucketRegionalDomainName}`,
    });
    // Template tests skip the upload: its helper's 22 MB AWS CLI layer would be copied on every synth.
    if (props.handlerCode !== 'stub')
      new DashboardContent(this, 'DashboardContent', { bucket: dashboard.bucket, distribution: dashboard.distribution });
    const apiHost = settings.publicBaseUrl
      ? new URL(settings.publicBaseUrl).host
      : `${httpApi.api.apiId}.execute-api.${this.region}.${this.urlSuffix}`;
    const environment = {
      ...settingsEnvironment(settings),
      PUBLIC_BASE_URL: settings.publicBaseUrl ?? httpApi.url,
      // The dashboard sends LinkedIn's callback back to itself: its host must be an allowed return_url host.
      OAUTH_RETURN_URL_HOSTS: settings.oauthReturnUrlHosts ?? dashboard.returnUrlHosts(apiHost),
    };
    const makeFunction = (operation: string, description: string, timeout?: Duration): ApiFunction => {
      const memorySize = withMcpMemory(MEMORY_MB)[operation];
      const fn = new ApiFunction(this, pascalCase(operation), {
        operation,
        description,
        timeout,
        memorySize,
        environment,
        handlerCode: props.handlerCode ?? 'bundle',
      });
      this.functions.set(operation, fn);
      return fn;
    };

    // Answers 404 before any authentication (docs/api.md, "Errors", "Precedence"), so it touches nothing.
    httpApi.addDefaultRoute(makeFunction(DEFAULT_OPERATION, '$default: unknown route or method').function);
    for (const route of routes) {
      // Read-write even for reads: API-key auth counts every request (rate limit, last use),
      // and the OAuth callback consumes its state and creates the profile.
      const fn = makeFunction(route.operation, `${route.method} ${route.path}`).bindTable(this.table, 'RW');
      httpApi.addRoute(route, fn.function);
    }
    // Consumes the publish queue: posts to each platform with retries, never waiting for a post's time.
    // As long as the publish queue was sized for (lib/data-stack.ts, CONSUMER_TIMEOUTS).
    const publisher = makeFunction(PUBLISHER_OPERATION, 'Publishes a post to its platforms', data.publishing.consumerTimeout).bindTable(
      this.table,
      'RW',
    );
    // Target of release schedules: queues the post for its second. Reads and writes no table.
    const release = makeFunction(RELEASE_OPERATION, 'Queues a post for its exact time (its release schedule fired)', Duration.seconds(10));

    // Webhooks: the stream's consumer, the deliverer, the daily sweep. None serves a route.
    const webhooks = new WebhookDelivery(this, 'Webhooks', {
      table: this.table,
      queues: data.webhooks,
      dispatcher: makeFunction(WEBHOOK_DISPATCH_OPERATION, 'Makes the deliveries of each webhook event the table stream brings').bindTable(
        this.table,
        'RW',
      ),
      deliverer: makeFunction(WEBHOOK_DELIVERY_OPERATION, 'Makes one webhook delivery attempt per queue message').bindTable(
        this.table,
        'RW',
      ),
      sweep: makeFunction(EXPIRY_SWEEP_OPERATION, 'Daily: announces LinkedIn tokens that expire within 7 days').bindTable(this.table, 'RW'),
      delivererMaxConcurrency: WEBHOOK_DELIVERER_MAX_CONCURRENCY,
    });

    // Metrics: the collector consumes the metrics queue; the publisher schedules each published post's collections.
    const metrics = new MetricsCollection(this, 'Metrics', {
      queues: data.metrics,
      collector: makeFunction(METRICS_COLLECTOR_OPERATION, "Reads a published post's figures back from its platforms").bindTable(
        this.table,
        'RW',
      ),
      collectorMaxConcurrency: METRICS_COLLECTOR_MAX_CONCURRENCY,
    });
    metrics.allowScheduling(publisher);
    withMcp(METRICS_REFRESH_OPERATIONS).forEach((operation) => metrics.allowRefresh(this.fn(operation)));

    const pipeline = new PublishingPipeline(this, 'Publishing', {
      queues: data.publishing,
      publisher,
      release,
      publisherMaxConcurrency: Number(settings.publisherMaxConcurrency ?? DEFAULT_PUBLISHER_MAX_CONCURRENCY),
      publisherWarmInstances: Number(settings.publisherWarmInstances ?? DEFAULT_PUBLISHER_WARM_INSTANCES),
    });
    // withMcp*: the MCP function runs the public operations in its process, so it holds their grants too (lib/mcp-function.ts).
    withMcp(SCHEDULING_OPERATIONS).forEach((operation) => pipeline.allowScheduling(this.fn(operation)));
    withMcp(CANCELLING_OPERATIONS).forEach((operation) => pipeline.allowCancelling(this.fn(operation)));
    withMcp(SECRET_BOX_OPERATIONS).forEach((operation) => this.fn(operation).bindSecretBoxKey(secretBoxKey));
    withMcp(SECRET_OPENING_OPERATIONS).forEach((operation) => this.fn(operation).bindSecretBoxKey(secretBoxKey, 'open'));
    withMcp(LINKEDIN_SECRET_OPERATIONS).forEach((operation) =>
      this.fn(operation).bindSecret('LINKEDIN_CLIENT_SECRET_ARN', linkedinClientSecret),
    );
    Object.entries(withMcpMedia(MEDIA_ACCESS)).forEach(([operation, actions]) => this.fn(operation).bindMediaBucket(mediaBucket, actions));

    const watched: WatchedResources = {
      api: httpApi.api,
      publisher: publisher.function,
      publishQueue: pipeline.publishQueue,
      publishDeadLetterQueue: pipeline.deadLetterQueue,
      scheduleGroup: pipeline.scheduleGroup,
      webhooks: {
        dispatcher: this.fn(WEBHOOK_DISPATCH_OPERATION).function,
        deliverer: this.fn(WEBHOOK_DELIVERY_OPERATION).function,
        deadLetterQueue: webhooks.deadLetterQueue,
      },
    };
    const alarms = new ServiceAlarms(this, 'Alarms', { ...watched, alarmTopicArn: settings.alarmTopicArn });
    new ServiceDashboard(this, 'Observability', { ...watched, alarms: alarms.alarms });
    new CfnOutput(this, 'ApiUrl', { value: httpApi.url, description: 'Base URL of the API (PUBLIC_BASE_URL unless set)' });
    new CfnOutput(this, 'TableName', { value: this.table.tableName, description: 'TABLE_NAME for `npm run admin` against AWS' });
    new CfnOutput(this, 'LinkedInClientSecretArn', {
      value: linkedinClientSecret.secretArn,
      description: 'Put the LinkedIn client secret here',
    });
    new CfnOutput(this, 'PublishDeadLetterQueueUrl', { value: pipeline.deadLetterQueue.queueUrl });
    new CfnOutput(this, 'PublishQueueUrl', { value: pipeline.publishQueue.queueUrl });
    new CfnOutput(this, 'WebhookQueueUrl', { value: webhooks.queue.queueUrl });
    new CfnOutput(this, 'WebhookDeadLetterQueueUrl', { value: webhooks.deadLetterQueue.queueUrl });
    new CfnOutput(this, 'MetricsDeadLetterQueueUrl', { value: metrics.deadLetterQueue.queueUrl });
  }

  private fn(operation: string): ApiFunction {
    const fn = this.functions.get(operation);
    if (!fn) throw new Error(`No function for operation ${operation}`);
    return fn;
  }
}

/** A renamed operation must fail the synth, not silently lose its permissions. */
function assertOperationsExist(): void {
  const known = new Set([
    ...routes.map((route) => route.operation),
    PUBLISHER_OPERATION,
    RELEASE_OPERATION,
    WEBHOOK_DISPATCH_OPERATION,
    WEBHOOK_DELIVERY_OPERATION,
    EXPIRY_SWEEP_OPERATION,
    METRICS_COLLECTOR_OPERATION,
  ]);
  const wired = [
    ...SECRET_BOX_OPERATIONS,
    ...SECRET_OPENING_OPERATIONS,
    ...LINKEDIN_SECRET_OPERATIONS,
    ...SCHEDULING_OPERATIONS,
    ...CANCELLING_OPERATIONS,
    ...METRICS_REFRESH_OPERATIONS,
  ];
  const unknown = wired.filter((operation) => !known.has(operation));
  if (unknown.length > 0) throw new Error(`Operations wired in the stack but absent from the route table: ${unknown.join(', ')}`);
}

const pascalCase = (operation: string): string =>
  operation.replace(/(^|-)([a-z0-9])/g, (_match, _dash: string, letter: string) => letter.toUpperCase());
