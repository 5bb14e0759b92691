import { config } from '#shared/config';
import type { DeliveryRef } from '#shared/domain/webhook';

/**
 * The webhook queue port: hands one delivery attempt to the deliverer at its due time, without
 * any function waiting for it. In AWS an SQS queue (shared/ports/webhook-queue-sqs.ts) that the
 * deliverer consumes, with the endpoint as the message group so that SQS's fair queueing serves
 * other endpoints first while one is slow; locally the in-process runner (local/webhook-runner.ts).
 */
export interface DeliveryTask extends DeliveryRef {
  account_id: string;
  /** When the attempt is due (ISO 8601). */
  due_at: string;
  /** A first attempt carries the endpoint as the dispatcher read it: its URL and sealed secret. */
  endpoint?: { url: string; secret: string };
}

export interface WebhookQueue {
  /** Delivers the task to the deliverer at `task.due_at` (at once when it is past). */
  send(task: DeliveryTask): Promise<void>;
}

let registered: WebhookQueue | undefined;

/** Registers the implementation (the local launcher and tests do). */
export function useWebhookQueue(queue: WebhookQueue | undefined): void {
  registered = queue;
}

/** The process's webhook queue: the registered one, else SQS (AWS). */
export async function webhookQueue(): Promise<WebhookQueue> {
  if (registered) return registered;
  if (config.local) throw new Error('No local webhook queue registered: start the service with local/local-stack.ts');
  const { SqsWebhookQueue } = await import('./webhook-queue-sqs');
  registered = new SqsWebhookQueue(config.aws.webhookQueueUrl);
  return registered;
}

const UUID = /^[0-9a-f-]{36}$/;

/** A task from a queue message, or undefined when the message is not one. */
export function parseDeliveryTask(raw: unknown): DeliveryTask | undefined {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return undefined;
    }
  }
  const task = value as Partial<DeliveryTask> | null;
  const valid =
    !!task && typeof task === 'object' &&
    [task.webhook_id, task.event_id, task.account_id].every((id) => typeof id === 'string' && UUID.test(id)) &&
    [task.event_created_at, task.due_at].every((time) => typeof time === 'string' && !Number.isNaN(Date.parse(time))) &&
    Number.isInteger(task.attempt) && (task.attempt as number) >= 1 &&
    (task.endpoint === undefined || (typeof task.endpoint?.url === 'string' && typeof task.endpoint?.secret === 'string'));
  return valid ? (task as DeliveryTask) : undefined;
}
