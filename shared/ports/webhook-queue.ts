import type { DeliveryRef } from '#shared/domain/webhook';
import type { PreviousSecret } from '#shared/domain/webhook-secret-rotation';

/**
 * The webhook queue port: hands one delivery attempt to the deliverer at its due time, without
 * any function waiting for it. In AWS an SQS queue (shared/adapters/aws/sqs-webhook-queue.ts) that the
 * deliverer consumes, with the endpoint as the message group so that SQS's fair queueing serves
 * other endpoints first while one is slow; locally the in-process runner (local/webhook-runner.ts).
 */
export interface DeliveryTask extends DeliveryRef {
  account_id: string;
  /** When the attempt is due (ISO 8601). */
  due_at: string;
  /**
   * A first attempt carries the endpoint as the dispatcher read it: its URL and sealed secret,
   * and the replaced secrets still signing after a rotation.
   */
  endpoint?: { url: string; secret: string; previous_secrets?: PreviousSecret[] };
}

export interface WebhookQueue {
  /** Delivers the task to the deliverer at `task.due_at` (at once when it is past). */
  send(task: DeliveryTask): Promise<void>;
}
