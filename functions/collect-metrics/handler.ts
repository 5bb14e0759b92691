import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { parseMetricsTask } from '#shared/domain/post-metrics';
import { logger, withLogScope } from '#shared/logger';
import { collectPostMetrics } from '#shared/use-cases/metrics/collect-metrics';

/**
 * The metrics collector, consuming the metrics queue: one collection per message, the batch's at
 * once. A platform's failure is logged and left for the next collection, never an error here; a
 * record that throws (the store unreachable) comes back after the visibility timeout, then goes to
 * the dead-letter queue.
 */
export async function handler(event: SQSEvent, context: Context): Promise<SQSBatchResponse> {
  const failures = await Promise.all(
    event.Records.map((record) =>
      withLogScope({ request_id: context.awsRequestId, operation: 'collect-metrics' }, async () => {
        const task = parseMetricsTask(record.body);
        if (!task) return logger.error('metrics queue message is not a collection task; dropped', { message_id: record.messageId });
        try {
          await collectPostMetrics(task);
          return undefined;
        } catch (error) {
          logger.error('metrics collection failed to run; the message will be delivered again', {
            message_id: record.messageId,
            post_id: task.post_id,
            error: error as Error,
          });
          return { itemIdentifier: record.messageId };
        }
      }),
    ),
  );
  return { batchItemFailures: failures.filter((failure) => failure !== undefined) };
}
