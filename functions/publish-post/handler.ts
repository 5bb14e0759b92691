import type { Context } from 'aws-lambda';
import { logger, withLogScope } from '#shared/logger';
import { publishPost } from '#shared/use-cases/publish-post';

/** Input from the EventBridge schedule or the asynchronous invoke of an immediate post. */
interface PublishEvent {
  post_id?: unknown;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The publisher. Not behind API Gateway: invoked asynchronously by EventBridge Scheduler or by
 * create-post. Errors are rethrown so the invocation counts as failed: Lambda's async retries,
 * then the dead-letter queue. Publishing is idempotent per platform, so a retry is safe.
 */
export async function handler(event: PublishEvent, context: Context): Promise<void> {
  return withLogScope({ request_id: context.awsRequestId, operation: 'publish-post' }, () => publish(event));
}

async function publish(event: PublishEvent): Promise<void> {
  const postId = typeof event.post_id === 'string' && UUID.test(event.post_id) ? event.post_id : undefined;
  if (!postId) {
    logger.error('publisher invoked without a valid post_id', { input_keys: Object.keys(event ?? {}) });
    return;
  }
  const started = performance.now();
  try {
    await publishPost(postId);
  } finally {
    logger.info('publisher run', { post_id: postId, latency_ms: Math.round(performance.now() - started) });
  }
}
