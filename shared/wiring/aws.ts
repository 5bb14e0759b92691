import { config } from '#shared/config';
import { provideBlueskyOAuthPersistence } from '#shared/platforms/bluesky/oauth-persistence';
import { wirePorts } from '#shared/ports/registry';

/**
 * The composition root of the Lambda functions: the AWS implementation of every port.
 * lib/api-function.ts injects this module into each bundle, so it runs before the handler and
 * no handler names its implementations; nothing local is imported here, so none is bundled.
 * Each implementation loads on first use: a function that never seals a secret never loads KMS.
 */
wirePorts({
  scheduler: async () => {
    const { EventBridgePostScheduler } = await import('#shared/adapters/aws/eventbridge-scheduler');
    return new EventBridgePostScheduler(config.aws);
  },
  publishQueue: async () => {
    const { SqsPublishQueue } = await import('#shared/adapters/aws/sqs-publish-queue');
    return new SqsPublishQueue(config.aws.publishQueueUrl);
  },
  webhookQueue: async () => {
    const { SqsWebhookQueue } = await import('#shared/adapters/aws/sqs-webhook-queue');
    return new SqsWebhookQueue(config.aws);
  },
  metricsQueue: async () => {
    const { SqsMetricsQueue } = await import('#shared/adapters/aws/sqs-metrics-queue');
    return new SqsMetricsQueue(config.aws);
  },
  objectStorage: async () => {
    if (!config.mediaBucket) throw new Error('MEDIA_BUCKET is not set');
    const { S3ObjectStorage } = await import('#shared/adapters/aws/s3-object-storage');
    return new S3ObjectStorage(config.mediaBucket, config.region);
  },
  secretBox: async () => {
    // A missing key is a deployment error: never fall back to a key file.
    if (!config.aws.kmsKeyId) throw new Error('KMS_KEY_ID is not set');
    const { KmsSecretBox } = await import('#shared/adapters/aws/kms-secret-box');
    return new KmsSecretBox(config.aws.kmsKeyId);
  },
});

// The table behind the Bluesky OAuth client's sessions and locks (docs/decisions/0292-bluesky-oauth-sessions-in-the-table-under-a-lock.md).
provideBlueskyOAuthPersistence(async () => (await import('#shared/store/bluesky-oauth-persistence')).blueskyOAuthTablePersistence);
