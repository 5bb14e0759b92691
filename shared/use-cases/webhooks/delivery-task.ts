import type { DeliveryTask } from '#shared/ports/webhook-queue';

/** The webhook queue's message: one delivery attempt (docs/api.md, "Webhooks"). */
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
    !!task &&
    typeof task === 'object' &&
    [task.webhook_id, task.event_id, task.account_id].every((id) => typeof id === 'string' && UUID.test(id)) &&
    [task.event_created_at, task.due_at].every((time) => typeof time === 'string' && !Number.isNaN(Date.parse(time))) &&
    Number.isInteger(task.attempt) &&
    (task.attempt as number) >= 1 &&
    (task.endpoint === undefined ||
      (typeof task.endpoint?.url === 'string' &&
        typeof task.endpoint?.secret === 'string' &&
        (task.endpoint.previous_secrets === undefined ||
          (Array.isArray(task.endpoint.previous_secrets) &&
            task.endpoint.previous_secrets.every((entry) => typeof entry?.secret === 'string' && typeof entry?.until === 'string')))));
  return valid ? (task as DeliveryTask) : undefined;
}
