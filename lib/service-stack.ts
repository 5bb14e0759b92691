import { Annotations, CfnOutput, CrossStackReferences, Duration, ReferenceStrength, Stack, type StackProps } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import * as logs from 'aws-cdk-lib/aws-logs';
import {
  DEFAULT_OPERATION,
  EXPIRY_SWEEP_OPERATION,
  INBOX_COLLECTOR_OPERATION,
  SERIES_TICK_OPERATION,
  METRICS_COLLECTOR_OPERATION,
  PUBLISHER_OPERATION,
  RELEASE_OPERATION,
  routes,
  WEBHOOK_DELIVERY_OPERATION,
  WEBHOOK_DISPATCH_OPERATION,
} from '#shared/http/routes';
import { GSI1 } from '#shared/store/table';
import { functionSpecs, grantsKey } from './function-specs';
import { ApiFunction, type HandlerCode } from './api-function';
import type { InlinePolicyRole } from './inline-policy-role';
import { DashboardContent } from './dashboard-content';
import { DashboardHosting } from './dashboard-hosting';
import type { StatefulResources } from './data-stack';
import { MetricsCollection } from './metrics-collection';
import { PublicHttpApi, STAGE_NAME } from './public-http-api';
import { PublishingPipeline } from './publishing-pipeline';
import { ServiceAlarms } from './service-alarms';
import { RecurringInvocation } from './recurring-invocation';
import { ServiceDashboard } from './service-dashboard';
import type { WatchedResources } from './service-metrics';
import { WebhookDelivery } from './webhook-delivery';
import { INBOX_COLLECTION_RATE_MINUTES } from '#shared/api/manifest';
import {
  DEFAULT_PUBLISHER_MAX_CONCURRENCY,
  DEFAULT_PUBLISHER_WARM_INSTANCES,
  settingsEnvironment,
  type ServiceSettings,
  validateSettings,
} from './settings';

export interface ServiceStackProps extends StackProps {
  settings: ServiceSettings;
  /** 'bundle' (default) for synth and deploy; 'stub' for template tests only. */
  handlerCode?: HandlerCode;
  /** The table, key, secret, buckets and queues, from the data stack (lib/data-stack.ts). */
  data: StatefulResources;
}

