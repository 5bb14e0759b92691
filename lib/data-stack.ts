import { Duration, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as kms from 'aws-cdk-lib/aws-kms';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { GSI1, TTL_ATTRIBUTE } from '#shared/store/table';
import { API_FUNCTION_TIMEOUT_SECONDS } from './api-function';
import { DashboardBuckets } from './dashboard-buckets';
import { MediaStorage } from './media-storage';
import { type WorkQueues, workQueues } from './queues';

/**
 * The longest each queue's consumer may run: each work queue's visibility timeout is six times
 * it. The service stack gives the publisher this timeout, and refuses a consumer that runs longer
 * than its queue was sized for (assertConsumerFits, lib/queues.ts).
 */
export const CONSUMER_TIMEOUTS = {
  publisher: Duration.minutes(3),
  webhookDeliverer: Duration.seconds(API_FUNCTION_TIMEOUT_SECONDS),
  metricsCollector: Duration.seconds(API_FUNCTION_TIMEOUT_SECONDS),
} as const;

/** What the service stack receives from the data stack (lib/service-stack.ts), the stateful half of the service. */
export interface StatefulResources {
  table: dynamodb.Table;
  /** The secret box's key: seals platform credentials and webhook secrets stored in the table. */
  secretBoxKey: kms.Key;
  linkedinClientSecret: secretsmanager.Secret;
  /** The Bluesky OAuth client's private JWK (docs/decisions/0291-bluesky-oauth-client-key-setting.md). */
  blueskyOAuthKey: secretsmanager.Secret;
  mediaBucket: s3.Bucket;
  /** The dashboard's pages and access-log buckets; the service stack writes the pages bucket's policy (lib/dashboard-buckets.ts). */
  dashboardBuckets: { pages: s3.Bucket; accessLogs: s3.Bucket };
  /** The publish queue and the dead-letter queue of the schedules, the queue and the publisher's async invokes. */
  publishing: WorkQueues;
  /** The webhook queue and the dead-letter queue of its deliveries, the stream batches and the sweep's schedule. */
  webhooks: WorkQueues;
  /** The metrics queue and the dead-letter queue of the collections and their schedules. */
  metrics: WorkQueues;
}

/**
 * The stateful half of the service (docs/decisions/0111-stateful-resources-in-their-own-stack.md):
 * the table, the secret box's key, the LinkedIn client secret, the media bucket, the queues
 * that hold messages, and the dashboard's pages and access-log buckets (every bucket of the app,
 * docs/decisions/0112-dashboard-buckets-in-the-data-stack.md). It holds no function and references
 * nothing of the service stack, so a failed or rolled-back code deploy never touches data, and
 * `cdk deploy --all` deploys it first. Every grant on these resources is written into the service's
 * roles (identity policies): no key, bucket or queue policy here names a principal of the service
 * stack; the pages bucket's policy, which names the distribution, is the service stack's.
 */
export class DataStack extends Stack implements StatefulResources {
  readonly table: dynamodb.Table;
  readonly secretBoxKey: kms.Key;
  readonly linkedinClientSecret: secretsmanager.Secret;
  readonly blueskyOAuthKey: secretsmanager.Secret;
  readonly mediaBucket: s3.Bucket;
  readonly dashboardBuckets: DashboardBuckets;
  readonly publishing: WorkQueues;
  readonly webhooks: WorkQueues;
  readonly metrics: WorkQueues;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);
    this.table = singleTable(this);
    this.secretBoxKey = new kms.Key(this, 'SecretBoxKey', {
      description: 'Seals platform credentials (app passwords, sessions, OAuth tokens) stored in the table',
      enableKeyRotation: true,
      // Losing the key would make every stored credential unreadable.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.linkedinClientSecret = new secretsmanager.Secret(this, 'LinkedInClientSecret', {
      description: 'LinkedIn app client secret: replace the generated placeholder with the real value after the first deploy',
    });
    Validations.of(this.linkedinClientSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'LinkedIn issues this client secret; it is rotated in the LinkedIn developer portal, so there is nothing for a rotation Lambda to do.',
    });
    this.blueskyOAuthKey = new secretsmanager.Secret(this, 'BlueskyOAuthKey', {
      description: 'Bluesky OAuth client private key (an ES256 JWK with a kid): replace the generated placeholder after the first deploy',
    });
    Validations.of(this.blueskyOAuthKey).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'The operator generates this signing key and rotates it by publishing a new key in the JWKS first; no rotation Lambda applies.',
    });
    this.mediaBucket = new MediaStorage(this, 'Media').bucket;
    // Construct id `Dashboard`, as in the service stack before: the buckets keep their logical ids.
    this.dashboardBuckets = new DashboardBuckets(this, 'Dashboard');

    this.publishing = workQueues(this, 'Publishing', {
      queueId: 'PublishQueue',
      consumerTimeout: CONSUMER_TIMEOUTS.publisher,
      deadLettersOf: "of the schedules, the publish queue and the publisher's async invokes",
    });
    this.webhooks = workQueues(this, 'Webhooks', {
      queueId: 'Queue',
      consumerTimeout: CONSUMER_TIMEOUTS.webhookDeliverer,
      deadLettersOf: 'of the webhook queue and of stream batches the dispatcher could not process',
    });
    this.metrics = workQueues(this, 'Metrics', {
      queueId: 'Queue',
      consumerTimeout: CONSUMER_TIMEOUTS.metricsCollector,
      deadLettersOf: 'of the metrics queue and its schedules',
    });
  }
}

/** The single table; its key names match shared/store/table.ts (a stack test compares them). */
function singleTable(scope: Construct): dynamodb.Table {
  const table = new dynamodb.Table(scope, 'Table', {
    partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING },
    sortKey: { name: 'sk', type: dynamodb.AttributeType.STRING },
    billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
    pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
    timeToLiveAttribute: TTL_ATTRIBUTE,
    // The webhook outbox: new event items reach the dispatcher through the stream.
    stream: dynamodb.StreamViewType.NEW_IMAGE,
    // Retained on stack deletion, and protected from a replacement that would drop the data.
    removalPolicy: RemovalPolicy.RETAIN,
    deletionProtection: true,
  });
  table.addGlobalSecondaryIndex({
    indexName: GSI1,
    partitionKey: { name: 'gsi1pk', type: dynamodb.AttributeType.STRING },
    sortKey: { name: 'gsi1sk', type: dynamodb.AttributeType.STRING },
    projectionType: dynamodb.ProjectionType.ALL,
  });
  return table;
}
