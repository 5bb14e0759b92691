import type { LocalScheduler } from '../../local/local-scheduler';
import type { LocalWebhookRunner } from '../../local/webhook-runner';

/**
 * After a test moves the clock: the running local scheduler hands over whatever is now due and
 * every publisher run under way (and any it starts) ends. What has not happened by then is not
 * going to happen at this time: no sleep, however slow the machine.
 */
export async function schedulerSettled(): Promise<void> {
  const { scheduler } = await import('#shared/ports/registry');
  const local = (await scheduler()) as unknown as LocalScheduler;
  if (typeof local.settle !== 'function') throw new Error('schedulerSettled() needs the local scheduler (local/local-scheduler.ts)');
  await local.settle();
}

/**
 * The same for webhooks: the running local webhook runner dispatches what was announced and makes
 * every attempt due by the clock, and nothing is under way. A delivery not made by then is not due.
 */
export async function webhooksSettled(): Promise<void> {
  const { webhookQueue } = await import('#shared/ports/registry');
  const runner = (await webhookQueue()) as unknown as LocalWebhookRunner;
  if (typeof runner.settle !== 'function') throw new Error('webhooksSettled() needs the local webhook runner (local/webhook-runner.ts)');
  await runner.settle();
}