/** The most collector invocations at once (each collects up to 10 posts together). */
const METRICS_COLLECTOR_MAX_CONCURRENCY = 5;
/** The most deliverer invocations at once (each makes up to 10 attempts together). */
const WEBHOOK_DELIVERER_MAX_CONCURRENCY = 20;
/**
 * The stateless half of the service: the HTTP API with one function per operation, the publisher and
 * the other consumers, schedules, alarms, the dashboard's hosting. Its data (table, key, secret,
 * media bucket, queues, the dashboard's buckets) is the data stack's, received as props
 * (lib/data-stack.ts), and reached through grants in this stack's roles only; the one resource
 * policy written here on a data resource is the pages bucket's (it names the distribution).
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
    const { settings, data } = props;
    validateSettings(settings);
    this.table = data.table;
    const { secretBoxKey, linkedinClientSecret, blueskyOAuthKey, mediaBucket } = data;
    if (!settings.linkedinClientId) {
      Annotations.of(this).addWarningV2(
        'social-posting:linkedin-client-id',
        'No linkedinClientId context value: connecting LinkedIn profiles will fail until it is set.',
      );
    }

    const httpApi = new PublicHttpApi(this, 'HttpApi');
    // The dashboard's pages (in the data stack's bucket), its API and the public API behind one CloudFront distribution; its
    // compose page uploads images straight to the media bucket.
    const dashboard = new DashboardHosting(this, 'Dashboard', {
      api: httpApi.api,
      buckets: data.dashboardBuckets,
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
    // One function per operation of the manifest (shared/api/manifest.ts), with its memory and timeout;
    // its grants follow from its needs below.
    const specs = functionSpecs();
    // Every route function logs to one group: a request's lines carry its request id and operation, so one
    // Logs Insights query follows any request, and the stack keeps room for more operations (1 resource
    // instead of one per operation: docs/decisions/0330-one-log-group-for-the-route-functions.md).
    const requestLogs = new logs.LogGroup(this, 'RequestLogs', { retention: logs.RetentionDays.ONE_MONTH });
    // Route functions whose needs are the same get the same grants, so they share one role (the first one's, where its
    // cdk-nag acknowledgments live): docs/decisions/0331-route-functions-with-the-same-needs-share-a-role.md. A function
    // started by an event keeps its own: constructs below grant such functions more than their needs say.
    const sharedRoles = new Map<string, InlinePolicyRole>();
    for (const spec of specs) {
      const roleKey = spec.startedBy === 'route' ? grantsKey(spec) : undefined;
      const fn = new ApiFunction(this, pascalCase(spec.operation), {
        role: roleKey === undefined ? undefined : sharedRoles.get(roleKey),
        operation: spec.operation,
        description: spec.description,
        timeout: spec.timeoutSeconds === undefined ? undefined : Duration.seconds(spec.timeoutSeconds),
        memorySize: spec.memoryMb,
        nativeModules: spec.nativeModules,
        environment,
        handlerCode: props.handlerCode ?? 'bundle',
        logGroup: spec.startedBy === 'route' ? requestLogs : undefined,
      });
      if (roleKey !== undefined && !sharedRoles.has(roleKey)) sharedRoles.set(roleKey, fn.role);
      if (spec.table === 'RW') fn.bindTable(this.table, 'RW');
      this.functions.set(spec.operation, fn);
    }
    // Answers 404 before any authentication (docs/api.md, "Errors", "Precedence"), so it touches nothing.
    httpApi.addDefaultRoute(this.fn(DEFAULT_OPERATION).function);
    // A public operation's dashboard route targets the same function, through the same integration.
    for (const route of routes) httpApi.addRoute(route, this.fn(route.operation).function);
    const publisher = this.fn(PUBLISHER_OPERATION);
    const release = this.fn(RELEASE_OPERATION);

    // Webhooks: the stream's consumer, the deliverer, the daily sweep. None serves a route.
    const webhooks = new WebhookDelivery(this, 'Webhooks', {
      table: this.table,
      dispatcher: this.fn(WEBHOOK_DISPATCH_OPERATION),
      deliverer: this.fn(WEBHOOK_DELIVERY_OPERATION),
      sweep: this.fn(EXPIRY_SWEEP_OPERATION),
      delivererMaxConcurrency: WEBHOOK_DELIVERER_MAX_CONCURRENCY,
      queues: data.webhooks,
    });

    // Series and evergreen recycling: the recurring tick (docs/decisions/0263-series-advance-on-due-and-by-a-tick.md).
    // Series occurrences within 5 minutes of their time at worst (the publisher's hook makes them at once); a missed run
    // needs no retry or dead letter: the next finds everything still due (docs/decisions/0263-series-advance-on-due-and-by-a-tick.md).
    new RecurringInvocation(this, 'SeriesTick', {
      target: this.fn(SERIES_TICK_OPERATION),
      name: 'series-tick',
      description: 'Make due series occurrences and recycle evergreen posts',
      rateMinutes: 5,
      retries: 0,
    });

    // Metrics: the collector consumes the metrics queue; the publisher schedules each published post's collections.
    const metrics = new MetricsCollection(this, 'Metrics', {
      collector: this.fn(METRICS_COLLECTOR_OPERATION),
      collectorMaxConcurrency: METRICS_COLLECTOR_MAX_CONCURRENCY,
      queues: data.metrics,
    });
    metrics.allowScheduling(publisher);
    // The inbox: a rate schedule runs the collection round (its misses land with the metrics dead letters).
    // The inbox round at the manifest's rate (docs/decisions/0240-inbox-collection.md); an invocation Scheduler could
    // not make lands with the metrics dead letters, which are alarmed.
    new RecurringInvocation(this, 'Inbox', {
      target: this.fn(INBOX_COLLECTOR_OPERATION),
      name: 'inbox-round',
      description: 'Collect the inbox of the profiles active in the last 30 days',
      rateMinutes: INBOX_COLLECTION_RATE_MINUTES,
      retries: 1,
      deadLetterQueue: metrics.deadLetterQueue,
    });

    const pipeline = new PublishingPipeline(this, 'Publishing', {
      publisher,
      release,
      publisherMaxConcurrency: Number(settings.publisherMaxConcurrency ?? DEFAULT_PUBLISHER_MAX_CONCURRENCY),
      publisherWarmInstances: Number(settings.publisherWarmInstances ?? DEFAULT_PUBLISHER_WARM_INSTANCES),
      queues: data.publishing,
    });
    // Each function's needs (the MCP function's are the union of its tools', lib/mcp-function.ts).
    for (const { operation, needs } of specs) {
      const fn = this.fn(operation);
      if (needs.scheduler?.includes('schedule')) pipeline.allowScheduling(fn);
      if (needs.scheduler?.includes('cancel')) pipeline.allowCancelling(fn);
      if (needs.secretBox) fn.bindSecretBoxKey(secretBoxKey, needs.secretBox === 'seal' ? 'seal-and-open' : 'open');
      if (needs.linkedinClientSecret) fn.bindSecret('LINKEDIN_CLIENT_SECRET_ARN', linkedinClientSecret);
      if (needs.blueskyOAuthKey) fn.bindSecret('BLUESKY_OAUTH_PRIVATE_JWK_SECRET_ARN', blueskyOAuthKey);
      if (needs.media) fn.bindMediaBucket(mediaBucket, needs.media);
      if (needs.metricsRefresh) metrics.allowRefresh(fn);
      if (needs.webhookRetries) webhooks.allowRetryScheduling(fn);
    }

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
      metrics: { deadLetterQueue: metrics.deadLetterQueue, scheduleGroup: metrics.scheduleGroup },
      table: this.table,
      tableIndexName: GSI1,
    };
    const alarms = new ServiceAlarms(this, 'Alarms', {
      ...watched,
      alarmTopicArn: settings.alarmTopicArn,
      alarmEmail: settings.alarmEmail,
      apiAccessLogs: httpApi.accessLogs,
    });
    new ServiceDashboard(this, 'Observability', { ...watched, alarms: alarms.alarms });
    new CfnOutput(this, 'ApiUrl', { value: httpApi.url, description: 'Base URL of the API (PUBLIC_BASE_URL unless set)' });
    new CfnOutput(this, 'TableName', { value: this.table.tableName, description: 'TABLE_NAME for `npm run admin` against AWS' });
    new CfnOutput(this, 'LinkedInClientSecretArn', {
      value: linkedinClientSecret.secretArn,
      description: 'Put the LinkedIn client secret here',
    });
    new CfnOutput(this, 'BlueskyOAuthKeyArn', {
      value: blueskyOAuthKey.secretArn,
      description: 'Put the Bluesky OAuth private JWK here',
    });
    new CfnOutput(this, 'PublishDeadLetterQueueUrl', { value: pipeline.deadLetterQueue.queueUrl });
    new CfnOutput(this, 'PublishQueueUrl', { value: pipeline.publishQueue.queueUrl });
    new CfnOutput(this, 'WebhookQueueUrl', { value: webhooks.queue.queueUrl });
    new CfnOutput(this, 'WebhookDeadLetterQueueUrl', { value: webhooks.deadLetterQueue.queueUrl });
    new CfnOutput(this, 'MetricsDeadLetterQueueUrl', { value: metrics.deadLetterQueue.queueUrl });
    new CfnOutput(this, 'AlarmTopicArn', { value: alarms.topic.topicArn, description: 'Every alarm notifies this SNS topic' });
  }

  private fn(operation: string): ApiFunction {
    const fn = this.functions.get(operation);
    if (!fn) throw new Error(`No function for operation ${operation}`);
    return fn;
  }
}

const pascalCase = (operation: string): string =>
  operation.replace(/(^|-)([a-z0-9])/g, (_match, _dash: string, letter: string) => letter.toUpperCase());
