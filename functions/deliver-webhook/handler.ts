import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { logger, withLogScope } from '#shared/logger';
import { parseDeliveryTask } from '#shared/use-cases/webhooks/delivery-task';
import { deliverAttempt } from '#shared/use-cases/webhooks/deliver';

/**
 * The deliverer, consuming the webhook queue: one attempt per message, the batch's attempts at
 * once (each bounded by its 10 s timeout), so an endpoint that hangs holds up no other. An
 * endpoint's failure is recorded and retried on the schedule of docs/api.md, "Webhooks", never an error here;
 * a record that throws (the store unreachable) comes back after the visibility timeout, then
 * goes to the dead-letter queue.
 */
export async function handler(event: SQSEvent, context: Context): Promise<SQSBatchResponse> {
  const failures = await Promise.all(
    event.Records.map((record) =>
      withLogScope({ request_id: context.awsRequestId, operation: 'deliver-webhook' }, async () => {
        const task = parseDeliveryTask(record.body);
        if (!task) return logger.error('webhook queue message is not a delivery task; dropped', { message_id: record.messageId });
        try {
          await deliverAttempt(task);
          return undefined;
        } catch (error) {
          logger.error('webhook attempt failed to run; the message will be delivered again', {
            message_id: record.messageId,
            error: error as Error,
          });
          return { itemIdentifier: record.messageId };
        }
      }),
    ),
  );
  return { batchItemFailures: failures.filter((failure) => failure !== undefined) };
}
